#!/bin/sh
# SPDX-License-Identifier: MIT
# Only what this project wrote (issue 36): no file of the repository is
# built from another project's code, and none is a recipe that would build
# one.  Binaries (ELF, ar) live only where the project's own are made:
# the corpus and its fixtures, the example tree, the attack and fuzz inputs
# made from them; none carries the marks of another project's build
# (CMake's compiler identification, NCCL, ggml); no CMake project or build
# script but the project's own; data/logs holds logs (measurements) and
# the script that remakes the project's own.  Reads `git ls-files`: skipped
# outside a git checkout (a release tarball).
. "${srcdir:-.}/tests/lib/lib.sh"

# A release tarball unpacked inside another checkout (make distcheck's) is
# no checkout of its own: the top of the work tree must be $srcdir.
top=$(git -C "$srcdir" rev-parse --show-toplevel 2>/dev/null) &&
	[ "$top" = "$(cd "$srcdir" && pwd -P)" ] ||
	{ echo "not a git checkout: skipped"; exit 77; }
cd "$srcdir" || exit 2
git ls-files -z | xargs -0 ls -d 2>/dev/null | sort >"$TMP/files"	# as committed, less what is deleted
check "the tracked files are listed ($(wc -l <"$TMP/files"))" [ "$(wc -l <"$TMP/files")" -gt 500 ]

# Binaries: an ELF or ar magic, by the first bytes (one od per file is too
# slow: one python3 reads them all).
python3 - "$TMP/files" >"$TMP/binaries" <<'PY'
import sys
for path in open(sys.argv[1]).read().splitlines():
    try:
        with open(path, "rb") as f:
            head = f.read(8)
    except OSError:
        continue
    if head[:4] == b"\x7fELF" or head == b"!<arch>\n":
        print(path)
PY
check "binaries are found (the corpus's)" [ "$(wc -l <"$TMP/binaries")" -gt 100 ]
OURS='^(tests/corpus|tests/lib/fixtures|tests/attacks|fuzz/corpus|data/example)/'
grep -Ev "$OURS" "$TMP/binaries" >"$TMP/stray"
sed 's/^/    binary outside the corpus: /' "$TMP/stray"
check "every binary is in the corpus, its fixtures, the example or the attack and fuzz inputs" [ ! -s "$TMP/stray" ]

# Marks of other projects' builds inside a binary: CMake's compiler-ID
# programs print INFO:compiler[...], NCCL's kernels are ncclDev*, ggml's
# ggml_cuda_* (the corpus's own ggml_like_* kernel is not one).
MARKS='INFO:compiler\[|ncclDev|ggml_cuda_|ggml_backend'
xargs grep -alE "$MARKS" <"$TMP/binaries" >"$TMP/marked" 2>/dev/null
sed 's/^/    built from another project: /' "$TMP/marked"
check "no binary carries CMake's compiler ID, NCCL's or ggml's code" [ ! -s "$TMP/marked" ]

# Recipes: CMake projects and build trees, and the names that built ggml.
grep -E '(^|/)(CMakeLists\.txt|CMakeCache\.txt|ggml\.sh)$|(^|/)CMakeFiles/|CompilerId|(^|/)nccl[^/]*\.(o|a|so)' "$TMP/files" |
	grep -vxE 'data/ci/CMakeLists\.txt|tests/corpus/sepcomp/CMakeLists\.txt' >"$TMP/recipes"
sed 's/^/    a recipe or build tree of another project: /' "$TMP/recipes"
check "no CMake project or build tree but data/ci's snippet and the corpus's sepcomp" [ ! -s "$TMP/recipes" ]
# Scripts that fetch another project's code to build it: one grep over
# every file, its lines kept.  .ci/run clones this repository itself
# (git clone -q . DIR): that is ours.
xargs grep -aHE 'FetchContent|ExternalProject_Add|git clone|git submodule add' <"$TMP/files" 2>/dev/null |
	grep -vE '^tests/structure/provenance\.sh:' | grep -vE '^[^:]*:.*git clone -q \. ' |
	cut -d: -f1 | sort -u >"$TMP/fetching"
sed 's/^/    fetches code to build: /' "$TMP/fetching"
check "no script fetches another project's code" [ ! -s "$TMP/fetching" ]

# data/logs: logs, their READMEs and the script that remakes the project's own.
grep '^data/logs/' "$TMP/files" | grep -vE '/(\.ninja_log|ninja_log|build-rss\.log|rss\.log|ptxas\.log|nvcc-time\.csv|nvtime\.csv|build\.out|rebuild\.out|time-v\.log|machine\.txt|README|build\.sh)$' >"$TMP/notlogs"
sed 's/^/    not a log: /' "$TMP/notlogs"
check "data/logs holds logs (measurements) and build.sh only" [ ! -s "$TMP/notlogs" ]
check "data/logs/build.sh builds from tests/corpus/src alone" sh -c \
	'grep -q "tests/corpus/src" "$1" && ! grep -qE "GGML|ggml\.sh" "$1"' sh data/logs/build.sh
finish

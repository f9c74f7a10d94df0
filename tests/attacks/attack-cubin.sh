#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile inputs (issue 20), cubin: damaged device ELFs (tests/attacks/repro/cubin,
# tests/attacks/repro/trunc), host ELFs damaged around .nv_fatbin (host), many
# section headers over one region (overlap), and what the generators make
# with other sizes (tests/attacks/repro/tools/gen_overlap.py, tests/attacks/craft_cubin.py
# --variants).  Every file ends within the bounds; damage is exit 2 with one
# message naming the file and an offset; a readable mutant gives its row;
# a real object named beside a damaged one keeps its rows.
. "${srcdir:-.}/tests/lib/lib.sh"
command -v python3 >/dev/null 2>&1 || { echo "python3 not found: skipped"; exit 77; }
ATTACKS="$srcdir/tests/attacks/repro"

# The mutants that are still cubins to read: a field no reader trusts, a
# number clamped where it is stored, a size saturated (.nv.global), or a
# legal form (extended section numbering).  Every other file is damage.
reads_clean() {
	case $1 in
	base.cubin | shnum0-real.cubin | no-syms.cubin | shared-huge.cubin | \
	constbank-00000000000000000000.cubin | constbank-3x.cubin | global-*.cubin | \
	nvinfo-frame-huge.cubin | nvinfo-maxthreads-zero.cubin | nvinfo-regcount-huge.cubin | \
	nvinfo-regcount-sym-huge.cubin | nvinfo-reqntid-overflow.cubin | nvinfo-stack-huge.cubin | \
	nvinfo-sval-0.cubin | nvinfo-sval-exact-end.cubin | nvinfo-sval-short-payload.cubin | \
	rel-badsyms.cubin | rel-ragged.cubin | rela-badsyms.cubin | \
	secalign-huge-*.cubin | secentsize-*.cubin | secflags-compressed-*.cubin | \
	secinfo-*.cubin | seclink-*.cubin | secoff-wrap-6.cubin | secsize-huge-6.cubin | \
	secsize-wrap-6.cubin | sectype-*-[235].cubin | sectype-nobits-6.cubin | text-*.cubin | tkinfo-*.cubin | \
	host-shnum0-real.o | host-xindex-real.o | host-fatbin-nobits.o | host-fatbin-size0.o | \
	ok-*)
		return 0 ;;
	esac
	return 1
}

# Mutants once read with a record, a relocation or a kernel's symbol
# dropped without a word (issue 35): a .symtab of another type, a second
# symbol table, none, a symbol index past the table, two functions naming
# one symbol, a record of the wrong form, a record in the section its
# attribute is not read from (a frame in .nv.info.k).  Damage now.
dropped_silently() {
	case $1 in
	no-syms.cubin | nvinfo-regcount-sym-huge.cubin | nvinfo-sval-0.cubin | \
	nvinfo-sval-short-payload.cubin | rel-badsyms.cubin | rel-ragged.cubin | rela-badsyms.cubin | \
	secinfo-oob-4.cubin | secinfo-self-4.cubin | sectype-group-3.cubin | sectype-nobits-3.cubin | \
	sectype-rel-3.cubin | sectype-symtab-2.cubin | sectype-symtab-5.cubin | \
	sectype-symtabshndx-3.cubin | text-dup.cubin | text-sym-oob.cubin | \
	nvinfo-frame-huge.cubin | nvinfo-maxthreads-zero.cubin | nvinfo-regcount-huge.cubin | \
	nvinfo-reqntid-overflow.cubin | nvinfo-stack-huge.cubin | nvinfo-sval-exact-end.cubin)
		return 0 ;;
	esac
	return 1
}

# Damage that once read as 0 kernels, exit 0, no word: the message must
# also say what was expected where.
was_silent() {
	case $1 in
	spill.sm_90.cut*.cubin | fatbin-with-truncated-cubin.fatbin | trunc-6[45].cubin | \
	trunc-shoff.cubin | trunc-last.cubin | shstrndx-*.cubin | shoff-*.cubin | \
	secname-oob-*.cubin | shentsize-*.cubin | host-shstrndx-*.o | host-xindex-*.o | \
	host-fatbin-name-oob.o | host-emachine190.o | host-shnum0-*.o | bad-real-*)
		return 0 ;;
	esac
	return 1
}

# Images damaged, each with its own message (the fatbin holds the same cut
# cubin twice, stored and zstd-compressed).
messages_for() {
	case $1 in
	fatbin-with-truncated-cubin.fatbin) echo 2 ;;
	*) echo 1 ;;
	esac
}

replay() {
	f=$1 name=$(basename "$1")
	if reads_clean "$name" && ! dropped_silently "$name"; then
		bounded 0 "$name is read" "$SPILLWAY" --list "$f"
		# An empty fatbin section holds no device code, and says so (issue 36).
		case $name in
		host-fatbin-nobits.o | host-fatbin-size0.o)
			check "$name: no rows, and no device code said" sh -c \
			    '[ "$(wc -l <"$1")" -eq 1 ] && [ "$(cat "$3")" = "spillway: no device code under $2" ]' \
			    sh "$TMP/out" "$f" "$TMP/err" ;;
		*)
			check "$name: its rows, no message" \
			    sh -c '[ "$(wc -l <"$1")" -ge 2 ] && [ ! -s "$2" ]' sh "$TMP/out" "$TMP/err" ;;
		esac
		return
	fi
	bounded 2 "$name is damage" "$SPILLWAY" --list "$f"
	check "$name: $(messages_for "$name") message(s) naming the file and an offset" \
	    sh -c '[ "$(wc -l < "$1")" -eq "$2" ] && [ "$(grep -cF "spillway: $3: offset 0x" "$1")" -eq "$2" ]' \
	    sh "$TMP/err" "$(messages_for "$name")" "$f"
	if was_silent "$name"; then
		check "$name: says what was expected" \
		    grep -Eq "offset 0x[0-9a-f]+: .*(expected|truncated\\?|past the|does not end)" "$TMP/err"
	fi
}

for dir in cubin host trunc overlap; do
	for f in "$ATTACKS/$dir"/*; do
		replay "$f"
	done
done

# The generators, with other sizes.
if command -v zstd >/dev/null 2>&1; then
	mkdir -p "$TMP/overlap"
	python3 "$ATTACKS/tools/gen_overlap.py" "$TMP/overlap" >/dev/null || exit 99
	for f in "$TMP/overlap"/*; do
		replay "$f"
	done
	rm -rf "$TMP/overlap"
fi
python3 "$srcdir/tests/attacks/craft_cubin.py" --variants "$TMP/v" "$BUILD/spill.sm_90.cubin" || exit 99
for f in "$TMP/v"/*; do
	replay "$f"
done
check "ok-real.cubin: the corpus cubin's rows unchanged" \
    sh -c '"$1" --list "$2" | tail -n +2 | cut -d, -f3- > "$4/a"; "$1" --list "$3" | tail -n +2 | cut -d, -f3- > "$4/b"; cmp -s "$4/a" "$4/b"' \
    sh "$SPILLWAY" "$BUILD/spill.sm_90.cubin" "$TMP/v/ok-real.cubin" "$TMP"
bounded 0 "device memory types past the image hold their sizes" \
    "$SPILLWAY" --list "$TMP/v/ok-nofilebytes-7000000a-past-image.cubin"
check ".nv.shared.k of type SHT_CUDA_SHARED: SHARED 4096" grep -q ',entry,k,k,k,,20,0,4096,0,' "$TMP/out"

# A real object named beside damaged ones keeps its rows, in order.
"$SPILLWAY" --list "$BUILD/spill.o" >"$TMP/spill.csv" 2>/dev/null
for bad in "$ATTACKS/trunc/spill.sm_90.cut87208.cubin" "$ATTACKS/cubin/shstrndx-3.cubin" \
    "$ATTACKS/host/host-fatbin-name-oob.o" "$ATTACKS/overlap/overlap-rel-6000x2M-zstd.fatbin" \
    "$TMP/v/bad-overlap-nvinfo-9000x4M-plain.fatbin"; do
	bounded 2 "spill.o beside $(basename "$bad")" "$SPILLWAY" --list "$BUILD/spill.o" "$bad"
	check "spill.o beside $(basename "$bad"): every row of spill.o" \
	    sh -c '[ -z "$(grep -Fxvf "$1" "$2")" ]' sh "$TMP/out" "$TMP/spill.csv"
	check "spill.o beside $(basename "$bad"): one message, for the damaged file" \
	    sh -c '[ "$(wc -l < "$1")" -eq 1 ] && grep -qF "$2: offset 0x" "$1"' sh "$TMP/err" "$bad"
done
bounded 2 "--check on a truncated cubin does not pass" \
    "$SPILLWAY" --check "$ATTACKS/trunc/spill.sm_90.cut87208.cubin"
finish

#!/bin/sh
# SPDX-License-Identifier: MIT
# The completion scripts (spillway --completion=bash|zsh) are written from
# the option table: they offer every option --help lists, and the values
# the parser takes; bash's is driven here as bash drives it (COMP_LINE,
# COMP_POINT), zsh's, where zsh is present, through a pseudo-terminal.
. "${srcdir:-.}/tests/lib/lib.sh"

"$SPILLWAY" --help >"$TMP/help"
"$SPILLWAY" --completion=bash >"$TMP/spillway.bash"
check "--completion=bash exits 0" test $? -eq 0
"$SPILLWAY" --completion=zsh >"$TMP/_spillway"
check "--completion=zsh exits 0" test $? -eq 0
expect_status 2 "--completion=fish is a usage error" "$SPILLWAY" --completion=fish
check "... naming the shells it knows" grep -q "takes 'bash' or 'zsh', not 'fish'" "$TMP/err"

if command -v bash >/dev/null 2>&1; then
	check "bash reads its script" bash -n "$TMP/spillway.bash"
	# The options of the modes (spillway record's come after its heading).
	sed -n '/^Modes/,/^spillway record:/p' "$TMP/help" | grep -oE -- '--[a-z][a-z-]+' | sort -u >"$TMP/options"
	check "the options --help lists are found" [ "$(wc -l <"$TMP/options")" -gt 30 ]
	# What bash offers after "spillway -", every option --help lists.
	mkdir "$TMP/d" && cd "$TMP/d" && mkdir sub && : >allow.csv && : >a.o
	cat >"$TMP/drive.bash" <<-'EOS'
		. "$1"
		line=$2
		COMP_LINE=$line COMP_POINT=${#line}
		_spillway
		printf '%s\n' "${COMPREPLY[@]}" | sort -u | tr '\n' ' '
	EOS
	offered() { bash "$TMP/drive.bash" "$TMP/spillway.bash" "$1"; }
	offered "spillway --" | tr ' ' '\n' | sed 's/=$//' | grep -- '^--' | sort -u >"$TMP/bash-options"
	check "bash offers every option of --help, and only those" cmp "$TMP/options" "$TMP/bash-options"
	diff "$TMP/options" "$TMP/bash-options" | sed 's/^/    /' | head -5
	while IFS='|' read -r line want; do
		got=$(offered "$line")
		check "bash: '$line' offers '$want'" [ "$got" = "$want" ]
		[ "$got" = "$want" ] || echo "    got '$got'"
	done <<-EOF2
		spillway --lis|--list 
		spillway --li|--link-wall= --list 
		spillway --list=|functions images sizes 
		spillway --list=im|images 
		spillway --report=|csv html json markdown trace 
		spillway --format=|csv json 
		spillway --sections=diff,sp|diff,spills 
		spillway --arch=sm_9|sm_90 
		spillway --color |always auto never 
		spillway --allow=al|allow.csv 
		spillway -o al|allow.csv 
		spillway a|a.o allow.csv 
		spillway rec|record 
		spillway record --|-- --log= --module= 
		spillway record --log=al|allow.csv 
		spillway record -- nvcc al|allow.csv 
	EOF2
	cd "$srcdir" || exit 2
fi

if command -v zsh >/dev/null 2>&1; then
	check "zsh reads its script" zsh -n "$TMP/_spillway"
	for opt in $(cat "$TMP/options"); do
		grep -q -- "'$opt\\(=\\|\\[\\)\\|,$opt" "$TMP/_spillway" || echo "$opt"
	done >"$TMP/zsh-missing"
	check "zsh's script has every option of --help" [ ! -s "$TMP/zsh-missing" ]
	sed 's/^/    missing: /' "$TMP/zsh-missing"
	# The script in use: zsh lists --color's values and --sections' after
	# a comma (the wall clock bounds only a hang: the pty's replies wait
	# on nothing else).
	mkdir -p "$TMP/fpath"
	cp "$TMP/_spillway" "$TMP/fpath/"
	cat >"$TMP/drive.zsh" <<-EOS
		zmodload zsh/zpty
		zpty z 'zsh -f -i'
		zpty -w z 'PS1="> "; fpath=($TMP/fpath \$fpath); autoload -Uz compinit; compinit -u -D; LISTMAX=1000'
		zpty -w -n z \$'spillway --color=\\t\\t'
		zpty -r -m z out '*always*auto*never*' && print color-ok
		zpty -w z \$'\\C-e\\C-u'
		zpty -w -n z \$'spillway --sections=diff,ar\\t\\t'
		zpty -r -m z out '*arches*arrays*' && print sections-ok
		zpty -d z
	EOS
	timeout 60 zsh -f "$TMP/drive.zsh" >"$TMP/zsh.out" 2>&1
	check "zsh: --color= lists auto, always, never" grep -q color-ok "$TMP/zsh.out"
	check "zsh: --sections=diff,ar lists the items after the comma" grep -q sections-ok "$TMP/zsh.out"
fi
finish

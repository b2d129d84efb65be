#!/bin/sh
# test-call-cycles-rules.sh — no call cycle larger than MAX files (12)
# inside any game folder of rules/ (issue 18): the basic helpers of a
# game are called by its rule files and call none of them, the driver
# (its struct rules table) is called by none. How calls and cycles are
# found: tests/call-cycles.sh. Prints every cycle and the largest.
#
# By hand, after a build:
#   sh tests/rules/test-call-cycles-rules.sh [RULESDIR [MAX]]
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/call-cycles.sh"
tap_tmpdir
diag() { echo "# $*"; }

rules=${1:-${top_builddir:-.}/rules}
max=${2:-12}
command -v nm >/dev/null 2>&1 || skip_all "no nm (binutils)"
n=0
for dir in "$rules"/*/; do
	dir=${dir%/}
	set -- "$dir"/*.o
	[ -f "$1" ] || continue
	n=$((n + 1))
	game=$(basename "$dir")
	call_cycles "$dir" "$TAP_TMP/cycles-$game"
	while read -r line; do
		case $line in
		cycle*) diag "rules/$game: $line" ;;
		esac
	done < "$TAP_TMP/cycles-$game"
	summary=$(tail -n 1 "$TAP_TMP/cycles-$game")
	diag "rules/$game/: $summary"
	largest=${summary##* }
	ok "$([ "$largest" -le "$max" ]; echo $?)" \
	    "rules/$game/: largest call cycle $largest files, at most $max"
done
[ "$n" -gt 0 ] || skip_all "no object files under $rules/*/ (build first)"
done_testing

#!/bin/sh
# test-call-cycles.sh — no call cycles between the files of daemon/
# (issue 18); how calls and cycles are found: tests/call-cycles.sh. A
# cycle of calls (A calls B calls ... A) fails the test, naming its files.
#
# Run by make check on the built objects; by hand:
#   sh tests/daemon/test-call-cycles.sh [OBJDIR]   (default: daemon/)
. "${top_srcdir:-.}/tests/tap.sh"
. "${top_srcdir:-.}/tests/call-cycles.sh"
tap_tmpdir
diag() { echo "# $*"; }

dir=${1:-${top_builddir:-.}/daemon}
command -v nm >/dev/null 2>&1 || skip_all "no nm (binutils)"
set -- "$dir"/*.o
[ -f "$1" ] || skip_all "no object files in $dir (build first)"

call_cycles "$dir" "$TAP_TMP/cycles"
while read -r line; do
	case $line in
	cycle*) diag "$line" ;;
	esac
done < "$TAP_TMP/cycles"
diag "daemon/: $(tail -n 1 "$TAP_TMP/cycles")"
is "$(grep -c '^cycle' "$TAP_TMP/cycles")" 0 "no call cycle between the files of daemon/"
done_testing

#!/bin/sh
# test-rules-map.sh — doc/ccg-rules-map.md names every file of rules/ccg/,
# so a newcomer finds where each rule of the rulebook lives.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
map="$top_srcdir/doc/ccg-rules-map.md"
[ -f "$map" ] || skip_all "no doc/ccg-rules-map.md"
for f in "$top_srcdir"/rules/ccg/*.c "$top_srcdir"/rules/ccg/*.h; do
	b=$(basename "$f")
	if grep -q "\`$b\`" "$map"; then
		ok 0 "the rules map names $b"
	else
		ok 1 "the rules map names $b"
	fi
done
done_testing

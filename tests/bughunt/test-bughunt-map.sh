#!/bin/sh
# test-bughunt-map.sh — doc/bughunt-rules-map.md names every file of
# rules/bughunt/, and every file and function it names exists.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
map="$top_srcdir/doc/bughunt-rules-map.md"
[ -f "$map" ] || skip_all "no doc/bughunt-rules-map.md"
for f in "$top_srcdir"/rules/bughunt/*.c "$top_srcdir"/rules/bughunt/*.h; do
	b=$(basename "$f")
	grep -q "\`$b\`" "$map"
	ok $? "the rules map names $b"
done
# every `file.c: function()` pair in the map: the file defines the function
tap_tmpdir
grep -o '`[a-z-]*\.c`: `[a-z_]*()`' "$map" >"$TAP_TMP/pairs"
while read -r pair; do
	file=$(printf '%s' "$pair" | sed 's/^`\([^`]*\)`.*/\1/')
	fn=$(printf '%s' "$pair" | sed 's/.*`\([a-z_]*\)()`$/\1/')
	grep -q "^$fn(" "$top_srcdir/rules/bughunt/$file"
	ok $? "$file defines $fn()"
done <"$TAP_TMP/pairs"
n=$(grep -c '`[a-z-]*\.c`: `[a-z_]*()`' "$map")
[ "$n" -ge 15 ]
ok $? "the map names the function of each rulebook section ($n)"
done_testing

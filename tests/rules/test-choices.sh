#!/bin/sh
# test-choices.sh — walks doc/rulebook-choices.tsv, the list of every
# place a rulebook gives a player a choice: each rules map holds the list
# of its game as tests/rules/choices-table.sh makes it; every entry has a
# scenario, played once with the order or preference and once by default,
# whose outcomes differ (the game's harness says so in one TAP line), or
# says why it is not yet a choice.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
tsv="$top_srcdir/doc/rulebook-choices.tsv"
[ -f "$tsv" ] || skip_all "no doc/rulebook-choices.tsv"

map_of() {
	case $1 in
	ccg) echo "$top_srcdir/doc/ccg-rules-map.md" ;;
	bughunt) echo "$top_srcdir/doc/bughunt-rules-map.md" ;;
	legendary-*) echo "$top_srcdir/doc/legendary-rules-map.md" ;;
	esac
}

for game in ccg bughunt legendary-humans legendary-predators; do
	map=$(map_of "$game")
	want=$(sh "$top_srcdir/tests/rules/choices-table.sh" "$game" "$tsv")
	got=$(sed -n "/^<!-- choices $game -->\$/,/^<!-- end choices -->\$/p" "$map" |
	    sed '1d;$d')
	is "$got" "$want" "$(basename "$map") lists the $game choices of the table"
	n=$(awk -F '\t' -v g="$game" '$1 == g' "$tsv" | wc -l)
	[ "$n" -gt 0 ]
	ok $? "the table has $game choices ($n)"
done

ids=$(grep -v '^#' "$tsv" | awk -F '\t' 'NF { print $2 }')
dup=$(printf '%s\n' "$ids" | sort | uniq -d)
is "$dup" "" "every choice has its own id"

scratch=$(mktemp)
rows=$(mktemp)
trap 'rm -f "$scratch" "$rows"' EXIT
grep -v '^#' "$tsv" | awk -F '\t' 'NF' >"$rows"
while IFS='	' read -r game id section choice bymail default stop scenario; do
	if [ "$(printf '%s' "$bymail$default$stop" | wc -c)" -eq 0 ] ||
	    [ -z "$section" ] || [ -z "$choice" ]; then
		ok 1 "$game $id: every column filled"
		continue
	fi
	if [ "$scenario" = "-" ]; then
		case $bymail in
		"not yet a choice"*) ok 0 "$game $id: not yet a choice, with why" ;;
		*) ok 1 "$game $id: has no scenario" ;;
		esac
		continue
	fi
	case $game in
	ccg)
		f="$top_srcdir/tests/rules/scenarios/$scenario"
		[ -f "$f" ] || { ok 1 "$game $id: $scenario exists"; continue; }
		"$top_builddir/tests/rules/test-scenarios" "$f" >"$scratch" 2>&1 ;;
	bughunt)
		"$top_builddir/tests/bughunt/$scenario" --choice "$id" >"$scratch" 2>&1 ;;
	legendary-*)
		"$top_builddir/tests/legendary/$scenario" --choice "$id" >"$scratch" 2>&1 ;;
	*)
		ok 1 "$game $id: a known game"
		continue ;;
	esac
	grep -q "^ok [0-9]* - .*choice $id: the order changes the outcome" "$scratch" &&
	    ! grep -q '^not ok' "$scratch"
	st=$?
	ok $st "$game $id: $scenario: the order changes the outcome"
	[ $st -eq 0 ] || grep -v '^ok ' "$scratch" | sed 's/^/# /' | head -20
done <"$rows"
done_testing

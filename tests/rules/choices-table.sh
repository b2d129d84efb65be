#!/bin/sh
# choices-table.sh GAME [TSV] — the rules map's table of the rulebook's
# choices for GAME (ccg, bughunt, legendary-humans, legendary-predators),
# made from doc/rulebook-choices.tsv: each row the rulebook section, the
# choice, how the seat makes it by mail, its default, its stop and the
# scenario that shows the order changing the outcome. The rules maps hold
# this output between "<!-- choices GAME -->" and "<!-- end choices -->";
# tests/rules/test-choices.sh compares them.
game=$1
tsv=${2:-"${top_srcdir:-$(dirname "$0")/../..}/doc/rulebook-choices.tsv"}
echo "| Rulebook section | The choice | By mail | Default | Stop | Scenario |"
echo "|---|---|---|---|---|---|"
awk -F '\t' -v game="$game" '
/^#/ || NF == 0 { next }
$1 == game {
	if ($8 == "-")
		sc = "none"
	else if ($8 ~ /\.scn$/)
		sc = "`" $8 "`"
	else
		sc = "`" $8 " --choice " $2 "`"
	printf "| %s | %s | %s | %s | %s | %s |\n", $3, $4, $5, $6, $7, sc
}' "$tsv"

#!/bin/sh
# test-legendary-rules-map.sh — doc/legendary-rules-map.md names every file
# of rules/legendary/, has a row for every section of the rulebook's
# Playing as Humans and Playing as Predators parts, and every check it
# cites exists in the tests.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
map="$top_srcdir/doc/legendary-rules-map.md"
[ -f "$map" ] || skip_all "no doc/legendary-rules-map.md"
for f in "$top_srcdir"/rules/legendary/*.c "$top_srcdir"/rules/legendary/*.h; do
	b=$(basename "$f")
	grep -q "\`$b\`" "$map"
	ok $? "the rules map names $b"
done
while IFS= read -r section; do
	grep -qF "$section" "$map"
	ok $? "the rules map has the section \"$section\""
done <<'SECTIONS'
Your First Game - Use These Cards
Player Cards
Game Stacks
Location and Objectives
The Enemy Deck
Young Blood Chart
The Barracks
Starting the Game
On Your Turn
Enemy Phase
Push Other Cards Forward
A Card Might Get Pushed to the Combat Zone
Action Phase
Class and Team Abilities
How to Recruit a Character
How to Scan a Space
Turning a Hidden Card Face Up
Marks
How to Fight an Enemy
Strike Phase
Cleanup Phase
Completing Objectives
Objective Goal Cards
Two Ways to Win
Coordinate
Call for Backup
Brothers in Arms
Showboat
Abilities on Enemies
Double Strike
Runner
"Your Characters"
"Kill"
"Gaining" Cards
Running Out of Cards
Special Abilities On Cards
"Once this turn"
"Avoid any one Strike"
"Attach"
Copying a Card
"Pay X"
Timing
Character Classes
Adjusting Difficulty
All or Nothing
Scoring
Playing Through the Movies
Playing as Predators
Predators: Player Cards
Trophy Room
Predators: Game Stacks
The Prey Deck
Mercenary Chart
The Armory
Predators: Starting the Game
Predators: On Your Turn
Prey Phase: Add a Prey Card to the Wilds
Revealing a Prey
Revealing a Gear Up
Revealing a Danger
Strike Phase: Each Prey in the Combat Zone Strikes
Healing Damage and Restoring Honor
Dueling other Predators
Ending the Game
Tests and Challenges
Keyword Abilities on Prey
Escape
Lethal
Disarming
Arrest
Trophies
Solo Play
Predators: Adjusting Difficulty
Playing Cooperatively
Predators: Playing Through the Movies
Combining Predator with Aliens
SECTIONS
# each cited check: the words after the last '|' of a row, in a test (the
# tables of the rulebook's choices are tests/rules/test-choices.sh's)
tap_tmpdir
sed '/^<!-- choices /,/^<!-- end choices -->$/d' "$map" |
    sed -n 's/^|.*| \([^|]*\) |$/\1/p' | sed '1,2d' >"$TAP_TMP/cites"
while IFS= read -r cite; do
	words=$(printf '%s' "$cite" | sed 's/^test-legendary: //')
	grep -qF "\"$words" "$top_srcdir"/tests/legendary/*.c
	ok $? "the check \"$cite\" exists"
done <"$TAP_TMP/cites"
done_testing

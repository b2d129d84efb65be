#!/bin/sh
# test-viewer.sh — `muthur view` of a finished demo game, in a real
# browser: headless Chromium loads the page from a file (no network),
# steps are chosen through the address's fragment (#step=N&seat=S, as the
# page's slider and perspective switch set it) and the DOM is read back
# after the page's script ran (--dump-dom). Checked: the header and the
# audit; the board and the log at given steps against the archive itself
# (read here with python3); that a seat's private event (a card drawn)
# shows in that seat's perspective only and a hand in its own only; and
# a screenshot, a PNG of the window's size. Also a spectator archive of a
# running game: its public events, no boards, no seats' perspectives.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

chrome=""
for c in chromium chromium-browser google-chrome; do
	if command -v "$c" >/dev/null 2>&1; then chrome=$c; break; fi
done
[ -n "$chrome" ] || skip_all "no Chromium here (Debian: apt-get install chromium)"
command -v python3 >/dev/null 2>&1 || skip_all "python3 (to read the archive) is not installed"
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
d="$TAP_TMP/demo"
page="$TAP_TMP/game.html"

browse() {	# browse WHAT FRAGMENT [ARGS...]: WHAT is --dump-dom or --screenshot=F
	_what=$1 _frag=$2; shift 2
	timeout 120 "$chrome" --headless --no-sandbox --disable-gpu \
	    --disable-dev-shm-usage --no-first-run --user-data-dir="$TAP_TMP/profile" \
	    "$@" "$_what" "file://$page#$_frag" 2>>"$TAP_TMP/chrome.log"
}
# The text of the element with id $2 in DOM file $1 (no nested elements).
elem() { sed -n "s|.*id=\"$2\"[^>]*>\\([^<]*\\)<.*|\\1|p" "$1" | head -n 1; }

# a finished game (tap_demo plays again if the first has no victory): a
# running game exports a spectator archive, with no seat's events
tap_demo "$d" "$TAP_TMP/demo.out"
ok $? "muthur demo exits 0"
"$MUTHUR" --config "$d/muthur.conf" export demo-1 >"$TAP_TMP/demo.archive"
"$MUTHUR" view "$TAP_TMP/demo.archive" >"$page"
ok $? "muthur view writes the page ($(wc -c <"$page") bytes)"
! grep -Eiq '<script[^>]*src=|<link|@import|url\(|<iframe|<img[^>]*src="?http' "$page"
ok $? "the page loads nothing from elsewhere"

# What the archive says, to compare the page with: steps (phases), a
# step with a private draw (its seat and event seq), events per step.
python3 - "$TAP_TMP/demo.archive" >"$TAP_TMP/facts" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
ph = [p["seq"] for p in a["phases"]]
print("steps", len(ph))
priv = [e for e in a["events"] if e["visibility"] not in ("all", "none") and "," not in e["visibility"]]
e = priv[len(priv) // 2]
other = [s["name"] for s in a["seats"] if s["name"] != e["visibility"]][0]
print("private", ph.index(e["phase"]), e["visibility"], e["seq"], other)
mid = len(ph) // 2
pub = [x for x in a["events"] if x["phase"] == ph[mid] and x["visibility"] == "all"]
print("public", mid, len(pub), " ".join(str(x["seq"]) for x in pub))
PY
ok $? "python3 reads the archive"
read -r _ nsteps <<EOF2
$(grep '^steps' "$TAP_TMP/facts")
EOF2
read -r _ pstep pseat pseq pother <<EOF2
$(grep '^private' "$TAP_TMP/facts")
EOF2
read -r _ mid npub pubseqs <<EOF2
$(grep '^public' "$TAP_TMP/facts")
EOF2
last=$((nsteps - 1))

browse --dump-dom "step=0&seat=spectator" >"$TAP_TMP/s0.html"
ok $? "Chromium loads the page (step 0)"
grep -q 'data-step="0"' "$TAP_TMP/s0.html" && grep -q 'data-seat="spectator"' "$TAP_TMP/s0.html"
ok $? "the page's script ran: step 0, a spectator"
is "$(elem "$TAP_TMP/s0.html" title)" "demo-1" "the header names the game"
is "$(elem "$TAP_TMP/s0.html" audit-status)" "OK" "the audit made for the page holds"
grep -q 'OK demo-1: 0 failures' "$TAP_TMP/s0.html"
ok $? "the audit's summary is in the page"
winner=$(sed -n 's/^demo: game demo-1: \([a-z]*\) won.*/\1/p' "$TAP_TMP/demo.out")
elem "$TAP_TMP/s0.html" result | grep -q "1\\. $winner"
ok $? "the result names the winner ($winner)"
grep -q "<option value=\"0\">spectator</option>" "$TAP_TMP/s0.html" &&
    grep -q ">$pseat</option>" "$TAP_TMP/s0.html"
ok $? "a finished game: a spectator's and every seat's perspective"

browse --dump-dom "step=$mid&seat=spectator" >"$TAP_TMP/mid.html"
got=$(grep -o '<li class="event" data-seq="[0-9]*"' "$TAP_TMP/mid.html" | sed 's/.*seq="//; s/"//' | tr '\n' ' ' | sed 's/ $//')
is "$got" "$pubseqs" "step $mid: the log holds the phase's $npub public events, in order"
# the log in the game's sentences (its events_text, as the view mails),
# not "type: field value" lines
grep -o '<li class="event" data-seq="[0-9]*"[^>]*>[^<]*' "$TAP_TMP/s0.html" \
    "$TAP_TMP/mid.html" | sed 's/.*>//' >"$TAP_TMP/log.txt"
grep -q 'starts with .* at the ' "$TAP_TMP/log.txt" &&
    ! grep -Eq '\[&quot;|\[\"|null|^[a-z.-]+: ' "$TAP_TMP/log.txt"
ok $? "the log reads as sentences ($(wc -l <"$TAP_TMP/log.txt") lines at steps 0 and $mid; e.g. $(head -n 1 "$TAP_TMP/log.txt"))"
grep -q "step $mid of $last: " "$TAP_TMP/mid.html"
ok $? "step $mid: the label says which step"
grep -q '<div id="board"><svg ' "$TAP_TMP/mid.html" && grep -q '>Airlock<' "$TAP_TMP/mid.html"
ok $? "step $mid: the board is drawn (an SVG with the locations)"
browse --dump-dom "step=$last&seat=spectator" >"$TAP_TMP/last.html"
board() { tr '\n' ' ' <"$1" | sed -n 's|.*<div id="board">\(<svg.*</svg>\).*|\1|p'; }
b1=$(board "$TAP_TMP/s0.html" | cksum)
b2=$(board "$TAP_TMP/last.html" | cksum)
[ -n "$(board "$TAP_TMP/s0.html")" ] && [ "$b1" != "$b2" ]
ok $? "the board of the last step is not the board of step 0"
grep -q "(game over)" "$TAP_TMP/last.html" || grep -q "step $last of $last" "$TAP_TMP/last.html"
ok $? "the slider goes to the last step ($last)"

# A card drawn, seen by its seat alone.
for who in "$pseat" spectator "$pother"; do
	browse --dump-dom "step=$pstep&seat=$who" >"$TAP_TMP/p-$who.html"
done
grep -q "data-seat=\"$pseat\"" "$TAP_TMP/p-$pseat.html" &&
    grep -q "<li class=\"event\" data-seq=\"$pseq\"" "$TAP_TMP/p-$pseat.html"
ok $? "step $pstep seen by $pseat: its private event $pseq is in the log"
! grep -q "data-seq=\"$pseq\"" "$TAP_TMP/p-spectator.html" &&
    ! grep -q "data-seq=\"$pseq\"" "$TAP_TMP/p-$pother.html"
ok $? "seen by a spectator or by $pother: event $pseq is not there"
hand=$(elem "$TAP_TMP/p-$pseat.html" hand)
ohand=$(elem "$TAP_TMP/p-$pother.html" hand)
echo "# $pseat's hand at step $pstep: $hand"
[ -n "$hand" ] && [ "$hand" != "$ohand" ] &&
    [ "$(elem "$TAP_TMP/p-spectator.html" hand)" = "(a spectator sees no hand)" ]
ok $? "its hand shows in its own perspective only"
card=${hand%%,*}
sed -n 's|.*<span id="hand">\([^<]*\)<.*|\1|p' "$TAP_TMP/p-spectator.html" | grep -q "$card"
[ $? -ne 0 ]
ok $? "the spectator's hand line does not name $card"

# Screenshots: PNGs of the window's size, with something on them.
for s in 0 "$last"; do
	browse "--screenshot=$TAP_TMP/shot-$s.png" "step=$s&seat=$pseat" --window-size=1280,900 \
	    --hide-scrollbars >/dev/null
done
size=$(python3 - "$TAP_TMP/shot-$last.png" <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read()
assert b[:8] == b"\x89PNG\r\n\x1a\n" and b[12:16] == b"IHDR"
print("%dx%d %d" % (struct.unpack(">II", b[16:24]) + (len(b),)))
PY
)
echo "# screenshot of step $last: $size"
case $size in 1280x900\ *) [ "${size#* }" -gt 20000 ] ;; *) false ;; esac
ok $? "a screenshot of step $last is a 1280x900 PNG with content ($size)"
cmp -s "$TAP_TMP/shot-0.png" "$TAP_TMP/shot-$last.png"
[ $? -ne 0 ]
ok $? "the screenshots of step 0 and step $last differ"

# A cooperative game (Bug Hunt): its result says the seats won together or
# lost together, its log is Bug Hunt's sentences (no browser needed: the
# page's data)
"$MUTHUR" demo --rules bughunt --dir "$TAP_TMP/bh" --quiet >"$TAP_TMP/bh.out" 2>&1 &&
    "$MUTHUR" --config "$TAP_TMP/bh/muthur.conf" export demo-1 >"$TAP_TMP/bh.archive" &&
    "$MUTHUR" view "$TAP_TMP/bh.archive" >"$TAP_TMP/bh.html"
ok $? "a Bug Hunt demo's page is written"
res=$(grep -o '"result":"[^"]*"' "$TAP_TMP/bh.html" | head -n 1)
case $(cat "$TAP_TMP/bh.out") in
*"won together"*) want='"result":"over: blue and red won together"' ;;
*) want='"result":"over, without a winner"' ;;
esac
is "$res" "$want" "a cooperative game's result reads as one ($(tail -n 1 "$TAP_TMP/bh.out"))"
grep -q '"text":"Turn 1 begins: ' "$TAP_TMP/bh.html" &&
    ! grep -q '"text":"[a-z.-]*: ' "$TAP_TMP/bh.html"
ok $? "its log is in Bug Hunt's sentences"

# A game that draws no picture (Legendary): its board is the table as the
# view mails show it, each seat's with its hand, a spectator's without
"$MUTHUR" demo --rules legendary --dir "$TAP_TMP/lg" --quiet >/dev/null 2>&1 &&
    "$MUTHUR" --config "$TAP_TMP/lg/muthur.conf" export demo-1 >"$TAP_TMP/lg.archive" &&
    "$MUTHUR" view "$TAP_TMP/lg.archive" >"$TAP_TMP/lg.html"
ok $? "a Legendary demo's page is written"
page="$TAP_TMP/lg.html"
lseat=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["seats"][0]["name"])' \
    "$TAP_TMP/lg.archive")
browse --dump-dom "step=3&seat=$lseat" >"$TAP_TMP/lg-seat.html"
browse --dump-dom "step=3&seat=spectator" >"$TAP_TMP/lg-spec.html"
grep -q '<div id="board"><pre class="table">Legendary Encounters' "$TAP_TMP/lg-seat.html" &&
    grep -q '^Your hand: ' "$TAP_TMP/lg-seat.html"
ok $? "step 3 seen by $lseat: the table, with its hand"
grep -q '<div id="board"><pre class="table">Legendary Encounters' "$TAP_TMP/lg-spec.html" &&
    ! grep -q '^Your hand: ' "$TAP_TMP/lg-spec.html"
ok $? "step 3 seen by a spectator: the table, without a hand"

# A running game's spectator archive: a demo stopped after turn 2.
"$MUTHUR" demo --dir "$TAP_TMP/running" --turns 2 --quiet >/dev/null 2>&1
"$MUTHUR" --config "$TAP_TMP/running/muthur.conf" export demo-1 >"$TAP_TMP/running.archive"
ok $? "the running game's archive is exported"
page="$TAP_TMP/running.html"
"$MUTHUR" view "$TAP_TMP/running.archive" >"$page"
ok $? "muthur view reads a spectator archive ($(wc -c <"$page") bytes)"
read -r nrun rpub rpubseqs <<EOF2
$(python3 - "$TAP_TMP/running.archive" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
assert a["scope"] == "spectator"
ph = [p["seq"] for p in a["phases"]]
pub = [x for x in a["events"] if x["phase"] == ph[1]]
print(len(ph), len(pub), " ".join(str(x["seq"]) for x in pub))
PY
)
EOF2
browse --dump-dom "step=1&seat=marines" >"$TAP_TMP/r1.html"
grep -q 'data-seat="spectator"' "$TAP_TMP/r1.html" && ! grep -q '<option value="1">' "$TAP_TMP/r1.html"
ok $? "a running game: a spectator's perspective only (asked for marines)"
grep -q 'no board: a running game' "$TAP_TMP/r1.html" && ! grep -q '<div id="board"><svg' "$TAP_TMP/r1.html"
ok $? "no board, and the page says why"
got=$(grep -o '<li class="event" data-seq="[0-9]*"' "$TAP_TMP/r1.html" | sed 's/.*seq="//; s/"//' | tr '\n' ' ' | sed 's/ $//')
is "$got" "$rpubseqs" "step 1: the log holds the $rpub events the archive has"
grep -o '"text":"[^"]*"' "$page" | sed 's/^"text":"//; s/"$//' >"$TAP_TMP/rlog.txt"
[ -s "$TAP_TMP/rlog.txt" ] && grep -q 'starts with .* at the ' "$TAP_TMP/rlog.txt" &&
    ! grep -Eq '^[a-z.-]+: |null' "$TAP_TMP/rlog.txt"
ok $? "a running game's log too is in sentences, from its card data ($(wc -l <"$TAP_TMP/rlog.txt") events)"
for game in bughunt legendary; do
	"$MUTHUR" demo --rules $game --dir "$TAP_TMP/run-$game" --turns 3 --quiet >/dev/null 2>&1
	"$MUTHUR" --config "$TAP_TMP/run-$game/muthur.conf" export demo-1 >"$TAP_TMP/run-$game.archive" &&
	    "$MUTHUR" view "$TAP_TMP/run-$game.archive" >"$TAP_TMP/run-$game.html" &&
	    grep -q '"scope":"spectator"' "$TAP_TMP/run-$game.archive" 2>/dev/null ||
	    grep -q '"scope": *"spectator"' "$TAP_TMP/run-$game.archive"
	ok $? "a running $game game's spectator archive is viewed"
	grep -o '"text":"[^"]*"' "$TAP_TMP/run-$game.html" | sed 's/^"text":"//; s/"$//' \
	    >"$TAP_TMP/rlog-$game.txt"
	[ -s "$TAP_TMP/rlog-$game.txt" ] && grep -q '^Turn 2' "$TAP_TMP/rlog-$game.txt" &&
	    ! grep -Eq '^[a-z.-]+: |null|^legendary\.' "$TAP_TMP/rlog-$game.txt"
	ok $? "its log is in $game's sentences ($(sed -n 2p "$TAP_TMP/rlog-$game.txt"))"
done
grep -q "step 1 of $((nrun - 1)): " "$TAP_TMP/r1.html" && grep -q "spectator archive" "$TAP_TMP/r1.html"
ok $? "the steps are the archive's $nrun phases; the header says it is a spectator archive"
done_testing

#!/bin/sh
# test-picture-mail.sh — every view mail of a `muthur demo` game carries
# the board as view.png after its text and view.json; a PNG of a view
# whose orders are due stays at most 60 KB (the largest is printed); and
# `muthur show --png` draws the same bytes as the game-over mail's picture.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 (to read the MIME parts) is not installed"
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
d="$TAP_TMP/demo"

# a finished game, with its game-over view (tap_demo plays again if the
# first has no victory)
tap_demo "$d" "$TAP_TMP/demo.out"
ok $? "muthur demo exits 0"

# One line per view mail: parts, PNG size, PNG well-formed, due or not,
# its seat and file; the picture of marines' game-over view is saved.
python3 - "$d/var/mail/out/new" "$TAP_TMP/last-marines.png" >"$TAP_TMP/parts" <<'PY'
import email, glob, os, sys
for f in sorted(glob.glob(sys.argv[1] + "/*")):
    m = email.message_from_binary_file(open(f, "rb"))
    subj = " ".join(str(m["Subject"]).split())  # a long subject folds
    if not any(p.get_filename() == "view.json" for p in m.walk()):
        continue  # acknowledgements and notices
    parts = [p.get_content_type() for p in m.walk() if not p.is_multipart()]
    png = [p.get_payload(decode=True) for p in m.walk()
           if p.get_content_type() == "image/png" and p.get_filename() == "view.png"]
    n = len(png[0]) if png else 0
    good = bool(png) and png[0][:8] == b"\x89PNG\r\n\x1a\n" and png[0][-8:-4] == b"IEND"
    due = "due" if "your orders are due" in subj else "other"
    seat = str(m["To"]).split("@")[0]
    print(",".join(parts), n, "good" if good else "bad", due, seat, os.path.basename(f))
    if seat == "marines" and png and "game over" in subj:
        open(sys.argv[2], "wb").write(png[0])
PY
ok $? "the view mails parse"
n=$(wc -l <"$TAP_TMP/parts")
[ "$n" -gt 30 ]	# set views due: about two a seat a turn
ok $? "the demo sent view mails ($n)"
bad=$(grep -cv '^text/plain,application/json,image/png [0-9]* good ' "$TAP_TMP/parts")
is "$bad" 0 "every view mail is text, view.json, then a well-formed view.png"
max=$(awk '$4 == "due" { if ($2 > m) m = $2 } END { print m + 0 }' "$TAP_TMP/parts")
ndue=$(awk '$4 == "due"' "$TAP_TMP/parts" | wc -l)
mean=$(awk '$4 == "due" { s += $2; n++ } END { if (n) printf "%d", s / n }' "$TAP_TMP/parts")
echo "# PNG of a due view: largest $max bytes, mean $mean, over $ndue mails"
[ "$max" -gt 0 ] && [ "$max" -le 61440 ]
ok $? "a due view's PNG is at most 60 KB (largest $max bytes)"

"$MUTHUR" --config "$d/muthur.conf" show demo-1 --seat marines --png "$TAP_TMP/show.png" >/dev/null
ok $? "muthur show --png exits 0"
cmp -s "$TAP_TMP/show.png" "$TAP_TMP/last-marines.png"
ok $? "muthur show --png draws the bytes of the game-over view mail's picture"
"$MUTHUR" --config "$d/muthur.conf" show demo-1 --seat nobody --png "$TAP_TMP/x.png" 2>"$TAP_TMP/err"
[ $? -ne 0 ] && [ ! -e "$TAP_TMP/x.png" ] && [ -s "$TAP_TMP/err" ]
ok $? "an unknown seat: an error, and no file"

done_testing

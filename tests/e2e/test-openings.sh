#!/bin/sh
# test-openings.sh — a public event that makes secrets public ("opens",
# rules/rules.h; doc/game-record.md) opens the latest commitment of each
# in the phase it happens, not at the end of the game: Bug Hunt's tiles,
# tracking and phase cards as they are turned up. Checked in the database
# of a whole demo game and in the view mails, and the archive still audits.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 shell"
tap_tmpdir
d="$TAP_TMP/demo"

"$MUTHUR" demo --dir "$d" --rules bughunt --quiet >/dev/null 2>&1
ok $? "muthur demo --rules bughunt exits 0"
db="$d/var/muthur.db"
# every (event, id) whose id was committed before the event's phase
pairs="FROM events e, json_each(e.payload, '\$.opens') j
    WHERE e.visibility = 'all' AND EXISTS (SELECT 1 FROM commitments c
    WHERE c.game_id = e.game_id AND c.domain = 'muthur.secret' AND
    c.secret_id >= j.value || '@' AND c.secret_id < j.value || 'A' AND
    c.created_phase < e.phase_seq)"
n=$(sqlite3 "$db" "SELECT count(*) $pairs")
[ "${n:-0}" -gt 10 ]
ok $? "the game's public events open committed secrets ($n)"
late=$(sqlite3 "$db" "SELECT count(*) $pairs AND NOT EXISTS (SELECT 1 FROM
    commitments c WHERE c.game_id = e.game_id AND c.domain = 'muthur.secret'
    AND c.secret_id >= j.value || '@' AND c.secret_id < j.value || 'A' AND
    c.created_phase < e.phase_seq AND c.revealed_phase = e.phase_seq AND
    c.created_phase = (SELECT max(created_phase) FROM commitments k WHERE
    k.game_id = e.game_id AND k.domain = 'muthur.secret' AND
    k.secret_id >= j.value || '@' AND k.secret_id < j.value || 'A' AND
    k.created_phase < e.phase_seq))")
is "$late" 0 "each opens the latest commitment of its secret in its own phase"
last=$(sqlite3 "$db" "SELECT max(seq) FROM phases")
early=$(sqlite3 "$db" "SELECT count(*) FROM commitments WHERE domain =
    'muthur.secret' AND revealed_phase < $last")
want=$(sqlite3 "$db" "SELECT count(DISTINCT e.phase_seq || ' ' || j.value) $pairs
    AND e.phase_seq < $last")
is "$early" "$want" "and nothing else is opened before the game's last phase"
n=$(grep -l 'opened since your last view' "$d"/var/mail/out/new/* 2>/dev/null | wc -l)
[ "$n" -gt 0 ]
ok $? "view mails count the commitments opened since the last view ($n)"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$d"/var/mail/out/new/* <<'PY'
import json, sys
for f in sys.argv[1:]:
    text = open(f, encoding="utf-8", errors="replace").read().replace("\r", "")
    i = text.find("filename=view.json")
    if i < 0:
        continue
    body = text[text.find("\n\n", i) + 2:]
    body = body[:body.find("\n--=_muthur")]
    for o in json.loads(body).get("openings", []):
        if o["secret_id"].startswith("tile:") and "secret_hex" in o and "nonce" in o:
            sys.exit(0)
sys.exit(1)
PY
	ok $? "a view.json holds a tile's opened commitment, secret and nonce"
fi
"$MUTHUR" --config "$d/muthur.conf" export demo-1 >"$TAP_TMP/a.json" &&
    "$MUTHUR" audit "$TAP_TMP/a.json" 2>&1 | grep -q '^OK demo-1: 0 failures'
ok $? "the archive audits with 0 failures"
done_testing

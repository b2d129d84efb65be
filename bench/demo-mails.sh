#!/bin/sh
# demo-mails.sh — issue 14's figures counted the way an outside checker
# would, from the demo's Maildirs and not from its own tally: order mails
# per seat per game turn (the From: lines of var/mail/in), mails received
# per seat per game turn (the To: lines of var/mail/out, receipts, views
# and turn reports alike), against the game's final turn (the highest
# "turn:" of the orders mailed, or the turn the demo says it ended in).
# Usage: bench/demo-mails.sh DEMODIR     (a folder `muthur demo` filled)
#        bench/demo-mails.sh --run [BUILDDIR] [RUNS]
#                                        (RUNS fresh demos, default 1)
# Prints one line per seat and a mean line: "SEAT orders X received Y".
set -e
count() {
	d=$1
	turn=$(cat "$d"/var/mail/in/new/* "$d"/var/mail/in/.Processed/cur/* "$d"/var/mail/in/cur/* 2>/dev/null |
	    tr -d '\r' | sed -n 's/^turn: \([0-9][0-9]*\)$/\1/p' | sort -n | tail -1)
	[ -n "$turn" ] || { echo "demo-mails: no orders mails in $d" >&2; exit 1; }
	for seat in $(cat "$d"/var/mail/in/new/* "$d"/var/mail/in/.Processed/cur/* "$d"/var/mail/in/cur/* 2>/dev/null |
	    tr -d '\r' | sed -n 's/^From: \([a-z-]*\)@players.example$/\1/p' | sort -u); do
		o=$(cat "$d"/var/mail/in/new/* "$d"/var/mail/in/.Processed/cur/* "$d"/var/mail/in/cur/* 2>/dev/null |
		    tr -d '\r' | grep -c "^From: $seat@players.example\$" || true)
		r=$(cat "$d"/var/mail/out/new/* "$d"/var/mail/out/cur/* 2>/dev/null |
		    tr -d '\r' | grep -c "^To: $seat@players.example\$" || true)
		echo "$seat $o $r"
	done | awk -v T="$turn" '{ printf "%s orders %.2f received %.2f\n", $1,
	    $2 / T, $3 / T; o += $2; r += $3; n++ }
	    END { if (n) printf "mean orders %.2f received %.2f (%d seats, %d turns)\n",
	    o / T / n, r / T / n, n, T }'
}
if [ "$1" = "--run" ]; then
	top=$(cd "$(dirname "$0")/.." && pwd)
	bin=${2:-$top}
	runs=${3:-1}
	i=0
	while [ "$i" -lt "$runs" ]; do
		dir=$(mktemp -d /tmp/muthur-demo-mails-XXXXXX)
		MUTHUR_DATADIR=$top/rules MUTHUR_TEMPLATES=$top/templates \
		    "$bin/muthur" demo --dir "$dir" --quiet | tail -n 1
		count "$dir"
		rm -rf "$dir"
		i=$((i + 1))
	done
else
	count "${1:?usage: demo-mails.sh DEMODIR | --run [BUILDDIR] [RUNS]}"
fi

#!/bin/sh
# test-template-mails.sh — issue 33: two seats of a CCG Contact game that
# send every view's orders block as mailed (bench/template-mails.sh: no
# hand-written plan) are asked about once a turn, since each template
# carries the rest of the turn as a plan: over 2 whole turns each sends
# at most 4 orders mails and receives at most 6 mails, none refused. (The
# templates that held only the phase's orders cost 10 or more orders
# mails a seat a turn.) The deal is fixed (MUTHUR_TEST_SEED, printed).
: "${MUTHUR_TEST_SEED:=template-mails-1}"
export MUTHUR_TEST_SEED
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

out=$(sh "$top_srcdir/bench/template-mails.sh" "$top_builddir" 2 2>/dev/null)
printf '%s\n' "$out" | sed 's/^/# /'
for s in marines aliens; do
	line=$(printf '%s\n' "$out" | grep "^$s orders ")
	set -- $line
	# "SEAT orders O received R (refused F) per turn over T turns"
	ok $([ "$#" -ge 11 ] && [ "${11}" = 2 ]; echo $?) "$s: the bench played 2 whole turns"
	ok $(awk -v o="$3" 'BEGIN { exit !(o <= 2.0) }'; echo $?) \
	    "$s: at most 2 orders mails per turn ($3)"
	ok $(awk -v r="$5" 'BEGIN { exit !(r <= 3.0) }'; echo $?) \
	    "$s: at most 3 mails received per turn ($5)"
	is "$7" "0)" "$s: no template refused"
done
done_testing

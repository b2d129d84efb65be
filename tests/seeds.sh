#!/bin/sh
# tests/seeds.sh — the game-playing tests under several deals (issue 31):
#
#   tests/seeds.sh N [TEST...]     N seeds: seed-1 ... seed-N (or PREFIX-1 ...
#                                  with SEED_PREFIX=PREFIX)
#
# Each seed is a MUTHUR_TEST_SEED (doc/testing.md): every game the tests
# create is dealt, shuffled and rolled from it, so a test that holds for
# one deal and not another fails here, and the failing seed replays it:
#   MUTHUR_TEST_SEED=seed-7 make check TESTS=tests/legendary/test-legendary-mail.sh
# Run from a built tree. Prints one line per seed and a closing
# 'N passed, N failed' (seeds); exits 1 when any seed failed.
set -u
cd "$(dirname "$0")/.." || exit 2
n=${1:-3}
[ $# -gt 0 ] && shift
prefix=${SEED_PREFIX:-seed}
# The tests that play whole games, by mail or through muthur demo, and
# the mail tests whose checks follow the deal (replies, acknowledgements,
# refusals, clocks, kills).
tests=${*:-"tests/e2e/test-demo.sh tests/e2e/test-openings.sh
 tests/e2e/test-event-text.sh tests/e2e/test-views.sh
 tests/e2e/test-training-hunt.sh tests/e2e/test-picture-mail.sh
 tests/e2e/test-e2e-maildir tests/e2e/test-secrecy
 tests/bughunt/test-bughunt-demo.sh tests/bughunt/test-bughunt-keys.sh
 tests/bughunt/test-bughunt-e2e tests/legendary/test-legendary-demo.sh
 tests/legendary/test-legendary-mail.sh tests/legendary/test-legendary
 tests/daemon/test-plan-equiv tests/audit/test-audit
 tests/e2e/test-e2e-replies tests/e2e/test-muthur-sign.sh
 tests/e2e/test-bad-mail tests/e2e/test-club.sh tests/e2e/test-kill-batch
 tests/e2e/test-clock.sh tests/e2e/test-poison tests/e2e/test-e2e-imap.sh
 tests/e2e/test-attacker tests/e2e/test-template-mails.sh
 tests/audit/test-seat-entropy.sh"}
tests=$(echo $tests)
passed=0 failed=0 bad=""
i=1
while [ "$i" -le "$n" ]; do
	seed="$prefix-$i"
	start=$(date +%s)
	if MUTHUR_TEST_SEED="$seed" make -s -j"$(nproc)" check TESTS="$tests" \
	    >"seeds-$seed.log" 2>&1; then
		passed=$((passed + 1))
		echo "seeds: MUTHUR_TEST_SEED=$seed passed ($(($(date +%s) - start)) s)"
		rm -f "seeds-$seed.log"
	else
		failed=$((failed + 1))
		bad="$bad $seed"
		echo "seeds: MUTHUR_TEST_SEED=$seed FAILED ($(($(date +%s) - start)) s):"
		grep -aE '^(FAIL|ERROR)' "seeds-$seed.log" | sed 's/^/seeds:   /'
		for f in $tests; do
			grep -aqE '^(not ok|Bail out)' "${f%.sh}.log" 2>/dev/null &&
			    { echo "---- ${f%.sh}.log ($seed)"; cat "${f%.sh}.log"; } >>"seeds-$seed.log"
		done
		echo "seeds:   the logs: seeds-$seed.log"
	fi
	i=$((i + 1))
done
echo "$passed passed, $failed failed (seeds${bad:+; failed:$bad})"
[ "$failed" -eq 0 ]

#!/bin/sh
# scale.sh — issue 28's figures in one run, one block: orders mails/s end
# to end, Ed25519 verifies/s of the same signatures and their ratio
# (bench-e2e over GAMES games, one round); the median and p95 of the
# phase-completing mail in the ten rounds up to rounds 10, 100 and 400 of
# one game (bench-e2e -g 1 -r 400), with the database bytes that game adds
# per phase and holds at the end; the idle pass and peak RSS at 1,000 and
# 10,000 games (bench-idle); the database a whole demo game leaves, per
# phase and in all (storage-figures.sh); the audit of a 200-turn and a
# 1,000-turn game (bench-audit -s 2 200 and -e -s 2 1000, the fastest of
# its three audits each, and `muthur audit` of the archive file in a
# process of its own, with that process's peak RSS).
# Not a test: the figures depend on the machine and on what else runs, so
# the block starts with the commit, the date, nproc and the load average.
#
# Usage: [SCALE_SEED=S] bench/scale.sh [--quick] [BUILDDIR]   (run from the source tree;
#        BUILDDIR defaults to it; the bench programs are built with `make
#        bench` there when missing)
#   full     1,000 games for the mail rate, rounds to 400, idle at 1,000
#            and 10,000 games, audits of 200 and 1,000 turns (some 15
#            minutes on 2 busy cores, 10 of them the 1,000-turn audit:
#            recording 12,000 phases, exporting 130 MB, 3 audits; 700 MB)
#   --quick  a smoke run: 100 games for the mail rate, rounds to 100, idle
#            at 1,000 games, an audit of 50 turns (a minute or two)
# Peak RSS is /usr/bin/time's when it is installed (package time), else
# the program's own (getrusage); bench-idle also prints the peak of its
# passes alone (VmHWM, the setup's forgotten).
set -e
quick=0
if [ "${1:-}" = "--quick" ]; then
	quick=1
	shift
fi
case "${1:-}" in
-*)	echo "usage: bench/scale.sh [--quick] [BUILDDIR]" >&2; exit 2 ;;
esac
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "${1:-$top}" && pwd)
if [ "$quick" = 1 ]; then
	mode=quick; games=100; rounds=100; idle="1000"; audits="50"
else
	mode=full; games=1000; rounds=400; idle="1000 10000"; audits="200 1000"
fi
for p in bench-e2e bench-idle bench-audit; do
	if [ ! -x "$bin/bench/$p" ]; then
		make -C "$bin" bench >/dev/null
		break
	fi
done
log=$(mktemp -d /tmp/muthur-scale-XXXXXX)
trap 'rm -rf "$log"' EXIT
export top_srcdir="$top"
if [ -x /usr/bin/time ]; then
	timer=/usr/bin/time
else
	timer=
fi

# run NAME CMD...: CMD's output into $log/NAME (its stderr too, with
# /usr/bin/time's report when there is one); $secs, the seconds it took.
# On failure the output goes to stderr and the script stops.
run() {
	name=$1
	shift
	t0=$(date +%s)
	if [ -n "$timer" ]; then
		set -- "$timer" -v -o "$log/$name.time" "$@"
	fi
	if ! "$@" >"$log/$name" 2>&1; then
		echo "bench/scale.sh: $* failed:" >&2
		cat "$log/$name" >&2
		exit 1
	fi
	secs=$(($(date +%s) - t0))
}

# pick NAME SED-EXPR: the first line of $log/NAME that SED-EXPR prints.
pick() {
	sed -n "$2" "$log/$1" | sed -n 1p
}

# rss NAME: the peak RSS in KiB, /usr/bin/time's or the program's own.
rss() {
	if [ -s "$log/$1.time" ]; then
		sed -n 's/.*Maximum resident set size (kbytes): *//p' "$log/$1.time"
	else
		pick "$1" 's/^peak RSS: \([0-9]*\) KiB$/\1/p'
	fi
}

row() {
	printf '  %-40s %s\n' "$1" "$2"
}

load0=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')
t_all=$(date +%s)
echo "bench/scale.sh ($mode)"
row "commit" "$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo '?')"
row "date" "$(date -u '+%Y-%m-%d %H:%M UTC')"
row "nproc" "$(nproc 2>/dev/null || echo '?')"
row "load average (1, 5, 15 min) at start" "$load0"

# orders mails/s against verifies/s, many games
run rate "$bin/bench/bench-e2e" -g "$games" -r 1
echo "mail rate (bench-e2e -g $games -r 1, ${secs} s)"
row "orders mails end to end" "$(pick rate 's/^mails handled end to end: .* = \([0-9]*\) mails\/s$/\1/p') mails/s ($(pick rate 's/^mails handled end to end: \([0-9]*\) in .*/\1/p') mails)"
row "Ed25519 verify, same signatures" "$(pick rate 's/^Ed25519 verify .*: \([0-9]*\) \/s$/\1/p') verifies/s"
row "ratio (mails/s / verifies/s)" "$(pick rate 's/^ratio (end to end \/ verify): //p')"
row "phase-completing mail, median" "$(pick rate 's/^median mail completing .*: \([0-9.]*\) ms over.*/\1/p') ms"
row "peak RSS" "$(rss rate) KiB"

# one game's length: the same game in every run (MUTHUR_TEST_SEED, by
# default 2, which lasts 400 rounds), so that figures before and after a
# change compare the same phases
seed=${SCALE_SEED:-2}
run long env MUTHUR_TEST_SEED="$seed" "$bin/bench/bench-e2e" -g 1 -r "$rounds"
echo "one game, $rounds rounds (MUTHUR_TEST_SEED=$seed bench-e2e -g 1 -r $rounds, ${secs} s)"
for at in 10 100 400; do
	[ "$at" -le "$rounds" ] || continue
	row "phase-completing mail, rounds $((at > 10 ? at - 9 : 1))-$at" \
	    "$(pick long "s/^phase-completing mail at round $at (rounds [0-9-]*): median \([0-9.]*\) ms, p95 \([0-9.]*\) ms over \([0-9]*\) phases/median \1 ms, p95 \2 ms (\3 phases)/p;s/^phase-completing mail at round $at: no phase.*/none: the game had ended/p")"
done
row "orders mails end to end" "$(pick long 's/^mails handled end to end: .* = \([0-9]*\) mails\/s$/\1/p') mails/s"
row "ratio (mails/s / verifies/s)" "$(pick long 's/^ratio (end to end \/ verify): //p')"
row "database per completed phase" "$(pick long 's/^database growth: \([0-9]*\) bytes per completed phase (\([0-9]*\) phases).*/\1 bytes (\2 phases)/p')"
row "database per orders mail" "$(pick long 's/^database: .*: \([0-9]*\) bytes per orders mail.*/\1 bytes/p')"
row "database of the game at the end" "$(pick long 's/.* \([0-9]*\) bytes per game (.*/\1 bytes/p')"

# the idle pass
for g in $idle; do
	run "idle$g" "$bin/bench/bench-idle" -g "$g" -p 5
	echo "idle pass, $g games (bench-idle -g $g -p 5, ${secs} s)"
	row "idle pass" "$(pick "idle$g" 's/^idle pass over [0-9]* games: median \([0-9.]*\) ms, slowest \([0-9.]*\) ms.*/median \1 ms, slowest \2 ms/p')"
	row "peak RSS, setup and passes" "$(rss "idle$g") KiB"
	p=$(pick "idle$g" 's/^peak RSS of the passes: \([0-9]*\) KiB.*/\1/p')
	[ -z "$p" ] || row "peak RSS of the passes alone" "$p KiB"
done

# a whole demo game's database
run storage sh "$top/bench/storage-figures.sh" "$bin" 1
echo "database of a whole demo game (storage-figures.sh, ${secs} s)"
row "game" "$(pick storage 's/^demo game 1: \([0-9]*\) turns, \([0-9]*\) phases, \([0-9]*\) orders mails:.*/\1 turns, \2 phases, \3 orders mails/p')"
row "per game (pages in use)" "$(pick storage 's/.*database file [0-9]* bytes, \([0-9]*\) in use,.*/\1 bytes/p')"
row "per phase" "$(pick storage 's/.*, \([0-9]*\) bytes a phase,.*/\1 bytes/p')"

# audits
for n in $audits; do
	# seed 2 is won in turn 440: past turn 200 nobody plays to win (-e)
	e=
	[ "$n" -le 200 ] || e=-e
	run "audit$n" "$bin/bench/bench-audit" $e -s 2 "$n"
	echo "audit, seed 2 to turn $n (bench-audit ${e:+$e }-s 2 $n, ${secs} s)"
	turns=$(pick "audit$n" 's/^audit of a \([0-9]*\)-turn game: [0-9.]* s,.*/\1/p')
	best=$(sed -n 's/^audit of a [0-9]*-turn game: \([0-9.]*\) s,.*/\1/p' "$log/audit$n" | sort -n | sed -n 1p)
	row "audit of the $turns-turn game" "$best s, fastest of 3 ($(pick "audit$n" 's/.*(\([0-9]*\) phases replayed,.*/\1/p') phases)"
	row "a phase" "$(pick "audit$n" 's/.*: \([0-9.]*\) ms a phase.*/\1/p') ms"
	row "recording it, exporting it" "$(pick "audit$n" 's/^recording .*: \([0-9.]*\) s$/\1/p') s, $(pick "audit$n" 's/^export: \([0-9.]*\) s (\([0-9]*\) bytes)/\1 s (\2 bytes)/p')"
	row "peak RSS (recording, export, audits)" "$(rss "audit$n") KiB"
	row "muthur audit FILE (its own process)" "$(pick "audit$n" 's/^muthur audit of .*: \([0-9.]*\) s, peak RSS \([0-9]*\) KiB$/\1 s, peak RSS \2 KiB/p')"
done

echo "end"
row "load average (1, 5, 15 min) at the end" "$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
row "wall time of the whole run" "$(($(date +%s) - t_all)) s"

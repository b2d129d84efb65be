#!/bin/sh
# view-figures.sh — the figures of issue 16 over the due views of a whole
# 4-seat demo game: median size of a due view mail, median lines of its
# text part, lines of the commitments section, event lines holding "null".
# Usage: bench/view-figures.sh [BUILDDIR] (run from the source tree).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top}
dir=$(mktemp -d /tmp/muthur-figures-XXXXXX)
MUTHUR_DATADIR=$top/rules MUTHUR_TEMPLATES=$top/templates \
    "$bin/muthur" demo --dir "$dir" >/dev/null
out=$dir/var/mail/out/new
# a due view says so in its first lines (its subject may fold)
grep -l '^Your orders are due' "$out"/* > "$dir/due"
n=$(wc -l < "$dir/due")
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
size=$(xargs -n1 wc -c < "$dir/due" | awk '{print $1}' | median)
# the same without the board's picture (the view.png part, issue 22)
for f in $(cat "$dir/due"); do
	awk '/^--=_muthur/ {if (png) skip = 0; b = $0}
	    /^Content-Type: image\/png/ {png = 1; skip = 1}
	    !skip {print}' "$f" | wc -c
done > "$dir/nopng"
nopng=$(median < "$dir/nopng")
# without the turn report riding with the view (issue 14)
for f in $(cat "$dir/due"); do
	tr -d '\r' < "$f" | awk '/^== Report of turn/ {r=1; next} r && /^== / && !/^== Report/ {r=0} !r' |
	    awk '/^Content-Type: text\/plain/ {t=1; next}
	    t == 1 && /^$/ {t=2; next} t == 2 && /^--=_muthur/ {exit}
	    t == 2 {n++; last = $0} END {print n - (last == "")}'
done > "$dir/norep"
norep=$(median < "$dir/norep")
# the text part: from the first empty line after its headers to the
# boundary, less the line break before the boundary (RFC 2046 5.1.1: it
# belongs to the boundary)
for f in $(cat "$dir/due"); do
	tr -d '\r' < "$f" | awk '/^Content-Type: text\/plain/ {t=1; next}
	    t == 1 && /^$/ {t=2; next} t == 2 && /^--=_muthur/ {exit}
	    t == 2 {n++; last = $0} END {print n - (last == "")}'
done > "$dir/lines"
lines=$(median < "$dir/lines")
for f in $(cat "$dir/due"); do
	tr -d '\r' < "$f" | awk '/^== Commitments covering/ {c=1; next}
	    c && /^(==|$)/ {exit} c {n++} END {print n+0}'
done > "$dir/commit"
commit=$(sort -n "$dir/commit" | tail -1)
nulls=$(for f in $(cat "$dir/due"); do tr -d '\r' < "$f" | awk '/^== What happened/ {e=1; next}
	    e && /^==/ {exit} e' ; done | grep -c -E 'null|payload|seat_[a-z]|_id ' || true)
echo "due views: $n"
echo "median due view: $size bytes ($nopng bytes without view.png)"
echo "median text part: $lines lines ($norep lines without the turn report)"
echo "commitments section: at most $commit lines"
echo "event lines with null or a raw field name: $nulls"
rm -rf "$dir"

#!/bin/sh
# test-fuzz.sh — builds every libFuzzer target listed in tests/fuzz/targets
# with clang (ASan + UBSan) and runs each briefly on its seed corpus.
#
#   make check                       runs each target for FUZZ_SECONDS (default 3)
#   make fuzz FUZZ_SECONDS=600       the longer, documented run
#
# A target NAME is: its harness tests/fuzz/fuzz-NAME.c, the project sources
# it links in tests/fuzz/NAME.sources (paths from the top folder, on one or
# more lines; a pattern such as rules/ccg/*.c takes every file it matches),
# its seed corpus tests/fuzz/corpus/NAME/, an optional dictionary
# tests/fuzz/NAME.dict, an optional input size cap tests/fuzz/NAME.max_len
# (bytes, the production limit of what the target parses; default 65536)
# and an optional generator tests/fuzz/NAME.gen, a shell script run with a
# folder to write further seeds into (inputs too big to commit, such as
# deeply nested mail).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
command -v clang >/dev/null 2>&1 || skip_all "clang is not installed (Debian package clang)"
secs=${FUZZ_SECONDS:-3}
out="$top_builddir/tests/fuzz-bin"
mkdir -p "$out"
mods="sqlite3 libsodium libcjson libcurl libetpan cairo libpng zlib"
cflags=$(pkg-config --cflags $mods | sed 's/-specs=[^ ]*//g')
libs=$(pkg-config --libs $mods | sed 's/-specs=[^ ]*//g')
tap_tmpdir
cc="clang -std=c11 -g -O1 -fno-sanitize-recover=undefined -I$top_srcdir -I$top_builddir $cflags"
# Each project source is compiled once for every target that links it
# (the targets share most of theirs: 168 files, not 834 compiles), all at
# once on every core, into fresh objects: a header changed since the last
# run cannot leave a stale one.
obj="$TAP_TMP/obj"
mkdir -p "$obj"
# the sources a .sources file names, one a line, from the top folder
sources_of() {
	grep -v '^[[:space:]]*#' "$1" | (cd "$top_srcdir" && while read -r line; do
		for s in $line; do echo "$s"; done
	done)
}
for f in "$top_srcdir"/tests/fuzz/*.sources; do
	[ -f "$f" ] && sources_of "$f"
done | sort -u | (cd "$top_srcdir" && while read -r s; do [ -f "$s" ] && echo "$s"; done) |
    xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} sh -c '
	o="$1/$(echo "$2" | tr / _).o"
	# shellcheck disable=SC2086
	$3 -fsanitize=fuzzer-no-link,address,undefined -c "$4/$2" -o "$o" > "$o.log" 2>&1 ||
	    rm -f "$o"' sh "$obj" {} "$cc" "$top_srcdir"
for f in "$top_srcdir"/tests/fuzz/*.sources; do
	[ -f "$f" ] || continue
	name=$(basename "$f" .sources)
	objs="" missing=""
	for s in $(sources_of "$f"); do
		o="$obj/$(echo "$s" | tr / _).o"
		if [ -f "$o" ]; then objs="$objs $o"; else missing="$missing $s"; fi
	done
	# shellcheck disable=SC2086
	if [ -z "$missing" ] && $cc -fsanitize=fuzzer,address,undefined \
	    "$top_srcdir/tests/fuzz/fuzz-$name.c" $objs $libs -lm -o "$out/fuzz-$name" \
	    > "$TAP_TMP/$name.build" 2>&1; then
		ok 0 "fuzz-$name builds with clang and sanitizers"
	else
		ok 1 "fuzz-$name builds with clang and sanitizers"
		for s in $missing; do
			echo "# $s does not compile:"
			o="$obj/$(echo "$s" | tr / _).o"
			if [ -f "$o.log" ]; then sed 's/^/# /' "$o.log" | head -40
			else echo "# (no such file)"; fi
		done
		sed 's/^/# /' "$TAP_TMP/$name.build" 2>/dev/null | head -40
		continue
	fi
	mkdir -p "$TAP_TMP/corpus-$name"
	max_len=65536
	[ -f "$top_srcdir/tests/fuzz/$name.max_len" ] && max_len=$(cat "$top_srcdir/tests/fuzz/$name.max_len")
	[ -f "$top_srcdir/tests/fuzz/$name.gen" ] && \
	    $SHELL "$top_srcdir/tests/fuzz/$name.gen" "$TAP_TMP/corpus-$name"
	dict=""
	[ -f "$top_srcdir/tests/fuzz/$name.dict" ] && dict="-dict=$top_srcdir/tests/fuzz/$name.dict"
	# shellcheck disable=SC2086
	if "$out/fuzz-$name" -max_total_time="$secs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
	    $dict -artifact_prefix="$TAP_TMP/" "$TAP_TMP/corpus-$name" \
	    "$top_srcdir/tests/fuzz/corpus/$name" > "$TAP_TMP/$name.run" 2>&1; then
		runs=$(grep -o 'Done [0-9]* runs' "$TAP_TMP/$name.run" | tail -1)
		ok 0 "fuzz-$name ran ${secs}s without a crash ($runs)"
	else
		ok 1 "fuzz-$name found a crash"
		grep -A30 'ERROR\|runtime error' "$TAP_TMP/$name.run" | head -60 | sed 's/^/# /'
		for a in "$TAP_TMP"/crash-* "$TAP_TMP"/leak-* "$TAP_TMP"/timeout-*; do
			[ -f "$a" ] && echo "# input: $(od -An -c "$a" | head -5 | tr -s ' ')"
		done
	fi
done
[ "$tap_n" -gt 0 ] || skip_all "no fuzz targets listed yet"
done_testing

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
mods="sqlite3 libsodium libcjson libcurl libetpan cairo libpng"
cflags=$(pkg-config --cflags $mods | sed 's/-specs=[^ ]*//g')
libs=$(pkg-config --libs $mods | sed 's/-specs=[^ ]*//g')
tap_tmpdir
for f in "$top_srcdir"/tests/fuzz/*.sources; do
	[ -f "$f" ] || continue
	name=$(basename "$f" .sources)
	sources=$(grep -v '^[[:space:]]*#' "$f" | tr '\n' ' ')
	srcs=""
	for s in $sources; do srcs="$srcs $top_srcdir/$s"; done
	# shellcheck disable=SC2086
	if clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    -I"$top_srcdir" -I"$top_builddir" $cflags \
	    "$top_srcdir/tests/fuzz/fuzz-$name.c" $srcs $libs -lm -o "$out/fuzz-$name" \
	    > "$TAP_TMP/$name.build" 2>&1; then
		ok 0 "fuzz-$name builds with clang and sanitizers"
	else
		ok 1 "fuzz-$name builds with clang and sanitizers"
		sed 's/^/# /' "$TAP_TMP/$name.build" | head -40
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

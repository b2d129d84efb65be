#!/bin/sh
# .ci/scan-build.sh — the clang static analyser (scan-build, Debian package
# clang-tools) over the whole build, in a copy of the committed sources
# with a build of its own, so the tree CI tests is not touched. Any report
# fails (--status-bugs); the reports' warnings are printed. Needs the build
# packages (contrib/quickstart.sh deps). By hand: sh .ci/scan-build.sh
set -eu
cd "$(dirname "$0")/.."
if ! command -v scan-build >/dev/null 2>&1; then
	apt-get install -y -q --no-install-recommends clang-tools >/dev/null
fi
dir=$(mktemp -d "${TMPDIR:-/tmp}/muthur-scan.XXXXXX")
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/src"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$dir/src"
cd "$dir/src"
./autogen.sh >/dev/null 2>&1
# the analyser's own warnings are the point, not the compiler's: no -Werror
scan-build ./configure -q CFLAGS='-O1 -g' >"$dir/configure.log" 2>&1 || {
	cat "$dir/configure.log"; exit 1; }
status=0
scan-build --status-bugs -o "$dir/reports" make -j"$(nproc)" >"$dir/make.log" 2>&1 ||
    status=$?
grep -E 'warning: .*\[[a-zA-Z.]+\]$' "$dir/make.log" || true
n=$(grep -cE 'warning: .*\[[a-zA-Z.]+\]$' "$dir/make.log" || true)
if [ "$status" -ne 0 ]; then
	tail -5 "$dir/make.log"
	echo "scan-build: ${n:-0} reports (or the build failed)"
	exit 1
fi
echo "scan-build: 0 reports"

#!/bin/sh
# quickstart.sh — the README's two commands.
#
#   contrib/quickstart.sh demo   install what is missing, build, play a demo game
#   contrib/quickstart.sh test   install what is missing, build, run the whole suite
#   contrib/quickstart.sh deps   install what is missing, nothing more
#   contrib/quickstart.sh deb    install what is missing, build the Debian package
#                                in a copy of the tree (from git), run lintian
#
# Safe to run again: it installs only missing Debian packages, configures
# only when needed, and keeps an existing demo server key.
set -eu
cd "$(dirname "$0")/.."
mode=${1:-demo}

# What building needs (libpq-dev: the postgresql store driver), and what
# the test suite needs on top (real mail servers, a PostgreSQL server of its
# own, the real signing tools, clang for the fuzz targets, Chromium for the
# archive viewer's page, mutt in tmux for the signing macro).
BUILD_PKGS="build-essential autoconf automake pkgconf libsqlite3-dev libsodium-dev
 libcjson-dev libcurl4-gnutls-dev libetpan-dev libgnutls28-dev zlib1g-dev
 libcairo2-dev libpng-dev libpq-dev"
TEST_PKGS="minisign openssh-client dovecot-imapd dovecot-lmtpd opensmtpd
 python3 python3-aiosmtpd openssl clang sqlite3 ca-certificates chromium
 postgresql mutt tmux"
# What building the Debian package needs (debian/).
DEB_PKGS="debhelper dpkg-dev fakeroot lintian git"

as_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_missing() {
	missing=""
	for p in "$@"; do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
			missing="$missing $p"
		fi
	done
	if [ -n "$missing" ]; then
		echo "quickstart: installing$missing"
		as_root apt-get update -q
		# shellcheck disable=SC2086
		as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
	fi
}

build() {
	[ -x configure ] || ./autogen.sh
	if [ ! -f Makefile ] || [ configure -nt Makefile ]; then
		./configure -q CFLAGS="${CFLAGS:--O2 -g}"
	fi
	make -j"$(nproc)"
}

case $mode in
deps)
	# what `test` installs, and nothing else (CI runs it before the
	# static analyser, .ci/scan-build.sh)
	# shellcheck disable=SC2086
	install_missing $BUILD_PKGS $TEST_PKGS
	;;
demo)
	# shellcheck disable=SC2086
	install_missing $BUILD_PKGS
	build
	mkdir -p demo
	if [ ! -f demo/muthur.conf ]; then
		cat > demo/muthur.conf <<'CONF'
[store]
path = var/muthur.db
[mail]
in   = maildir:var/mail/in
out  = maildir:var/mail/out
from = muthur@club.example
[server]
key  = var/server.key
CONF
	fi
	# run from the source tree: its card data and templates
	MUTHUR_DATADIR=$(pwd)/rules MUTHUR_TEMPLATES=$(pwd)/templates
	export MUTHUR_DATADIR MUTHUR_TEMPLATES
	./muthur --config demo/muthur.conf init
	./muthur --config demo/muthur.conf demo
	;;
test)
	# shellcheck disable=SC2086
	install_missing $BUILD_PKGS $TEST_PKGS
	build
	status=0
	make -j"$(nproc)" check >make-check.log 2>&1 || status=$?
	grep -aE '^(PASS|FAIL|ERROR|XPASS|SKIP)' make-check.log | grep -av '^PASS' || true
	for f in $(find tests -name '*.log' ! -name test-suite.log 2>/dev/null); do
		if grep -aqE '^(not ok|Bail out)' "$f" 2>/dev/null; then
			echo "---- $f"; cat "$f"
		fi
	done
	pass=$(sed -n 's/^# PASS: *//p' make-check.log | tail -1)
	fail=$(sed -n 's/^# FAIL: *//p' make-check.log | tail -1)
	err=$(sed -n 's/^# ERROR: *//p' make-check.log | tail -1)
	skip=$(sed -n 's/^# SKIP: *//p' make-check.log | tail -1)
	pass=${pass:-0}; fail=$(( ${fail:-0} + ${err:-0} )); skip=${skip:-0}
	if [ "$status" -ne 0 ] && [ "$fail" -eq 0 ]; then fail=1; tail -30 make-check.log; fi
	echo "$pass passed, $fail failed, $skip skipped"
	exit "$status"
	;;
deb)
	# shellcheck disable=SC2086
	install_missing $BUILD_PKGS $DEB_PKGS
	# In a copy: the package's build must not leave a /usr-prefixed build
	# in this tree. Tests are left to `quickstart.sh test` (nocheck).
	pkg=$(mktemp -d "${TMPDIR:-/tmp}/muthur-deb.XXXXXX")
	git archive --prefix=muthur/ HEAD | tar -x -C "$pkg"
	(cd "$pkg/muthur" && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -b) \
	    >"$pkg/build.log" 2>&1 || { tail -40 "$pkg/build.log"; exit 1; }
	cp "$pkg"/*.deb .
	ls ./*.deb
	lintian --info "$pkg"/*.changes || true
	rm -rf "$pkg"
	;;
*)
	echo "usage: contrib/quickstart.sh demo|test|deps" >&2
	echo "usage: contrib/quickstart.sh demo|test|deb" >&2
	exit 2
	;;
esac

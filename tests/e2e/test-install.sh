#!/bin/sh
# test-install.sh — `make install` into a DESTDIR puts the programs, the
# rules data, the templates and the man pages in their FHS places, and the
# installed muthur plays `muthur demo` from there alone: its data and
# templates are pointed at the DESTDIR copies and the build tree is out of
# reach (the programs are copied out of it and run from another folder).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

command -v make >/dev/null 2>&1 || skip_all "no make here"
tap_tmpdir
root="$TAP_TMP/root"
# A make of our own, not a sub-make of make check's jobserver.
unset MAKEFLAGS MFLAGS MAKELEVEL
mk() { make -s --no-print-directory -C "$top_builddir" "$@"; }

# The prefixes configure chose (make's own variables, not guesses).
vars=$(mk -f Makefile -f - print-dirs <<'MK'
print-dirs:
	@echo "bindir=$(bindir) sbindir=$(sbindir) pkgdatadir=$(pkgdatadir) mandir=$(mandir)"
MK
)
ok $? "the Makefile names its install folders"
eval "$vars"
echo "# $vars"

mk install DESTDIR="$root" >"$TAP_TMP/install.log" 2>&1
st=$?
[ $st -eq 0 ] || sed 's/^/# /' "$TAP_TMP/install.log"
ok $st "make install DESTDIR=... exits 0"

for f in "$bindir/muthur" "$bindir/muthur-sign" "$sbindir/muthurd"; do
	[ -x "$root$f" ]
	ok $? "installed program $f"
done
for f in ccg/sample-cards.json ccg/marines.deck templates/view.mustache \
    templates/ack.mustache templates/archive-view.html; do
	[ -s "$root$pkgdatadir/$f" ]
	ok $? "installed data $pkgdatadir/$f"
done
for f in man1/muthur.1 man8/muthurd.8 man5/muthur.conf.5 man5/muthur-orders.5 \
    man5/muthur-archive.5 man5/muthur-cards.5 man1/muthur-sign.1; do
	[ -s "$root$mandir/$f" ]
	ok $? "installed man page $mandir/$f"
done

# Run from elsewhere, with the installed data only.
run="$TAP_TMP/run"
mkdir -p "$run/bin"
cp "$root$bindir/muthur" "$root$sbindir/muthurd" "$run/bin/"
unset MUTHUR_CONFIG
MUTHUR_DATADIR="$root$pkgdatadir"; export MUTHUR_DATADIR
MUTHUR_TEMPLATES="$root$pkgdatadir/templates"; export MUTHUR_TEMPLATES
# a game with no victory by turn 40 is played again under another seed
# (tap_demo, up to 5 games)
here=$(pwd)
cd "$run" || exit 1
tap_demo "$run/demo" "$TAP_TMP/demo.out" env PATH="$run/bin:$PATH" muthur
st=$?
cd "$here" || exit 1
out=$(cat "$TAP_TMP/demo.out")
result=$(printf '%s\n' "$out" | tail -n 1)
[ $st -eq 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
ok $st "the installed muthur plays muthur demo"
echo "# $result"
printf '%s\n' "$result" | grep -Eq '^demo: game demo-1: [a-z]+ won in turn [0-9]+'
ok $? "the installed demo ends in a victory"
grep -rqs "$top_srcdir" "$run/demo/muthur.conf"
[ $? -ne 0 ]
ok $? "the demo's configuration names nothing of the build tree"

# Without the data it says where it looked, rather than using the tree's.
MUTHUR_DATADIR="$TAP_TMP/nowhere"
out=$(cd "$run" && "$run/bin/muthur" demo --dir "$run/demo2" --quiet 2>&1)
[ $? -ne 0 ]
ok $? "with MUTHUR_DATADIR pointing at nothing the demo fails"
printf '%s\n' "$out" | grep -q "nowhere"
ok $? "and its error names the folder it looked in"

done_testing

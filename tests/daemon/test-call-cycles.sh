#!/bin/sh
# test-call-cycles.sh — no call cycles between the files of daemon/
# (issue 18): file A calls file B when A's object file uses a symbol that
# B's defines (nm, binutils). A cycle of calls (A calls B calls ... A)
# fails the test, naming its files. Static functions stay inside their
# file; programs' main files (muthur.c, muthurd.c) count like the rest.
#
# Run by make check on the built objects; by hand:
#   sh tests/daemon/test-call-cycles.sh [OBJDIR]   (default: daemon/)
. "${top_srcdir:-.}/tests/tap.sh"
tap_tmpdir
diag() { echo "# $*"; }

dir=${1:-${top_builddir:-.}/daemon}
command -v nm >/dev/null 2>&1 || skip_all "no nm (binutils)"
set -- "$dir"/*.o
[ -f "$1" ] || skip_all "no object files in $dir (build first)"

# "FILE D SYM" for what a file defines, "FILE U SYM" for what it uses
for o in "$@"; do
	f=$(basename "$o" .o)
	nm "$o" | awk -v f="$f" '$1 == "U" { print f, "U", $2; next }
	    NF == 3 && $2 ~ /^[TDBRC]$/ { print f, "D", $3 }'
done > "$TAP_TMP/syms"

# the transitive closure of "calls" over files, then its cycles
awk '
$2 == "D" { def[$3] = $1; files[$1] = 1; next }
$2 == "U" { use[$1, $3] = 1; files[$1] = 1; uses[++nu] = $1 SUBSEP $3 }
END {
	for (k = 1; k <= nu; k++) {
		split(uses[k], p, SUBSEP)
		if ((p[2] in def) && def[p[2]] != p[1]) {
			r[p[1], def[p[2]]] = 1
			via[p[1], def[p[2]]] = p[2]
		}
	}
	n = 0
	for (f in files) name[++n] = f
	for (k = 1; k <= n; k++)
		for (i = 1; i <= n; i++)
			if ((name[i], name[k]) in r)
				for (j = 1; j <= n; j++)
					if ((name[k], name[j]) in r)
						r[name[i], name[j]] = 1
	largest = 0
	for (i = 1; i <= n; i++) {
		if (done[name[i]] || !((name[i], name[i]) in r))
			continue
		c = name[i]; m = 1; done[name[i]] = 1
		for (j = 1; j <= n; j++)
			if (j != i && ((name[i], name[j]) in r) && ((name[j], name[i]) in r)) {
				c = c " " name[j]; m++; done[name[j]] = 1
			}
		print "cycle (" m " files): " c
		if (m > largest) largest = m
	}
	print "files " n ", largest cycle " largest
}' "$TAP_TMP/syms" > "$TAP_TMP/cycles"

while read -r line; do
	case $line in
	cycle*) diag "$line" ;;
	esac
done < "$TAP_TMP/cycles"
summary=$(tail -n 1 "$TAP_TMP/cycles")
diag "daemon/: $summary"
is "$(grep -c '^cycle' "$TAP_TMP/cycles")" 0 "no call cycle between the files of daemon/"
done_testing

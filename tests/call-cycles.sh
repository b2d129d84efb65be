# call-cycles.sh — sourced by the call-cycle tests (issue 18): the call
# cycles between the files of one folder of object files. File A calls
# file B when A's object file uses a symbol that B's defines (nm,
# binutils); a cycle is a set of files each of which calls every other
# one, directly or through the others. Static functions stay inside their
# file; programs' main files count like the rest.
#
# call_cycles DIR OUT: writes to OUT one line "cycle (N files): F ..." per
# cycle, largest first, then "files N, largest cycle M". Needs $TAP_TMP.
call_cycles() {
	for o in "$1"/*.o; do
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
			if ((p[2] in def) && def[p[2]] != p[1])
				r[p[1], def[p[2]]] = 1
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
				if (j != i && ((name[i], name[j]) in r) &&
				    ((name[j], name[i]) in r)) {
					c = c " " name[j]; m++; done[name[j]] = 1
				}
			print m, "cycle (" m " files): " c
			if (m > largest) largest = m
		}
		print 0, "files " n ", largest cycle " largest
	}' "$TAP_TMP/syms" | sort -k1,1nr | cut -d' ' -f2- > "$2"
}

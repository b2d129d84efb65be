#!/bin/sh
# test-debian-conf.sh — the Debian package's steps fit together: the server
# key path of contrib/muthur.conf.example (what README.Debian says to copy)
# lies in a folder that debian/muthur.postinst makes the user muthur's, so
# that `sudo -u muthur muthur init` can write it, and README.Debian names
# no key path that init, run as muthur, could not write. Then `muthur init`
# with the example's [server] key and [store] path moved under a scratch
# root makes the key there, mode 0600.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

conf="$top_srcdir/contrib/muthur.conf.example"
postinst="$top_srcdir/debian/muthur.postinst"
readme="$top_srcdir/debian/muthur.README.Debian"
key=$(sed -n '/^\[server\]/,/^\[/s/^key *= *//p' "$conf")
echo "# example key path: $key"
[ -n "$key" ]
ok $? "the example config names the server key"
dir=$(dirname "$key")
# the folders postinst creates owned by muthur (install -d -o muthur ...)
owned=$(sed -n 's/^[[:space:]]*install -d -o muthur .* -m [0-7]* //p' "$postinst")
echo "# muthur's own folders: $owned"
found=1
for d in $owned; do [ "$d" = "$dir" ] && found=0; done
ok $found "its folder $dir is one the package makes muthur's (postinst)"
bad=0
for p in $(grep -o '/[a-z/]*server\.key' "$readme" | sort -u); do
	d=$(dirname "$p") mine=1
	for o in $owned; do [ "$o" = "$d" ] && mine=0; done
	[ $mine -eq 0 ] || { bad=1; echo "# README.Debian names $p, in $d, not muthur's"; }
done
ok $bad "README.Debian names no key path muthur init cannot write"

tap_tmpdir
root="$TAP_TMP/root"
mkdir -p "$root$dir"
sed -e "s|^key *= */|key = $root/|" -e "s|^path *= */|path = $root/|" \
    -e 's|^in *=.*|in = maildir:var/mail/in|' -e 's|^out *=.*|out = maildir:var/mail/out|' \
    -e '/password_file/d' -e '/^pid_file/d' "$conf" > "$TAP_TMP/muthur.conf"
out=$(cd "$TAP_TMP" && "$MUTHUR" --config "$TAP_TMP/muthur.conf" init 2>&1)
ok $? "muthur init with the example's paths: $(echo "$out" | head -1)"
[ -f "$root$key" ] && [ "$(stat -c %a "$root$key")" = 600 ]
ok $? "writes the server key at $key (under the scratch root), mode 0600"
done_testing

#!/bin/sh
# test-init.sh — muthur init: folders, Maildirs, server key; never overwrites.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
tap_tmpdir
cd "$TAP_TMP" || exit 1
tap_muthur_conf

"$MUTHUR" init > out.txt 2>&1; ok $? "muthur init succeeds"
for d in var/mail/in var/mail/out; do
	for s in new cur tmp; do
		test -d "$d/$s"; ok $? "$d/$s exists"
	done
done
test -d var; ok $? "database folder exists"
test -f var/server.key; ok $? "server key exists"
is "$(stat -c %a var/server.key)" 600 "server key has mode 0600"
grep -q '^muthur-ed25519-secret ' var/server.key; ok $? "server key is a muthur secret key"
test -f var/muthur.db; ok $? "database exists"
is "$(stat -c %a var/muthur.db)" 600 "database has mode 0600 (it holds the games' secrets)"
grep -q "^database var/muthur.db created (schema version [0-9]*)$" out.txt; ok $? "init says it created the database"
before=$(cat var/server.key)
"$MUTHUR" init > out2.txt 2>&1; ok $? "a second muthur init succeeds"
is "$(cat var/server.key)" "$before" "the existing key is not overwritten"
grep -q "server key .* kept" out2.txt; ok $? "and init says it kept it"
grep -q "^database var/muthur.db ready (schema version [0-9]*)$" out2.txt; ok $? "and that the database is ready"

# From another folder, with --config and MUTHUR_CONFIG.
mkdir elsewhere && cd elsewhere || exit 1
"$MUTHUR" --config ../muthur.conf init >/dev/null 2>&1; ok $? "--config before the verb"
"$MUTHUR" init --config ../muthur.conf >/dev/null 2>&1; ok $? "--config after the verb"
MUTHUR_CONFIG=../muthur.conf "$MUTHUR" init >/dev/null 2>&1; ok $? "\$MUTHUR_CONFIG"
test ! -e var; ok $? "relative paths are taken from the config's folder"
cd .. || exit 1

chmod 644 var/server.key
err=$("$MUTHUR" init 2>&1); st=$?
is "$st" 1 "a world-readable server key is refused"
case $err in *"mode 0644"*) ok 0 "naming its mode";; *) ok 1 "naming its mode: $err";; esac
chmod 600 var/server.key

if command -v python3 >/dev/null 2>&1; then
	cp var/muthur.db newer.db
	python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA user_version = 99"); c.commit()' newer.db
	sed 's|var/muthur.db|newer.db|' muthur.conf > newer.conf
	err=$("$MUTHUR" --config newer.conf init 2>&1); st=$?
	is "$st" 1 "a database newer than muthur is refused"
	case $err in *"schema version 99, newer than this muthur knows"*) ok 0 "saying so";; *) ok 1 "saying so: $err";; esac
	printf 'not a database at all, just text that is long enough to be a header......\n' > junk.db
	sed 's|var/muthur.db|junk.db|' muthur.conf > junk.conf
	err=$("$MUTHUR" --config junk.conf init 2>&1); st=$?
	is "$st" 1 "a file that is not a database is refused"
	case $err in *junk.db*) ok 0 "naming it";; *) ok 1 "naming it: $err";; esac
fi

printf '[store]\npath = x\n[mail]\nin = maildir:i\nout = maildir:o\nfrom = a@b\n[server]\nkey = k\nfoo = 1\n' > bad.conf
err=$("$MUTHUR" --config bad.conf init 2>&1); st=$?
is "$st" 1 "a bad config fails"
is "$err" "muthur: bad.conf:9: unknown key 'foo' in section [server] (expected one of: key, templates, pid_file)" "with file, line and key"
test ! -e i; ok $? "and creates nothing"
err=$("$MUTHUR" --config missing.conf init 2>&1); is $? 1 "a missing config fails"
done_testing

/* test-config.c — muthur.conf parsing: good files and a table of bad ones. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/conf.h"
#include "lib/xmalloc.h"
#include "tests/tap.h"

#define MINIMAL \
	"[store]\npath = var/muthur.db\n" \
	"[mail]\nin = maildir:var/mail/in\nout = maildir:var/mail/out\nfrom = muthur@club.example\n" \
	"[server]\nkey = var/server.key\n"

static void
test_good(void)
{
	struct config *cf;
	char *cause = NULL;

	cf = config_parse(
	    "# the doc/product.md example\n"
	    "[store]\n"
	    "path = var/muthur.db\n"
	    "[mail]\n"
	    "in   = maildir:var/mail/in       # or imaps://…\n"
	    "out  = maildir:var/mail/out      # or smtp+starttls://…\n"
	    "from = muthur@club.example\n"
	    "[server]\n"
	    "key  = var/server.key            # created by muthur init\n",
	    "muthur.conf", "/srv/muthur", &cause);
	ok(cf != NULL, "doc/product.md's minimal config parses%s%s", cause ? ": " : "", cause ? cause : "");
	if (cf == NULL)
		return;
	is_str(cf->store_path, "/srv/muthur/var/muthur.db", "store path is relative to the config");
	is_int(cf->mail_in.scheme, MAIL_MAILDIR, "in is a Maildir");
	is_str(cf->mail_in.path, "/srv/muthur/var/mail/in", "in path resolved");
	is_str(cf->mail_out.path, "/srv/muthur/var/mail/out", "out path resolved");
	is_str(cf->mail_from, "muthur@club.example", "from");
	is_str(cf->server_key, "/srv/muthur/var/server.key", "server key path");
	is_int(cf->poll_interval, 60, "poll_interval default");
	is_int(cf->max_message_size, 10 * 1024 * 1024, "max_message_size default");
	is_int(cf->max_orders_size, 64 * 1024, "max_orders_size default");
	ok(cf->templates == NULL && cf->pid_file == NULL, "optional keys unset");
	config_free(cf);

	cf = config_parse("[store]\nurl = postgresql://muthur@db.club.example/muthur\n"
	    "[mail]\nin = maildir:i\nout = maildir:o\nfrom = a@b\n[server]\nkey = k\n",
	    "t.conf", "/srv/muthur", &cause);
	ok(cf != NULL, "[store] url parses%s%s", cause ? ": " : "", cause ? cause : "");
	if (cf == NULL)
		return;
	is_str(config_store(cf), "postgresql://muthur@db.club.example/muthur",
	    "the store opened is the PostgreSQL URL");
	is_str(cf->store_path, "/srv/muthur/muthur-postgresql",
	    "muthurd's lock and guard files go beside the config");
	config_free(cf);

	cf = config_parse(
	    "[store]\npath=/var/lib/muthur/muthur.db\n"
	    "[mail]\n"
	    "in = imaps://muthur@mail.club.example/Orders\n"
	    "out = smtp+starttls://muthur@mail.club.example\n"
	    "from = muthur@club.example\n"
	    "password_file = /etc/muthur/password\n"
	    "poll_interval = 300\n"
	    "max_message_size = 2M\n"
	    "max_orders_size = 16k\n"
	    "ca_file = ca.pem\n"
	    "\n   # indented comment\n"
	    "[server]\nkey = /etc/muthur/server.key\ntemplates = /etc/muthur/templates\n"
	    "pid_file = /run/muthurd.pid\n",
	    "real.conf", "/etc/muthur", &cause);
	ok(cf != NULL, "a real-mail config parses%s%s", cause ? ": " : "", cause ? cause : "");
	if (cf == NULL)
		return;
	is_int(cf->mail_in.scheme, MAIL_IMAPS, "imaps scheme");
	is_str(cf->mail_in.user, "muthur", "imap user");
	is_str(cf->mail_in.host, "mail.club.example", "imap host");
	is_int(cf->mail_in.port, 993, "imaps default port");
	is_str(cf->mail_in.mailbox, "Orders", "imap mailbox");
	is_int(cf->mail_out.scheme, MAIL_SMTP_STARTTLS, "smtp+starttls scheme");
	is_int(cf->mail_out.port, 587, "submission default port");
	is_str(cf->in_password_file, "/etc/muthur/password", "password_file serves in");
	is_str(cf->out_password_file, "/etc/muthur/password", "password_file serves out");
	is_str(cf->ca_file, "/etc/muthur/ca.pem", "ca_file resolved");
	is_int(cf->poll_interval, 300, "poll_interval");
	is_int(cf->max_message_size, 2 * 1024 * 1024, "size with M");
	is_int(cf->max_orders_size, 16 * 1024, "size with k");
	is_str(cf->pid_file, "/run/muthurd.pid", "pid_file");
	config_free(cf);

	cf = config_parse(MINIMAL "[mail]\n", "x.conf", ".", &cause);
	ok(cf != NULL, "a section may be reopened");
	config_free(cf);
	cf = config_parse("[store]\r\npath = db\r\n[mail]\r\nin = imap://u@127.0.0.1:10143\r\n"
	    "in_password_file = pw\r\nout = smtp://127.0.0.1:10025\r\nfrom = a@b\r\n"
	    "[server]\r\nkey = k\r\n", "crlf.conf", ".", &cause);
	ok(cf != NULL, "CRLF lines parse%s%s", cause ? ": " : "", cause ? cause : "");
	if (cf != NULL) {
		is_int(cf->mail_in.port, 10143, "explicit port");
		is_str(cf->mail_in.mailbox, "INBOX", "default mailbox INBOX");
		ok(cf->mail_out.user == NULL && cf->out_password_file == NULL, "smtp without auth");
	}
	config_free(cf);
}

static const struct {
	const char *text;
	const char *error;
} bad[] = {
	{ MINIMAL "[store]\npaht = x\n",
	  "t.conf:10: unknown key 'paht' in section [store] (expected one of: path, url)" },
	{ "[store]\npath var/muthur.db\n",
	  "t.conf:2: missing '=' in \"path var/muthur.db\" (expected key = value)" },
	{ MINIMAL "[club]\nnmr = maybe\n",
	  "t.conf:10: key 'nmr': \"maybe\" is not an NMR policy (expected pass, hold or "
	  "extend)" },
	{ MINIMAL "[club]\ndeadline = soon\n",
	  "t.conf:10: key 'deadline': \"soon\" is not a duration such as 48h, 90m, 2d or "
	  "1d12h" },
	{ "[stroe]\n",
	  "t.conf:1: unknown section [stroe] (expected one of: store, mail, server, club)" },
	{ "path = x\n",
	  "t.conf:1: key 'path' is outside any section (expected a [section] line first)" },
	{ "[store\n",
	  "t.conf:1: bad section header \"[store\" (expected [name])" },
	{ "[store]\n = x\n",
	  "t.conf:2: no key before '=' (expected key = value)" },
	{ "[store]\npath = a\npath = b\n",
	  "t.conf:3: key 'path' in [store] given twice (first on line 2)" },
	{ "[store]\npath =\n",
	  "t.conf:2: key 'path' has an empty value" },
	{ "[store]\npath = x # comment only after\n[mail]\nin = pop3://u@h\n",
	  "t.conf:4: key 'in': unknown mailbox \"pop3://u@h\" (expected maildir:PATH, "
	  "imaps://user@host[:port][/MAILBOX], imap+starttls://… or imap://…)" },
	{ "[mail]\nin = smtps://u@h\n",
	  "t.conf:2: key 'in': \"smtps://\" is for outgoing mail here (expected maildir:PATH, "
	  "imaps://user@host[:port][/MAILBOX], imap+starttls://… or imap://…)" },
	{ "[mail]\nin = imaps://mail.example\n",
	  "t.conf:2: key 'in': \"imaps://mail.example\" names no user (expected imaps://user@host)" },
	{ "[mail]\nin = imaps://u@h:99999\n",
	  "t.conf:2: key 'in': bad port in \"imaps://u@h:99999\" (expected 1 to 65535)" },
	{ "[mail]\nout = maildir:\n",
	  "t.conf:2: key 'out': maildir: needs a folder (maildir:PATH)" },
	{ "[mail]\nout = smtp://h/INBOX\n",
	  "t.conf:2: key 'out': \"smtp://h/INBOX\": an SMTP address takes no folder" },
	{ "[mail]\nfrom = muthur\n",
	  "t.conf:2: key 'from': \"muthur\" is not a mail address (expected local@domain)" },
	{ "[mail]\npoll_interval = soon\n",
	  "t.conf:2: key 'poll_interval': \"soon\" is not a number of seconds (expected 1 to 86400)" },
	{ "[mail]\npoll_interval = 0\n",
	  "t.conf:2: key 'poll_interval': \"0\" is not a number of seconds (expected 1 to 86400)" },
	{ "[mail]\nmax_message_size = 10G\n",
	  "t.conf:2: key 'max_message_size': \"10G\" is not a size (expected bytes, or a number "
	  "followed by k or M, up to 1 TiB)" },
	{ "[store]\npath = x\n",
	  "t.conf: missing key 'in' in section [mail]" },
	{ "[store]\npath = x\n[mail]\nin = maildir:i\nout = maildir:o\nfrom = a@b\n",
	  "t.conf: missing key 'key' in section [server]" },
	{ "[store]\npath = x\n[mail]\nin = imaps://u@h\nout = maildir:o\nfrom = a@b\n"
	  "[server]\nkey = k\n",
	  "t.conf: key 'in' is an IMAP mailbox: [mail] needs password_file or in_password_file" },
	{ "[store]\npath = x\n[mail]\nin = maildir:i\nout = smtps://u@h\nfrom = a@b\n"
	  "[server]\nkey = k\n",
	  "t.conf: key 'out' names a user: [mail] needs password_file or out_password_file" },
	{ "[mail]\nin = maildir:i\nout = maildir:o\nfrom = a@b\n[server]\nkey = k\n",
	  "t.conf: missing key 'path' (or 'url') in section [store]" },
	{ "[store]\npath = x\nurl = postgresql:///m\n[mail]\nin = maildir:i\nout = maildir:o\n"
	  "from = a@b\n[server]\nkey = k\n",
	  "t.conf: [store] has both 'path' (SQLite) and 'url' (PostgreSQL): give one" },
	{ "[store]\nurl = mysql://m@h/db\n",
	  "t.conf:2: key 'url': \"mysql://m@h/db\" is not a PostgreSQL URL (expected "
	  "postgresql://user@host/database; a SQLite database is given by 'path')" },
	{ "[server]\nkey = k\npid = x\n",
	  "t.conf:3: unknown key 'pid' in section [server] (expected one of: key, templates, pid_file)" },
};

static void
test_bad(void)
{
	struct config *cf;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *cause = NULL;

		cf = config_parse(bad[i].text, "t.conf", ".", &cause);
		ok(cf == NULL, "bad config %zu refused", i);
		is_str(cause, bad[i].error, "bad config %zu gives its exact error", i);
		config_free(cf);
		free(cause);
	}
}

static void
test_load(void)
{
	char *cause = NULL;
	struct config *cf = config_load("/nonexistent/muthur.conf", &cause);

	ok(cf == NULL, "missing file refused");
	ok(cause != NULL && strstr(cause, "/nonexistent/muthur.conf") != NULL &&
	    strstr(cause, "No such file") != NULL, "reason names the file: %s", cause);
	free(cause);
}

int
main(void)
{
	test_good();
	test_bad();
	test_load();
	return done_testing();
}

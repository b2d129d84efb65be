/*
 * test-poison.c — no single mail stops a pass (issue 21): `muthurd --once`
 * over valid orders mails mixed with poison generated here at run time (a
 * 4 MB mail of 50,000 nested message/rfc822 parts, 7 MB of 100,000 nested
 * multiparts, header comments nested a million deep, a 50 MB mail with
 * its orders block first), senders with unusual but valid addresses, two
 * different mails with one Message-ID and a mail left in both new/ and
 * cur/ by a crash. The daemon must exit 0, handle the valid orders, refuse
 * the too-big and too-deep mails with their reason, answer every valid
 * address, and leave nothing in new/.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>
#include <sodium.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/mailseen.h"
#include "store/orders.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

#define BIG_SIZE	(50u * 1024 * 1024)

static const char conftext[] = "[store]\npath = var/muthur.db\n[mail]\n"
    "in = maildir:var/mail/in\nout = maildir:var/mail/out\n"
    "from = muthur@club.example\n[server]\nkey = var/server.key\n";
static char *outdir;

static void
header(struct strbuf *sb, const char *from, const char *msgid)
{
	strbuf_addf(sb, "From: %s\nTo: muthur@club.example\nSubject: poison\n"
	    "Message-ID: <%s>\nDate: Mon, 1 Jan 2024 00:00:00 +0000\n", from, msgid);
}

static void
deliver(struct strbuf *sb)
{
	e2e_deliver(sb->s, sb->len);
	strbuf_free(sb);
}

/* levels nested message/rfc822 parts, about 85 bytes a level. */
static void
nested_messages(long levels)
{
	struct strbuf sb = STRBUF_INIT;
	long i;

	header(&sb, "deep@players.example", "deep-messages@players.example");
	for (i = 0; i < levels; i++)
		strbuf_addstr(&sb, "MIME-Version: 1.0\nContent-Type: message/rfc822\n\n"
		    "From: deep@players.example\nSubject: x\n");
	strbuf_addstr(&sb, "\nhello\n");
	deliver(&sb);
}

/* levels nested multiparts, each with its own boundary. */
static void
nested_multiparts(long levels)
{
	struct strbuf sb = STRBUF_INIT;
	long i;

	header(&sb, "deep@players.example", "deep-multiparts@players.example");
	for (i = 0; i < levels; i++)
		strbuf_addf(&sb, "Content-Type: multipart/mixed; boundary=\"b%ld\"\n\n"
		    "--b%ld\n", i, i);
	strbuf_addstr(&sb, "Content-Type: text/plain\n\nhello\n");
	for (i = levels; i-- > 0;)
		strbuf_addf(&sb, "--b%ld--\n", i);
	deliver(&sb);
}

static void
deep_comments(size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addstr(&sb, "From: comments@players.example\nTo: ");
	for (i = 0; i < n; i++)
		strbuf_addc(&sb, '(');
	strbuf_addstr(&sb, "\nMessage-ID: <comments@players.example>\n\nhello\n");
	deliver(&sb);
}

/* A refusable mail (an orders block without its END line) from from. */
static void
broken_orders(const char *from, const char *msgid, const char *text)
{
	struct strbuf sb = STRBUF_INIT;

	header(&sb, from, msgid);
	strbuf_addf(&sb, "Content-Type: text/plain; charset=utf-8\n\n%s\n"
	    "-----BEGIN MUTHUR ORDERS-----\ngame e2e\n", text);
	deliver(&sb);
}

/* Players of other games, at the addresses the mails below come from. */
static const char *const others[] = {
	"\"john doe\"@players.example", "j\xc3\xb6rg@players.example", "user@[127.0.0.1]",
	"route@players.example", "twice@players.example", "deep@players.example",
};

static size_t
out_count(const char *text)
{
	return e2e_count(outdir, text);
}

/* Copy a handled mail from .Processed/cur/ back into new/, as a kill of
 * an older muthur between its link into cur/ and its unlink from new/
 * left it (marking now is one rename, which leaves no such pair). */
static int
leave_in_both(void)
{
	char *cur = xasprintf("%s/.Processed/cur", e2e_in), *name = NULL;
	struct dirent *de;
	DIR *d = opendir(cur);
	int rc = -1;

	while (d != NULL && (de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && strstr(de->d_name, ":2,S") != NULL) {
			name = xstrdup(de->d_name);
			break;
		}
	if (d != NULL)
		closedir(d);
	if (name != NULL) {
		*strchr(name, ':') = '\0';
		/* where an older muthur marked it: the inbox's cur/, and new/ */
		rc = e2e_sh("mv '%s/%s':2,S '%s/cur/%s:2,S' && ln '%s/cur/%s':2,S "
		    "'%s/new/%s'", cur, name, e2e_in, name, e2e_in, name, e2e_in, name);
	}
	free(name);
	free(cur);
	return rc;
}

int
main(void)
{
	const char *top;
	char *mail, *path, tmpl[] = "/tmp/muthur-poison-XXXXXX";
	struct strbuf sb = STRBUF_INIT;
	struct store *st;
	int64_t seen0, seen1;
	size_t processed;
	uint64_t seq0;
	size_t len;
	int k, sent;

	top = e2e_setup(tmpl);
	outdir = xasprintf("%s/var/mail/out", e2e_dir);
	is_int(e2e_init_game(top, conftext), 0, "muthur init, players' keys, new-game");
	for (k = 0; k < 2; k++)
		is_int(e2e_sh("%s/muthur --config %s seat e2e %s --email %s --key %s/%s.pub "
		    ">/dev/null", e2e_bin, e2e_conf, e2e_seats[k], e2e_addr[k], e2e_dir,
		    e2e_seats[k]), 0, "seat %s", e2e_seats[k]);
	is_int(e2e_sh("%s/muthur --config %s start --deal-now e2e >/dev/null", e2e_bin, e2e_conf), 0,
	    "start");
	/*
	 * The senders of the mails below are players of other games: only a
	 * registered address is answered (doc/product.md §3 "Who gets a reply").
	 */
	for (k = 0; k < (int)(sizeof others / sizeof others[0]); k++) {
		if (k % 2 == 0)
			e2e_sh("%s/muthur --config %s new-game others-%d --rules ccg "
			    "--scenario contact >/dev/null", e2e_bin, e2e_conf, k / 2);
		is_int(e2e_sh("%s/muthur --config %s seat others-%d %s --email '%s' --key "
		    "%s/%s.pub >/dev/null", e2e_bin, e2e_conf, k / 2, e2e_seats[k % 2],
		    others[k], e2e_dir, e2e_seats[k % 2]), 0, "a player at %s", others[k]);
	}
	is_int(e2e_daemon_once(), 0, "muthurd --once sends the first views");
	path = xasprintf("%s/var/muthur.db", e2e_dir);
	st = store_open(path, NULL);
	free(path);
	if (st == NULL)
		return diag("no store"), done_testing();
	seq0 = e2e_phase_seq(st);
	store_mail_count(st, &seen0, NULL);

	/* 50 MB, its valid signed orders first: over max_message_size */
	mail = e2e_orders_mail(st, 0, 0, 0, NULL, &len);
	strbuf_add(&sb, mail, len);
	free(mail);
	while (sb.len < BIG_SIZE)
		strbuf_addstr(&sb, "padding padding padding padding padding padding padding "
		    "padding padding padding padding padding padding padding\n");
	deliver(&sb);
	nested_messages(50000);
	nested_multiparts(100000);
	deep_comments(1000000);
	broken_orders("\"john doe\"@players.example", "quoted@players.example", "quoted");
	broken_orders("j\xc3\xb6rg@players.example", "utf8@players.example", "utf8");
	broken_orders("user@[127.0.0.1]", "literal@players.example", "literal");
	broken_orders("<@relay.example:route@players.example>", "route@players.example",
	    "route");
	broken_orders("twice@players.example", "same@players.example", "first");
	broken_orders("twice@players.example", "same@players.example", "second");
	sent = e2e_round(st);
	is_int(e2e_daemon_once(), 0, "muthurd --once over %d valid orders mails and the "
	    "poison exits 0", sent);
	is_int((int)e2e_files_in("new"), 0, "every mail left new/ in the pass that saw it");
	st = e2e_reopen(st);
	store_mail_count(st, &seen1, NULL);
	is_int((int)(seen1 - seen0), 10 + sent, "all %d mails recorded", 10 + sent);
	ok(e2e_phase_seq(st) > seq0, "the valid orders were handled: the phase resolved");
	is_int((int)out_count("max_message_size"), 1, "the 50 MB mail is refused as too big, "
	    "not accepted");
	is_int((int)out_count("nested more than 16 deep"), 2, "both deep mails are refused "
	    "with the reason");
	is_int((int)out_count("To: \"john doe\"@players.example"), 1, "a quoted local part "
	    "is answered");
	is_int((int)out_count("To: j\xc3\xb6rg@players.example"), 1, "a UTF-8 address is "
	    "answered");
	is_int((int)out_count("To: user@[127.0.0.1]"), 1, "a domain literal is answered");
	is_int((int)out_count("To: route@players.example"), 1, "a source route is dropped "
	    "and the address answered");
	is_int((int)out_count("In-Reply-To: <same@players.example>"), 2, "two different "
	    "mails with one Message-ID get one answer each");

	/* an older muthur's crash between its link into cur/ and its unlink
	 * from new/ */
	processed = e2e_files_in(".Processed/cur");
	is_int(leave_in_both(), 0, "a handled mail is left in both new/ and cur/");
	is_int(e2e_daemon_once(), 0, "muthurd --once");
	is_int((int)e2e_files_in("new"), 0, "it left new/");
	is_int((int)e2e_files_in("cur"), 0, "and cur/");
	is_int((int)e2e_files_in(".Processed/cur"), (int)processed, "back in .Processed/cur/, "
	    "once");
	st = e2e_reopen(st);
	store_mail_count(st, &seen0, NULL);
	is_int((int)(seen0 - seen1), 0, "and was not handled again");
	store_close(st);
	if (getenv("KEEP") == NULL)
		e2e_sh("rm -rf %s", e2e_dir);
	return done_testing();
}

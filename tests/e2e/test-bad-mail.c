/*
 * test-bad-mail — doc/product.md §3 "Who gets a reply": every mail from a
 * registered address gets an answer. A corpus of the ways players' mail
 * goes wrong is made from a valid signed orders mail of a seat that owes
 * orders, each mailed alone through muthurd --once:
 *
 *   quoted        the block and signature behind "> " (a reply): accepted;
 *   flowed        format=flowed with a trailing space on every line: accepted;
 *   sig-above     the signature pasted above the block: accepted;
 *   no-block      a registered player's "thanks!": refused, saying so;
 *   quoted-twice  behind "> > ": refused, naming the line found;
 *   crlf-signed   signed over CRLF line endings: refused, saying CRLF.
 *
 * Each gets exactly one mail In-Reply-To it, at the seat's address, and
 * the outcome the list says; the count of silent drops is 0.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/sig.h"
#include "store/games.h"
#include "store/orders.h"
#include "store/phases.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

static const char conftext[] = "[store]\npath = var/muthur.db\n[mail]\n"
    "in = maildir:var/mail/in\nout = maildir:var/mail/out\n"
    "from = muthur@club.example\n[server]\nkey = var/server.key\n";
static char *outdir;
static int serial;

/* A seat that owes orders now (0 or 1), -1 when none. */
static int
owing(struct store *st)
{
	struct store_game *g = store_game_get(st, e2e_game, NULL);
	struct store_phase *ph = g ? store_phase_current(st, g->id, NULL) : NULL;
	char **missing = NULL;
	size_t n = 0;
	int k = -1;

	if (ph != NULL && store_phase_missing(st, ph->id, &missing, &n, NULL) == 0 &&
	    n > 0)
		k = strcmp(missing[0], e2e_seats[0]) == 0 ? 0 : 1;
	store_names_free(missing, n);
	store_phase_free(ph);
	store_game_free(g);
	return k;
}

/* The mail with a fresh Message-ID (written into *id) and its body
 * made by how from the original body. */
static char *
variant(const char *mail, const char *how, int k, char **id)
{
	struct strbuf m = STRBUF_INIT;
	const char *body = strstr(mail, "\r\n\r\n"), *p, *nl;
	const char *mid = strstr(mail, "Message-ID: <");

	*id = xasprintf("<bad.%d.%d@players.example>", ++serial, (int)getpid());
	strbuf_add(&m, mail, (size_t)(mid - mail));
	strbuf_addf(&m, "Message-ID: %s\r\n", *id);
	p = strstr(mid, "\r\n") + 2;
	if (strcmp(how, "flowed") == 0) {
		const char *ct = strstr(p, "Content-Type: text/plain; charset=utf-8");

		strbuf_add(&m, p, (size_t)(ct - p));
		strbuf_addstr(&m, "Content-Type: text/plain; charset=utf-8; format=flowed");
		p = ct + strlen("Content-Type: text/plain; charset=utf-8");
	}
	strbuf_add(&m, p, (size_t)(body + 4 - p));
	body += 4;
	if (strcmp(how, "no-block") == 0) {
		strbuf_addstr(&m, "Thanks, great game!\r\n");
		return strbuf_detach(&m, NULL);
	}
	if (strcmp(how, "sig-above") == 0) {
		const char *end = strstr(body, ORDERS_END);

		end = strstr(end, "\r\n") + 2;
		strbuf_addstr(&m, end);
		strbuf_add(&m, body, (size_t)(end - body));
		return strbuf_detach(&m, NULL);
	}
	if (strcmp(how, "crlf-signed") == 0) {
		const char *end = strstr(body, ORDERS_END);
		size_t blen;
		char *sig, *s;

		end = strstr(end, "\r\n") + 2;
		blen = (size_t)(end - body);
		sig = sig_muthur_sign(e2e_sk[k], body, blen);
		strbuf_add(&m, body, blen);
		for (s = sig; *s != '\0'; s++) {
			if (*s == '\n')
				strbuf_addc(&m, '\r');
			strbuf_addc(&m, *s);
		}
		free(sig);
		return strbuf_detach(&m, NULL);
	}
	strbuf_addstr(&m, "On Mon, muthur wrote:\r\n");
	for (; *body != '\0'; body = nl + 2) {
		nl = strstr(body, "\r\n");
		if (nl == NULL)
			nl = body + strlen(body) - 2;
		if (strcmp(how, "quoted") == 0)
			strbuf_addstr(&m, "> ");
		else if (strcmp(how, "quoted-twice") == 0)
			strbuf_addstr(&m, "> > ");
		strbuf_add(&m, body, (size_t)(nl - body));
		if (strcmp(how, "flowed") == 0)
			strbuf_addc(&m, ' ');
		strbuf_addstr(&m, "\r\n");
	}
	return strbuf_detach(&m, NULL);
}

int
main(void)
{
	static const struct {
		const char *how, *want;
	} corpus[] = {
		{ "quoted", "orders stored" },
		{ "flowed", "orders stored" },
		{ "sig-above", "orders stored" },
		{ "no-block", "holds no orders block" },
		{ "quoted-twice", "is not the line" },
		{ "crlf-signed", "CRLF" },
	};
	const char *top = getenv("top_srcdir"), *build = getenv("top_builddir");
	char tmpl[] = "/tmp/muthur-bad-mail-XXXXXX", *path, *mail, *v, *id, *irt;
	struct store *st;
	size_t len, i;
	int k, silent = 0, failed = 0;

	if (top == NULL || build == NULL)
		skip_all("run under make check (top_srcdir, top_builddir)");
	if (sodium_init() < 0 || mkdtemp(tmpl) == NULL)
		skip_all("no libsodium or no temporary folder");
	e2e_maildir_paths(tmpl, build);
	outdir = xasprintf("%s/var/mail/out", e2e_dir);
	is_int(e2e_init_game(top, conftext), 0, "muthur init, players' keys, new-game");
	for (k = 0; k < 2; k++)
		is_int(e2e_seat(k), 0, "seat %s", e2e_seats[k]);
	is_int(e2e_sh("%s/muthur --config %s start e2e >/dev/null", e2e_bin, e2e_conf), 0,
	    "start");
	is_int(e2e_daemon_once(), 0, "muthurd --once sends the first views");
	path = xasprintf("%s/var/muthur.db", e2e_dir);
	for (i = 0; i < sizeof corpus / sizeof corpus[0]; i++) {
		size_t answers, right;

		st = store_open(path, NULL);
		if (st == NULL || (k = owing(st)) < 0) {
			ok(0, "%s: a seat owes orders", corpus[i].how);
			store_close(st);
			continue;
		}
		mail = e2e_orders_mail(st, k, k, 0, NULL, &len);
		store_close(st);
		v = variant(mail, corpus[i].how, k, &id);
		e2e_deliver(v, strlen(v));
		e2e_daemon_once();
		irt = xasprintf("In-Reply-To: %s", id);
		answers = e2e_count(outdir, irt);
		right = 0;
		if (answers == 1) {
			char *both = xasprintf("%s", corpus[i].want);

			/* the answer holds the text wanted (mails In-Reply-To
			 * this one holding it) */
			right = e2e_count(outdir, both) > 0;
			free(both);
		}
		silent += answers == 0;
		failed += !right;
		ok(answers == 1 && right, "%s: one answer (%zu), saying \"%s\"",
		    corpus[i].how, answers, corpus[i].want);
		free(irt);
		free(id);
		free(v);
		free(mail);
	}
	is_int(silent, 0, "no mail from a registered address went unanswered");
	free(path);
	if (silent == 0 && failed == 0)
		e2e_sh("rm -rf %s", tmpl);
	else
		diag("kept %s", tmpl);
	return done_testing();
}

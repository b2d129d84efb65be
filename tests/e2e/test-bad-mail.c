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
 *   crlf-signed   signed over CRLF line endings: refused, saying CRLF;
 *   receipts      the orders with "set receipts on": accepted.
 *
 * A refused mail, and an accepted one whose seat set receipts on, gets
 * exactly one mail In-Reply-To it at once, at the seat's address, saying
 * what the list says. An accepted one without receipts gets none at once
 * (issue 33): its acknowledgement, named by its nonce, is a note of
 * exactly one of the seat's later mails. The count of silent drops is 0.
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
#include "daemon/game-int.h"
#include "daemon/game.h"
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

/* Seat k's policy orders for the open phase with "set receipts on". */
static char *
receipts_mail(struct store *st, int k, size_t *len)
{
	struct game_live *l = game_live_load(st, e2e_game, NULL);
	char *orders, *text, *mail;

	if (l == NULL)
		return NULL;
	orders = game_policy_orders(l->rules, l->g, (size_t)l->rules->seat_index(l->g,
	    e2e_seats[k]));
	text = xasprintf("%sset receipts on\n", orders);
	mail = e2e_orders_mail(st, k, k, 0, text, len);
	free(text);
	free(orders);
	game_live_free(l);
	return mail;
}

/* The note naming the block of mail (its nonce's first 8 digits). */
static char *
ack_text(const char *mail)
{
	const char *p = strstr(mail, "nonce: ");

	return p != NULL ? xasprintf("(nonce %.8s) was", p + 7) : xstrdup("(no nonce)");
}

int
main(void)
{
	static const struct {
		const char *how, *want;
		int deferred;	/* accepted: the next mail says so */
	} corpus[] = {
		{ "quoted", "orders stored", 1 },
		{ "flowed", "orders stored", 1 },
		{ "sig-above", "orders stored", 1 },
		{ "no-block", "holds no orders block", 0 },
		{ "quoted-twice", "is not the line", 0 },
		{ "crlf-signed", "CRLF", 0 },
		{ "receipts", "orders stored", 0 },
	};
	enum { NCORPUS = sizeof corpus / sizeof corpus[0] };
	const char *top = getenv("top_srcdir"), *build = getenv("top_builddir");
	char tmpl[] = "/tmp/muthur-bad-mail-XXXXXX", *path, *mail, *v, *id, *irt;
	char *acks[NCORPUS] = { NULL };
	struct store *st;
	size_t len, i, round;
	int k, silent = 0, failed = 0, waiting;

	if (top == NULL || build == NULL)
		skip_all("run under make check (top_srcdir, top_builddir)");
	if (sodium_init() < 0 || mkdtemp(tmpl) == NULL)
		skip_all("no libsodium or no temporary folder");
	e2e_maildir_paths(tmpl, build);
	outdir = xasprintf("%s/var/mail/out", e2e_dir);
	is_int(e2e_init_game(top, conftext), 0, "muthur init, players' keys, new-game");
	for (k = 0; k < 2; k++)
		is_int(e2e_seat(k), 0, "seat %s", e2e_seats[k]);
	is_int(e2e_sh("%s/muthur --config %s start --deal-now e2e >/dev/null", e2e_bin, e2e_conf), 0,
	    "start");
	is_int(e2e_daemon_once(), 0, "muthurd --once sends the first views");
	path = xasprintf("%s/var/muthur.db", e2e_dir);
	for (i = 0; i < NCORPUS; i++) {
		size_t answers, right;

		st = store_open(path, NULL);
		if (st == NULL || (k = owing(st)) < 0) {
			ok(0, "%s: a seat owes orders", corpus[i].how);
			store_close(st);
			continue;
		}
		if (strcmp(corpus[i].how, "receipts") == 0) {
			mail = receipts_mail(st, k, &len);
			v = xstrdup(mail);
			id = NULL;
			if ((irt = strstr(v, "Message-ID: ")) != NULL)
				id = xstrndup(irt + 12, strcspn(irt + 12, "\r\n"));
		} else {
			mail = e2e_orders_mail(st, k, k, 0, NULL, &len);
			v = variant(mail, corpus[i].how, k, &id);
		}
		store_close(st);
		e2e_deliver(v, strlen(v));
		e2e_daemon_once();
		irt = xasprintf("In-Reply-To: %s", id != NULL ? id : "?");
		answers = e2e_count(outdir, irt);
		right = 0;
		if (corpus[i].deferred) {
			/* none now; its nonce in a later mail (below) */
			acks[i] = ack_text(v);
			right = answers == 0;
			ok(right, "%s: accepted, no answer of its own (%zu)",
			    corpus[i].how, answers);
		} else {
			if (answers == 1)
				/* the answer holds the text wanted (mails
				 * In-Reply-To this one holding it) */
				right = e2e_count(outdir, corpus[i].want) > 0;
			silent += answers == 0;
			ok(answers == 1 && right, "%s: one answer (%zu), saying \"%s\"",
			    corpus[i].how, answers, corpus[i].want);
		}
		failed += !right;
		free(irt);
		free(id);
		free(v);
		free(mail);
	}
	/* the game goes on until every deferred acknowledgement is out */
	for (round = 0, waiting = 1; round < 40 && waiting; round++) {
		for (i = 0, waiting = 0; i < NCORPUS; i++)
			waiting += acks[i] != NULL && e2e_count(outdir, acks[i]) == 0;
		if (waiting == 0 || (st = store_open(path, NULL)) == NULL)
			break;
		e2e_round(st);
		store_close(st);
		e2e_daemon_once();
	}
	for (i = 0; i < NCORPUS; i++) {
		size_t n;

		if (acks[i] == NULL)
			continue;
		n = e2e_count(outdir, acks[i]);
		silent += n == 0;
		failed += n != 1;
		ok(n == 1, "%s: one later mail says \"%s accepted\" (%zu, after %zu "
		    "rounds)", corpus[i].how, acks[i], n, round);
		free(acks[i]);
	}
	is_int(silent, 0, "no mail from a registered address went unanswered");
	free(path);
	if (silent == 0 && failed == 0)
		e2e_sh("rm -rf %s", tmpl);
	else
		diag("kept %s", tmpl);
	return done_testing();
}

/*
 * test-e2e-replies.c — who hears about a mail, replays, what is logged,
 * and one daemon per database, through the real programs (`muthur` and
 * `muthurd --once` over Maildirs, as test-e2e-maildir.c):
 *
 *   - doc/product.md §3 "Who gets a reply": player B resends seat A's signed
 *     block from B's own address with a Reply-To of B's; the refusal (for
 *     a reason that names a card in A's hand) and the acknowledgement go
 *     to A's registered address, nothing to B's nor to the Reply-To. Mail
 *     from an unknown sender that names no seat gets no answer; a
 *     registered sender's mail that names no seat is answered at the
 *     registered address, not at its Reply-To.
 *   - "No replay inside a phase": an earlier block of the phase resent
 *     with a new Message-ID is refused, saying so, and the seat's current
 *     orders stay; a new block reusing a nonce of an earlier phase too.
 *   - muthurd logs the kind of a refusal and the mail's id, never its
 *     reason (no hand card reaches the log).
 *   - While another process holds the database's lock, muthurd --once
 *     exits 0 saying so and touches nothing; two overlapping passes send
 *     every mail once.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/game.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/intake.h"
#include "mail/sig.h"
#include "store/games.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "store/phases.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

static const char conftext[] = "[store]\npath = var/muthur.db\n[mail]\n"
    "in = maildir:var/mail/in\nout = maildir:var/mail/out\n"
    "from = muthur@club.example\n[server]\nkey = var/server.key\n";
static const char *reply_to = "aliens-private@elsewhere.example";
static const char *stranger = "stranger@unknown.example";
static char *outdir, *logpath;
static int serial;

/* A block for seat k (signed with k's key) of turn/phase with nonce hex,
 * mailed From from, with a Reply-To when rt is not NULL. */
static char *
block_mail(const char *from, const char *rt, const char *game, int k, int turn,
    const char *phase, const char *orders, const char *nonce, size_t *len)
{
	struct strbuf b = STRBUF_INIT, m = STRBUF_INIT;
	char *norm, *sig;
	const char *p;
	size_t nlen;

	strbuf_addf(&b, "%s\ngame: %s\nseat: %s\nturn: %d\nphase: %s\nnonce: %s\n\n%s%s\n",
	    ORDERS_BEGIN, game, e2e_seats[k], turn, phase, nonce,
	    orders[0] != '\0' ? orders : "pass\n", ORDERS_END);
	norm = orders_normalise(b.s, b.len, &nlen);
	sig = sig_muthur_sign(e2e_sk[k], norm, nlen);
	strbuf_addf(&m, "From: %s\r\n", from);
	if (rt != NULL)
		strbuf_addf(&m, "Reply-To: %s\r\n", rt);
	strbuf_addf(&m, "To: %s\r\nSubject: orders\r\nDate: Mon, 30 Nov 2026 10:00:00 "
	    "+0000\r\nMessage-ID: <replies.%d.%ld@players.example>\r\nMIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n\r\n", e2e_rcpt, ++serial,
	    (long)time(NULL));
	for (p = norm; *p != '\0'; p++) {
		if (*p == '\n')
			strbuf_addc(&m, '\r');
		strbuf_addc(&m, *p);
	}
	for (p = sig; *p != '\0'; p++) {
		if (*p == '\n')
			strbuf_addc(&m, '\r');
		strbuf_addc(&m, *p);
	}
	free(norm);
	free(sig);
	strbuf_free(&b);
	return strbuf_detach(&m, len);
}

/* A fresh nonce, hex. */
static void
fresh_nonce(char hex[33])
{
	unsigned char n[16];

	randombytes_buf(n, sizeof n);
	sodium_bin2hex(hex, 33, n, sizeof n);
}

/* Deliver a mail and run muthurd --once -v on it; its exit status. */
static int
deliver_and_run(char *mail, size_t len)
{
	e2e_deliver(mail, len);
	free(mail);
	return e2e_sh("%s/muthurd --config %s --once -v 2>>%s", e2e_bin, e2e_conf,
	    logpath);
}

/* Every run of white space in text (wrapped reply lines) made one space. */
static char *
squash(char *text)
{
	char *p, *q;

	for (p = q = text; *p != '\0'; p++)
		if (*p != ' ' && *p != '\t' && *p != '\n')
			*q++ = *p;
		else if (q == text || q[-1] != ' ')
			*q++ = ' ';
	*q = '\0';
	return text;
}

/*
 * The mails muthur sent (out/new) to addr (bodies compared with white
 * space squashed); with text (not NULL) only those
 * whose decoded body holds it. *body gets the last such body when not NULL.
 */
static size_t
mails_to(const char *addr, const char *text, char **body)
{
	struct intake_limits lim = { 0, 0, NULL, 0 };
	struct intake_mail *im;
	struct dirent *de;
	char *dir = xasprintf("%s/new", outdir), *f, *data;
	size_t n = 0, len, i;
	DIR *d = opendir(dir);
	int hit;

	while (d != NULL && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		f = xasprintf("%s/%s", dir, de->d_name);
		if (fs_read_file(f, 1 << 22, &data, &len, NULL) == 0) {
			if (intake_parse(data, len, &lim, &im, NULL) == 0) {
				hit = im->nto == 1 && strcmp(im->to[0], addr) == 0;
				for (i = 0; hit && text != NULL && i < im->nparts; i++)
					if (strstr(squash(im->parts[i].data), text) != NULL)
						break;
				if (hit && text != NULL && i == im->nparts)
					hit = 0;
				if (hit) {
					n++;
					if (body != NULL && text != NULL) {
						free(*body);
						*body = xstrdup(im->parts[i].data);
					}
				}
				intake_mail_free(im);
			}
			free(data);
		}
		free(f);
	}
	if (d != NULL)
		closedir(d);
	free(dir);
	return n;
}

/* The open phase of the game (caller frees), and the seats it waits for. */
static struct store_phase *
phase_now(struct store *st, int *owes)
{
	struct store_game *g = store_game_get(st, e2e_game, NULL);
	struct store_phase *ph = g != NULL ? store_phase_current(st, g->id, NULL) : NULL;
	char **missing = NULL;
	size_t n = 0, i;

	owes[0] = owes[1] = 0;
	if (ph != NULL && store_phase_missing(st, ph->id, &missing, &n, NULL) == 0)
		for (i = 0; i < n; i++)
			owes[strcmp(missing[i], e2e_seats[0]) == 0 ? 0 : 1] = 1;
	store_names_free(missing, n);
	store_game_free(g);
	return ph;
}

/* The Message-ID of seat k's current orders in phase, or NULL. */
static char *
current_orders_id(struct store *st, int64_t phase_id, int k)
{
	struct store_order *o = NULL;
	size_t n = 0, i;
	char *id = NULL;

	if (store_orders_current(st, phase_id, &o, &n, NULL) == 0)
		for (i = 0; i < n; i++)
			if (strcmp(o[i].seat, e2e_seats[k]) == 0)
				id = xstrdup(o[i].message_id);
	store_orders_free(o, n);
	return id;
}

static char *
message_id_of(const char *mail)
{
	const char *p = strstr(mail, "Message-ID: <") + 12;

	return xstrndup(p, (size_t)(strchr(p, '>') - p + 1));
}

/* The same mail with a new Message-ID (the block's bytes unchanged). */
static char *
new_message_id(const char *mail, size_t *len)
{
	const char *p = strstr(mail, "Message-ID: <") + 13;
	char *out = xasprintf("%.*sresent.%d.%s", (int)(p - mail), mail, ++serial, p);

	*len = strlen(out);
	return out;
}

/*
 * Seat k's pass for phase ph sent by the other seat (From its address,
 * Reply-To reply_to). When it is refused at k's address because a location
 * card of k's hand can still be placed: that card's slug (caller frees),
 * else NULL. hand_refusals[k] counts those refusals.
 */
static size_t hand_refusals[2];

static char *
attack_pass(const struct store_phase *ph, int k)
{
	char nonce[33], *mail, *body = NULL, *card = NULL, *e, *s;
	size_t len, n = mails_to(e2e_addr[k], "can still be placed", NULL);

	fresh_nonce(nonce);
	mail = block_mail(e2e_addr[1 - k], reply_to, e2e_game, k, ph->turn, ph->name,
	    "", nonce, &len);
	if (deliver_and_run(mail, len) != 0)
		diag("muthurd --once failed");
	if (mails_to(e2e_addr[k], "can still be placed", &body) > n &&
	    (e = strstr(body, " can still be placed")) != NULL) {
		for (s = e; s > body && s[-1] != ' '; s--)
			;
		card = xstrndup(s, (size_t)(e - s));
		hand_refusals[k]++;
	}
	free(body);
	return card;
}

int
main(void)
{
	const char *top = getenv("top_srcdir"), *build = getenv("top_builddir");
	struct store_phase *ph;
	struct store *st;
	char *mail, *mail1, *path, *log = NULL, *id1, *id2, *cur, *card;
	char *lockpath, tmpl[] = "/tmp/muthur-e2e-replies-XXXXXX";
	char n1[33], n2[33], n3[33];
	size_t len, len1, loglen, sent, before, refused, i;
	int owes[2], k, rounds, lockfd, st1, st2, dup;
	pid_t p1, p2;

	if (top == NULL || build == NULL)
		skip_all("run under make check (top_srcdir, top_builddir)");
	if (sodium_init() < 0 || mkdtemp(tmpl) == NULL)
		skip_all("no libsodium or no temporary folder");
	e2e_maildir_paths(tmpl, build);
	outdir = xasprintf("%s/var/mail/out", e2e_dir);
	logpath = xasprintf("%s/muthurd.log", e2e_dir);
	is_int(e2e_init_game(top, conftext), 0, "muthur init, players' keys, new-game");
	for (k = 0; k < 2; k++)
		is_int(e2e_seat(k), 0, "seat %s", e2e_seats[k]);
	is_int(e2e_sh("%s/muthur --config %s start --deal-now e2e >/dev/null", e2e_bin, e2e_conf), 0,
	    "start");
	is_int(e2e_daemon_once(), 0, "muthurd --once sends the first views");
	path = xasprintf("%s/var/muthur.db", e2e_dir);
	st = store_open(path, NULL);
	lockpath = xasprintf("%s.lock", path);
	free(path);
	if (st == NULL)
		return diag("cannot open the test's database"), done_testing();

	/* a phase both seats owe (the game's first: the Contact scenario's
	 * locations, where a pass is refused while a location of the hand can
	 * still be placed) */
	ph = phase_now(st, owes);
	ok(ph != NULL && owes[0] && owes[1], "both seats owe orders in %s",
	    ph != NULL ? ph->name : "(no phase)");

	/* 13.5: the aliens resend a pass of the marines' (accepted, or refused
	 * for a reason private to the marines) from their own address,
	 * Reply-To their own */
	before = mails_to(e2e_addr[0], NULL, NULL);
	refused = mails_to(e2e_addr[0], "your mail was refused", NULL);
	card = attack_pass(ph, 0);
	refused = mails_to(e2e_addr[0], "your mail was refused", NULL) - refused;
	is_int((int)mails_to(e2e_addr[1], NULL, NULL), 1, "the aliens' address got "
	    "nothing (only its first view)");
	is_int((int)mails_to(reply_to, NULL, NULL), 0, "nor the Reply-To");
	/* on this deal: a refusal is answered at once; an accepted pass is
	 * acknowledged in the marines' next mail (no receipts asked) */
	is_int((int)(mails_to(e2e_addr[0], NULL, NULL) - before), refused > 0 ? 1 : 0,
	    "the answer went to the marines' registered address (%s)", refused > 0 ?
	    "a refusal, at once" : "the pass accepted: acknowledged in their next mail");
	ok(mails_to(e2e_addr[0], "your mail was refused", NULL) == 0 || card != NULL,
	    "a refusal of the pass names a card of the marines' hand");

	/* the marines' valid block, sent by the aliens (Reply-To theirs):
	 * the acknowledgement goes to the marines (a receipt of its own: the
	 * block sets receipts on, else it is a note of their next mail) */
	fresh_nonce(n1);
	before = mails_to(e2e_addr[0], NULL, NULL);
	{
		struct game_live *l = game_live_load(st, e2e_game, NULL);
		char *policy = game_policy_orders(l->rules, l->g,
		    (size_t)l->rules->seat_index(l->g, e2e_seats[0]));
		char *orders = xasprintf("%sset receipts on\n", policy);

		free(policy);

		mail1 = block_mail(e2e_addr[1], reply_to, e2e_game, 0, ph->turn, ph->name,
		    orders, n1, &len1);
		fresh_nonce(n2);
		mail = block_mail(e2e_addr[0], NULL, e2e_game, 0, ph->turn, ph->name,
		    orders, n2, &len);
		free(orders);
		game_live_free(l);
	}
	id1 = message_id_of(mail1);
	id2 = message_id_of(mail);
	e2e_deliver(mail1, len1);
	is_int(e2e_sh("%s/muthurd --config %s --once -v 2>>%s", e2e_bin, e2e_conf,
	    logpath), 0, "muthurd --once over the marines' valid block sent by the aliens");
	st = e2e_reopen(st);
	cur = current_orders_id(st, ph->id, 0);
	ok(cur != NULL && strcmp(cur, id1) == 0, "it is stored");
	free(cur);
	is_int((int)mails_to(e2e_addr[1], NULL, NULL), 1, "the aliens' address got "
	    "nothing");
	is_int((int)mails_to(reply_to, NULL, NULL), 0, "nor the Reply-To");
	is_int((int)(mails_to(e2e_addr[0], NULL, NULL) - before), 1, "the "
	    "acknowledgement went to the marines");

	/* 13.6: the marines' newer block, then the first resent: refused */
	is_int(deliver_and_run(mail, len), 0, "the marines' newer block");
	st = e2e_reopen(st);
	cur = current_orders_id(st, ph->id, 0);
	ok(cur != NULL && strcmp(cur, id2) == 0, "it supersedes the first (%s, %s)",
	    cur != NULL ? cur : "none", id2);
	free(cur);
	before = mails_to(e2e_addr[0], "with this nonce before", NULL);
	mail = new_message_id(mail1, &len);
	is_int(deliver_and_run(mail, len), 0, "the first block resent with a new "
	    "Message-ID");
	st = e2e_reopen(st);
	cur = current_orders_id(st, ph->id, 0);
	ok(cur != NULL && strcmp(cur, id2) == 0, "it does not bring the old orders back "
	    "(current: %s)", cur != NULL ? cur : "none");
	free(cur);
	is_int((int)(mails_to(e2e_addr[0], "with this nonce before", NULL) - before), 1,
	    "the refusal to the marines says the nonce was used before");
	is_int((int)mails_to(e2e_addr[1], NULL, NULL), 1, "the aliens got nothing");
	free(mail1);
	free(id1);
	free(id2);

	/* unknown senders: no answer; a registered sender naming no seat:
	 * answered at the registered address */
	fresh_nonce(n3);
	mail = block_mail(stranger, NULL, "nosuch", 0, 1, "movement.locations", "", n3,
	    &len);
	is_int(deliver_and_run(mail, len), 0, "a block for an unknown game from an "
	    "unknown sender");
	is_int((int)mails_to(stranger, NULL, NULL), 0, "gets no answer");
	mail = xstrdup("From: stranger@unknown.example\r\nTo: muthur@club.example\r\n"
	    "Subject: x\r\nMessage-ID: <broken.1@unknown.example>\r\n\r\n"
	    "-----BEGIN MUTHUR ORDERS-----\r\ngame: e2e\r\n");
	is_int(deliver_and_run(mail, strlen(mail)), 0, "a broken block from an unknown "
	    "sender");
	is_int((int)mails_to(stranger, NULL, NULL), 0, "gets no answer either");
	before = mails_to(e2e_addr[1], NULL, NULL);
	fresh_nonce(n3);
	mail = block_mail(e2e_addr[1], reply_to, "nosuch", 1, 1, "movement.locations", "",
	    n3, &len);
	is_int(deliver_and_run(mail, len), 0, "a block for an unknown game from the "
	    "aliens' address, Reply-To elsewhere");
	is_int((int)(mails_to(e2e_addr[1], NULL, NULL) - before), 1, "is refused at the "
	    "aliens' registered address");
	is_int((int)mails_to(reply_to, NULL, NULL), 0, "not at the Reply-To");

	/* a block naming the marines' seat whose signature is no seat's: from
	 * an unknown sender nobody is mailed (else anyone could make muthur
	 * mail a player); from the aliens' address, the aliens hear of it */
	{
		size_t b0 = mails_to(e2e_addr[0], NULL, NULL), b1;
		char *at;

		fresh_nonce(n3);
		mail = block_mail(stranger, NULL, e2e_game, 0, 1, "movement.locations",
		    "pass\n", n3, &len);
		if ((at = strstr(mail, "\r\npass\r\n")) != NULL)
			at[5] = 'z';	/* changed after signing */
		is_int(deliver_and_run(mail, len), 0, "a badly signed block for the marines "
		    "from an unknown sender");
		is_int((int)(mails_to(e2e_addr[0], NULL, NULL) - b0), 0, "the marines are "
		    "not mailed");
		is_int((int)mails_to(stranger, NULL, NULL), 0, "nor the sender");
		b1 = mails_to(e2e_addr[1], "does not verify", NULL);
		fresh_nonce(n3);
		mail = block_mail(e2e_addr[1], NULL, e2e_game, 0, 1, "movement.locations",
		    "pass\n", n3, &len);
		if ((at = strstr(mail, "\r\npass\r\n")) != NULL)
			at[5] = 'z';
		is_int(deliver_and_run(mail, len), 0, "the same from the aliens' address");
		is_int((int)(mails_to(e2e_addr[1], "does not verify", NULL) - b1), 1,
		    "the aliens are told it does not verify");
		is_int((int)(mails_to(e2e_addr[0], NULL, NULL) - b0), 0, "the marines are "
		    "not mailed");
	}

	/* 13.5 and 13.8 until a pass was refused for a card of the hand (in
	 * the Contact scenario's locations phase: as the hand was dealt) */
	for (rounds = 0; card == NULL && rounds < 60; rounds++) {
		store_phase_free(ph);
		if ((ph = phase_now(st, owes)) == NULL)
			break;
		k = owes[0] ? 0 : 1;
		if (strcmp(ph->name, "movement.locations") == 0 && owes[k])
			card = attack_pass(ph, k);
		if (card == NULL) {
			e2e_round(st);
			e2e_daemon_once();
		}
		st = e2e_reopen(st);
	}
	ok(card != NULL, "a seat's pass resent by the other seat was refused at its "
	    "address because %s of its hand can still be placed", card ? card : "(none)");
	is_int((int)mails_to(reply_to, NULL, NULL), 0, "nothing ever went to the "
	    "Reply-To");
	is_int((int)(mails_to(e2e_addr[0], "can still be placed", NULL) - hand_refusals[0]),
	    0, "the marines' address got no refusal about the aliens' hand");
	is_int((int)(mails_to(e2e_addr[1], "can still be placed", NULL) - hand_refusals[1]),
	    0, "nor the aliens' about the marines'");
	if (fs_read_file(logpath, 1 << 22, &log, &loglen, NULL) == 0) {
		ok(strstr(log, "can still be placed") == NULL, "the log (-v) holds no "
		    "refusal's reason");
		ok(card == NULL || strstr(log, card) == NULL, "nor the hand card %s",
		    card != NULL ? card : "(none)");
		ok(strstr(log, "refused (illegal-orders): game e2e, seat ") != NULL &&
		    strstr(log, "<replies.") != NULL, "it says the kind of the refusal "
		    "and the mail's id");
		free(log);
		log = NULL;
	}

	/* 13.6 across phases: once the phase resolved, a block reusing n2 */
	store_phase_free(ph);
	ph = phase_now(st, owes);
	for (rounds = 0; rounds < 20 && ph != NULL && !owes[0]; rounds++) {
		e2e_round(st);
		e2e_daemon_once();
		st = e2e_reopen(st);
		store_phase_free(ph);
		ph = phase_now(st, owes);
	}
	ok(ph != NULL && owes[0], "a later phase awaits the marines");
	if (ph != NULL) {
		struct game_live *l = game_live_load(st, e2e_game, NULL);
		char *orders = game_policy_orders(l->rules, l->g,
		    (size_t)l->rules->seat_index(l->g, e2e_seats[0]));
		uint64_t seq = ph->seq;

		game_live_free(l);
		cur = NULL;
		before = mails_to(e2e_addr[0], "with this nonce before", NULL);
		mail = block_mail(e2e_addr[0], NULL, e2e_game, 0, ph->turn, ph->name, orders,
		    n2, &len);
		free(orders);
		is_int(deliver_and_run(mail, len), 0, "a new block of phase %s reusing the "
		    "nonce of an earlier one", ph->name);
		st = e2e_reopen(st);
		if (e2e_phase_seq(st) == seq)
			cur = current_orders_id(st, ph->id, 0);
		ok(e2e_phase_seq(st) == seq && cur == NULL, "is not taken");
		free(cur);
		is_int((int)(mails_to(e2e_addr[0], "with this nonce before", NULL) - before),
		    1, "and refused, saying why");
	}
	store_phase_free(ph);

	/* 13.8: nothing of any refusal's reason in the log */
	if (fs_read_file(logpath, 1 << 22, &log, &loglen, NULL) == 0) {
		ok(strstr(log, "can still be placed") == NULL && strstr(log,
		    "with this nonce before") == NULL && strstr(log, "no game named") ==
		    NULL && (card == NULL || strstr(log, card) == NULL), "the whole log holds no refusal's reason");
		ok(strstr(log, "refused (replayed-nonce)") != NULL, "only their kinds");
		free(log);
		log = NULL;
	}

	/* 21.5: one daemon per database */
	ok(fs_lock_try(lockpath, &lockfd, NULL) == 0, "the test holds the database's "
	    "lock, as a running muthurd would");
	ph = phase_now(st, owes);
	k = owes[0] ? 0 : 1;
	mail = e2e_orders_mail(st, k, k, 0, NULL, &len);
	e2e_deliver(mail, len);
	free(mail);
	store_phase_free(ph);
	is_int(e2e_sh("%s/muthurd --config %s --once 2>%s/locked.log", e2e_bin, e2e_conf,
	    e2e_dir), 0, "muthurd --once exits 0 while another holds the lock");
	path = xasprintf("%s/locked.log", e2e_dir);
	ok(fs_read_file(path, 1 << 16, &log, &loglen, NULL) == 0 &&
	    strstr(log, "another muthurd is running") != NULL, "saying another is "
	    "running: %s", log != NULL ? log : "");
	free(log);
	free(path);
	is_int((int)e2e_files_in("new"), 1, "and leaves the mail waiting");
	close(lockfd);
	is_int(e2e_daemon_once(), 0, "once the lock is free, muthurd --once");
	is_int((int)e2e_files_in("new"), 0, "handles it");

	/* two overlapping passes, five times: every mail sent once */
	dup = 0;
	st1 = st2 = 0;
	for (i = 0; i < 5; i++) {
		e2e_round(st);
		if ((p1 = fork()) == 0) {
			execl("/bin/sh", "sh", "-c", xasprintf("%s/muthurd --config %s --once "
			    "2>>%s/race.log", e2e_bin, e2e_conf, e2e_dir), (char *)NULL);
			_exit(127);
		}
		if ((p2 = fork()) == 0) {
			execl("/bin/sh", "sh", "-c", xasprintf("%s/muthurd --config %s --once "
			    "2>>%s/race.log", e2e_bin, e2e_conf, e2e_dir), (char *)NULL);
			_exit(127);
		}
		waitpid(p1, &st1, 0);
		waitpid(p2, &st2, 0);
		if (!WIFEXITED(st1) || WEXITSTATUS(st1) != 0 || !WIFEXITED(st2) ||
		    WEXITSTATUS(st2) != 0)
			dup |= 2;
		e2e_daemon_once();	/* what the one that gave way left */
		st = e2e_reopen(st);
		sent = 0;
		store_outbox_count(st, OUTBOX_SENT, &sent, NULL);
		if (e2e_count(outdir, NULL) != sent)
			dup |= 1;
	}
	ok(!(dup & 2), "both overlapping muthurd --once exit 0, five times");
	ok(!(dup & 1), "no mail was sent twice (%zu mails out, %zu outbox rows sent)",
	    e2e_count(outdir, NULL), sent);

	store_close(st);
	free(lockpath);
	if (getenv("KEEP") == NULL)
		e2e_sh("rm -rf %s", e2e_dir);
	return done_testing();
}

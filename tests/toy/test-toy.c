/*
 * test-toy.c — the toy game (tests/toy/toy-rules.h) played end to end
 * through the real daemon: registered with rules_register() in this test
 * alone, `muthur init` (the program), then new-game, seats and start
 * through the game service, players' signed orders mails delivered into
 * the incoming Maildir and muthurd's pass (loop_pass(), what `muthurd
 * --once` runs) until the game is over; its views, its export and the
 * offline audit with a full replay; and its secrecy (a seat's view and
 * events do not change with the other seat's secret card).
 *
 * Nothing in daemon/, store/ or the auditor names the toy: this is the
 * proof that a game is added behind struct rules alone.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/audit.h"
#include "daemon/conf.h"
#include "daemon/game.h"
#include "daemon/game-int.h"
#include "daemon/loop.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "store/commitments.h"
#include "store/export.h"
#include "store/orders.h"
#include "tests/tap.h"
#include "tests/toy/toy-rules.h"

static const char *const seats[2] = { "red", "blue" };

/*
 * Mails in Maildir folder dir holding needle in their text (before a
 * view.json, which travels as text and says it again): how many (*count),
 * and the most times one of them holds it.
 */
static size_t
mails_with(const char *dir, const char *needle, size_t *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char *path, *text;
	const char *p;
	size_t len, most = 0, n;

	*count = 0;
	while (d != NULL && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (fs_read_file(path, 1 << 20, &text, &len, NULL) == 0) {
			char *json = strstr(text, "Content-Type: application/json");

			if (json != NULL)
				*json = '\0';
			for (n = 0, p = text; (p = strstr(p, needle)) != NULL; p++)
				n++;
			*count += n > 0;
			most = n > most ? n : most;
			free(text);
		}
		free(path);
	}
	if (d != NULL)
		closedir(d);
	return most;
}

/* Play the orders every awaited seat owes; how many mails. */
static int
round_of_mail(struct loop *lp, const char *game, unsigned char sk[2][64], int n)
{
	struct game_live *l;
	struct store_phase *ph;
	char **missing = NULL, *orders, *mail, *from, *tag;
	size_t nm = 0, i, k, len;
	int sent = 0, idx;

	if ((l = game_live_load(lp->st, game, NULL)) == NULL || l->g == NULL)
		return game_live_free(l), -1;
	ph = store_phase_current(lp->st, l->game->id, NULL);
	if (ph == NULL || store_phase_missing(lp->st, ph->id, &missing, &nm, NULL) == -1) {
		store_phase_free(ph);
		game_live_free(l);
		return -1;
	}
	for (i = 0; i < nm; i++) {
		k = strcmp(missing[i], "red") == 0 ? 0 : 1;
		idx = l->rules->seat_index(l->g, missing[i]);
		orders = game_policy_orders(l->rules, l->g, (size_t)idx);
		from = xasprintf("%s@players.example", missing[i]);
		tag = xasprintf("toy.%d.%llu.%s", n, (unsigned long long)ph->seq, missing[i]);
		mail = game_orders_mail(from, lp->cf->mail_from, game, missing[i], ph->turn,
		    ph->name, orders, sk[k], tag, (int64_t)time(NULL), &len);
		if (game_maildir_deliver(lp->cf->mail_in.path, mail, len, NULL) == 0)
			sent++;
		free(mail);
		free(tag);
		free(from);
		free(orders);
	}
	store_names_free(missing, nm);
	store_phase_free(ph);
	game_live_free(l);
	return sent;
}

/*
 * Component data is shared by games made from the same data and kept
 * loaded for the next game: a game still loaded keeps its data however
 * many other games (other data) are loaded meanwhile, and the data nobody
 * holds is bounded. 18 games, each made from its own data (die 2..19).
 */
static void
data_shared(struct game_ctx *c, const char *dir)
{
	struct game_live *held, *l;
	unsigned char hash[32];
	char name[16], *p, *text, *cause = NULL;
	int i, all = 1, rc;

	p = xasprintf("%s/data/toy/toy-data.json", dir);
	for (i = 0; i < 18; i++) {
		unlink(p);
		text = xasprintf("{\"rounds\": 3, \"die\": %d}\n", 2 + i);
		fs_write_file_excl(p, text, strlen(text), 0644, NULL);
		free(text);
		snprintf(name, sizeof name, "dc-%d", i);
		if ((rc = game_new(c, name, "toy", "blind-bid", NULL, 0, &cause)) != 0) {
			diag("new-game %s: %s", name, cause ? cause : "?");
			all = 0;
		}
		free(cause);
		cause = NULL;
	}
	free(p);
	ok(all, "18 games, each from its own component data");
	held = game_live_load(c->st, "dc-0", &cause);
	ok(held != NULL, "game dc-0 loaded and held%s%s", cause ? ": " : "",
	    cause ? cause : "");
	for (i = 1; i < 18; i++) {
		snprintf(name, sizeof name, "dc-%d", i);
		if ((l = game_live_load(c->st, name, &cause)) == NULL)
			all = 0;
		game_live_free(l);
	}
	ok(all, "17 other games loaded and let go meanwhile");
	if (held != NULL) {
		rules_toy.data_hash(held->data, hash);
		ok(memcmp(hash, held->game->card_hash, 32) == 0,
		    "the held game's data is still its own (not freed under it)");
	}
	game_live_free(held);
	ok(game_data_loaded() <= 8, "at most 8 data sets are kept once nobody holds "
	    "them (%zu)", game_data_loaded());
	free(cause);
}

/*
 * Is o's nonce the server's pass nonce for game and phase seq, keyed with
 * key (doc/views.md "Plans and stops"), or without one the v1 derivation
 * from public names alone?
 */
static int
pass_nonce_is(const struct store_order *o, const char *game, uint64_t seq,
    const unsigned char key[32])
{
	unsigned char want[16];
	char id[256];
	int n;

	n = snprintf(id, sizeof id, "%s%c%s%c%s%c%llu", key != NULL ? "muthur-server-pass-v2" :
	    "muthur-server-pass-v1", 0, game, 0, o->seat, 0, (unsigned long long)seq);
	if (n < 0 || (size_t)n >= sizeof id)
		return 0;
	crypto_generichash(want, sizeof want, (const unsigned char *)id, (size_t)n,
	    key, key != NULL ? 32 : 0);
	return o->nonce_len == sizeof want && memcmp(o->nonce, want, sizeof want) == 0;
}

/*
 * A seat whose only legal order is pass is not asked (issue 33): red's
 * purse of 1 coin is spent in round 1 (the policy bids it: every card is
 * at least 1), so from round 2 on "pass" is all red may order. The server
 * enters it (an order signed with its key), red is mailed no view for
 * those rounds, its last view says it passed, and the audit replays it.
 */
static void
only_pass(struct loop *lp, struct game_ctx *c, const char *dir)
{
	unsigned char pk[32], sk[2][64];
	struct store_phase *ph;
	struct store_order *ord;
	struct game_live *l;
	struct audit_report r;
	struct loop_stats ls;
	char *keytext, *email, *deck, *cause = NULL, *outdir, *text;
	size_t k, n, i, len, red_server = 0, blue_server = 0, public_nonce = 0,
	    keyed_nonce = 0;
	unsigned char shuffle[32];
	uint64_t seq;
	int rounds, rc, has_shuffle = 0;

	is_int(game_new(c, "bid-2", "toy", "blind-bid", NULL, 0, &cause), 0,
	    "new-game bid-2");
	deck = xasprintf("%s/one-coin.deck", dir);
	fs_write_file_excl(deck, "coins 1\n", 8, 0644, NULL);
	for (k = 0; k < 2; k++) {
		key_generate(pk, sk[k]);
		keytext = key_public_format(pk, NULL);
		email = xasprintf("%s@players.example", seats[k]);
		is_int(game_seat(c, "bid-2", seats[k], email, keytext, k == 0 ? deck : NULL,
		    NULL, &cause), 0, "bid-2: seat %s", seats[k]);
		free(email);
		free(keytext);
	}
	free(deck);
	is_int(game_start_now(c, "bid-2", &cause), 0, "bid-2: start");
	for (rounds = 0; rounds < 20; rounds++) {
		memset(&ls, 0, sizeof ls);
		if (loop_rescan(lp, &cause) == -1 || loop_pass(lp, &ls, &cause) == -1)
			break;
		l = game_live_load(lp->st, "bid-2", NULL);
		rc = l != NULL && strcmp(l->game->status, GAME_RUNNING) == 0;
		game_live_free(l);
		if (!rc || round_of_mail(lp, "bid-2", sk, 100 + rounds) <= 0)
			break;
	}
	l = game_live_load(lp->st, "bid-2", NULL);
	ok(l != NULL && strcmp(l->game->status, GAME_FINISHED) == 0,
	    "bid-2 is over after %d passes over mail", rounds);
	if (l != NULL)
		has_shuffle = store_shuffle_seed_get(lp->st, l->game->id, shuffle, NULL);
	for (seq = 1; l != NULL && (ph = store_phase_get_seq(lp->st, l->game->id, seq,
	    NULL)) != NULL; seq++) {
		if (store_orders_current(lp->st, ph->id, &ord, &n, NULL) == 0) {
			for (i = 0; i < n; i++)
				if (strcmp(ord[i].sig_type, "server") == 0) {
					red_server += strcmp(ord[i].seat, "red") == 0;
					blue_server += strcmp(ord[i].seat, "blue") == 0;
					public_nonce += pass_nonce_is(&ord[i], "bid-2", seq,
					    NULL);
					keyed_nonce += has_shuffle == 1 && pass_nonce_is(&ord[i],
					    "bid-2", seq, shuffle);
				}
			store_orders_free(ord, n);
		}
		store_phase_free(ph);
	}
	game_live_free(l);
	ok(red_server == 2 && blue_server == 0, "the server passed for red in rounds "
	    "2 and 3 (%zu), never for blue, who had bids to make (%zu)", red_server,
	    blue_server);
	/*
	 * The pass's nonce enters the phase's stream, whose seed the next
	 * view opens: one made from public names would let blue recompute
	 * the phase's draws and so tell the server's pass from red's own.
	 */
	ok(public_nonce == 0, "no pass of the server has the nonce any seat could "
	    "derive from the game, seat and phase (%zu of %zu)", public_nonce,
	    red_server + blue_server);
	ok(has_shuffle == 1 && keyed_nonce == red_server + blue_server, "each is "
	    "keyed with the game's shuffle seed, secret until the game ends (%zu)",
	    keyed_nonce);
	outdir = xasprintf("%s/new", lp->cf->mail_out.path);
	mails_with(outdir, "MUTHUR -- game bid-2, seat red: turn 1,", &n);
	ok(n == 1, "red is mailed its view of round 1 (%zu)", n);
	mails_with(outdir, "MUTHUR -- game bid-2, seat red: turn 2,", &n);
	ok(n == 0, "and none of round 2, whose only order for it was pass (%zu)", n);
	mails_with(outdir, "MUTHUR -- game bid-2, seat blue: turn 2,", &n);
	ok(n == 1, "blue is asked for round 2 (%zu)", n);
	mails_with(outdir, "- Red passed in bid, not asked: pass was its only legal "
	    "order there", &n);
	ok(n >= 1, "red's next mails say it passed and why (%zu)", n);
	free(outdir);
	rc = store_export_text(lp->st, lp->key, "bid-2", &text, &len, &cause);
	if (rc == 0) {
		memset(&r, 0, sizeof r);
		rc = audit_archive(text, len, 0, &r);
		if (rc != 0)
			audit_report_print(&r, stderr);
		ok(rc == 0 && r.replayed, "bid-2 audits with 0 failures, replayed");
		audit_report_clear(&r);
		free(text);
	} else
		ok(0, "bid-2: export: %s", cause ? cause : "?");
	free(cause);
}

static void
end_to_end(const char *build)
{
	char dir[] = "/tmp/muthur-toy-XXXXXX", *p, *conf, *cause = NULL, *mail;
	struct config *cf;
	struct loop lp;
	struct loop_stats ls;
	struct game_ctx c;
	struct game_live *l;
	struct audit_report r;
	unsigned char pk[32], sk[2][64];
	char *keytext, *email, *deck, *outdir;
	size_t k, len, n, views;
	int rounds, rc;

	if (mkdtemp(dir) == NULL)
		return (void)diag("mkdtemp failed");
	/* the toy's installed data: DIR/data/toy/ (game_data_file()) */
	p = xasprintf("%s/data/toy", dir);
	fs_mkdir_p(p, 0755, NULL);
	free(p);
	p = xasprintf("%s/data/toy/toy-data.json", dir);
	fs_write_file_excl(p, "{\"rounds\": 3, \"die\": 6}\n", 23, 0644, NULL);
	free(p);
	for (k = 0; k < 2; k++) {
		p = xasprintf("%s/data/toy/%s.deck", dir, seats[k]);
		fs_write_file_excl(p, "# a purse\ncoins 20\n", 19, 0644, NULL);
		free(p);
	}
	p = xasprintf("%s/data", dir);
	setenv("MUTHUR_DATADIR", p, 1);
	free(p);
	conf = xasprintf("%s/muthur.conf", dir);
	p = xstrdup("[store]\npath = var/muthur.db\n[mail]\nin = maildir:var/mail/in\n"
	    "out = maildir:var/mail/out\nfrom = muthur@club.example\n[server]\n"
	    "key = var/server.key\n");
	fs_write_file_excl(conf, p, strlen(p), 0644, NULL);
	free(p);
	p = xasprintf("%s/muthur --config %s init >/dev/null", build, conf);
	is_int(system(p), 0, "muthur init (the program, which knows no toy)");
	free(p);

	if ((cf = config_load(conf, &cause)) == NULL || loop_open(&lp, cf, &cause) == -1) {
		diag("%s", cause);
		return;
	}
	memset(&c, 0, sizeof c);
	c.st = lp.st;
	c.key = lp.key;
	c.tmpl = lp.tmpl;
	c.from = cf->mail_from;
	c.now = (int64_t)time(NULL);
	ok(game_new(&c, "bid-1", "toy", "chess", NULL, 0, &cause) == -1 && strstr(cause,
	    "blind-bid") != NULL, "an unknown scenario is refused by the toy's words");
	free(cause);
	cause = NULL;
	rc = game_new(&c, "bid-1", "toy", "blind-bid", NULL, 0, &cause);
	is_int(rc, 0, "new-game under rules toy%s%s", cause ? ": " : "", cause ? cause : "");
	for (k = 0; k < 2; k++) {
		key_generate(pk, sk[k]);
		keytext = key_public_format(pk, NULL);
		email = xasprintf("%s@players.example", seats[k]);
		rc = game_seat(&c, "bid-1", seats[k], email, keytext, NULL, NULL, &cause);
		is_int(rc, 0, "seat %s with the toy's sample purse%s%s", seats[k],
		    cause ? ": " : "", cause ? cause : "");
		free(email);
		free(keytext);
	}
	deck = xasprintf("%s/bad.deck", dir);
	fs_write_file_excl(deck, "coins 99\n", 9, 0644, NULL);
	key_generate(pk, sk[0]);	/* red's new key, below */
	keytext = key_public_format(pk, NULL);
	ok(game_seat(&c, "bid-1", "green", "g@players.example", keytext, NULL, NULL,
	    &cause) == -2 && strstr(cause, "not red or blue") != NULL,
	    "a faction the toy does not have is refused as misuse");
	free(cause);
	cause = NULL;
	ok(game_seat(&c, "bid-1", "blue-2", "b2@players.example", keytext, deck, NULL,
	    &cause) == -1 && strstr(cause, "not legal for blue") != NULL,
	    "a purse the toy does not allow is refused");
	free(cause);
	cause = NULL;
	free(deck);
	{
		struct game_live *g0 = game_live_load(lp.st, "bid-1", NULL);

		ok(g0 != NULL && g0->nseats == 2, "two seats");
		game_live_free(g0);
	}
	is_int(game_seat(&c, "bid-1", "red", "red@players.example", keytext, NULL, NULL,
	    &cause), 0, "red's key replaced");
	free(keytext);
	is_int(game_start_now(&c, "bid-1", &cause), 0, "start%s%s", cause ? ": " : "",
	    cause ? cause : "");

	for (rounds = 0; rounds < 20; rounds++) {
		memset(&ls, 0, sizeof ls);
		if (loop_rescan(&lp, &cause) == -1 || loop_pass(&lp, &ls, &cause) == -1) {
			diag("%s", cause);
			break;
		}
		l = game_live_load(lp.st, "bid-1", NULL);
		rc = l != NULL && strcmp(l->game->status, GAME_RUNNING) == 0;
		game_live_free(l);
		if (!rc)
			break;
		if (round_of_mail(&lp, "bid-1", sk, rounds) <= 0)
			break;
	}
	l = game_live_load(lp.st, "bid-1", NULL);
	ok(l != NULL && strcmp(l->game->status, GAME_FINISHED) == 0,
	    "the game is over after %d passes over mail", rounds);
	ok(l != NULL && l->rules->turn(l->g) == 3, "three rounds were played");
	game_live_free(l);

	outdir = xasprintf("%s/new", cf->mail_out.path);
	mails_with(outdir, "MUTHUR -- game bid-1, seat ", &views);
	ok(views >= 8, "view mails went out, one per seat and round and at the end (%zu)",
	    views);
	mails_with(outdir, "MUTHUR -- game bid-1, seat blue", &n);
	ok(n >= 4, "blue's views name blue as the reader (%zu)", n);
	ok(mails_with(outdir, "toy.dealt: round 1,", &n) == 1 && n >= 2,
	    "each seat's views tell it its own card, never the other's (%zu)", n);
	free(outdir);

	/* export and the offline audit with a full replay */
	rc = store_export_text(lp.st, lp.key, "bid-1", &mail, &len, &cause);
	is_int(rc, 0, "export%s%s", cause ? ": " : "", cause ? cause : "");
	if (rc == 0) {
		memset(&r, 0, sizeof r);
		rc = audit_archive(mail, len, 0, &r);
		if (rc != 0)
			audit_report_print(&r, stderr);
		is_int(rc, 0, "the archive audits with 0 failures");
		ok(r.replayed && r.phases >= 4, "with a full replay (%zu phases)", r.phases);
		audit_report_clear(&r);
		mail[len / 2] ^= 0x01;
		memset(&r, 0, sizeof r);
		ok(audit_archive(mail, len, 0, &r) != 0, "a changed byte fails the audit");
		audit_report_clear(&r);
		free(mail);
	}
	only_pass(&lp, &c, dir);
	data_shared(&c, dir);
	loop_close(&lp);
	config_free(cf);
	free(conf);
	free(cause);
	p = xasprintf("rm -rf %s", dir);
	if (getenv("MUTHUR_KEEP_TMP") == NULL && system(p) != 0)
		diag("could not remove %s", dir);
	free(p);
}

/* A counter stream that deals blue the card it is told to. */
struct fixed {
	uint32_t	 v[8];
	size_t		 i;
};

static uint32_t
fixed_uniform(void *ctx, uint32_t bound)
{
	struct fixed *f = ctx;

	return f->v[f->i++ % 8] % bound;
}

/* Do a and b print the same? Both are freed. */
static int
same_json(cJSON *a, cJSON *b)
{
	char *sa = cJSON_PrintUnformatted(a), *sb = cJSON_PrintUnformatted(b);
	int same = strcmp(sa, sb) == 0;

	free(sa);
	free(sb);
	cJSON_Delete(a);
	cJSON_Delete(b);
	return same;
}

/*
 * Secrecy: two games that differ only in blue's secret card look the same
 * to red (view, view text, the events red may see) until the reveal.
 */
static void
secrecy(void)
{
	const struct rules *R = rules_find("toy");
	struct rules_file f = { "toy-data.json", "{\"rounds\":2,\"die\":6}", 21 };
	struct rules_seat rs[2];
	struct rules_setup su;
	struct rules_events ev[2] = { { NULL, 0, 0 }, { NULL, 0, 0 } };
	struct rules_game *g[2];
	struct fixed pub = { { 3, 1, 4, 1, 5, 9, 2, 6 }, 0 }, hid[2] = {
		{ { 2, 0, 2, 1, 0, 0, 0, 0 }, 0 }, { { 2, 5, 2, 3, 0, 0, 0, 0 }, 0 } };
	struct rules_rng rng;
	char *a;
	void *data = R->data_load(&f, 1, NULL);
	cJSON *va;
	size_t i, k, same = 1;

	for (k = 0; k < 2; k++)
		R->seat_build(data, seats[k], seats[k], "coins 5\n", 8, &rs[k], NULL);
	memset(&su, 0, sizeof su);
	su.scenario = "blind-bid";
	su.seats = rs;
	su.nseats = 2;
	su.data = data;
	su.places = 1;
	for (k = 0; k < 2; k++) {
		pub.i = 0;
		rng.uniform = fixed_uniform;
		rng.ctx = &pub;
		rng.hidden = fixed_uniform;
		rng.hidden_ctx = &hid[k];
		g[k] = R->create(&su, &rng, &ev[k], NULL);
	}
	ok(g[0] != NULL && g[1] != NULL, "two games dealt");
	ok(!same_json(R->view(g[0], 1), R->view(g[1], 1)),
	    "blue's card differs between them");
	ok(same_json(R->view(g[0], 0), R->view(g[1], 0)), "red's view is the same");
	{
		cJSON *r0 = R->view(g[0], 0), *r1 = R->view(g[1], 0);

		ok(same_json(R->view_text(r0, "red"), R->view_text(r1, "red")),
		    "so is its text");
		cJSON_Delete(r0);
		cJSON_Delete(r1);
	}
	for (i = 0; i < ev[0].n && i < ev[1].n; i++)
		if (rules_event_visible(&ev[0].v[i], 0) != rules_event_visible(&ev[1].v[i], 0) ||
		    (rules_event_visible(&ev[0].v[i], 0) &&
		    strcmp(ev[0].v[i].json, ev[1].v[i].json) != 0))
			same = 0;
	ok(same && ev[0].n == ev[1].n, "and the events red may see");
	va = R->view(g[0], -1);
	a = cJSON_PrintUnformatted(va);
	ok(strstr(a, "\"card\"") == NULL, "a spectator sees no card");
	free(a);
	cJSON_Delete(va);
	for (k = 0; k < 2; k++) {
		rules_events_free(&ev[k]);
		R->free(g[k]);
		R->seat_clear(&rs[k]);
	}
	R->data_free(data);
}

int
main(void)
{
	const char *build = getenv("top_builddir");

	if (sodium_init() < 0)
		return diag("libsodium failed"), done_testing();
	ok(rules_register(&rules_toy) == 0, "the toy game registers");
	ok(rules_register(&rules_toy) == -1, "once");
	ok(rules_find("toy") == &rules_toy, "rules_find knows it");
	secrecy();
	if (build == NULL || getenv("MUTHUR_TEMPLATES") == NULL)
		diag("not under make check: no end-to-end game");
	else
		end_to_end(build);
	return done_testing();
}

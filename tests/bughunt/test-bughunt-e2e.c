/*
 * test-bughunt-e2e.c — Aliens: Bug Hunt (rules/bughunt/) played end to end
 * through the real daemon, the shape of tests/toy/test-toy.c: `muthur
 * init` (the program), new-game under --rules bughunt with a difficulty
 * option, seats blue and red with the installed sample seat files, start,
 * the scripted players' signed orders mails (one mail a player turn, from
 * the seat whose phase card is up; blue's with `set stops xenomorph`, the
 * stop of the Xenomorph Phase's choices, red's first with its standing
 * counts for them) delivered into the incoming Maildir and
 * muthurd's pass until the game is won or lost; the view mails (the map,
 * the orders template); the export and the offline audit with a full
 * replay; a changed byte failing it.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "daemon/audit.h"
#include "daemon/conf.h"
#include "daemon/game.h"
#include "daemon/loop.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "store/archive.h"
#include "store/commit.h"
#include "store/export.h"
#include "store/orders.h"
#include "tests/tap.h"

static void fixed_secrets(const char *, size_t, const struct server_key *);

static const char *const seats[2] = { "blue", "red" };

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

static int red_chose;	/* red's first mail gave its standing counts */

/* Play the orders every awaited seat owes; how many mails. */
static int
round_of_mail(struct loop *lp, const char *game, unsigned char sk[][64], int n)
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
		k = strcmp(missing[i], "blue") == 0 ? 0 : 1;
		idx = l->rules->seat_index(l->g, missing[i]);
		orders = game_policy_orders(l->rules, l->g, (size_t)idx);
		if (k == 0) {	/* blue asks to be asked in Xenomorph Phases */
			char *t = xasprintf("set stops xenomorph\n%s", orders);

			free(orders);
			orders = t;
		} else if (!red_chose) {	/* red names its splits as counts, once */
			char *t = xasprintf("prefer shared-wounds 1\nprefer adjacent-xenos 2\n%s",
			    orders);

			free(orders);
			orders = t;
			red_chose = 1;
		}
		from = xasprintf("%s@players.example", missing[i]);
		tag = xasprintf("bh.%d.%llu.%s", n, (unsigned long long)ph->seq, missing[i]);
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

static void
end_to_end(const char *build)
{
	char dir[] = "/tmp/muthur-bughunt-XXXXXX", *p, *conf, *cause = NULL, *mail;
	struct config *cf;
	struct loop lp;
	struct loop_stats ls;
	struct game_ctx c;
	struct game_live *l;
	struct audit_report r;
	unsigned char pk[32], sk[3][64];
	const char *opts[1] = { "difficulty=easy" }, *bad_opt[1] = { "difficulty=silly" };
	char *keytext, *email, *deck, *outdir;
	size_t k, len, n = 0, views = 0;
	int rounds, rc;

	if (mkdtemp(dir) == NULL)
		return (void)diag("mkdtemp failed");
	p = xasprintf("%s/rules", getenv("top_srcdir") != NULL ? getenv("top_srcdir") : ".");
	setenv("MUTHUR_DATADIR", p, 1);
	free(p);
	conf = xasprintf("%s/muthur.conf", dir);
	p = xstrdup("[store]\npath = var/muthur.db\n[mail]\nin = maildir:var/mail/in\n"
	    "out = maildir:var/mail/out\nfrom = muthur@club.example\n[server]\n"
	    "key = var/server.key\n");
	fs_write_file_excl(conf, p, strlen(p), 0644, NULL);
	free(p);
	p = xasprintf("%s/muthur --config %s init >/dev/null", build, conf);
	is_int(system(p), 0, "muthur init");
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
	ok(game_new(&c, "hunt-1", "bughunt", "contact", NULL, 0, &cause) == -1 &&
	    strstr(cause, "Bug Hunt has bug-hunt") != NULL,
	    "an unknown scenario is refused in the game's words");
	free(cause);
	cause = NULL;
	ok(game_new(&c, "hunt-1", "bughunt", "bug-hunt", bad_opt, 1, &cause) == -1 &&
	    strstr(cause, "unknown option \"difficulty=silly\"") != NULL,
	    "an unknown option is refused");
	free(cause);
	cause = NULL;
	rc = game_new(&c, "hunt-1", "bughunt", "bug-hunt", opts, 1, &cause);
	is_int(rc, 0, "new-game under rules bughunt, difficulty=easy%s%s", cause ? ": " : "",
	    cause ? cause : "");
	for (k = 0; k < 2; k++) {
		key_generate(pk, sk[k]);
		keytext = key_public_format(pk, NULL);
		email = xasprintf("%s@players.example", seats[k]);
		rc = game_seat(&c, "hunt-1", seats[k], email, keytext, NULL, NULL, &cause);
		is_int(rc, 0, "seat %s with the sample seat file%s%s", seats[k],
		    cause ? ": " : "", cause ? cause : "");
		free(email);
		free(keytext);
	}
	deck = xasprintf("%s/bad.deck", dir);
	fs_write_file_excl(deck, "squad\nsquad\n", 12, 0644, NULL);
	key_generate(pk, sk[2]);
	keytext = key_public_format(pk, NULL);
	ok(game_seat(&c, "hunt-1", "purple", "p@players.example", keytext, NULL, NULL,
	    &cause) == -2 && strstr(cause, "squads' colours") != NULL,
	    "a seat that is not a colour is refused");
	free(cause);
	cause = NULL;
	ok(game_seat(&c, "hunt-1", "green", "g@players.example", keytext, deck, NULL,
	    &cause) == -1 && strstr(cause, "line 2: expected the one line \"squad\"") != NULL,
	    "a bad seat file is refused with its line");
	free(cause);
	cause = NULL;
	free(deck);
	free(keytext);
	is_int(game_start_now(&c, "hunt-1", &cause), 0, "start%s%s", cause ? ": " : "",
	    cause ? cause : "");

	for (rounds = 0; rounds < 600; rounds++) {
		memset(&ls, 0, sizeof ls);
		if (loop_rescan(&lp, &cause) == -1 || loop_pass(&lp, &ls, &cause) == -1) {
			diag("%s", cause);
			break;
		}
		l = game_live_load(lp.st, "hunt-1", NULL);
		rc = l != NULL && strcmp(l->game->status, GAME_RUNNING) == 0;
		game_live_free(l);
		if (!rc)
			break;
		if (round_of_mail(&lp, "hunt-1", sk, rounds) <= 0)
			break;
	}
	l = game_live_load(lp.st, "hunt-1", NULL);
	ok(l != NULL && strcmp(l->game->status, GAME_FINISHED) == 0,
	    "the game is over after %d passes over mail", rounds);
	if (l != NULL) {
		struct rules_result res;

		l->rules->result(l->g, &res);
		ok(res.over, "won or lost (winner %d) in turn %d, one mail a player turn",
		    res.winner, l->rules->turn(l->g));
		ok(rounds >= l->rules->turn(l->g) - 1, "the seats sent %d rounds of mail",
		    rounds);
		rules_result_free(&res);
	}
	game_live_free(l);

	outdir = xasprintf("%s/new", cf->mail_out.path);
	mails_with(outdir, "MUTHUR -- game hunt-1, seat ", &views);
	ok(views >= 4, "view mails went out (%zu)", views);
	ok(mails_with(outdir, "Hive track:", &n) >= 1 && n >= 4,
	    "the views show the hive track (%zu)", n);
	ok(mails_with(outdir, "APC (squads enter and leave", &n) >= 1 && n >= 4,
	    "and the map (%zu)", n);
	ok(mails_with(outdir, "Your orders: at most one move", &n) >= 1 && n >= 2,
	    "and the active seat's legal orders (%zu)", n);
	/* acknowledged in blue's next mail (its view.json holds the line
	 * unfolded) */
	ok(mails_with(outdir, "; recorded: set stops xenomorph.", &n) >= 1 && n >= 1,
	    "blue's set stops xenomorph is taken by mail (%zu acknowledgements)", n);
	n = 0;
	mails_with(outdir, "choices: shared wounds 1, adjacent Xenomorphs 2", &n);
	ok(red_chose && n >= 1, "red's counts (prefer shared-wounds 1, prefer adjacent-xenos "
	    "2) are taken by mail and the views show them (%zu mails)", n);
	free(outdir);

	/* export and the offline audit with a full replay */
	rc = store_export_text(lp.st, lp.key, "hunt-1", &mail, &len, &cause);
	is_int(rc, 0, "export%s%s", cause ? ": " : "", cause ? cause : "");
	if (rc == 0) {
		memset(&r, 0, sizeof r);
		rc = audit_archive(mail, len, 0, &r);
		if (rc != 0)
			audit_report_print(&r, stderr);
		is_int(rc, 0, "the archive audits with 0 failures");
		ok(r.replayed && r.phases >= 10, "with a full replay (%zu phases)", r.phases);
		audit_report_clear(&r);
		fixed_secrets(mail, len, lp.key);
		mail[len / 2] ^= 0x01;
		memset(&r, 0, sizeof r);
		ok(audit_archive(mail, len, 0, &r) != 0, "a changed byte fails the audit");
		audit_report_clear(&r);
		free(mail);
	}
	loop_close(&lp);
	config_free(cf);
	free(conf);
	free(cause);
	p = xasprintf("rm -rf %s", dir);
	if (getenv("MUTHUR_KEEP_TMP") == NULL && system(p) != 0)
		diag("could not remove %s", dir);
	free(p);
}

/* Has a failure of r a message holding msg? */
static int
report_has(const struct audit_report *r, const char *msg)
{
	size_t i;

	for (i = 0; i < r->nfailures; i++)
		if (strstr(r->failures[i].message, msg) != NULL)
			return 1;
	return 0;
}

/*
 * Bug Hunt's secrets are fixed (rules.h): each tile place is committed to
 * once, not in every phase; and an archive whose commitment to one is
 * taken away (its id changed, re-signed by the server) fails the audit.
 */
static void
fixed_secrets(const char *text, size_t len, const struct server_key *key)
{
	struct archive *a = archive_parse(text, len, NULL);
	struct archive_commitment *c = NULL;
	struct audit_report r;
	size_t i, k, tiles = 0, twice = 0, nl;
	char *out, *id;

	if (a == NULL) {
		ok(0, "the archive parses");
		return;
	}
	for (i = 0; i < a->ncommitments; i++) {
		if (strncmp(a->commitments[i].secret_id, "tile:", 5) != 0)
			continue;
		tiles++;
		nl = strcspn(a->commitments[i].secret_id, "@");
		for (k = i + 1; k < a->ncommitments; k++)
			if (strncmp(a->commitments[k].secret_id,
			    a->commitments[i].secret_id, nl + 1) == 0)
				twice++;
		if (c == NULL && a->commitments[i].created_phase > 0)
			c = &a->commitments[i];
	}
	ok(tiles >= 10 && twice == 0, "each tile place is committed to once (%zu "
	    "commitments, %zu again)", tiles, twice);
	if (c == NULL) {
		ok(0, "a tile commitment made after the start to take away");
		archive_free(a);
		return;
	}
	id = xasprintf("x%s", c->secret_id);
	free(c->secret_id);
	c->secret_id = id;
	commit_hash(c->domain, a->game, c->secret_id, c->secret, c->secret_len, c->nonce,
	    c->c);
	commit_sign(key->sk, c->domain, a->game, c->secret_id, c->c, c->sig);
	if (archive_format(a, key->sk, &out, NULL, NULL) == -1) {
		ok(0, "the tampered archive is written");
		archive_free(a);
		return;
	}
	memset(&r, 0, sizeof r);
	ok(audit_archive(out, strlen(out), 0, &r) != 0 && report_has(&r, "is not renewed: "
	    "there is no commitment muthur.secret/tile:"), "an archive without a tile "
	    "place's one commitment fails the audit");
	audit_report_clear(&r);
	free(out);
	archive_free(a);
}

int
main(void)
{
	const char *build = getenv("top_builddir");

	if (sodium_init() < 0)
		return diag("libsodium failed"), done_testing();
	ok(rules_find("bughunt") != NULL, "bughunt is a compiled-in game");
	if (build == NULL || getenv("MUTHUR_TEMPLATES") == NULL)
		diag("not under make check: no end-to-end game");
	else
		end_to_end(build);
	return done_testing();
}

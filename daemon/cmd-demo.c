/*
 * cmd-demo.c — `muthur demo [--dir DIR]`: a whole game on the embedded
 * default (doc/product.md §2, §10), the one the first game known describes
 * (struct rules_demo: scenario, seats, decks). Seats with generated muthur
 * keys; the scripted players (game_policy_orders) write signed orders
 * mails into the incoming Maildir and the daemon's pass (daemon/loop.h,
 * the same as `muthurd --once`) runs after each round of mail, until the
 * game is over. The scripted players mail only when asked, each mail
 * holding a plan for the rest of the turn (rules demo_plan), so its
 * figures (order mails and mails received per seat per game turn, phases
 * resolved without waiting for mail; bench/demo-mails.sh counts the same
 * from the Maildirs) are those of a good correspondent. The CCG's demo (a
 * Contact game whose Marines play a demo deck, rules/ccg/engine.c) ended in
 * 10 to 25 turns over 12 runs, about 3 s each on two shared cores.
 */
#include "config.h"

#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include <cjson/cJSON.h>

#include "daemon/conf.h"
#include "daemon/game-cli.h"
#include "daemon/loop.h"
#include "daemon/proc.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/events.h"
#include "store/games.h"
#include "store/orders.h"
#include "store/outbox.h"

#define DEMO_MAX_PHASES	3000
#define DEMO_TURNS	40	/* default --turns (struct rules' demo_turns may say) */

static const char demo_conf[] =
    "# muthur demo: the embedded default (SQLite, Maildir in and out)\n"
    "[store]\npath = var/muthur.db\n"
    "[mail]\nin   = maildir:var/mail/in\nout  = maildir:var/mail/out\n"
    "from = muthur@club.example\n"
    "[server]\nkey  = var/server.key\n";

/* Where the config is: --dir DIR, else --config, else ./demo. */
static int
demo_setup(struct cli *cli, const struct cli_verb *v, const char *dir, char **confpath)
{
	char *argv[2] = { (char *)"init", NULL }, *cause = NULL;

	if (dir == NULL && cli->config_path != NULL)
		*confpath = xstrdup(cli->config_path);
	else {
		if (dir == NULL)
			dir = "demo";
		*confpath = xasprintf("%s/muthur.conf", dir);
		if (fs_mkdir_p(dir, 0755, &cause) == -1) {
			fprintf(stderr, "muthur demo: %s\n", cause);
			free(cause);
			return -1;
		}
		if (access(*confpath, F_OK) != 0 && fs_write_file_excl(*confpath, demo_conf,
		    sizeof demo_conf - 1, 0644, &cause) == -1) {
			fprintf(stderr, "muthur demo: %s\n", cause);
			free(cause);
			return -1;
		}
	}
	config_free(cli->cf);
	cli->cf = NULL;
	cli->config_path = *confpath;
	/* `muthur init` (no options: v names the demo in any message) */
	return cmd_init(cli, v, 1, argv) == 0 ? 0 : -1;
}

/* What the demo counts for its closing figures. */
struct demo_tally {
	size_t		 sent[RULES_DEMO_SEATS];	/* order mails per seat */
	size_t		 waited;	/* phases that waited for a demo mail */
	uint64_t	 last_seq;	/* the last of them */
};

/* Mail the orders every awaited seat owes now; returns how many. */
static int
demo_orders(struct loop *lp, struct game_live *l, unsigned char sk[][64],
    const char *name, struct demo_tally *t, char **cause)
{
	const struct rules_demo *d = l->rules->demo;
	struct store_phase *ph;
	char **missing = NULL, *orders, *mail, *from, *tag;
	size_t n = 0, i, k, len;
	int idx, sent = 0;

	if ((ph = store_phase_current(lp->st, l->game->id, cause)) == NULL)
		return -1;
	if (store_phase_missing(lp->st, ph->id, &missing, &n, cause) == -1) {
		store_phase_free(ph);
		return -1;
	}
	for (i = 0; i < n; i++) {
		for (k = 0; k < d->nseats; k++)
			if (strcmp(d->seats[k], missing[i]) == 0)
				break;
		idx = l->rules->seat_index(l->g, missing[i]);
		if (k == d->nseats || idx < 0)
			continue;
		orders = game_policy_plan(l->rules, l->g, (size_t)idx);
		from = xasprintf("%s@players.example", missing[i]);
		tag = xasprintf("demo.%s.%llu.%s", name, (unsigned long long)ph->seq,
		    missing[i]);
		mail = game_orders_mail(from, lp->cf->mail_from, name, missing[i], ph->turn,
		    ph->name, orders, sk[k], tag, (int64_t)time(NULL), &len);
		if (game_maildir_deliver(lp->cf->mail_in.path, mail, len, cause) == -1)
			sent = -1;
		else {
			sent++;
			t->sent[k]++;
			if (t->last_seq != ph->seq)
				t->waited++;
			t->last_seq = ph->seq;
		}
		free(mail);
		free(tag);
		free(from);
		free(orders);
		if (sent == -1)
			break;
	}
	store_names_free(missing, n);
	store_phase_free(ph);
	return sent;
}

/*
 * The condition of the first place's victory, from the game's events (the
 * rules' "victory" event: rescue, enemies-gone, honor, hived, abduction,
 * data); a new string, "unrecorded" when there is none.
 */
static char *
demo_victory(struct store *st, int64_t game_id)
{
	struct store_event *ev = NULL;
	cJSON *o, *type, *place, *cond;
	char *s = NULL, *cause = NULL;
	size_t n = 0, i;

	if (store_events(st, game_id, 0, &ev, &n, &cause) == -1) {
		free(cause);
		return xstrdup("unrecorded");
	}
	for (i = 0; i < n && s == NULL; i++) {
		if ((o = cJSON_Parse((const char *)ev[i].payload)) == NULL)
			continue;
		type = cJSON_GetObjectItemCaseSensitive(o, "type");
		place = cJSON_GetObjectItemCaseSensitive(o, "place");
		cond = cJSON_GetObjectItemCaseSensitive(o, "condition");
		if (cJSON_IsString(type) && strcmp(type->valuestring, "victory") == 0 &&
		    cJSON_IsNumber(place) && place->valueint == 1 &&
		    cJSON_IsString(cond))
			s = xstrdup(cond->valuestring);
		cJSON_Delete(o);
	}
	store_events_free(ev, n);
	return s != NULL ? s : xstrdup("unrecorded");
}

/*
 * How a game without a winner ended, as the game tells it: the sentence
 * (rules events_text) of its last public event before the result (Bug
 * Hunt's "lost", Legendary's); NULL when the game has no sentence for it.
 */
static char *
demo_ending(struct store *st, struct game_live *l)
{
	struct store_event *ev = NULL;
	cJSON *a, *texts;
	const cJSON *t;
	char *s = NULL, *cause = NULL;
	size_t n = 0, i;

	if (l->rules->events_text == NULL ||
	    store_events(st, l->game->id, 0, &ev, &n, &cause) == -1) {
		free(cause);
		return NULL;
	}
	for (i = n; i-- > 0;)
		if (strcmp(ev[i].visibility, "all") == 0 &&
		    strcmp(ev[i].type, "game.result") != 0)
			break;
	if (i < n && (a = cJSON_CreateArray()) != NULL) {
		cJSON_AddItemToArray(a, cJSON_ParseWithLength((const char *)ev[i].payload,
		    ev[i].payload_len));
		texts = l->rules->events_text(l->g, a);
		t = cJSON_GetArrayItem(texts, 0);
		if (cJSON_IsString(t) && t->valuestring[0] != '\0') {
			s = xstrdup(t->valuestring);
			/* told inside the result's line: "(the game is lost: ...)",
			 * "(a squad is lost: ...)"; "APC ..." stays */
			if (s[0] >= 'A' && s[0] <= 'Z' && ((s[1] >= 'a' && s[1] <= 'z') ||
			    (s[0] == 'A' && s[1] == ' ')))
				s[0] = (char)(s[0] - 'A' + 'a');
		}
		cJSON_Delete(texts);
		cJSON_Delete(a);
	}
	store_events_free(ev, n);
	return s;
}

static char *
demo_result(struct store *st, struct game_live *l)
{
	struct rules_result res;
	char *s, *why;
	size_t i, firsts = 0;

	l->rules->result(l->g, &res);
	for (i = 0; i < res.nseats; i++)
		if (res.place != NULL && res.place[i] == 1)
			firsts++;
	if (res.over && res.winner >= 0 && firsts > 1) {
		/* a cooperative game won: every first place, and how, as the game
		 * tells it */
		struct strbuf sb = STRBUF_INIT;
		size_t k = 0;

		for (i = 0; i < res.nseats; i++)
			if (res.place[i] == 1)
				strbuf_add_listed(&sb, k++, firsts,
				    l->rules->seat_name(l->g, i));
		why = demo_ending(st, l);
		s = xasprintf("%s won together in turn %d%s%s%s", strbuf_str(&sb),
		    l->rules->turn(l->g), why ? " (" : "", why ? why : "", why ? ")" : "");
		free(why);
		strbuf_free(&sb);
	} else if (res.over && res.winner >= 0) {
		why = demo_victory(st, l->game->id);
		s = xasprintf("%s won in turn %d (victory: %s)", l->rules->seat_name(l->g,
		    (size_t)res.winner), l->rules->turn(l->g), why);
		free(why);
	}
	else if (res.over) {
		why = demo_ending(st, l);
		s = xasprintf("the game ended in turn %d without a winner%s%s%s",
		    l->rules->turn(l->g), why ? " (" : "", why ? why : "", why ? ")" : "");
		free(why);
	}
	else
		s = xasprintf("no victory by turn %d; the demo stops there and the game "
		    "stays open (muthur status)", l->rules->turn(l->g) - 1);
	rules_result_free(&res);
	return s;
}

/* Mails muthur sent to each demo seat: the outgoing Maildir's To: lines. */
static void
demo_received(const char *outdir, const struct rules_demo *d, size_t *got)
{
	char *dir = xasprintf("%s/new", outdir), *path, *data, *to, *cause = NULL;
	struct dirent *de;
	size_t len, k, n;
	DIR *dp;

	memset(got, 0, RULES_DEMO_SEATS * sizeof *got);
	if ((dp = opendir(dir)) == NULL) {
		free(dir);
		return;
	}
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (fs_read_file(path, 16u << 20, &data, &len, &cause) == 0) {
			to = strstr(data, "\nTo: ");
			for (k = 0; to != NULL && k < d->nseats; k++) {
				n = strlen(d->seats[k]);
				if (strncmp(to + 5, d->seats[k], n) == 0 && to[5 + n] == '@')
					got[k]++;
			}
			free(data);
		}
		free(cause);
		cause = NULL;
		free(path);
	}
	closedir(dp);
	free(dir);
}

/* The closing figures: mails per seat per game turn, phases not waited. */
static void
demo_figures(const struct config *cf, const struct rules_demo *d,
    const struct demo_tally *t, int turns, int phases)
{
	size_t got[RULES_DEMO_SEATS], k, sent = 0, recv = 0;
	double T = turns > 0 ? turns : 1;

	demo_received(cf->mail_out.path, d, got);
	printf("demo: order mails per seat per game turn (%d turns):", turns);
	for (k = 0; k < d->nseats; k++) {
		printf(" %s %.1f", d->seats[k], t->sent[k] / T);
		sent += t->sent[k];
	}
	printf("; mean %.1f\n", d->nseats > 0 ? sent / T / (double)d->nseats : 0);
	printf("demo: mails received per seat per game turn:");
	for (k = 0; k < d->nseats; k++) {
		printf(" %s %.1f", d->seats[k], got[k] / T);
		recv += got[k];
	}
	printf("; mean %.1f\n", d->nseats > 0 ? recv / T / (double)d->nseats : 0);
	printf("demo: and 1 ready mail per seat before the deal (its nonce enters the "
	    "deal)\n");
	printf("demo: %d phases resolved, %zu of them without waiting for mail\n",
	    phases, (size_t)phases > t->waited ? (size_t)phases - t->waited : 0);
}

static int
demo_play(struct cli *cli, int quiet, int turns, const char *rules,
    const char *scenario)
{
	struct config *cf = cli_config(cli);
	struct game_cli gc;
	struct loop lp;
	struct loop_stats ls;
	struct game_live *l = NULL;
	struct store_game *g;
	const struct rules *r = NULL;
	const struct rules_demo *d;
	unsigned char pk[32], sk[RULES_DEMO_SEATS][64];
	char *cause = NULL, *name = NULL, *keytext, *path, *email, *res, *dirname;
	char *deck;
	size_t k, queued = 0, mails = 0;
	int n, phases = 0, rc = 1, lockfd = -1, idle = 0;
	struct demo_tally tally;

	memset(&lp, 0, sizeof lp);
	memset(&tally, 0, sizeof tally);
	for (k = 0; (r = rules_at(k)) != NULL && (r->demo == NULL ||
	    (rules != NULL && strcmp(r->name, rules) != 0)); k++)
		;
	if (r == NULL) {
		cause = rules != NULL ? xasprintf("no game \"%s\" with a demo", rules) :
		    xstrdup("no game of this muthur has a demo");
		goto fail;
	}
	d = r->demo;
	if (turns == 0)
		turns = r->demo_turns > 0 ? r->demo_turns : DEMO_TURNS;
	if (cf == NULL)
		goto fail;
	if ((n = proc_store_lock(cf->store_path, &lockfd, &cause)) == 1)
		cause = xasprintf("muthurd is running on %s: stop it before the demo",
		    cf->store_path);
	if (n != 0 || loop_open(&lp, cf, &cause) == -1)
		goto fail;
	memset(&gc.c, 0, sizeof gc.c);
	gc.c.st = lp.st;
	gc.c.key = lp.key;
	gc.c.tmpl = lp.tmpl;
	gc.c.from = cf->mail_from;
	gc.c.now = (int64_t)time(NULL);
	for (n = 1; ; n++) {
		free(name);
		name = xasprintf("demo-%d", n);
		if ((g = store_game_get(lp.st, name, &cause)) == NULL)
			break;
		store_game_free(g);
	}
	free(cause);
	cause = NULL;
	if (game_new(&gc.c, name, r->name, scenario != NULL ? scenario :
	    d->scenario, NULL, 0, &cause) == -1)
		goto fail;
	for (k = 0; k < d->nseats && k < RULES_DEMO_SEATS; k++) {
		key_generate(pk, sk[k]);
		path = xasprintf("%s/var/keys/%s-%s.key", cf->basedir, name, d->seats[k]);
		keytext = key_public_format(pk, NULL);
		email = xasprintf("%s@players.example", d->seats[k]);
		dirname = fs_dirname(path);
		n = fs_mkdir_p(dirname, 0700, &cause);
		free(dirname);
		if (n == 0)
			n = key_secret_write(path, sk[k], d->seats[k], &cause);
		deck = NULL;
		if (n == 0 && d->decks != NULL && d->decks[k] != NULL &&
		    (deck = game_data_file(r, d->decks[k], &cause)) == NULL)
			n = -1;
		if (n == 0)
			n = game_seat(&gc.c, name, d->seats[k], email, keytext, deck,
			    NULL, &cause);
		free(deck);
		free(email);
		free(keytext);
		free(path);
		if (n < 0)
			goto fail;
	}
	if (game_start(&gc.c, name, &cause) == -1)
		goto fail;
	printf("demo: game %s started with seats ", name);
	for (k = 0; k < d->nseats; k++)
		printf("%s%s", k > 0 ? ", " : "", d->seats[k]);
	printf(" (keys in %s/var/keys)\n", cf->basedir);
	fflush(stdout);
	/* every seat's ready block: its nonce enters the deal */
	for (k = 0; k < d->nseats; k++) {
		char *mail, *from = xasprintf("%s@players.example", d->seats[k]);
		char *tag = xasprintf("demo.%s.ready.%s", name, d->seats[k]);
		size_t len;

		mail = game_ready_mail(from, cf->mail_from, name, d->seats[k], sk[k], tag,
		    (int64_t)time(NULL), &len);
		n = game_maildir_deliver(cf->mail_in.path, mail, len, &cause);
		free(mail);
		free(tag);
		free(from);
		if (n == -1)
			goto fail;
	}
	for (;;) {
		memset(&ls, 0, sizeof ls);
		if (loop_rescan(&lp, &cause) == -1 || loop_pass(&lp, &ls, &cause) == -1)
			goto fail;
		phases += (int)ls.advanced;
		mails += ls.mails;
		game_live_free(l);
		if ((l = game_live_load(lp.st, name, &cause)) == NULL)
			goto fail;
		if (l->g == NULL && mails == 0 && ++idle < 10)
			continue;	/* the ready mails not yet read */
		if (l->g == NULL) {
			cause = xstrdup("the deal did not come after every seat's ready");
			goto fail;
		}
		if (strcmp(l->game->status, GAME_RUNNING) != 0 || phases >= DEMO_MAX_PHASES ||
		    l->rules->turn(l->g) > turns)
			break;
		if (!quiet && ls.advanced > 0 && l->rules->turn(l->g) % 10 == 0 &&
		    d->progress_phase != NULL &&
		    strcmp(l->rules->phase(l->g), d->progress_phase) == 0) {
			printf("demo: turn %d\n", l->rules->turn(l->g));
			fflush(stdout);
		}
		if ((n = demo_orders(&lp, l, sk, name, &tally, &cause)) == -1)
			goto fail;
		if (n == 0 && ls.advanced == 0) {
			cause = xstrdup("the game waits for a seat the demo does not play");
			goto fail;
		}
	}
	if (store_outbox_count(lp.st, OUTBOX_SENT, &queued, &cause) == -1)
		goto fail;
	res = demo_result(lp.st, l);
	demo_figures(cf, d, &tally, l->rules->turn(l->g), phases);
	printf("demo: %zu orders mails handled, %d phases resolved, %zu mails sent\n"
	    "demo: incoming mail in %s, the mails muthur sent in %s/new\n"
	    "demo: game %s: %s\n", mails, phases, queued, cf->mail_in.path,
	    cf->mail_out.path, name, res);
	free(res);
	rc = 0;
fail:
	if (rc != 0)
		fprintf(stderr, "muthur demo: %s\n", cause != NULL ? cause : "failed");
	sodium_memzero(sk, sizeof sk);
	game_live_free(l);
	loop_close(&lp);
	if (lockfd != -1)
		close(lockfd);
	free(cause);
	free(name);
	return rc;
}

int
cmd_demo(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "dir", required_argument, NULL, 'd' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "turns", required_argument, NULL, 't' },
		{ "rules", required_argument, NULL, 'r' },
		{ "scenario", required_argument, NULL, 's' },
		{ "mode", required_argument, NULL, 's' },	/* = --scenario */
		{ NULL, 0, NULL, 0 },
	};
	const char *dir = NULL, *rules = NULL, *scenario = NULL;
	char *confpath = NULL;
	int c, rc, quiet = 0, turns = 0;	/* 0: the game's own default */
	char *end;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'd': dir = optarg; break;
		case 'q': quiet = 1; break;
		case 'r': rules = optarg; break;
		case 's': scenario = optarg; break;
		case 't':
			turns = (int)strtol(optarg, &end, 10);
			if (*end != '\0' || turns < 1 || turns > 10000)
				return cli_usage_error(v, "--turns takes a number of turns "
				    "1..10000, not \"%s\"", optarg);
			break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cli_usage_error(v, "unexpected argument \"%s\"", argv[optind]);
	if (demo_setup(cli, v, dir, &confpath) == -1) {
		free(confpath);
		return 1;
	}
	log_init("muthur demo", 0, cli->verbose > 0 ? LOG_LEVEL_INFO : LOG_LEVEL_WARN);
	rc = demo_play(cli, quiet, turns, rules, scenario);
	free(confpath);
	return rc;
}

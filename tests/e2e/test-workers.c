/*
 * test-workers.c — several muthurd workers on one PostgreSQL store and one
 * mailbox (issue 29 item 2; store.h, doc/muthurd.8 WORKERS), run by
 * test-workers-pg.sh on a server of the test's own (MUTHUR_TEST_STORE_URL).
 *
 * MUTHUR_WORKERS (default 3) `muthurd -f` share the incoming and
 * the outgoing Maildir; the players' orders are delivered phase after
 * phase (the checks are labelled "part two").
 * The workers serve MUTHUR_KILL_GAMES fresh games (default 6, or
 * one for every 12 kills when that is more, so that orders still come in at
 * the last kill of a long run); a random one of them is SIGKILLed at a random
 * moment MUTHUR_KILLS times (default 25) while rounds of orders come in, and
 * started again; then they run until all is done.
 * MUTHUR_KILLS=300 is issue 29's size (test-workers-pg.sh --kills 300).
 *
 * After it, from the database and the mail (not from logs):
 *   - every mail delivered is handled once: one mail_seen row each, no
 *     orders row twice, the incoming new/ empty and .Processed/cur/
 *     holding each file once (0 lost, 0 handled twice);
 *   - every outbox row sent, none pending; every sent row's Message-ID and
 *     recipient found in the outgoing Maildir (0 lost), none found twice
 *     (0 sent twice);
 *   - every game's event chain verifies.
 * MUTHUR_KILL_SEED repeats a run (the seed is printed).
 */
#include "config.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/events.h"
#include "store/games.h"
#include "store/mailseen.h"
#include "store/outbox.h"
#include "tests/e2e/e2e-util.h"
#include "tests/store/raw.h"
#include "tests/tap.h"

#define KILL_GAMES	6	/* at least */
#define MAX_GAMES	200
#define MAX_WORKERS	8

static const char *url;
static int nworkers = 3;
static pid_t workers[MAX_WORKERS];
static long delivered;

/* Start worker w: `muthurd -f -v`, its log appended to DIR/worker-W.log. */
static void
start_worker(int w)
{
	char *prog = xasprintf("%s/muthurd", e2e_bin);
	char *log = xasprintf("%s/worker-%d.log", e2e_dir, w);
	pid_t pid;

	if ((pid = fork()) == 0) {
		if (freopen(log, "a", stderr) == NULL)
			_exit(127);
		execl(prog, "muthurd", "-f", "--config", e2e_conf, (char *)NULL);
		_exit(127);
	}
	workers[w] = pid;
	free(prog);
	free(log);
}

static void
stop_workers(void)
{
	int w;

	for (w = 0; w < nworkers; w++) {
		kill(workers[w], SIGTERM);
		waitpid(workers[w], NULL, 0);
	}
}

/* Is the game finished? */
static int
finished(struct store *st, const char *name)
{
	struct store_game *g = store_game_get(st, name, NULL);
	int done = g != NULL && strcmp(g->status, "finished") == 0;

	store_game_free(g);
	return done;
}

/*
 * Orders for the games names[0..n) whose open phase moved on since their
 * last orders (seq[k]); how many games are not finished.
 */
static int
deliver_rounds(struct store *st, char (*names)[16], uint64_t *seq, int n)
{
	uint64_t s;
	int k, open = 0;

	for (k = 0; k < n; k++) {
		e2e_game = names[k];
		if (finished(st, names[k]))
			continue;
		open++;
		if ((s = e2e_phase_seq(st)) != 0 && s != seq[k]) {
			seq[k] = s;
			delivered += e2e_round(st);
		}
	}
	return open;
}

/* Wait until no mail waits and no outgoing row is pending (at most secs). */
static int
settle(struct store *st, double secs)
{
	double t0 = e2e_now();
	size_t pending;
	int quiet = 0;

	while (e2e_now() - t0 < secs) {
		pending = 1;
		store_outbox_count(st, OUTBOX_PENDING, &pending, NULL);
		if (e2e_files_in("new") == 0 && pending == 0) {
			if (++quiet >= 5)	/* a second of nothing to do */
				return 1;
		} else
			quiet = 0;
		usleep(200000);
	}
	return 0;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "Message-ID recipient" of every file in dir's new/ and cur/, sorted. */
static char **
deliveries(const char *dir, size_t *n)
{
	static const char *const sub[2] = { "new", "cur" };
	char **v = NULL, *d, *f, *data, *id, *to;
	struct dirent *de;
	size_t len;
	DIR *dp;
	int k;

	*n = 0;
	for (k = 0; k < 2; k++) {
		d = xasprintf("%s/%s", dir, sub[k]);
		dp = opendir(d);
		while (dp != NULL && (de = readdir(dp)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			f = xasprintf("%s/%s", d, de->d_name);
			if (fs_read_file(f, 1 << 22, &data, &len, NULL) == 0) {
				id = e2e_header(data, "Message-ID");
				to = e2e_header(data, "Delivered-To");
				v = xreallocarray(v, *n + 1, sizeof *v);
				v[(*n)++] = xasprintf("%s %s", id ? id : "?", to ? to : "?");
				free(id);
				free(to);
				free(data);
			}
			free(f);
		}
		if (dp != NULL)
			closedir(dp);
		free(d);
	}
	if (*n > 0)
		qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

/* Sent rows whose "Message-ID first-recipient" is not among v (sorted). */
static size_t
lost_rows(struct store *st, char **v, size_t n)
{
	char *key, *comma;
	size_t i, lost = 0;
	struct store_outbox_mail *m;

	/* every row's id, then each row: a test's outbox is small */
	for (i = 1; i <= (size_t)raw_count(url, "SELECT max(id) FROM outbox"); i++) {
		if ((m = store_outbox_get(st, (int64_t)i, NULL)) == NULL)
			continue;
		if (strcmp(m->state, OUTBOX_SENT) == 0) {
			key = xasprintf("%s %s", m->message_id, m->recipients);
			if ((comma = strchr(key, ',')) != NULL)
				*comma = '\0';
			if (bsearch(&key, v, n, sizeof *v, cmp_str) == NULL)
				lost++;
			free(key);
		}
		store_outbox_free(m, 1);
	}
	return lost;
}

/* The counts, checked: what part what did. */
static void
check(struct store *st, const char *what, char (*names)[16], int ngames)
{
	char *out = xasprintf("%s/var/mail/out", e2e_dir), **v;
	struct store_game *g;
	size_t n, i, dups = 0, pending = 1, failed = 1;
	int64_t seen = -1;
	uint64_t bad;
	int k, verified = 0;

	store_mail_count(st, &seen, NULL);
	is_int((int)seen, (int)delivered, "%s: every one of the %ld mails delivered is "
	    "handled and recorded once", what, delivered);
	is_int((int)e2e_files_in("new"), 0, "%s: none left waiting", what);
	is_int((int)e2e_files_in("quarantine"), 0, "%s: none quarantined", what);
	is_int((int)e2e_files_in(".Processed/cur"), (int)delivered, "%s: each marked "
	    "processed (in .Processed/cur/), once", what);
	is_int((int)raw_count(url, "SELECT count(*) - count(DISTINCT (message_id, "
	    "phase_id)) FROM orders"), 0, "%s: no orders stored twice", what);
	store_outbox_count(st, OUTBOX_PENDING, &pending, NULL);
	store_outbox_count(st, OUTBOX_FAILED, &failed, NULL);
	ok(pending == 0 && failed == 0, "%s: no outgoing mail pending or failed (%zu, %zu)",
	    what, pending, failed);
	v = deliveries(out, &n);
	for (i = 1; i < n; i++)
		if (strcmp(v[i], v[i - 1]) == 0)
			dups++;
	diag("%s: %ld mails in, %zu mails out, %lld outbox rows sent, %lld claims of "
	    "rows claimed before (a sender died holding them)", what, delivered, n,
	    raw_count(url, "SELECT count(*) FROM outbox WHERE state = 'sent'"),
	    raw_count(url, "SELECT coalesce(sum(claims - 1), 0) FROM outbox WHERE "
	    "claims > 1"));
	is_int((int)lost_rows(st, v, n), 0, "%s: 0 lost: every sent row is in the "
	    "outgoing Maildir", what);
	is_int((int)dups, 0, "%s: 0 sent twice: no Message-ID to a recipient twice among "
	    "the %zu mails out", what, n);
	is_int((int)n, (int)raw_count(url, "SELECT count(*) FROM outbox WHERE state = "
	    "'sent'"), "%s: as many mails out as rows sent", what);
	for (k = 0; k < ngames; k++) {
		bad = 0;
		if ((g = store_game_get(st, names[k], NULL)) != NULL &&
		    store_events_verify(st, g->id, &bad, NULL) == 0)
			verified++;
		store_game_free(g);
	}
	is_int(verified, ngames, "%s: every game's event chain verifies", what);
	store_names_free(v, n);
	free(out);
}

/* Make, seat and start games names[0..n) named prefix0, prefix1, ... */
static int
make_games(char (*names)[16], int n, const char *prefix)
{
	int k, run = 0;

	for (k = 0; k < n; k++) {
		snprintf(names[k], sizeof names[k], "%s%d", prefix, k);
		e2e_game = names[k];
		if (e2e_sh("%s/muthur --config %s new-game %s --rules ccg --scenario contact "
		    ">/dev/null", e2e_bin, e2e_conf, names[k]) == 0 && e2e_seat(0) == 0 &&
		    e2e_seat(1) == 0 && e2e_sh("%s/muthur --config %s start --deal-now %s >/dev/null",
		    e2e_bin, e2e_conf, names[k]) == 0)
			run++;
	}
	return run;
}

int
main(void)
{
	char tmpl[] = "/tmp/muthur-workers-XXXXXX", *conf;
	static char killg[MAX_GAMES][16];
	static uint64_t seq[MAX_GAMES];
	const char *top, *env;
	struct store *st;
	long kills = 25, killed = 0;
	double t0, next;
	unsigned seed;
	int w, k, done, ngames, open = 0;

	if ((url = getenv("MUTHUR_TEST_STORE_URL")) == NULL)
		skip_all("no PostgreSQL server (run by test-workers-pg.sh)");
	top = e2e_setup(tmpl);
	if ((env = getenv("MUTHUR_KILLS")) != NULL)
		kills = strtol(env, NULL, 10);
	if ((env = getenv("MUTHUR_WORKERS")) != NULL)
		nworkers = (int)strtol(env, NULL, 10);
	if (nworkers < 1 || nworkers > MAX_WORKERS)
		nworkers = 3;
	ngames = kills / 12 > KILL_GAMES ? (int)(kills / 12) : KILL_GAMES;
	if ((env = getenv("MUTHUR_KILL_GAMES")) != NULL)
		ngames = (int)strtol(env, NULL, 10);
	if (ngames < 1 || ngames > MAX_GAMES)
		ngames = KILL_GAMES;
	seed = (env = getenv("MUTHUR_KILL_SEED")) != NULL ? (unsigned)strtoul(env, NULL, 10) :
	    (unsigned)time(NULL) ^ (unsigned)getpid();
	srandom(seed);
	diag("seed %u (MUTHUR_KILL_SEED repeats this run), %d workers, %ld kills, %d "
	    "games", seed, nworkers, kills, ngames);

	conf = xasprintf("[store]\nurl = %s\n[mail]\nin = maildir:var/mail/in\n"
	    "out = maildir:var/mail/out\nfrom = muthur@club.example\npoll_interval = 1\n"
	    "[server]\nkey = var/server.key\n", url);
	e2e_game = "setup";
	is_int(e2e_init_game(top, conf), 0, "muthur init, players' keys, a first game");
	free(conf);
	if ((st = store_open(url, NULL)) == NULL) {
		printf("Bail out! cannot open %s\n", url);
		return 1;
	}

	/* Part two: a random worker killed at random moments. */
	is_int(make_games(killg, ngames, "kill"), ngames, "%d more games", ngames);
	for (w = 0; w < nworkers; w++)
		start_worker(w);
	memset(seq, 0, sizeof seq);
	t0 = e2e_now();
	next = e2e_now() + 0.3 * (double)random() / RAND_MAX;
	while (killed < kills && e2e_now() - t0 < 600 + 3.0 * (double)kills) {
		open = deliver_rounds(st, killg, seq, ngames);
		if (e2e_now() >= next) {
			w = (int)(random() % nworkers);
			if (kill(workers[w], SIGKILL) == 0 && waitpid(workers[w], NULL, 0) > 0)
				killed++;
			start_worker(w);
			next = e2e_now() + 0.05 + 0.5 * (double)random() / RAND_MAX;
		}
		usleep(20000);
	}
	is_int((int)killed, (int)kills, "part two: a random worker of %d SIGKILLed %ld "
	    "times, while %ld mails came in", nworkers, killed, delivered);
	diag("part two: %d of the %d games still open at the last kill, after %.0f s",
	    open, ngames, e2e_now() - t0);
	/* the games go on a little, unkilled, then all settles */
	for (k = 0, done = 0; k < 40 && !done; k++) {
		done = deliver_rounds(st, killg, seq, ngames) == 0;
		usleep(100000);
	}
	ok(settle(st, 120), "then the workers finish what was left");
	stop_workers();
	check(st, "part two", killg, ngames);
	store_close(st);
	if (getenv("KEEP") == NULL)
		e2e_sh("rm -rf %s", e2e_dir);
	return done_testing();
}

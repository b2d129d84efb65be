/*
 * bench-workers.c — muthurd workers on one store, as processes (issue 29's
 * targets; bench/workers.sh runs it on a PostgreSQL server of its own and
 * on SQLite in the same run). Not a test: the figures are the machine's.
 *
 *   bench-workers setup CONF GAMES
 *	GAMES CCG Contact games (bench-0, bench-1, ...) with four seats whose
 *	keys come from fixed seeds, started, their first views sent.
 *   bench-workers rate CONF WORKERS ROUNDS
 *	WORKERS `muthurd -f` on CONF's store and Maildirs; ROUNDS times, a
 *	round of signed orders mails (one per awaited seat of every running
 *	game, made from the store's state by the seats' policy, all written
 *	first and then moved into new/ at once) and the time until every one
 *	is recorded (mail_seen), none waits in new/ and no outgoing mail is
 *	pending: mails/s over the rounds, and the workers' own CPU seconds
 *	(a database server's are not theirs: bench/workers.sh prints them).
 *   bench-workers fill CONF GAMES
 *	GAMES four-seat games straight in the store (tests/store/fixture.h,
 *	as bench-idle), an open phase waiting for every seat.
 *   bench-workers idle CONF WORKERS PASSES
 *	WORKERS `muthurd -f -v` on the store until each has logged PASSES
 *	passes ("pass done in X ms"): each worker's first pass, the median
 *	of its later (idle) passes, its peak RSS (wait4()'s ru_maxrss).
 *
 * CONF's folder gets the workers' logs (worker-N.log). The muthurd run is
 * $MUTHURD, else ./muthurd; templates and card data come from $top_srcdir.
 */
#include "config.h"

#include <errno.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "bench/bench-util.h"
#include "daemon/conf.h"
#include "daemon/game.h"
#include "daemon/view.h"
#include "lib/keyfile.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "mail/send.h"
#include "store/games.h"
#include "store/mailseen.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "store/phases.h"
#include "store/serverkey.h"
#include "templates/tmpl.h"
#include "tests/store/fixture.h"

#define die(what, cause) bench_die("bench-workers", (what), (cause))
#define MAX_WORKERS 16

static const char *const seats[4] = { "rogue", "marines", "predator", "aliens" };

static struct config *cf;
static const char *conf_path;
static char *dir;		/* CONF's folder */
static unsigned char pk[4][32], sk[4][64];
static struct server_key *skey;	/* ctx_open()'s, freed by ctx_close() */
static struct tmpl_set *ts;

/* The seats' keys: fixed seeds, the same in every mode. */
static void
seat_keys(void)
{
	unsigned char seed[32];
	int k;

	for (k = 0; k < 4; k++) {
		memset(seed, 0x51 + k, sizeof seed);
		crypto_sign_seed_keypair(pk[k], sk[k], seed);
	}
}

static void
ctx_open(struct game_ctx *c)
{
	char *cause = NULL;

	memset(c, 0, sizeof *c);
	if ((c->st = store_open(config_store(cf), &cause)) == NULL ||
	    (skey = server_key_load(cf->server_key, &cause)) == NULL ||
	    (ts = view_templates_new(NULL, &cause)) == NULL)
		die("open", cause);
	c->key = skey;
	c->tmpl = ts;
	c->from = cf->mail_from;
	c->now = (int64_t)time(NULL);
}

static void
ctx_close(struct game_ctx *c)
{
	tmpl_set_free(ts);
	server_key_free(skey);
	store_close(c->st);
}

static int
setup(int games)
{
	struct send_options so;
	struct game_ctx c;
	struct sender *out;
	char *keytext[4], *cause = NULL;
	size_t sent = 0;
	double t0 = bench_now();
	int k;

	ctx_open(&c);
	for (k = 0; k < 4; k++)
		keytext[k] = key_public_format(pk[k], NULL);
	bench_ccg_games("bench-workers", &c, games, seats, keytext);
	for (k = 0; k < 4; k++)
		free(keytext[k]);
	memset(&so, 0, sizeof so);
	if ((out = send_open(&cf->mail_out, &so, &cause)) == NULL ||
	    game_outbox_send(&c, out, 0, &sent, NULL, &cause) == -1)
		die("outbox", cause);
	send_close(out);
	printf("setup: %d games created, seated and started, %zu first views sent, "
	    "in %.1f s\n", games, sent, bench_now() - t0);
	ctx_close(&c);
	return 0;
}

static pid_t
start_worker(int w, int verbose)
{
	const char *prog = getenv("MUTHURD") != NULL ? getenv("MUTHURD") : "./muthurd";
	char *log = xasprintf("%s/worker-%d.log", dir, w);
	pid_t pid;

	if ((pid = fork()) == -1)
		die("fork", strerror(errno));
	if (pid == 0) {
		if (freopen(log, "a", stderr) == NULL)
			_exit(127);
		execl(prog, "muthurd", "-f", verbose ? "-v" : "-f", "--config", conf_path,
		    (char *)NULL);
		_exit(127);
	}
	free(log);
	return pid;
}

/* How many lines of worker w's log hold what. */
static int
log_count(int w, const char *what)
{
	char *log = xasprintf("%s/worker-%d.log", dir, w), line[1024];
	FILE *f = fopen(log, "r");
	int n = 0;

	while (f != NULL && fgets(line, sizeof line, f) != NULL)
		if (strstr(line, what) != NULL)
			n++;
	if (f != NULL)
		fclose(f);
	free(log);
	return n;
}

/* Wait (at most secs) until every worker's log holds what n times. */
static void
wait_logs(int workers, const char *what, int n, double secs)
{
	double t0 = bench_now();
	int w;

	for (;;) {
		for (w = 0; w < workers && log_count(w, what) >= n; w++)
			;
		if (w == workers)
			return;
		if (bench_now() - t0 > secs)
			die("workers", "a worker did not get there in time (see its "
			    "worker-N.log)");
		usleep(50000);
	}
}

/* SIGTERM every worker; their CPU seconds, peak RSS in *rss (KiB each). */
static double
stop_workers(const pid_t *pids, int workers, long *rss)
{
	struct rusage ru;
	double cpu = 0;
	int w, status;

	for (w = 0; w < workers; w++)
		kill(pids[w], SIGTERM);
	for (w = 0; w < workers; w++) {
		memset(&ru, 0, sizeof ru);
		if (wait4(pids[w], &status, 0, &ru) == -1)
			die("wait4", strerror(errno));
		cpu += (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
		    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
		if (rss != NULL)
			rss[w] = ru.ru_maxrss;
	}
	return cpu;
}

/* Files in the incoming Maildir's new/. */
static size_t
files_in_new(void)
{
	char *p = xasprintf("%s/new", cf->mail_in.path);
	DIR *d = opendir(p);
	struct dirent *de;
	size_t n = 0;

	while (d != NULL && (de = readdir(d)) != NULL)
		if (de->d_name[0] != '.')
			n++;
	if (d != NULL)
		closedir(d);
	free(p);
	return n;
}

/*
 * The orders of game g's seat (l, its open phase ph), signed with the
 * seat's key, into the staging Maildir stage (tag: round and seat i).
 */
static void
deliver_seat(const struct game_ctx *c, const struct game_live *l,
    const struct store_phase *ph, int g, const char *seat, int round, size_t i,
    const char *stage)
{
	char *orders, *from, *tag, *mail, *cause = NULL;
	size_t len;
	int k;

	for (k = 0; k < 3 && strcmp(seats[k], seat) != 0; k++)
		;
	orders = game_policy_orders(l->rules, l->g, (size_t)l->rules->seat_index(l->g,
	    seat));
	from = xasprintf("%s-%d@players.example", seats[k], g);
	tag = xasprintf("w.%d.%d.%zu", round, g, i);
	mail = game_orders_mail(from, cf->mail_from, l->game->name, seat, ph->turn,
	    ph->name, orders, sk[k], tag, c->now, &len);
	if (game_maildir_deliver(stage, mail, len, &cause) == -1)
		die("deliver", cause);
	free(mail);
	free(tag);
	free(from);
	free(orders);
}

/*
 * A round of orders for every running game into the staging Maildir
 * stage, then moved into the incoming new/; how many.
 */
static size_t
deliver_round(struct game_ctx *c, int round, const char *stage)
{
	struct game_live *l;
	struct store_phase *ph;
	char *name, **missing, *cause = NULL, *a, *b;
	char *sn = xasprintf("%s/new", stage);
	size_t nm, i, n = 0;
	struct dirent *de;
	DIR *d;
	int g;

	for (g = 0;; g++) {
		name = xasprintf("bench-%d", g);
		l = game_live_load(c->st, name, &cause);
		free(name);
		if (l == NULL) {
			free(cause);
			break;
		}
		ph = strcmp(l->game->status, "running") == 0 ?
		    store_phase_current(c->st, l->game->id, NULL) : NULL;
		nm = 0;
		missing = NULL;
		if (ph != NULL)
			store_phase_missing(c->st, ph->id, &missing, &nm, NULL);
		for (i = 0; i < nm; i++)
			deliver_seat(c, l, ph, g, missing[i], round, i, stage);
		store_names_free(missing, nm);
		store_phase_free(ph);
		game_live_free(l);
	}
	if ((d = opendir(sn)) == NULL)
		die(sn, strerror(errno));
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		a = xasprintf("%s/%s", sn, de->d_name);
		b = xasprintf("%s/new/%s", cf->mail_in.path, de->d_name);
		if (rename(a, b) == -1)
			die(b, strerror(errno));
		n++;
		free(a);
		free(b);
	}
	closedir(d);
	free(sn);
	return n;
}

static int
rate(int workers, int rounds)
{
	struct game_ctx c;
	pid_t pids[MAX_WORKERS] = { 0 };
	char *stage = xasprintf("%s/stage", dir), *cause = NULL, *p;
	size_t pending, failed, round_n, total = 0;
	int64_t seen, seen0 = 0;
	double t0, t = 0, cpu;
	int w, r;

	ctx_open(&c);
	p = xasprintf("mkdir -p '%s/new' '%s/cur' '%s/tmp'", stage, stage, stage);
	if (system(p) != 0)
		die(stage, "cannot make it");
	free(p);
	store_mail_count(c.st, &seen0, NULL);
	for (w = 0; w < workers; w++)
		pids[w] = start_worker(w, 0);
	wait_logs(workers, "started", 1, 60);
	for (r = 0; r < rounds; r++) {
		c.now = (int64_t)time(NULL);
		t0 = bench_now();
		round_n = deliver_round(&c, r, stage);
		t0 = bench_now();	/* the mails are made before: not timed */
		total += round_n;
		for (;;) {
			seen = 0;
			pending = failed = 1;
			if (store_mail_count(c.st, &seen, &cause) == -1 ||
			    store_outbox_count(c.st, OUTBOX_PENDING, &pending, &cause) == -1 ||
			    store_outbox_count(c.st, OUTBOX_FAILED, &failed, &cause) == -1)
				die("count", cause);
			if (failed > 0)
				die("outbox", "a mail failed to go out");
			if (seen - seen0 >= (int64_t)total && pending == 0 && files_in_new() == 0)
				break;
			if (bench_now() - t0 > 600)
				die("rate", "the workers did not finish the round in 600 s");
			usleep(20000);
		}
		t += bench_now() - t0;
	}
	cpu = stop_workers(pids, workers, NULL);
	printf("rate: %d worker%s on %s: %zu orders mails in %d rounds, %.2f s: %.1f "
	    "mails/s (the workers' own CPU %.2f s, %.2f ms a mail)\n", workers,
	    workers == 1 ? "" : "s", store_driver_name(c.st), total, rounds, t,
	    t > 0 ? (double)total / t : 0, cpu, total > 0 ? cpu * 1000 / (double)total : 0);
	ctx_close(&c);
	free(stage);
	return 0;
}

static int
fill(int games)
{
	struct server_key fkey;
	struct store *st;
	char *cause = NULL;
	double t0 = bench_now();

	if ((st = store_open(config_store(cf), &cause)) == NULL)
		die("open", cause);
	fix_server_key(&fkey);
	if (fix_games_new(st, &fkey, "idle", games, 1700000000, &cause) == -1)
		die("fill", cause);
	printf("fill: %d games in the %s store in %.1f s\n", games, store_driver_name(st),
	    bench_now() - t0);
	store_close(st);
	return 0;
}

/* Worker w's pass times from its log (ms, in order); how many. */
static size_t
pass_times(int w, double *v, size_t max)
{
	char *log = xasprintf("%s/worker-%d.log", dir, w), line[1024], *p;
	FILE *f = fopen(log, "r");
	size_t n = 0;

	while (f != NULL && n < max && fgets(line, sizeof line, f) != NULL)
		if ((p = strstr(line, "pass done in ")) != NULL)
			v[n++] = strtod(p + strlen("pass done in "), NULL);
	if (f != NULL)
		fclose(f);
	free(log);
	return n;
}

static int
idle(int workers, int passes)
{
	pid_t pids[MAX_WORKERS] = { 0 };
	long rss[MAX_WORKERS];
	double *v = xcalloc((size_t)passes + 8, sizeof *v);
	size_t n;
	int w;

	for (w = 0; w < workers; w++)
		pids[w] = start_worker(w, 1);
	wait_logs(workers, "pass done in ", passes, 120 + 5.0 * passes);
	stop_workers(pids, workers, rss);
	for (w = 0; w < workers; w++) {
		n = pass_times(w, v, (size_t)passes + 8);
		if (n < 2)
			die("idle", "a worker logged fewer than two passes");
		qsort(v + 1, n - 1, sizeof *v, bench_cmp_double);
		printf("idle: worker %d of %d: first pass %.1f ms, idle pass median %.1f ms, "
		    "slowest %.1f ms (%zu passes after the first), peak RSS %ld KiB\n",
		    w + 1, workers, v[0], v[1 + (n - 1) / 2], v[n - 1], n - 1, rss[w]);
	}
	free(v);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir");
	char *p, *cause = NULL;
	int a, b = 0;

	if (argc < 4 || (strcmp(argv[1], "setup") != 0 && strcmp(argv[1], "fill") != 0 &&
	    argc < 5)) {
		fprintf(stderr, "usage: bench-workers setup|fill CONF GAMES\n"
		    "       bench-workers rate CONF WORKERS ROUNDS\n"
		    "       bench-workers idle CONF WORKERS PASSES\n");
		return 2;
	}
	a = atoi(argv[3]);
	if (argc > 4)
		b = atoi(argv[4]);
	if (a < 1 || a > 100000 || (argc > 4 && (b < 1 || b > 1000)) ||
	    ((strcmp(argv[1], "rate") == 0 || strcmp(argv[1], "idle") == 0) &&
	    a > MAX_WORKERS)) {
		fprintf(stderr, "bench-workers: GAMES 1..100000, WORKERS 1..%d, ROUNDS and "
		    "PASSES 1..1000\n", MAX_WORKERS);
		return 2;
	}
	if (sodium_init() < 0)
		die("setup", "libsodium");
	log_init("bench-workers", 0, LOG_LEVEL_WARN);
	if (top != NULL) {
		setenv("MUTHUR_DATADIR", p = xasprintf("%s/rules", top), 1);
		free(p);
		setenv("MUTHUR_TEMPLATES", p = xasprintf("%s/templates", top), 1);
		free(p);
	}
	conf_path = argv[2];
	if ((cf = config_load(conf_path, &cause)) == NULL)
		die(conf_path, cause);
	dir = xstrdup(conf_path);
	if ((p = strrchr(dir, '/')) != NULL)
		*p = '\0';
	else {
		free(dir);
		dir = xstrdup(".");
	}
	seat_keys();
	signal(SIGPIPE, SIG_IGN);
	if (strcmp(argv[1], "setup") == 0)
		return setup(a);
	if (strcmp(argv[1], "fill") == 0)
		return fill(a);
	if (strcmp(argv[1], "rate") == 0)
		return rate(a, b);
	if (strcmp(argv[1], "idle") == 0)
		return idle(a, b);
	fprintf(stderr, "bench-workers: unknown mode %s\n", argv[1]);
	return 2;
}

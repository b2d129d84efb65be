/*
 * bench-e2e.c — muthur end to end: creates many games (default 1,000, up to
 * 10,000) on the embedded default, drops a round of signed orders mails
 * (one per awaited seat of every game) into the incoming Maildir, and runs
 * the daemon's handling over them: intake, signature check, store,
 * barrier, resolve, render, outbox, and the outbox sent into the outgoing
 * Maildir. Prints mails handled per second end to end, the Ed25519 verify
 * rate of the same signatures measured in the same run, their ratio, the
 * median time of a mail that completes a 4-seat phase (its intake and
 * check, resolving the phase and rendering the four views) over the run
 * and, of one game's length, its median and p95 in the ten rounds up to
 * rounds 10, 100 and 400 (-g 1 -r 400: each phase costs the same however
 * long the game has gone on), the database
 * bytes each orders mail and each completed phase adds (pages in use, from
 * after the start to the end; sent mail bodies are pruned) and the bytes a
 * game holds at the end, the CPU time of handling and sending
 * (the rest of the wall time is waiting for the disk) and peak RSS.
 *
 *   bench/bench-e2e [-b BATCH] [-g GAMES] [-r ROUNDS (1..1000)] [-k] [-p ROUND]
 *   (make bench; run from the top folder or set top_srcdir)
 *
 * -p ROUND: under valgrind --tool=callgrind --collect-atstart=no, the
 * instructions of the daemon's handling of that round's mails alone are
 * collected (built with valgrind/callgrind.h; else -p is refused); with
 * --instr-atstart=no too the rounds before it run uninstrumented, several
 * times faster (round 400 in minutes).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>
#include <sqlite3.h>
#ifdef HAVE_VALGRIND_CALLGRIND_H
#include <valgrind/callgrind.h>
#endif

#include "bench/bench-util.h"
#include "daemon/conf.h"
#include "daemon/view.h"
#include "daemon/game.h"
#include "daemon/loop.h"
#include "daemon/proc.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "mail/fetch.h"
#include "mail/intake.h"
#include "mail/intake-child.h"
#include "mail/pubkey.h"
#include "mail/send.h"
#include "mail/sig.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "store/serverkey.h"
#include "rules/picture/picture-cache.h"
#include "templates/tmpl.h"

static const char *const seats[4] = { "rogue", "marines", "predator", "aliens" };

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Mail timings from loop_intake()'s hook: the time since the last mail
 * ended, kept for the mails that resolved a phase, with the round (from
 * 1) each came in. */
struct ticks {
	double	 last;
	double	*phase_t;
	int	*phase_r;
	size_t	 nphase;
	int	 round;
};

static void
tick(void *arg, int advanced)
{
	struct ticks *tk = arg;
	double t = bench_now();

	if (advanced > 0) {
		tk->phase_t = xreallocarray(tk->phase_t, tk->nphase + 1,
		    sizeof *tk->phase_t);
		tk->phase_r = xreallocarray(tk->phase_r, tk->nphase + 1,
		    sizeof *tk->phase_r);
		tk->phase_r[tk->nphase] = tk->round;
		tk->phase_t[tk->nphase++] = t - tk->last;
	}
	tk->last = t;
}

/* Bytes of the database's pages in use (not free), and of the outbox
 * bodies it holds; read on a connection of the benchmark's own. */
static void
db_bytes(const char *path, int64_t *used, int64_t *bodies)
{
	static const char *const q[4] = { "PRAGMA page_count", "PRAGMA freelist_count",
	    "PRAGMA page_size", "SELECT (SELECT coalesce(sum(length(mail)), 0) FROM outbox) + "
	    "(SELECT coalesce(sum(length(mail)), 0) FROM outbox_body)" };
	int64_t v[4] = { 0, 0, 0, 0 };
	sqlite3_stmt *s;
	sqlite3 *db;
	int i;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK)
		for (i = 0; i < 4; i++)
			if (sqlite3_prepare_v2(db, q[i], -1, &s, NULL) == SQLITE_OK) {
				if (sqlite3_step(s) == SQLITE_ROW)
					v[i] = sqlite3_column_int64(s, 0);
				sqlite3_finalize(s);
			}
	sqlite3_close(db);
	*used = (v[0] - v[1]) * v[2];
	*bodies = v[3];
}

/* CPU seconds (user and system) of this process and of its waited-for
 * children (the parse children) so far. */
static double
cpu_now(void)
{
	struct rusage self, kids;

	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	return (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec + kids.ru_utime.tv_sec +
	    kids.ru_stime.tv_sec) + (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec +
	    kids.ru_utime.tv_usec + kids.ru_stime.tv_usec) / 1e6;
}

static void
die(const char *what, char *cause)
{
	fprintf(stderr, "bench-e2e: %s: %s\n", what, cause != NULL ? cause : "failed");
	exit(1);
}

/*
 * The median and p95 of the phase-completing mails of the ten rounds up to
 * round at (at-9..at), printed; nothing when the run had fewer rounds.
 */
static void
print_at_round(const struct ticks *tk, int at, int rounds)
{
	double *v;
	size_t i, n = 0;

	if (at > rounds)
		return;
	v = xcalloc(tk->nphase + 1, sizeof *v);
	for (i = 0; i < tk->nphase; i++)
		if (tk->phase_r[i] > at - 10 && tk->phase_r[i] <= at)
			v[n++] = tk->phase_t[i];
	qsort(v, n, sizeof *v, cmp_double);
	if (n > 0)
		printf("phase-completing mail at round %d (rounds %d-%d): median %.2f ms, "
		    "p95 %.2f ms over %zu phases\n", at, at - 9 > 1 ? at - 9 : 1, at,
		    v[n / 2] * 1000, v[(n * 95) / 100 < n ? (n * 95) / 100 : n - 1] * 1000, n);
	else
		printf("phase-completing mail at round %d: no phase completed (the games "
		    "had ended)\n", at);
	free(v);
}

/* The signatures to verify again, outside the daemon. */
struct sigs {
	char		**block, **sig;
	size_t		*blen, *slen;
	int		*seat;
	size_t		 n;
};

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char tmpl[] = "/tmp/muthur-bench-XXXXXX", *dir, *p, *cause = NULL;
	char *name, *keytext[4], *mail, *from, *tag, **missing;
	unsigned char pk[4][32], sk[4][64];
	struct config *cf;
	struct server_key *skey;
	struct tmpl_set *ts;
	struct store *st;
	struct game_ctx c;
	struct game_live *l;
	struct fetcher *in;
	struct sender *out;
	struct fetch_options fo;
	struct send_options so;
	struct pubkey pks[4];
	struct sigs sg;
	struct rusage ru;
	double t0, t_setup, t_mail, t_send, t_verify, c0, c_mail = 0, c_send = 0;
	int64_t used0, used1, bodies0, bodies1;
	size_t len, nm, i, mails = 0, sent = 0, batch = LOOP_BATCH;
	int games = 1000, rounds = 1, keep = 0, profile = 0, opt, g, r, k;
	struct loop lp;
	struct loop_stats stats;
	struct ticks tk = { 0, NULL, NULL, 0, 0 };
	struct intake_child *parser = intake_child_new(NULL);	/* as muthurd keeps one */

	while ((opt = getopt(argc, argv, "b:g:r:kp:")) != -1) {
		switch (opt) {
		case 'p': profile = atoi(optarg); break;
		case 'b': batch = (size_t)atoi(optarg); break;
		case 'g': games = atoi(optarg); break;
		case 'r': rounds = atoi(optarg); break;
		case 'k': keep = 1; break;
		default:
			fprintf(stderr, "usage: bench-e2e [-b BATCH] [-g GAMES] [-r ROUNDS] "
			    "[-k] [-p ROUND]\n");
			return 2;
		}
	}
	if (games < 1 || games > 10000 || rounds < 1 || rounds > 1000) {
		fprintf(stderr, "bench-e2e: -g takes 1..10000 games, -r 1..1000 rounds\n");
		return 2;
	}
#ifndef HAVE_VALGRIND_CALLGRIND_H
	if (profile != 0) {
		fprintf(stderr, "bench-e2e: -p needs valgrind/callgrind.h at build time\n");
		return 2;
	}
#endif
	if (sodium_init() < 0 || (dir = mkdtemp(tmpl)) == NULL)
		die("setup", NULL);
	proc_malloc_tune();	/* as muthurd's loop_open() */
	log_init("bench-e2e", 0, LOG_LEVEL_WARN);
	setenv("MUTHUR_DATADIR", p = xasprintf("%s/rules", top), 1);
	free(p);
	setenv("MUTHUR_TEMPLATES", p = xasprintf("%s/templates", top), 1);
	free(p);
	cf = bench_embedded("bench-e2e", dir);
	if ((st = store_open(config_store(cf), &cause)) == NULL ||
	    (skey = server_key_load(cf->server_key, &cause)) == NULL ||
	    (ts = view_templates_new(NULL, &cause)) == NULL)
		die("open", cause);
	memset(&c, 0, sizeof c);
	c.st = st;
	c.key = skey;
	c.tmpl = ts;
	c.from = cf->mail_from;
	c.now = (int64_t)time(NULL);
	for (k = 0; k < 4; k++) {
		key_generate(pk[k], sk[k]);
		keytext[k] = key_public_format(pk[k], NULL);
		pubkey_parse(keytext[k], strlen(keytext[k]), &pks[k], NULL);
	}

	t0 = bench_now();
	bench_ccg_games("bench-e2e", &c, games, seats, keytext);
	t_setup = bench_now() - t0;
	printf("setup: %d games created, seated and started in %.1f s (%.1f ms a game)\n",
	    games, t_setup, t_setup * 1000 / games);

	memset(&fo, 0, sizeof fo);
	fo.poll_interval = 60;
	memset(&so, 0, sizeof so);
	if ((out = send_open(&cf->mail_out, &so, &cause)) == NULL)
		die("send_open", cause);
	/* the views of the start go out first (not counted) */
	if (game_outbox_send(&c, out, 0, &sent, NULL, &cause) == -1)
		die("outbox", cause);
	db_bytes(cf->store_path, &used0, &bodies0);
	memset(&sg, 0, sizeof sg);
	t_mail = t_send = 0;
	for (r = 0; r < rounds; r++) {
		tk.round = r + 1;
		/* a round of orders: every awaited seat of every game */
		for (g = 0; g < games; g++) {
			name = xasprintf("bench-%d", g);
			l = game_live_load(st, name, &cause);
			if (l == NULL || strcmp(l->game->status, "running") != 0) {
				game_live_free(l);
				free(name);
				free(cause);
				cause = NULL;
				continue;
			}
			{
				struct store_phase *ph = store_phase_current(st, l->game->id, NULL);

				nm = 0;
				missing = NULL;
				store_phase_missing(st, ph->id, &missing, &nm, NULL);
				for (i = 0; i < nm; i++) {
					struct intake_mail *im = NULL;
					char *orders;
					int idx = l->rules->seat_index(l->g, missing[i]);

					for (k = 0; k < 4; k++)
						if (strcmp(seats[k], missing[i]) == 0)
							break;
					orders = game_policy_orders(l->rules, l->g, (size_t)idx);
					from = xasprintf("%s-%d@players.example", seats[k], g);
					tag = xasprintf("b.%d.%d.%zu", r, g, i);
					mail = game_orders_mail(from, cf->mail_from, name, missing[i],
					    ph->turn, ph->name, orders, sk[k], tag, c.now, &len);
					if (game_maildir_deliver(cf->mail_in.path, mail, len,
					    &cause) == -1)
						die("deliver", cause);
					if (intake_parse(mail, len, NULL, &im, &cause) == 0 &&
					    im->class == INTAKE_ORDERS) {
						sg.block = xreallocarray(sg.block, sg.n + 1, sizeof *sg.block);
						sg.sig = xreallocarray(sg.sig, sg.n + 1, sizeof *sg.sig);
						sg.blen = xreallocarray(sg.blen, sg.n + 1, sizeof *sg.blen);
						sg.slen = xreallocarray(sg.slen, sg.n + 1, sizeof *sg.slen);
						sg.seat = xreallocarray(sg.seat, sg.n + 1, sizeof *sg.seat);
						sg.block[sg.n] = xstrdup(im->block.signed_bytes);
						sg.blen[sg.n] = im->block.signed_len;
						sg.sig[sg.n] = xmalloc(im->sig_len + 1);
						memcpy(sg.sig[sg.n], im->sig_text, im->sig_len);
						sg.slen[sg.n] = im->sig_len;
						sg.seat[sg.n] = k;
						sg.n++;
					}
					intake_mail_free(im);
					free(mail);
					free(tag);
					free(from);
					free(orders);
				}
				store_names_free(missing, nm);
				store_phase_free(ph);
			}
			game_live_free(l);
			free(name);
		}

		/* the daemon's handling (loop_intake(): the mails in
		 * transactions of LOOP_BATCH, as muthurd does), each mail timed
		 * from the end of the one before */
		if ((in = fetch_open(&cf->mail_in, &fo, &cause)) == NULL)
			die("fetch_open", cause);
		memset(&lp, 0, sizeof lp);
		lp.cf = cf;
		lp.st = st;
		lp.key = skey;
		lp.tmpl = ts;
		lp.in = in;
		lp.out = out;
		lp.parser = parser;
		lp.now = (int64_t)time(NULL);
		lp.batch = batch;
		lp.on_mail = tick;
		lp.on_mail_arg = &tk;
		memset(&stats, 0, sizeof stats);
		c0 = cpu_now();
		t0 = tk.last = bench_now();
#ifdef HAVE_VALGRIND_CALLGRIND_H
		if (r + 1 == profile) {
			CALLGRIND_START_INSTRUMENTATION;
			CALLGRIND_TOGGLE_COLLECT;
		}
#endif
		loop_intake(&lp, &stats);
#ifdef HAVE_VALGRIND_CALLGRIND_H
		if (r + 1 == profile)
			CALLGRIND_TOGGLE_COLLECT;
#endif
		if (stats.errors > 0)
			die("loop_intake", "mails failed (see the log)");
		mails += stats.mails;
		if (getenv("BENCH_DEBUG"))
			fprintf(stderr, "round %d: %zu mails, %zu accepted, %zu advanced\n", r, stats.mails, stats.accepted, stats.advanced);
		t_mail += bench_now() - t0;
		c_mail += cpu_now() - c0;
		fetch_close(in);
		c.now = lp.now;		/* the views are due from then */
		t0 = bench_now();
		c0 = cpu_now();
		if (game_outbox_send(&c, out, 0, &sent, NULL, &cause) == -1)
			die("outbox", cause);
		t_send += bench_now() - t0;
		c_send += cpu_now() - c0;
	}

	c0 = cpu_now();
	intake_child_free(parser);	/* waited for: its CPU time counts now */
	c_mail += cpu_now() - c0;
	t0 = bench_now();
	for (i = 0; i < sg.n; i++)
		if (sig_verify(&pks[sg.seat[i]], sg.block[i], sg.blen[i], sg.sig[i], sg.slen[i],
		    &cause) == -1)
			die("verify", cause);
	t_verify = bench_now() - t0;
	getrusage(RUSAGE_SELF, &ru);
	print_at_round(&tk, 10, rounds);
	print_at_round(&tk, 100, rounds);
	print_at_round(&tk, 400, rounds);
	qsort(tk.phase_t, tk.nphase, sizeof *tk.phase_t, cmp_double);
	printf("mails handled end to end: %zu in %.2f s handling + %.2f s sending = "
	    "%.0f mails/s\n", mails, t_mail, t_send, mails / (t_mail + t_send));
	printf("CPU time: %.2f s handling (%.2f ms a mail, parse children included) + "
	    "%.2f s sending; the rest of the wall time is waiting (fsync, file "
	    "creation)\n", c_mail, mails ? c_mail * 1000 / mails : 0.0, c_send);
	printf("Ed25519 verify of the same %zu signatures: %.0f /s\n", sg.n,
	    sg.n / t_verify);
	printf("ratio (end to end / verify): %.4f\n",
	    (mails / (t_mail + t_send)) / (sg.n / t_verify));
	printf("median mail completing a 4-seat phase (intake, verify, store, resolve, "
	    "render 4 views): %.2f ms over %zu phases\n",
	    tk.nphase ? tk.phase_t[tk.nphase / 2] * 1000 : 0.0, tk.nphase);
	db_bytes(cf->store_path, &used1, &bodies1);
	printf("database: %lld bytes in use after the start, %lld at the end: %.0f bytes "
	    "per orders mail (outbox bodies held: %lld bytes at the start, %lld at the "
	    "end)\n", (long long)used0, (long long)used1,
	    mails > 0 ? (double)(used1 - used0) / (double)mails : 0.0, (long long)bodies0,
	    (long long)bodies1);
	printf("database growth: %.0f bytes per completed phase (%zu phases), %.0f bytes "
	    "per game (pages in use at the end / games: %d)\n", tk.nphase > 0 ?
	    (double)(used1 - used0) / (double)tk.nphase : 0.0, tk.nphase,
	    (double)used1 / (double)games, games);
	{
		struct pic_cache_stats pcs;

		pic_cache_usage(&pcs);
		printf("board strips: %zu drawn, %zu found kept; kept at the end: %zu "
		    "(%zu bytes)\n", pcs.misses, pcs.hits, pcs.entries, pcs.bytes);
	}
	printf("peak RSS: %ld KiB\n", ru.ru_maxrss);
	if (!keep) {
		p = xasprintf("rm -rf %s", dir);
		if (system(p) != 0)
			fprintf(stderr, "bench-e2e: could not remove %s\n", dir);
		free(p);
	} else
		printf("kept %s\n", dir);
	return 0;
}

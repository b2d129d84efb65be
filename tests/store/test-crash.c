/*
 * test-crash.c — a child runs realistic store transactions in a loop
 * (order mails with their acknowledgements, 4-seat phase advances with
 * events, seeds, commitments and view mails, a sender marking mail sent)
 * and is killed with SIGKILL at random moments, at least 200 times. After
 * each kill the invariants are checked:
 *   - the database opens and the game verifies (hash chain, commitments,
 *     seeds, states);
 *   - no phase is half advanced: one open phase with its seed committed
 *     and no state yet; each closed phase has its state, its opened seed,
 *     exactly one phase.resolved event and its successor's view mails;
 *   - every outbox row belongs to committed state (an ack to a recorded
 *     mail, a view of an existing phase);
 *   - no processed mail is lost (every mail the child saw committed is
 *     there) or doubled (mails 1..K each once, with one order and one ack),
 *     and a mail delivered again after a crash is recognised;
 *   - sent mail is never sent again except the one a kill interrupted
 *     between sending and marking (the SMTP window, doc/exactly-once.md).
 *
 * MUTHUR_CRASH_KILLS sets the number of kills (default 200). With
 * MUTHUR_TEST_STORE_URL (an empty PostgreSQL database) the store is there
 * instead of a SQLite file (tests/store/test-crash-pg.sh).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/games.h"
#include "store/mailseen.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "store/phases.h"
#include "store/store.h"
#include "store/verify.h"
#include "tests/store/fixture.h"
#include "tests/store/raw.h"
#include "tests/tap.h"

static char tmpdir[] = "/tmp/muthur-crash-XXXXXX";
static char *dbpath, *sentlog;

static void
say(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void
say(int fd, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0 && write(fd, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1) < 0)
		_exit(3);
}

static void __attribute__((noreturn))
child_fail(int fd, const char *what, char *cause)
{
	say(fd, "E %s: %s\n", what, cause != NULL ? cause : "?");
	_exit(1);
}

/* The sender: "send" due mail (append its id to the log), mark it sent. */
static void
child_send(struct store *st, int fd, int logfd, int64_t now)
{
	struct store_outbox_mail *v;
	size_t n, i;
	char *cause = NULL;

	if (store_outbox_due(st, now, NULL, 3, &v, &n, &cause) == -1)
		child_fail(fd, "outbox due", cause);
	for (i = 0; i < n; i++) {
		char line[64];
		int len = snprintf(line, sizeof line, "%lld\n", (long long)v[i].id);

		if (write(logfd, line, (size_t)len) != len)
			child_fail(fd, "sent log", NULL);
		if (store_outbox_sent(st, v[i].id, now, &cause) == -1)
			child_fail(fd, "outbox sent", cause);
	}
	store_outbox_free(v, n);
}

static void __attribute__((noreturn))
child(int fd)
{
	struct server_key key;
	struct fix_game g;
	struct store *st;
	char *cause = NULL, **missing;
	int64_t now = 1700000000, k;
	size_t nmissing;
	uint64_t mail;
	int logfd, rc;

	fix_server_key(&key);
	if ((logfd = open(sentlog, O_WRONLY | O_APPEND | O_CREAT, 0600)) == -1)
		child_fail(fd, "sent log", NULL);
	if ((st = store_open(dbpath, &cause)) == NULL)
		child_fail(fd, "open", cause);
	if (fix_game_load(st, "crash-1", &g, NULL) == -1 &&
	    fix_game_new(st, &key, "crash-1", now, &g, &cause) == -1)
		child_fail(fd, "new game", cause);
	if (store_mail_count(st, &k, &cause) == -1)
		child_fail(fd, "count", cause);
	mail = (uint64_t)k;
	say(fd, "R\n");
	if (mail > 0) {
		/* The last mail delivered again: it must be recognised. */
		if (store_begin(st, &cause) == -1)
			child_fail(fd, "begin", cause);
		rc = fix_order_mail(st, &g, (int)(mail % FIX_SEATS), mail, now, &cause);
		store_rollback(st);
		if (rc != 1)
			child_fail(fd, "a mail delivered twice was not recognised", cause);
		say(fd, "D %llu\n", (unsigned long long)mail);
	}
	for (;;) {
		now++;
		mail++;
		if (store_begin(st, &cause) == -1 ||
		    fix_order_mail(st, &g, (int)(mail % FIX_SEATS), mail, now, &cause) != 0 ||
		    store_commit(st, &cause) == -1)
			child_fail(fd, "order mail", cause);
		say(fd, "M %llu\n", (unsigned long long)mail);
		{
			struct store_phase *ph = store_phase_current(st, g.id, &cause);

			if (ph == NULL ||
			    store_phase_missing(st, ph->id, &missing, &nmissing, &cause) == -1)
				child_fail(fd, "barrier", cause);
			store_names_free(missing, nmissing);
			store_phase_free(ph);
		}
		if (nmissing == 0) {
			if (store_begin(st, &cause) == -1 ||
			    fix_advance(st, &key, &g, now, &cause) == -1 ||
			    store_commit(st, &cause) == -1)
				child_fail(fd, "advance", cause);
			say(fd, "A\n");
		}
		child_send(st, fd, logfd, now);
	}
}

/* Check every invariant; the first broken one goes to *why. */
static int
check(uint64_t reported_mail, long kills, int64_t *mails, int64_t *phases, char **why)
{
	struct store *st;
	struct store_game *g;
	char *cause = NULL;
	int64_t k, v;
	long dups = 0;
	int rc = -1;

	if ((st = store_open(dbpath, &cause)) == NULL) {
		*why = cause;
		return -1;
	}
	if ((g = store_game_get(st, "crash-1", NULL)) == NULL) {
		store_close(st);
		*mails = *phases = 0;
		if (reported_mail != 0) {
			*why = xstrdup("the game is gone");
			return -1;
		}
		return 0;	/* killed before the game was created */
	}
	if (store_game_verify(st, g->id, &cause) == -1) {
		*why = cause;
		goto out;
	}
	k = raw_count(dbpath, "SELECT count(*) FROM mail_seen");
	*mails = k;
	*phases = raw_count(dbpath, "SELECT count(*) FROM phases");
#define CHECK(cond, ...) do { if (!(cond)) { *why = xasprintf(__VA_ARGS__); goto close; } } while (0)
	CHECK((uint64_t)k >= reported_mail, "mail %llu was committed but is lost (%lld recorded)",
	    (unsigned long long)reported_mail, (long long)k);
	/* N of <order-N@example.org>, in SQL both stores read */
	CHECK(raw_count(dbpath, "SELECT count(*) FROM mail_seen WHERE CAST(substr(message_id, "
	    "8, length(message_id) - 20) AS INTEGER) BETWEEN 1 AND (SELECT count(*) FROM "
	    "mail_seen)") == k,
	    "processed mails are not exactly 1..%lld", (long long)k);
	CHECK(raw_count(dbpath, "SELECT count(DISTINCT message_id) FROM mail_seen") == k,
	    "a processed mail is doubled");
	CHECK(raw_count(dbpath, "SELECT count(*) FROM orders") == k &&
	    raw_count(dbpath, "SELECT count(DISTINCT message_id) FROM orders") == k,
	    "orders and processed mails differ (%lld orders, %lld mails)",
	    (long long)raw_count(dbpath, "SELECT count(*) FROM orders"), (long long)k);
	CHECK(raw_count(dbpath, "SELECT count(*) FROM outbox WHERE mail_key LIKE 'ack/%'") == k,
	    "acknowledgements and processed mails differ");
	CHECK(raw_count(dbpath, "SELECT count(*) FROM outbox o WHERE mail_key LIKE 'ack/%' AND NOT "
	    "EXISTS (SELECT 1 FROM mail_seen m WHERE 'ack/' || m.message_id = o.mail_key)") == 0,
	    "an acknowledgement of a mail that was never recorded");
	CHECK(raw_count(dbpath, "SELECT count(*) FROM phases WHERE state = 'open'") == 1,
	    "not exactly one open phase");
	CHECK(raw_count(dbpath, "SELECT count(*) FROM phases p WHERE state = 'open' AND (NOT EXISTS "
	    "(SELECT 1 FROM seeds WHERE phase_id = p.id) OR EXISTS (SELECT 1 FROM states s "
	    "WHERE s.game_id = p.game_id AND s.after_phase = p.seq))") == 0,
	    "the open phase is half made (no seed, or already a state)");
	CHECK(raw_count(dbpath, "SELECT count(*) FROM phases p WHERE state = 'closed' AND ("
	    "(SELECT count(*) FROM states s WHERE s.game_id = p.game_id AND "
	    "s.after_phase = p.seq) != 1 OR "
	    "(SELECT count(*) FROM events e WHERE e.game_id = p.game_id AND "
	    "e.phase_seq = p.seq AND e.type = 'phase.resolved') != 1 OR "
	    "(SELECT count(*) FROM phases n WHERE n.game_id = p.game_id AND "
	    "n.seq = p.seq + 1) != 1 OR "
	    "(SELECT count(*) FROM outbox o WHERE o.mail_key LIKE 'view/crash-1/' || "
	    "(p.seq + 1) || '/%') != 4)") == 0,
	    "a closed phase is half advanced");
	CHECK(raw_count(dbpath, "SELECT count(*) FROM outbox o WHERE mail_key LIKE 'view/%' AND NOT "
	    "EXISTS (SELECT 1 FROM phases p WHERE o.mail_key LIKE 'view/crash-1/' || "
	    "p.seq || '/%')") == 0, "a view mail of a phase that does not exist");
	CHECK(raw_count(dbpath, "SELECT count(*) FROM outbox WHERE state = 'sent' AND sent IS NULL") == 0,
	    "a sent mail without its time");
	{
		/* Every sent row was sent; a duplicate only where a kill hit. */
		char *data = NULL, *line, *save = NULL;
		size_t len;
		int64_t *seen = NULL, nseen = 0, nsent = 0, i, id;
		FILE *f = fopen(sentlog, "r");

		if (f != NULL) {
			struct strbuf sb = STRBUF_INIT;
			char buf[4096];

			while ((len = fread(buf, 1, sizeof buf, f)) > 0)
				strbuf_add(&sb, buf, len);
			fclose(f);
			data = strbuf_detach(&sb, NULL);
			for (line = strtok_r(data, "\n", &save); line != NULL;
			    line = strtok_r(NULL, "\n", &save)) {
				id = strtoll(line, NULL, 10);
				if (id >= nseen) {
					seen = xreallocarray(seen, (size_t)id + 1, sizeof *seen);
					memset(seen + nseen, 0, (size_t)(id + 1 - nseen) * sizeof *seen);
					nseen = id + 1;
				}
				if (seen[id]++ > 0)
					dups++;
			}
			free(data);
		}
		nsent = raw_count(dbpath, "SELECT count(*) FROM outbox WHERE state = 'sent'");
		for (i = 0, v = 0; i < nseen; i++)
			v += seen[i] > 0;
		free(seen);
		CHECK(v >= nsent, "%lld mails are marked sent but only %lld were sent",
		    (long long)nsent, (long long)v);
		CHECK(dups <= kills, "%ld mails went out twice in %ld kills", dups, kills);
	}
	rc = 0;
close:
out:
	store_game_free(g);
	store_close(st);
	return rc;
}

int
main(void)
{
	long kills = 200, i, advances = 0, dupseen = 0, failures = 0;
	uint64_t reported = 0;
	int64_t mails = 0, phases = 0;
	unsigned int seed;
	char *cmd;

	if (getenv("MUTHUR_CRASH_KILLS") != NULL)
		kills = strtol(getenv("MUTHUR_CRASH_KILLS"), NULL, 10);
	if (sodium_init() < 0 || mkdtemp(tmpdir) == NULL)
		skip_all("cannot set up");
	seed = (unsigned int)time(NULL) ^ (unsigned int)getpid();
	if (getenv("MUTHUR_CRASH_SEED") != NULL)
		seed = (unsigned int)strtoul(getenv("MUTHUR_CRASH_SEED"), NULL, 10);
	diag("kill times from seed %u (MUTHUR_CRASH_SEED to repeat)", seed);
	srandom(seed);
	if (getenv("MUTHUR_TEST_STORE_URL") != NULL)
		dbpath = xstrdup(getenv("MUTHUR_TEST_STORE_URL"));
	else
		dbpath = xasprintf("%s/crash.db", tmpdir);
	sentlog = xasprintf("%s/sent.log", tmpdir);

	for (i = 0; i < kills; i++) {
		int fds[2], status;
		pid_t pid;
		char buf[4096], *why = NULL, *p;
		struct strbuf out = STRBUF_INIT;
		ssize_t n;

		if (pipe(fds) == -1)
			break;
		fflush(stdout);
		if ((pid = fork()) == 0) {
			close(fds[0]);
			child(fds[1]);
		}
		close(fds[1]);
		/* Wait until the child has opened the store (or died). */
		n = read(fds[0], buf, 2);
		if (n > 0)
			strbuf_add(&out, buf, (size_t)n);
		/*
		 * Every tenth round, let the child commit a mail first, so that
		 * work gets done even on a slow machine (or under valgrind).
		 */
		while (i % 10 == 9 && n > 0 && strstr(strbuf_str(&out), "M ") == NULL &&
		    (n = read(fds[0], buf, sizeof buf)) > 0)
			strbuf_add(&out, buf, (size_t)n);
		usleep((useconds_t)(random() % 60000));
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		while ((n = read(fds[0], buf, sizeof buf)) > 0)
			strbuf_add(&out, buf, (size_t)n);
		close(fds[0]);
		for (p = out.s; p != NULL && *p != '\0'; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
			if (*p == 'M')
				reported = strtoull(p + 2, NULL, 10);
			else if (*p == 'A')
				advances++;
			else if (*p == 'D')
				dupseen++;
			else if (*p == 'E') {
				diag("child: %.*s", (int)strcspn(p, "\n"), p);
				failures++;
			}
		}
		strbuf_free(&out);
		if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL) {
			ok(0, "kill %ld: the child died on its own (status %d)", i + 1, status);
			failures++;
			break;
		}
		if (check(reported, i + 1, &mails, &phases, &why) == -1) {
			ok(0, "kill %ld: invariants hold: %s", i + 1, why);
			free(why);
			failures++;
			break;
		}
	}
	ok(failures == 0, "the invariants held after each of %ld SIGKILLs", i);
	ok(i >= kills, "killed %ld times (wanted %ld)", i, kills);
	ok(mails > 0 && phases > 1, "the child got work done: %lld mails, %ld phase "
	    "advances seen committed, %lld phases", (long long)mails, advances,
	    (long long)phases);
	ok(dupseen > 0, "a redelivered mail was recognised %ld times", dupseen);
	printf("# crash test: %ld kills, %lld mails processed, %lld phases, %s\n", i,
	    (long long)mails, (long long)phases, failures == 0 ? "all invariants held" :
	    "INVARIANTS BROKEN");
	cmd = xasprintf("rm -rf %s", tmpdir);
	if (getenv("MUTHUR_KEEP_TMP") == NULL && system(cmd) != 0)
		diag("could not remove %s", tmpdir);
	free(cmd);
	free(dbpath);
	free(sentlog);
	return done_testing();
}

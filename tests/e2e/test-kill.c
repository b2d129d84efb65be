/*
 * test-kill.c — the real daemon killed at random moments (issue 21 item 4,
 * doc/product.md §4: a crash at any instant loses nothing and sends nothing
 * twice). Several games over Maildirs; rounds of players' orders mails are
 * written into the incoming Maildir and `muthurd --once` is started and
 * SIGKILLed after a random delay within a normal pass, MUTHUR_KILLS times
 * (default 60); then passes run to the end. Reports and checks:
 *   - every orders mail handled exactly once (recorded once, orders once);
 *   - mails lost: a sent outbox row without its file in the outgoing
 *     Maildir, or a row still pending (0);
 *   - duplicate deliveries: outgoing files sharing a Message-ID and
 *     recipient (0: Maildir delivery is exactly once,
 *     doc/exactly-once.md);
 *   - every game's event chain verifies.
 * Then the same over SMTP (to a small SMTP sink the test runs, which
 * stores each mail before its 250 reply), MUTHUR_KILLS / 3 kills: nothing
 * lost, and at most one duplicate per kill (the mail in flight).
 * MUTHUR_KILL_SEED repeats a run (the seed is printed).
 */
#include "config.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/events.h"
#include "store/games.h"
#include "store/mailseen.h"
#include "store/outbox.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

#define GAMES	8

static const char conftext[] = "[store]\npath = var/muthur.db\n[mail]\n"
    "in = maildir:var/mail/in\nout = maildir:var/mail/out\n"
    "from = muthur@club.example\n[server]\nkey = var/server.key\n";
static char names[GAMES][16];

/*
 * Start muthurd --once and SIGKILL it after delay seconds, unless it ended
 * before. 1 killed, 0 it ended by itself (*took: how long it ran).
 */
static int
run_killed(double delay, double *took)
{
	double t0 = e2e_now();
	char *prog = xasprintf("%s/muthurd", e2e_bin), *log;
	int status, killed = 0;
	pid_t pid;

	log = xasprintf("%s/muthurd.log", e2e_dir);
	if ((pid = fork()) == 0) {
		if (freopen(log, "a", stderr) == NULL)
			_exit(127);
		execl(prog, "muthurd", "--config", e2e_conf, "--once", (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (e2e_now() - t0 >= delay) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			killed = WIFSIGNALED(status);
			break;
		}
		usleep(500);
	}
	*took = e2e_now() - t0;
	free(prog);
	free(log);
	return killed;
}

/* The SMTP sink: one client at a time; each mail accepted at the end of
 * DATA is written (Delivered-To: the recipient, then the mail) and
 * fsync'd before the 250 reply. */
static void
sink_reply(int fd, const char *line)
{
	if (write(fd, line, strlen(line)) < 0)
		return;
}

static void
sink_client(int fd, const char *dir, unsigned *count)
{
	char buf[65536], rcpt[512] = "?", *line, *nl, *file, *p;
	size_t have = 0, i;
	struct strbuf mail = STRBUF_INIT;
	int data = 0, out;
	ssize_t r;

	sink_reply(fd, "220 sink ESMTP\r\n");
	for (;;) {
		if ((nl = memchr(buf, '\n', have)) == NULL) {
			if (have == sizeof buf || (r = read(fd, buf + have, sizeof buf -
			    have)) <= 0)
				break;
			have += (size_t)r;
			continue;
		}
		*nl = '\0';
		line = buf;
		if (nl > buf && nl[-1] == '\r')
			nl[-1] = '\0';
		if (data) {
			if (strcmp(line, ".") == 0) {
				file = xasprintf("%s/%u", dir, ++*count);
				out = open(file, O_WRONLY | O_CREAT | O_EXCL, 0600);
				if (out == -1 || write(out, mail.s, mail.len) < 0 ||
				    fsync(out) == -1)
					sink_reply(fd, "451 cannot store\r\n");
				else {
					usleep(5000);	/* a server's own work: kills
							   land in the sending too */
					sink_reply(fd, "250 stored\r\n");
				}
				if (out != -1)
					close(out);
				free(file);
				data = 0;
			} else {
				strbuf_addstr(&mail, line[0] == '.' ? line + 1 : line);
				strbuf_addstr(&mail, "\r\n");
			}
		} else if (strncasecmp(line, "EHLO", 4) == 0 || strncasecmp(line, "HELO", 4) == 0)
			sink_reply(fd, "250 sink\r\n");
		else if (strncasecmp(line, "RCPT TO:", 8) == 0) {
			for (i = 0, p = line + 8; *p != '\0' && i < sizeof rcpt - 1; p++)
				if (*p != '<' && *p != '>' && *p != ' ')
					rcpt[i++] = *p;
			rcpt[i] = '\0';
			sink_reply(fd, "250 ok\r\n");
		} else if (strncasecmp(line, "DATA", 4) == 0) {
			strbuf_reset(&mail);
			strbuf_addf(&mail, "Delivered-To: %s\r\n", rcpt);
			data = 1;
			sink_reply(fd, "354 go on\r\n");
		} else if (strncasecmp(line, "QUIT", 4) == 0) {
			sink_reply(fd, "221 bye\r\n");
			break;
		} else
			sink_reply(fd, "250 ok\r\n");	/* MAIL, RSET, NOOP */
		have -= (size_t)(nl + 1 - buf);
		memmove(buf, nl + 1, have);
	}
	strbuf_free(&mail);
	close(fd);
}

/* Start the sink on a free loopback port, storing into dir; its pid. */
static pid_t
sink_start(const char *dir, int *port)
{
	struct sockaddr_in sa;
	socklen_t len = sizeof sa;
	unsigned count = 0;
	int lfd, one = 1, fd;
	pid_t pid;

	lfd = socket(AF_INET, SOCK_STREAM, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	if (lfd == -1 || bind(lfd, (struct sockaddr *)&sa, sizeof sa) == -1 ||
	    listen(lfd, 8) == -1 || getsockname(lfd, (struct sockaddr *)&sa, &len) == -1)
		return -1;
	*port = ntohs(sa.sin_port);
	if ((pid = fork()) == 0) {
		signal(SIGPIPE, SIG_IGN);
		while ((fd = accept(lfd, NULL, NULL)) != -1)
			sink_client(fd, dir, &count);
		_exit(0);
	}
	close(lfd);
	return pid;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* What was read of a folder's files: name -> "Message-ID recipient". */
struct seen_files {
	char	**name;		/* sorted */
	char	**key;
	size_t	  n;
};

static int
find_name(const struct seen_files *sf, const char *name, size_t *at)
{
	size_t lo = 0, hi = sf->n, mid;
	int c;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if ((c = strcmp(sf->name[mid], name)) == 0) {
			*at = mid;
			return 1;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*at = lo;
	return 0;
}

/* "Message-ID recipient" of every file in out/new and out/cur, sorted;
 * files are read once (sf keeps them; the test moves none). */
static char **
deliveries(struct seen_files *sf, const char *out, size_t *n)
{
	static const char *const sub[2] = { "new", "cur" };
	char **v, *dir, *f, *data, *id, *to, *name;
	struct dirent *de;
	size_t len, k, at;
	DIR *d;

	for (k = 0; k < 2; k++) {
		dir = xasprintf("%s/%s", out, sub[k]);
		d = opendir(dir);
		while (d != NULL && (de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			name = xasprintf("%s/%s", sub[k], de->d_name);
			if (find_name(sf, name, &at)) {
				free(name);
				continue;
			}
			f = xasprintf("%s/%s", out, name);
			if (fs_read_file(f, 1 << 22, &data, &len, NULL) == 0) {
				id = e2e_header(data, "Message-ID");
				to = e2e_header(data, "Delivered-To");
				sf->name = xreallocarray(sf->name, sf->n + 1, sizeof *sf->name);
				sf->key = xreallocarray(sf->key, sf->n + 1, sizeof *sf->key);
				memmove(sf->name + at + 1, sf->name + at, (sf->n - at) *
				    sizeof *sf->name);
				memmove(sf->key + at + 1, sf->key + at, (sf->n - at) *
				    sizeof *sf->key);
				sf->name[at] = name;
				sf->key[at] = xasprintf("%s %s", id ? id : "?", to ? to : "?");
				sf->n++;
				free(id);
				free(to);
				free(data);
			} else
				free(name);
			free(f);
		}
		if (d != NULL)
			closedir(d);
		free(dir);
	}
	v = xreallocarray(NULL, sf->n + 1, sizeof *v);
	for (k = 0; k < sf->n; k++)
		v[k] = xstrdup(sf->key[k]);
	*n = sf->n;
	qsort(v, *n, sizeof *v, cmp_str);
	return v;
}

/* The integer the query gives, ? bound to arg; -1 no row, -2 bad SQL. */
static int64_t
q1(sqlite3 *db, const char *sql, int64_t arg)
{
	sqlite3_stmt *s;
	int64_t v = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK)
		return -2;
	if (sqlite3_bind_parameter_count(s) > 0)
		sqlite3_bind_int64(s, 1, arg);
	if (sqlite3_step(s) == SQLITE_ROW)
		v = sqlite3_column_int64(s, 0);
	sqlite3_finalize(s);
	return v;
}

/* Sent rows after row first whose "Message-ID first-recipient" is not
 * among v (sorted). */
static size_t
lost_rows(sqlite3 *db, int64_t first, char **v, size_t n)
{
	sqlite3_stmt *s;
	size_t lost = 0;
	char *key, *comma;

	if (sqlite3_prepare_v2(db, "SELECT message_id, recipients FROM outbox WHERE state "
	    "= 'sent' AND id > ?", -1, &s, NULL) != SQLITE_OK)
		return (size_t)-1;
	sqlite3_bind_int64(s, 1, first);
	while (sqlite3_step(s) == SQLITE_ROW) {
		key = xasprintf("%s %s", sqlite3_column_text(s, 0), sqlite3_column_text(s, 1));
		if ((comma = strchr(key, ',')) != NULL)
			*comma = '\0';
		if (bsearch(&key, v, n, sizeof *v, cmp_str) == NULL)
			lost++;
		free(key);
	}
	sqlite3_finalize(s);
	return lost;
}

static long delivered;		/* orders mails written into the Maildir */

/* Duplicates among the sorted deliveries v. */
static size_t
count_dups(char **v, size_t n)
{
	size_t i, d = 0;

	for (i = 1; i < n; i++)
		if (strcmp(v[i], v[i - 1]) == 0)
			d++;
	return d;
}

/*
 * Rounds of orders and muthurd --once killed kills times, sending into
 * out (a folder with new/); then passes to the end. Checks nothing is
 * lost and at most max_dups duplicates came of one killed pass.
 */
static void
play(const char *what, const char *dbpath, const char *out, long kills, size_t max_dups)
{
	struct store *st = store_open(dbpath, NULL);
	struct seen_files sf = { NULL, NULL, 0 };
	double typical, took, delay;
	size_t n, d, prev, most = 0, pending = 1, lost;
	long killed = 0, ended = 0;
	char **v;
	sqlite3 *db;
	int64_t first;
	int k, tries;

	sqlite3_open(dbpath, &db);
	/* the rows from the first one this phase sends */
	first = q1(db, "SELECT coalesce((SELECT min(id) FROM outbox WHERE state = "
	    "'pending'), (SELECT max(id) + 1 FROM outbox), 1) - 1", 0);
	sqlite3_close(db);
	v = deliveries(&sf, out, &n);
	prev = count_dups(v, n);
	store_names_free(v, n);
	/* a pass that is not killed, for how long one takes */
	for (k = 0; k < GAMES; k++) {
		e2e_game = names[k];
		delivered += e2e_round(st);
	}
	run_killed(60, &typical);
	diag("%s: a pass over %d games takes %.0f ms", what, GAMES, typical * 1000);

	while (killed < kills && killed + ended < 4 * kills) {
		st = e2e_reopen(st);
		if (e2e_files_in("new") == 0)
			for (k = 0; k < GAMES; k++) {
				e2e_game = names[k];
				delivered += e2e_round(st);
			}
		delay = typical * (double)random() / RAND_MAX;
		if (run_killed(delay, &took))
			killed++;
		else {
			ended++;
			typical = took;
		}
		v = deliveries(&sf, out, &n);
		d = count_dups(v, n);
		if (d - prev > most)
			most = d - prev;
		prev = d;
		store_names_free(v, n);
	}
	is_int((int)killed, (int)kills, "%s: muthurd --once SIGKILLed %ld times (%ld passes "
	    "ended first)", what, killed, ended);

	/* passes to the end (a killed pass's intake child may hold the lock
	 * for a moment: then muthurd does nothing and exits 0) */
	for (tries = 0; tries < 20; tries++) {
		e2e_daemon_once();
		st = e2e_reopen(st);
		pending = 1;
		store_outbox_count(st, OUTBOX_PENDING, &pending, NULL);
		if (e2e_files_in("new") == 0 && pending == 0)
			break;
		usleep(100000);
	}
	store_close(st);
	is_int((int)e2e_files_in("new"), 0, "%s: then every incoming mail is handled and "
	    "marked", what);
	is_int((int)pending, 0, "%s: and no mail is left unsent", what);

	sqlite3_open(dbpath, &db);
	v = deliveries(&sf, out, &n);
	d = count_dups(v, n);
	lost = lost_rows(db, first, v, n);
	diag("%s: %ld kills: %zu mails delivered, %lld outbox rows sent, %zu lost, "
	    "%zu duplicate deliveries (at most %zu from one killed pass)", what, killed, n,
	    (long long)q1(db, "SELECT count(*) FROM outbox WHERE state = 'sent' AND id > ?",
	    first), lost, d,
	    most);
	is_int((int)lost, 0, "%s: no mail lost: every sent row was delivered", what);
	ok(most <= max_dups, "%s: at most %zu duplicate deliveries from one killed pass "
	    "(%zu duplicates over %ld kills, at most %zu from one)", what, max_dups, d, killed,
	    most);
	store_names_free(v, n);
	store_names_free(sf.name, sf.n);
	store_names_free(sf.key, sf.n);
	sqlite3_close(db);
}

int
main(void)
{
	const char *top, *env;
	struct store *st;
	struct store_game *g;
	char tmpl[] = "/tmp/muthur-kill-XXXXXX", *outdir, *path, *smtpdir, *conf;
	int64_t seen;
	uint64_t bad;
	long kills = 60, verified = 0;
	unsigned seed;
	sqlite3 *db;
	pid_t sink;
	int k, run, port;

	top = e2e_setup(tmpl);
	if ((env = getenv("MUTHUR_KILLS")) != NULL)
		kills = strtol(env, NULL, 10);
	seed = (env = getenv("MUTHUR_KILL_SEED")) != NULL ? (unsigned)strtoul(env, NULL, 10) :
	    (unsigned)time(NULL) ^ (unsigned)getpid();
	srandom(seed);
	diag("seed %u (MUTHUR_KILL_SEED repeats this run)", seed);
	outdir = xasprintf("%s/var/mail/out", e2e_dir);

	for (k = 0; k < GAMES; k++)
		snprintf(names[k], sizeof names[k], "kill%d", k);
	e2e_game = names[0];
	is_int(e2e_init_game(top, conftext), 0, "muthur init, players' keys, new-game");
	for (k = 1; k < GAMES; k++)
		e2e_sh("%s/muthur --config %s new-game %s --rules ccg --scenario contact "
		    ">/dev/null", e2e_bin, e2e_conf, names[k]);
	run = 0;
	for (k = 0; k < GAMES; k++) {
		e2e_game = names[k];
		if (e2e_seat(0) == 0 && e2e_seat(1) == 0 && e2e_start(names[k]) == 0) {
			run++;
			delivered += 2;	/* the two ready blocks */
		}
	}
	is_int(run, GAMES, "%d games made, seated and started", GAMES);
	path = xasprintf("%s/var/muthur.db", e2e_dir);

	/* Maildir: exactly once */
	play("maildir", path, outdir, kills, 0);

	/* SMTP: at most the mail in flight again */
	smtpdir = xasprintf("%s/smtp", e2e_dir);
	e2e_sh("mkdir -p %s/new", smtpdir);
	conf = xasprintf("%s/new", smtpdir);
	if ((sink = sink_start(conf, &port)) == -1)
		return diag("cannot start the SMTP sink"), done_testing();
	free(conf);
	conf = xasprintf("[store]\npath = var/muthur.db\n[mail]\nin = maildir:var/mail/in\n"
	    "out = smtp://127.0.0.1:%d\nfrom = muthur@club.example\n[server]\n"
	    "key = var/server.key\n", port);
	e2e_conf = xasprintf("%s/muthur-smtp.conf", e2e_dir);
	fs_write_file_excl(e2e_conf, conf, strlen(conf), 0644, NULL);
	free(conf);
	play("smtp", path, smtpdir, kills / 3 > 0 ? kills / 3 : 1, 1);
	kill(sink, SIGTERM);
	waitpid(sink, NULL, 0);

	st = store_open(path, NULL);
	store_mail_count(st, &seen, NULL);
	sqlite3_open(path, &db);
	is_int((int)seen, (int)delivered, "every one of the %ld orders mails recorded once",
	    delivered);
	is_int((int)q1(db, "SELECT count(*) - count(DISTINCT message_id) FROM orders", 0), 0,
	    "no orders stored twice");
	is_int((int)q1(db, "SELECT count(*) FROM outbox WHERE state = 'sent' AND "
	    "length(mail) > 0", 0), 0, "every sent mail's body is pruned");
	sqlite3_close(db);
	for (k = 0; k < GAMES; k++) {
		bad = 0;
		if ((g = store_game_get(st, names[k], NULL)) != NULL &&
		    store_events_verify(st, g->id, &bad, NULL) == 0)
			verified++;
		store_game_free(g);
	}
	is_int((int)verified, GAMES, "every game's event chain verifies");
	store_close(st);
	free(path);
	free(outdir);
	free(smtpdir);
	if (getenv("KEEP") == NULL)
		e2e_sh("rm -rf %s", e2e_dir);
	return done_testing();
}

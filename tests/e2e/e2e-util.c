/* e2e-util.c — helpers of the end-to-end tests (e2e-util.h). */
#include "config.h"

#include <dirent.h>
#include <sodium.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>

#include "daemon/game.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "mail/send.h"
#include "store/orders.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

char *e2e_dir, *e2e_bin, *e2e_conf, *e2e_in;
const char *e2e_game = "e2e";
const char *e2e_seats[2] = { "marines", "aliens" };
const char *e2e_addr[2] = { "marines@players.example", "aliens@players.example" };
unsigned char e2e_sk[2][64];
struct sender *e2e_sender;
const char *e2e_rcpt = "muthur@club.example";
static int serial;

int
e2e_sh(const char *fmt, ...)
{
	va_list ap;
	char *cmd;
	int rc;

	va_start(ap, fmt);
	if (vasprintf(&cmd, fmt, ap) == -1)
		abort();
	va_end(ap);
	rc = system(cmd);
	free(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

int
e2e_daemon_once(void)
{
	return e2e_sh("%s/muthurd --config %s --once 2>>%s/muthurd.log", e2e_bin, e2e_conf,
	    e2e_dir);
}

static size_t
count_in(const char *path, const char *text)
{
	struct dirent *de;
	size_t n = 0, len;
	char *f, *data, *p, *q;
	DIR *d = opendir(path);

	while (d != NULL && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (text == NULL) {
			n++;
			continue;
		}
		f = xasprintf("%s/%s", path, de->d_name);
		if (fs_read_file(f, 1 << 22, &data, &len, NULL) == 0) {
			for (p = q = data; *p != '\0'; p++) {	/* soft line breaks */
				if (p[0] == '=' && p[1] == '\r' && p[2] == '\n')
					p += 2;
				else
					*q++ = *p == '\r' || *p == '\n' ? ' ' : *p;
			}
			*q = '\0';
			if (strstr(data, text) != NULL)
				n++;
			free(data);
		}
		free(f);
	}
	if (d != NULL)
		closedir(d);
	return n;
}

size_t
e2e_count(const char *path, const char *text)
{
	char *n = xasprintf("%s/new", path), *c = xasprintf("%s/cur", path);
	size_t r = count_in(n, text) + count_in(c, text);

	free(n);
	free(c);
	return r;
}

void
e2e_deliver(const char *mail, size_t len)
{
	char *cause = NULL;

	if (e2e_sender != NULL) {
		if (send_mail(e2e_sender, mail, len, e2e_addr[0], e2e_rcpt, &cause) != SEND_OK)
			printf("# deliver by SMTP: %s\n", cause);
	} else if (game_maildir_deliver(e2e_in, mail, len, &cause) == -1)
		printf("# deliver: %s\n", cause);
	free(cause);
}

char *
e2e_orders_mail(struct store *st, int k, int ks, int turn_shift, const char *text,
    size_t *len)
{
	struct game_live *l = game_live_load(st, e2e_game, NULL);
	struct store_phase *ph = store_phase_current(st, l->game->id, NULL);
	char *orders, *tag, *mail;
	int idx = l->rules->seat_index(l->g, e2e_seats[k]);

	orders = text != NULL ? xstrdup(text) : game_policy_orders(l->rules, l->g,
	    (size_t)idx);
	tag = xasprintf("e2e.%d.%ld", ++serial, (long)time(NULL));
	mail = game_orders_mail(e2e_addr[k], e2e_rcpt, e2e_game, e2e_seats[k],
	    ph->turn + turn_shift, ph->name, orders, e2e_sk[ks], tag, (int64_t)time(NULL),
	    len);
	free(tag);
	free(orders);
	store_phase_free(ph);
	game_live_free(l);
	return mail;
}

int
e2e_start(const char *game)
{
	char *tag, *mail;
	size_t len;
	int k, rc;

	if ((rc = e2e_sh("%s/muthur --config %s start %s >/dev/null", e2e_bin, e2e_conf,
	    game)) != 0)
		return rc;
	for (k = 0; k < 2; k++) {	/* each seat's signed ready block */
		tag = xasprintf("e2e.ready.%s.%d", game, k);
		mail = game_ready_mail(e2e_addr[k], e2e_rcpt, game, e2e_seats[k], e2e_sk[k],
		    tag, (int64_t)time(NULL), &len);
		e2e_deliver(mail, len);
		free(mail);
		free(tag);
	}
	return 0;
}

/* The game's open phase, or NULL. */
static struct store_phase *
open_phase(struct store *st)
{
	struct store_game *g = store_game_get(st, e2e_game, NULL);
	struct store_phase *ph = g != NULL ? store_phase_current(st, g->id, NULL) : NULL;

	store_game_free(g);
	return ph;
}

int
e2e_round(struct store *st)
{
	struct store_phase *ph = open_phase(st);
	char **missing = NULL, *mail;
	size_t n = 0, i, len;
	int k, sent = 0;

	/* phase 1 waits for the ready blocks e2e_start() delivered */
	if (ph != NULL && ph->seq > 1 &&
	    store_phase_missing(st, ph->id, &missing, &n, NULL) == 0)
		for (i = 0; i < n; i++) {
			k = strcmp(missing[i], e2e_seats[0]) == 0 ? 0 : 1;
			mail = e2e_orders_mail(st, k, k, 0, NULL, &len);
			e2e_deliver(mail, len);
			free(mail);
			sent++;
		}
	store_names_free(missing, n);
	store_phase_free(ph);
	return sent;
}

uint64_t
e2e_phase_seq(struct store *st)
{
	struct store_phase *ph = open_phase(st);
	uint64_t seq = ph != NULL ? ph->seq : 0;

	store_phase_free(ph);
	return seq;
}

struct store *
e2e_reopen(struct store *st)
{
	char *path = xasprintf("%s/var/muthur.db", e2e_dir);

	store_close(st);
	st = store_open(path, NULL);
	free(path);
	return st;
}

size_t
e2e_files_in(const char *sub)
{
	char *path = xasprintf("%s/%s", e2e_in, sub);
	size_t n = count_in(path, NULL);

	free(path);
	return n;
}

int
e2e_init_game(const char *top, const char *conftext)
{
	unsigned char pk[KEY_PUBLIC_BYTES];
	char *path;
	int k, rc;

	setenv("MUTHUR_DATADIR", path = xasprintf("%s/rules", top), 1);
	free(path);
	setenv("MUTHUR_TEMPLATES", path = xasprintf("%s/templates", top), 1);
	free(path);
	fs_mkdir_p(e2e_dir, 0700, NULL);
	fs_write_file_excl(e2e_conf, conftext, strlen(conftext), 0644, NULL);
	if ((rc = e2e_sh("%s/muthur --config %s init >/dev/null", e2e_bin,
	    e2e_conf)) != 0)
		return rc;
	for (k = 0; k < 2; k++) {
		key_generate(pk, e2e_sk[k]);
		path = xasprintf("%s/%s.pub", e2e_dir, e2e_seats[k]);
		key_public_write(path, pk, e2e_seats[k], NULL);
		free(path);
	}
	return e2e_sh("%s/muthur --config %s new-game %s --rules ccg --scenario "
	    "contact >/dev/null", e2e_bin, e2e_conf, e2e_game);
}

void
e2e_maildir_paths(char *dir, const char *build)
{
	e2e_dir = dir;
	e2e_bin = xstrdup(build);
	e2e_conf = xasprintf("%s/muthur.conf", e2e_dir);
	e2e_in = xasprintf("%s/var/mail/in", e2e_dir);
}

int
e2e_seat(int k)
{
	return e2e_sh("%s/muthur --config %s seat %s %s --email %s --key %s/%s.pub "
	    ">/dev/null", e2e_bin, e2e_conf, e2e_game, e2e_seats[k], e2e_addr[k], e2e_dir,
	    e2e_seats[k]);
}

const char *
e2e_setup(char *tmpl)
{
	const char *top = getenv("top_srcdir"), *build = getenv("top_builddir");

	if (top == NULL || build == NULL)
		skip_all("run under make check (top_srcdir, top_builddir)");
	if (sodium_init() < 0 || mkdtemp(tmpl) == NULL)
		skip_all("no libsodium or no temporary folder");
	e2e_maildir_paths(tmpl, getenv("MUTHUR_BIN") != NULL ? getenv("MUTHUR_BIN") : build);
	return top;
}

double
e2e_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

char *
e2e_header(const char *data, const char *name)
{
	const char *p = data, *nl, *v;
	size_t n = strlen(name);

	while (*p != '\0' && *p != '\n' && !(p[0] == '\r' && p[1] == '\n')) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (strncasecmp(p, name, n) == 0 && p[n] == ':') {
			for (v = p + n + 1; *v == ' ' || *v == '\t'; v++)
				;
			return xstrndup(v, (size_t)(nl - v - (nl > v && nl[-1] == '\r')));
		}
		if (*nl == '\0')
			break;
		p = nl + 1;
	}
	return NULL;
}

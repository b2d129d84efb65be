/* conf.c — read and check muthur.conf (format in config.h, keys in muthur.conf.5). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/conf.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/points.h"
#include "lib/strbuf.h"
#include "lib/timetext.h"
#include "lib/xmalloc.h"
#include "mail/intake.h"
#include "mail/pubkey.h"

#define CONFIG_FILE_MAX (1024 * 1024)

enum key_type { K_PATH, K_STORE_URL, K_MAIL_IN, K_MAIL_OUT, K_ADDRESS, K_SECONDS, K_SIZE, K_DURATION,
    K_NMR, K_RESOLVE, K_KEY, K_ABSENCE, K_POINTS, K_BOOL };

struct key_def {
	const char	*section;
	const char	*name;
	enum key_type	 type;
	int		 required;
	size_t		 offset;
};

#define OFF(f) offsetof(struct config, f)
static const struct key_def keys[] = {
	{ "store",  "path",              K_PATH,     0, OFF(store_path) },
	{ "store",  "url",               K_STORE_URL, 0, OFF(store_url) },
	{ "mail",   "in",                K_MAIL_IN,  1, OFF(mail_in) },
	{ "mail",   "out",               K_MAIL_OUT, 1, OFF(mail_out) },
	{ "mail",   "from",              K_ADDRESS,  1, OFF(mail_from) },
	{ "mail",   "password_file",     K_PATH,     0, 0 },
	{ "mail",   "in_password_file",  K_PATH,     0, OFF(in_password_file) },
	{ "mail",   "out_password_file", K_PATH,     0, OFF(out_password_file) },
	{ "mail",   "ca_file",           K_PATH,     0, OFF(ca_file) },
	{ "mail",   "poll_interval",     K_SECONDS,  0, OFF(poll_interval) },
	{ "mail",   "max_message_size",  K_SIZE,     0, OFF(max_message_size) },
	{ "mail",   "max_orders_size",   K_SIZE,     0, OFF(max_orders_size) },
	{ "server", "key",               K_PATH,     1, OFF(server_key) },
	{ "server", "templates",         K_PATH,     0, OFF(templates) },
	{ "server", "pid_file",          K_PATH,     0, OFF(pid_file) },
	{ "club",   "deadline",          K_DURATION, 0, OFF(club_deadline) },
	{ "club",   "grace",             K_DURATION, 0, OFF(club_grace) },
	{ "club",   "reminder",          K_DURATION, 0, OFF(club_reminder) },
	{ "club",   "nmr",               K_NMR,      0, OFF(club_nmr) },
	{ "club",   "resolve",           K_RESOLVE,  0, OFF(club_wait) },
	{ "club",   "organiser",         K_ADDRESS,  0, OFF(club_organiser) },
	{ "club",   "organiser_key",     K_KEY,      0, OFF(club_organiser_key) },
	{ "club",   "absence",           K_ABSENCE,  0, OFF(club_absence) },
	{ "club",   "absence_cap",       K_DURATION, 0, OFF(club_absence_cap) },
	{ "club",   "league_points",     K_POINTS,   0, OFF(club_league_points) },
	{ "club",   "digest",            K_BOOL,     0, OFF(club_digest) },
};
#define NKEYS (sizeof keys / sizeof keys[0])
static const char *sections[] = { "store", "mail", "server", "club" };
#define NSECTIONS (sizeof sections / sizeof sections[0])

const char *
config_store(const struct config *cf)
{
	return cf->store_url != NULL ? cf->store_url : cf->store_path;
}

const char *
config_default_path(const char *given)
{
	const char *env;

	if (given != NULL)
		return given;
	if (access("muthur.conf", F_OK) == 0)
		return "muthur.conf";
	if ((env = getenv("MUTHUR_CONFIG")) != NULL && env[0] != '\0')
		return env;
	return "muthur.conf";
}

void
config_free(struct config *cf)
{
	if (cf == NULL)
		return;
	free(cf->file);
	free(cf->basedir);
	free(cf->store_path);
	free(cf->store_url);
	mail_url_clear(&cf->mail_in);
	mail_url_clear(&cf->mail_out);
	free(cf->mail_from);
	free(cf->in_password_file);
	free(cf->out_password_file);
	free(cf->ca_file);
	free(cf->server_key);
	free(cf->templates);
	free(cf->pid_file);
	free(cf->club_nmr);
	free(cf->club_organiser);
	free(cf->club_organiser_key);
	free(cf->club_absence);
	free(cf->club_league_points);
	free(cf);
}

static char *
trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Cut a trailing comment: '#' at the start or after whitespace. */
static void
cut_comment(char *s)
{
	char *p;

	for (p = s; *p != '\0'; p++)
		if (*p == '#' && (p == s || isspace((unsigned char)p[-1]))) {
			*p = '\0';
			return;
		}
}

static const char *
section_list(void)
{
	return "store, mail, server, club";
}

static char *
keys_of(const char *section)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < NKEYS; i++) {
		if (strcmp(keys[i].section, section) != 0)
			continue;
		if (sb.len > 0)
			strbuf_addstr(&sb, ", ");
		strbuf_addstr(&sb, keys[i].name);
	}
	return strbuf_detach(&sb, NULL);
}

static int
parse_size(const char *v, size_t *out)
{
	unsigned long long n, mult = 1;
	char *end;

	if (!isdigit((unsigned char)v[0]))
		return -1;
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno != 0)
		return -1;
	if (*end == 'k' || *end == 'K')
		mult = 1024, end++;
	else if (*end == 'M')
		mult = 1024 * 1024, end++;
	if (*end != '\0' || n == 0 || n > (1ULL << 40) / mult)
		return -1;
	*out = (size_t)(n * mult);
	return 0;
}

static int
set_value(struct config *cf, const struct key_def *k, const char *v, const char *where,
    char **password_file, char **cause)
{
	void *field = (char *)cf + k->offset;
	char *why = NULL, *end;
	long n;

	if (v[0] == '\0')
		return cause_set(cause, "%s: key '%s' has an empty value", where, k->name);
	switch (k->type) {
	case K_PATH:
		if (strcmp(k->name, "password_file") == 0) {
			*password_file = fs_path_join(cf->basedir, v);
			return 0;
		}
		*(char **)field = fs_path_join(cf->basedir, v);
		return 0;
	case K_STORE_URL:
		if (strncmp(v, "postgresql://", 13) != 0 && strncmp(v, "postgres://", 11) != 0)
			return cause_set(cause, "%s: key 'url': \"%s\" is not a PostgreSQL URL "
			    "(expected postgresql://user@host/database; a SQLite database is "
			    "given by 'path')", where, v);
		*(char **)field = xstrdup(v);
		return 0;
	case K_MAIL_IN:
	case K_MAIL_OUT:
		if (mail_url_parse(v, k->type == K_MAIL_IN ? MAIL_IN : MAIL_OUT, cf->basedir,
		    field, &why) == -1) {
			cause_set(cause, "%s: key '%s': %s", where, k->name, why);
			free(why);
			return -1;
		}
		return 0;
	case K_ADDRESS: {
		const char *at = strchr(v, '@');
		if (at == NULL || at == v || at[1] == '\0' || strchr(at + 1, '@') != NULL ||
		    strpbrk(v, " \t<>,\"") != NULL)
			return cause_set(cause, "%s: key '%s': \"%s\" is not a mail address "
			    "(expected local@domain)", where, k->name, v);
		*(char **)field = xstrdup(v);
		return 0;
	}
	case K_SECONDS:
		errno = 0;
		n = strtol(v, &end, 10);
		if (errno != 0 || *end != '\0' || !isdigit((unsigned char)v[0]) || n < 1 ||
		    n > 86400)
			return cause_set(cause, "%s: key '%s': \"%s\" is not a number of seconds "
			    "(expected 1 to 86400)", where, k->name, v);
		*(long *)field = n;
		return 0;
	case K_SIZE:
		if (parse_size(v, field) == -1)
			return cause_set(cause, "%s: key '%s': \"%s\" is not a size (expected "
			    "bytes, or a number followed by k or M, up to 1 TiB)", where, k->name, v);
		return 0;
	case K_DURATION:
		if (strcmp(v, "0") == 0) {
			*(int64_t *)field = 0;
			return 0;
		}
		if (clock_duration_parse(v, field, &why) == -1) {
			cause_set(cause, "%s: key '%s': %s", where, k->name, why);
			free(why);
			return -1;
		}
		return 0;
	case K_NMR:
		if (strcmp(v, "pass") != 0 && strcmp(v, "hold") != 0 &&
		    strcmp(v, "extend") != 0)
			return cause_set(cause, "%s: key '%s': \"%s\" is not an NMR policy "
			    "(expected pass, hold or extend)", where, k->name, v);
		free(*(char **)field);
		*(char **)field = xstrdup(v);
		return 0;
	case K_KEY: {
		struct pubkey pk;
		char *path = fs_path_join(cf->basedir, v);
		int r = pubkey_from_arg(access(path, F_OK) == 0 ? path : v, &pk, &why);

		free(path);
		if (r == -1) {
			cause_set(cause, "%s: key '%s': %s", where, k->name, why);
			free(why);
			return -1;
		}
		*(char **)field = pubkey_format(&pk);
		return 0;
	}
	case K_ABSENCE:
		if (strcmp(v, "extend") != 0 && strcmp(v, "pass") != 0)
			return cause_set(cause, "%s: key '%s': \"%s\" is not an absence "
			    "policy (expected extend or pass)", where, k->name, v);
		free(*(char **)field);
		*(char **)field = xstrdup(v);
		return 0;
	case K_POINTS:
		if (league_points_check(v, &why) == -1) {
			cause_set(cause, "%s: key '%s': %s", where, k->name, why);
			free(why);
			return -1;
		}
		free(*(char **)field);
		*(char **)field = xstrdup(v);
		return 0;
	case K_BOOL:
		if (strcmp(v, "yes") != 0 && strcmp(v, "no") != 0)
			return cause_set(cause, "%s: key '%s': \"%s\" is not yes or no", where,
			    k->name, v);
		*(int *)field = strcmp(v, "yes") == 0;
		return 0;
	case K_RESOLVE:
		if (strcmp(v, "all-in") != 0 && strcmp(v, "deadline") != 0)
			return cause_set(cause, "%s: key '%s': \"%s\" is not all-in or "
			    "deadline", where, k->name, v);
		*(int *)field = strcmp(v, "deadline") == 0;
		return 0;
	}
	return cause_set(cause, "%s: key '%s': internal error", where, k->name);
}

struct config *
config_parse(const char *text, const char *name, const char *basedir, char **cause)
{
	struct config *cf = xcalloc(1, sizeof *cf);
	int seen[NKEYS] = { 0 };
	char *copy = xstrdup(text), *line, *next, *where = NULL, *password_file = NULL;
	const char *section = NULL;
	int lineno = 0;
	size_t i;

	cf->file = xstrdup(name);
	cf->basedir = xstrdup(basedir != NULL ? basedir : ".");
	cf->poll_interval = 60;
	cf->max_message_size = INTAKE_DEFAULT_MAX_MESSAGE_SIZE;
	cf->max_orders_size = INTAKE_DEFAULT_MAX_ORDERS_SIZE;
	cf->club_absence_cap = 14 * 86400;

	for (line = copy; line != NULL; line = next) {
		char *eq, *key, *value;

		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		lineno++;
		free(where);
		where = xasprintf("%s:%d", name, lineno);
		cut_comment(line);
		line = trim(line);
		if (*line == '\0')
			continue;
		if (*line == '[') {
			char *close = strchr(line, ']');
			if (close == NULL || close[1] != '\0') {
				cause_set(cause, "%s: bad section header \"%s\" (expected [name])",
				    where, line);
				goto fail;
			}
			*close = '\0';
			section = NULL;
			for (i = 0; i < NSECTIONS; i++)
				if (strcmp(trim(line + 1), sections[i]) == 0)
					section = sections[i];
			if (section == NULL) {
				cause_set(cause, "%s: unknown section [%s] (expected one of: %s)",
				    where, trim(line + 1), section_list());
				goto fail;
			}
			continue;
		}
		if ((eq = strchr(line, '=')) == NULL) {
			cause_set(cause, "%s: missing '=' in \"%s\" (expected key = value)",
			    where, line);
			goto fail;
		}
		*eq = '\0';
		key = trim(line);
		value = trim(eq + 1);
		if (*key == '\0') {
			cause_set(cause, "%s: no key before '=' (expected key = value)", where);
			goto fail;
		}
		if (section == NULL) {
			cause_set(cause, "%s: key '%s' is outside any section (expected a "
			    "[section] line first)", where, key);
			goto fail;
		}
		for (i = 0; i < NKEYS; i++)
			if (strcmp(keys[i].section, section) == 0 && strcmp(keys[i].name, key) == 0)
				break;
		if (i == NKEYS) {
			char *known = keys_of(section);
			cause_set(cause, "%s: unknown key '%s' in section [%s] (expected one of: %s)",
			    where, key, section, known);
			free(known);
			goto fail;
		}
		if (seen[i] != 0) {
			cause_set(cause, "%s: key '%s' in [%s] given twice (first on line %d)",
			    where, key, section, seen[i]);
			goto fail;
		}
		seen[i] = lineno;
		if (set_value(cf, &keys[i], value, where, &password_file, cause) == -1)
			goto fail;
	}
	for (i = 0; i < NKEYS; i++)
		if (keys[i].required && seen[i] == 0) {
			cause_set(cause, "%s: missing key '%s' in section [%s]", name,
			    keys[i].name, keys[i].section);
			goto fail;
		}
	if (cf->store_path != NULL && cf->store_url != NULL) {
		cause_set(cause, "%s: [store] has both 'path' (SQLite) and 'url' "
		    "(PostgreSQL): give one", name);
		goto fail;
	}
	if (cf->store_path == NULL && cf->store_url == NULL) {
		cause_set(cause, "%s: missing key 'path' (or 'url') in section [store]", name);
		goto fail;
	}
	/* A PostgreSQL store's lock and crash notes live beside the config. */
	if (cf->store_url != NULL)
		cf->store_path = fs_path_join(cf->basedir, "muthur-postgresql");
	if (password_file != NULL) {
		if (cf->in_password_file == NULL)
			cf->in_password_file = xstrdup(password_file);
		if (cf->out_password_file == NULL)
			cf->out_password_file = xstrdup(password_file);
	}
	if (cf->mail_in.scheme != MAIL_MAILDIR && cf->in_password_file == NULL) {
		cause_set(cause, "%s: key 'in' is an IMAP mailbox: [mail] needs "
		    "password_file or in_password_file", name);
		goto fail;
	}
	if (cf->mail_out.user != NULL && cf->out_password_file == NULL) {
		cause_set(cause, "%s: key 'out' names a user: [mail] needs "
		    "password_file or out_password_file", name);
		goto fail;
	}
	free(password_file);
	free(where);
	free(copy);
	return cf;
fail:
	free(password_file);
	free(where);
	free(copy);
	config_free(cf);
	return NULL;
}

struct config *
config_load(const char *path, char **cause)
{
	struct config *cf;
	char *text, *dir;
	size_t len;

	if (fs_read_file(path, CONFIG_FILE_MAX, &text, &len, cause) == -1)
		return NULL;
	if (memchr(text, '\0', len) != NULL) {
		free(text);
		cause_set(cause, "%s: contains a NUL byte (expected a text file)", path);
		return NULL;
	}
	dir = fs_dirname(path);
	cf = config_parse(text, path, dir, cause);
	free(dir);
	free(text);
	return cf;
}

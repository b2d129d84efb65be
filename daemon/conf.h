/*
 * conf.h — muthur.conf (documented in muthur.conf.5).
 *
 * Sections in brackets, `key = value` lines, `#` comments (a whole line, or
 * after whitespace at the end of a value). Unknown sections and keys,
 * repeated keys, missing `=`, bad values and missing required keys are
 * errors naming FILE:LINE and the key. Relative paths are resolved against
 * the folder of the config file.
 */
#ifndef MUTHUR_CONF_H
#define MUTHUR_CONF_H

#include <stddef.h>
#include <stdint.h>

#include "mail/url.h"

struct config {
	char		*file;		/* path the config was read from */
	char		*basedir;	/* its folder */

	/* [store] */
	char		*store_path;	/* the SQLite file; with store_url, the
					 * prefix of muthurd's .lock and .guard
					 * files (basedir/muthur-postgresql) */
	char		*store_url;	/* a PostgreSQL store, or NULL */

	/* [mail] */
	struct mail_url	 mail_in;
	struct mail_url	 mail_out;
	char		*mail_from;
	char		*in_password_file;	/* NULL when not needed */
	char		*out_password_file;
	char		*ca_file;
	long		 poll_interval;		/* seconds */
	size_t		 max_message_size;	/* bytes */
	size_t		 max_orders_size;	/* bytes */

	/* [server] */
	char		*server_key;
	char		*templates;		/* override folder, or NULL */
	char		*pid_file;

	/* [club]: the defaults of `muthur new-game` (doc/product.md §8) */
	int64_t		 club_deadline;		/* seconds a phase gets; 0: none */
	int64_t		 club_grace;
	int64_t		 club_reminder;		/* 0: no reminders */
	char		*club_nmr;		/* "pass" unless set */
	int		 club_wait;		/* resolve = deadline */
	char		*club_organiser;	/* NULL: no late notices */
	char		*club_organiser_key;	/* canonical key text, or NULL */
	char		*club_absence;		/* "extend" unless set */
	int64_t		 club_absence_cap;	/* default 14 days */
	char		*club_league_points;	/* "3,1,0" unless set */
	int		 club_digest;		/* 1: new games' organiser digest */
};

/* The file to read: --config if given, ./muthur.conf if it exists, else
 * $MUTHUR_CONFIG, else ./muthur.conf. Returns a pointer to static or argv
 * storage. */
const char *config_default_path(const char *given);
/* What store_open() takes: [store] url, or else [store] path. */
const char *config_store(const struct config *cf);

/* Read and check a config file. NULL with a reason on failure. */
struct config *config_load(const char *path, char **cause);
/*
 * Parse config text; name is used in messages, basedir resolves relative
 * paths.
 */
struct config *config_parse(const char *text, const char *name, const char *basedir,
    char **cause);
void config_free(struct config *cf);

#endif

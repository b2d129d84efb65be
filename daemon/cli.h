/*
 * cli.h — the `muthur` command line: one verb per file (cmd-VERB.c).
 *
 * A verb function gets argv with argv[0] the verb's name and the global
 * options (--config FILE, -v) already removed. It returns an exit status:
 * 0 success, 1 the operation failed (a reason was printed), 2 misuse (one
 * line saying what is wrong, then the verb's usage line, cli_usage_error()). Only daemon/ maps reasons to exit codes.
 */
#ifndef MUTHUR_CLI_H
#define MUTHUR_CLI_H

#include <stdint.h>
#include <stdio.h>

struct config;

#define EXIT_MISUSE 2

struct cli {
	const char	*config_path;	/* --config, or NULL for the default */
	int		 verbose;	/* count of -v */
	struct config	*cf;		/* loaded by cli_config(), freed by main */
	const char	*now_text;	/* --now WHEN as given, or NULL */
	int64_t		 now;		/* --now WHEN (tests), or 0: the clock */
};

struct cli_verb {
	const char	*name;
	const char	*usage;		/* arguments after the verb */
	const char	*summary;	/* one line */
	const char	*help;		/* the options, one per line, or NULL */
	int		(*run)(struct cli *, const struct cli_verb *, int argc, char **argv);
};

/* The verb table (daemon/commands.c). */
extern const struct cli_verb cli_verbs[];
const struct cli_verb *cli_verb_find(const char *name);

/*
 * Load the config once (default path rules in conf.h). On failure prints
 * the reason and returns NULL; the verb then exits 1.
 */
struct config *cli_config(struct cli *cli);
/* Print "muthur VERB: message" and the verb's usage line to stderr and
 * return EXIT_MISUSE. */
int cli_usage_error(const struct cli_verb *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Print the verb's help to out. */
void cli_verb_help(const struct cli_verb *v, FILE *out);
/*
 * Common start of every verb: handles --help (prints help, returns 0 in
 * *status and 1) and leaves other arguments alone. Returns 0 to go on.
 */
int cli_wants_help(const struct cli_verb *v, int argc, char **argv, int *status);

/* The verbs that exist. */
int cmd_init(struct cli *, const struct cli_verb *, int, char **);
int cmd_keygen(struct cli *, const struct cli_verb *, int, char **);
int cmd_sign(struct cli *, const struct cli_verb *, int, char **);
int cmd_verify(struct cli *, const struct cli_verb *, int, char **);
int cmd_cards(struct cli *, const struct cli_verb *, int, char **);
int cmd_export(struct cli *, const struct cli_verb *, int, char **);
int cmd_audit(struct cli *, const struct cli_verb *, int, char **);
int cmd_fsck(struct cli *, const struct cli_verb *, int, char **);
int cmd_migrate(struct cli *, const struct cli_verb *, int, char **);
int cmd_view(struct cli *, const struct cli_verb *, int, char **);
int cmd_new_game(struct cli *, const struct cli_verb *, int, char **);
int cmd_seat(struct cli *, const struct cli_verb *, int, char **);
int cmd_start(struct cli *, const struct cli_verb *, int, char **);
int cmd_status(struct cli *, const struct cli_verb *, int, char **);
int cmd_show(struct cli *, const struct cli_verb *, int, char **);
int cmd_demo(struct cli *, const struct cli_verb *, int, char **);
int cmd_deadline(struct cli *, const struct cli_verb *, int, char **);
int cmd_extend(struct cli *, const struct cli_verb *, int, char **);
int cmd_pause(struct cli *, const struct cli_verb *, int, char **);
int cmd_resume(struct cli *, const struct cli_verb *, int, char **);
int cmd_abandon(struct cli *, const struct cli_verb *, int, char **);
int cmd_adjudicate(struct cli *, const struct cli_verb *, int, char **);
int cmd_league(struct cli *, const struct cli_verb *, int, char **);

#endif

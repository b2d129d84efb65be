/*
 * cmd-fsck.c — `muthur fsck [GAME]`: is every recorded state of a game
 * the state its log replays to? The stored states are a cache the service
 * loads a phase from (store/phases.h); they are never trusted by the
 * auditor, which replays the log (daemon/audit-replay.c). fsck does the
 * same replay on the server, from the database (store_export_server():
 * the unopened secrets too, so that a running game replays), and compares
 * each phase's replayed state with the row recorded after it: its bytes
 * must hash to the hash recorded with them, and that hash must be the
 * replayed state's. One line per game; a line per state that differs,
 * naming game and phase; what else the replay finds differing from the
 * log is named too. Exit 0 when every game holds, 1 when one does not (or
 * cannot be read), 2 misuse.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "daemon/audit.h"
#include "daemon/cli.h"
#include "daemon/conf.h"
#include "lib/xmalloc.h"
#include "rules/rules.h"
#include "store/archive.h"
#include "store/export.h"
#include "store/games.h"
#include "store/hashenc.h"
#include "store/phases.h"
#include "store/store.h"

/* One game's check, as the replay goes. */
struct fsck {
	struct store		*st;
	const struct archive	*a;
	int64_t			 game_id;
	size_t			 checked;	/* states compared */
	size_t			 bad;		/* of them differing */
	uint64_t		 last;		/* phase of the last replayed */
};

/* After phase a->phases[i] replayed: its recorded state against g. */
static void
fsck_step(void *arg, const struct rules *R, const struct rules_game *g, size_t i)
{
	struct fsck *f = arg;
	uint64_t seq = f->a->phases[i].seq, found = 0;
	unsigned char want[32], got[32], *bytes = NULL;
	char *state, *cause = NULL;
	size_t len, blen;

	f->last = seq;
	state = R->save(g, &len);
	hashenc_blake2b256(want, state, len);
	free(state);
	f->checked++;
	if (store_state_get(f->st, f->game_id, seq, &bytes, &blen, &found, got,
	    &cause) == -1) {
		printf("%s: phase %llu: the recorded state cannot be believed: %s\n",
		    f->a->game, (unsigned long long)seq, cause);
		f->bad++;
	} else if (sodium_memcmp(want, got, sizeof want) != 0) {
		printf("%s: phase %llu: the recorded state is not the state the log "
		    "replays to\n", f->a->game, (unsigned long long)seq);
		f->bad++;
	}
	free(bytes);
	free(cause);
}

/* 0 when game name holds, 1 when not. */
static int
fsck_game(struct store *st, const char *name)
{
	struct store_game *g;
	struct archive *a;
	struct audit_report r;
	struct fsck f;
	unsigned char h[32];
	uint64_t latest = 0;
	char *cause = NULL;
	size_t i;
	int rc = 0;

	if ((g = store_game_get(st, name, &cause)) == NULL) {
		printf("%s: %s\n", name, cause);
		free(cause);
		return 1;
	}
	if (strcmp(g->status, GAME_SETUP) == 0) {
		printf("%s: not started: no state to check\n", name);
		store_game_free(g);
		return 0;
	}
	if ((a = store_export_server(st, name, &cause)) == NULL) {
		printf("%s: %s\n", name, cause);
		free(cause);
		store_game_free(g);
		return 1;
	}
	memset(&f, 0, sizeof f);
	f.st = st;
	f.a = a;
	f.game_id = g->id;
	audit_archive_replay(a, fsck_step, &f, &r);
	for (i = 0; i < r.nfailures; i++)
		printf("%s: %s: %s\n", name, r.failures[i].record, r.failures[i].message);
	if (!r.replayed)
		printf("%s: the replay stopped at phase %llu%s%s\n", name,
		    (unsigned long long)f.last, r.note != NULL ? ": " : "",
		    r.note != NULL ? r.note : "");
	/* a state recorded after a phase the replay did not reach */
	if (store_state_latest(st, g->id, &latest, h, &cause) == -1) {
		printf("%s: %s\n", name, cause);
		free(cause);
		rc = 1;
	} else if (latest > f.last) {
		printf("%s: phase %llu: a state is recorded after it, but the replay "
		    "ends at phase %llu\n", name, (unsigned long long)latest,
		    (unsigned long long)f.last);
		rc = 1;
	}
	if (f.bad > 0 || r.nfailures > 0 || !r.replayed)
		rc = 1;
	if (rc == 0)
		printf("%s: ok: %zu recorded states are the states its log replays to "
		    "(phases 1 to %llu)\n", name, f.checked, (unsigned long long)f.last);
	else
		printf("%s: FAILED: %zu of %zu recorded states differ from the replay\n",
		    name, f.bad, f.checked);
	audit_report_clear(&r);
	archive_free(a);
	store_game_free(g);
	return rc;
}

int
cmd_fsck(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct config *cf;
	struct store *st;
	char **names = NULL, *cause = NULL;
	size_t n = 0, i;
	int rc = 0, status = 1;

	if (cli_wants_help(v, argc, argv, &status))
		return status;
	if (argc > 2 || (argc == 2 && argv[1][0] == '-'))
		return cli_usage_error(v, "give at most one GAME name");
	if ((cf = cli_config(cli)) == NULL)
		return 1;
	if ((st = store_open(config_store(cf), &cause)) == NULL) {
		fprintf(stderr, "muthur fsck: %s\n", cause);
		free(cause);
		return 1;
	}
	if (argc == 2)
		rc = fsck_game(st, argv[1]);
	else if (store_game_list(st, &names, &n, &cause) == -1) {
		fprintf(stderr, "muthur fsck: %s\n", cause);
		free(cause);
		rc = 1;
	} else {
		for (i = 0; i < n; i++)
			rc |= fsck_game(st, names[i]);
		store_names_free(names, n);
	}
	store_close(st);
	return rc;
}

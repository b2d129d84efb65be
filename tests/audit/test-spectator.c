/*
 * test-spectator.c — the archive of a game still running holds only what
 * a spectator may see (doc/product.md §7, doc/muthur-archive.5): judged by
 * what a spectator can find in it, against the store it came from. No
 * private event (nor its payload), no orders or nonces, no state hashes,
 * no event numbers with gaps, no event count, no chain hash, no unopened
 * secret; it says it is a spectator archive; `muthur audit` of it exits 0
 * and says what is not yet open; a flipped scope or an added private
 * event is detected. Once the game is abandoned the archive is the full
 * one and audits with a full replay.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include <sodium.h>

#include "daemon/audit.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "store/archive.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/export.h"
#include "store/games.h"
#include "store/hashenc.h"
#include "store/orders.h"
#include "store/phases.h"
#include "tests/audit/fixture.h"
#include "tests/tap.h"

#define GAME	"contact-9"

static char tmpdir[] = "/tmp/muthur-spectator-XXXXXX";

static int __attribute__((noreturn))
bail_out(const char *why, const char *cause)
{
	ok(0, "%s: %s", why, cause != NULL ? cause : "");
	exit(done_testing());
}

/* Does the hex of len bytes at p appear in text? */
static int
has_hex(const char *text, const unsigned char *p, size_t len)
{
	char *hex = hashenc_hex(p, len);
	int found = strstr(text, hex) != NULL;

	free(hex);
	return found;
}

/*
 * The archive text with its signature made again over what it now holds
 * (the server's own signature: only the check aimed at can fail). Works
 * on the text, so that any edit can be signed.
 */
static char *
resign_text(const char *text)
{
	static const char tail[] = ",\"archive_sig\":\"";
	unsigned char digest[32], sig[64], msg[sizeof ARCHIVE_SIG_CONTEXT - 1 + 32];
	const char *p = strstr(text, tail);
	char *doc, *hex, *out;

	if (p == NULL)
		abort();
	doc = xasprintf("%.*s}", (int)(p - text), text);
	hashenc_blake2b256(digest, doc, strlen(doc));
	memcpy(msg, ARCHIVE_SIG_CONTEXT, sizeof ARCHIVE_SIG_CONTEXT - 1);
	memcpy(msg + sizeof ARCHIVE_SIG_CONTEXT - 1, digest, 32);
	crypto_sign_detached(sig, NULL, msg, sizeof msg, afix_server_key()->sk);
	hex = hashenc_hex(sig, sizeof sig);
	out = xasprintf("%.*s%s%s\"}\n", (int)(p - text), text, tail, hex);
	free(hex);
	free(doc);
	return out;
}

/* The text with the first from replaced by to, or NULL when from is not in it. */
static char *
replace(const char *text, const char *from, const char *to)
{
	const char *p = strstr(text, from);

	if (p == NULL)
		return NULL;
	return xasprintf("%.*s%s%s", (int)(p - text), text, to, p + strlen(from));
}

/* Run "$top_builddir/muthur ARGS > out 2>&1"; exit status, output in *got. */
static int
run(const char *args, char **got)
{
	const char *bld = getenv("top_builddir") != NULL ? getenv("top_builddir") : ".";
	char *out = xasprintf("%s/out.txt", tmpdir);
	char *cmd = xasprintf("%s/muthur %s > %s 2>&1", bld, args, out);
	size_t len;
	int rc = system(cmd);

	*got = NULL;
	if (fs_read_file(out, ARCHIVE_MAX, got, &len, NULL) == -1)
		*got = xstrdup("");
	unlink(out);
	free(out);
	free(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/* ---- what a spectator can find in the archive ---- */

static void
no_private_events(struct store *st, const struct store_game *g, const char *text,
    const struct archive *a)
{
	struct store_event *ev;
	size_t n, i, j, npublic = 0, nprivate = 0, leaked = 0, hashes = 0, gaps = 0;

	if (store_events(st, g->id, 1, &ev, &n, NULL) == -1)
		abort();
	for (i = 0; i < n; i++) {
		if (has_hex(text, ev[i].hash, sizeof ev[i].hash) ||
		    has_hex(text, ev[i].prev_hash, sizeof ev[i].prev_hash))
			hashes++;
		if (strcmp(ev[i].visibility, "all") == 0) {
			npublic++;
			continue;
		}
		nprivate++;
		for (j = 0; j < a->nevents; j++)
			if (a->events[j].payload_len == ev[i].payload_len &&
			    memcmp(a->events[j].payload, ev[i].payload,
			    ev[i].payload_len) == 0)
				leaked++;
	}
	ok(nprivate > 0, "the running game has private events (%zu of %zu)", nprivate, n);
	is_int((long)leaked, 0, "no private event's payload is in the archive");
	for (j = 0; j < a->nevents; j++) {
		if (strcmp(a->events[j].visibility, "all") != 0)
			leaked++;
		if (a->events[j].seq != j + 1)
			gaps++;
	}
	is_int((long)leaked, 0, "every event in the archive is public");
	ok(a->nevents == npublic, "all %zu public events are in it (%zu)", npublic,
	    a->nevents);
	is_int((long)gaps, 0, "numbered 1 to %zu, without the gaps of the private ones",
	    a->nevents);
	is_int((long)hashes, 0, "no event chain hash is in the archive");
	ok(strstr(text, "\"head\"") == NULL && a->head_count != g->event_count,
	    "nor the game's event count (%llu)", (unsigned long long)g->event_count);
	ok(!has_hex(text, g->head_hash, sizeof g->head_hash), "nor the chain's head");
	store_events_free(ev, n);
}

static void
no_orders_no_states(struct store *st, const struct store_game *g, const char *text,
    const struct archive *a)
{
	struct store_phase *ps;
	struct store_order *o;
	unsigned char hash[32], *bytes;
	size_t n, i, j, no, norders = 0, leaked = 0, states = 0, inarchive = 0;

	if (store_phases(st, g->id, &ps, &n, NULL) == -1)
		abort();
	for (i = 0; i < n; i++) {
		if (store_orders_all(st, ps[i].id, &o, &no, NULL) == -1)
			abort();
		for (j = 0; j < no; j++) {
			norders++;
			if (has_hex(text, o[j].nonce, o[j].nonce_len) ||
			    strstr(text, strchr((char *)o[j].signature, '\n') != NULL ?
			    strchr((char *)o[j].signature, '\n') + 1 :
			    (char *)o[j].signature) != NULL)
				leaked++;
		}
		store_orders_free(o, no);
		if (!ps[i].open && store_state_get(st, g->id, ps[i].seq, &bytes, &no, NULL,
		    hash, NULL) == 0) {
			states++;
			free(bytes);
			if (has_hex(text, hash, sizeof hash))
				leaked++;
		}
	}
	for (i = 0; i < a->nphases; i++)
		inarchive += a->phases[i].norders;
	ok(norders > 0 && states > 0, "the running game has %zu orders mails and %zu "
	    "recorded states", norders, states);
	ok(inarchive == 0 && strstr(text, "BEGIN MUTHUR ORDERS") == NULL,
	    "no orders are in the archive");
	ok(leaked == 0 && a->nstates == 0 && strstr(text, "\"states\"") == NULL,
	    "no order nonce, signature or state hash is in the archive");
	store_phases_free(ps, n);
}

static void
no_secrets(struct store *st, const struct store_game *g, const char *text)
{
	struct store_commitment *cs;
	size_t n, i, leaks = 0, opened = 0;

	if (store_commitments(st, g->id, &cs, &n, NULL) == -1)
		abort();
	for (i = 0; i < n; i++) {
		if (!cs[i].revealed) {
			if ((cs[i].secret_len >= 8 && has_hex(text, cs[i].secret,
			    cs[i].secret_len)) || has_hex(text, cs[i].nonce, sizeof cs[i].nonce))
				leaks++;
			continue;
		}
		/* Opened ones are public: their openings stay checkable. */
		if (has_hex(text, cs[i].nonce, sizeof cs[i].nonce) &&
		    has_hex(text, cs[i].c, sizeof cs[i].c))
			opened++;
	}
	ok(n > 0 && leaks == 0, "no secret or nonce of its %zu commitments not yet opened "
	    "is in the archive", n - opened);
	ok(opened > 0, "the %zu opened ones (seeds of resolved phases) are", opened);
	store_commitments_free(cs, n);
}

/* ---- the audit of it ---- */

static void
audits(const char *text)
{
	struct audit_report r;
	char *path = xasprintf("%s/spectator.archive", tmpdir), *arg, *got;
	FILE *fp;

	is_int(audit_archive(text, strlen(text), 0, &r), 0,
	    "the spectator archive audits clean");
	afix_report_show(&r);
	ok(r.note != NULL && strstr(r.note, "not yet open") != NULL &&
	    strstr(r.note, "orders") != NULL && strstr(r.note, "private events") != NULL &&
	    strstr(r.note, "chain") != NULL && strstr(r.note, "replay") != NULL,
	    "its report says what is not yet open: %s", r.note != NULL ? r.note : "(none)");
	ok(r.server_sigs > 1 && r.openings > 0 && r.seeds > 0 && r.events > 0,
	    "and checks the server's signatures (%zu), openings (%zu), seeds (%zu), "
	    "events (%zu)", r.server_sigs, r.openings, r.seeds, r.events);
	ok(r.player_sigs == 0 && r.states == 0 && !r.replayed,
	    "and neither orders, states nor a replay");
	audit_report_clear(&r);

	fp = fopen(path, "w");
	fputs(text, fp);
	fclose(fp);
	is_int(run(arg = xasprintf("audit %s", path), &got), 0, "muthur audit of it: exit 0");
	ok(strstr(got, "not yet open") != NULL && strstr(got, "OK " GAME ": 0 failures") !=
	    NULL, "saying OK and what is not yet open");
	free(got);
	free(arg);
	is_int(run(arg = xasprintf("audit --json %s", path), &got), 0,
	    "muthur audit --json of it: exit 0");
	ok(strstr(got, "\"scope\":\"spectator\"") != NULL &&
	    strstr(got, "\"not_yet_open\":[") != NULL && strstr(got, "\"ok\":true") != NULL,
	    "the JSON report names the scope and what is not yet open");
	free(got);
	free(arg);
	unlink(path);
	free(path);
}

static void
tampered(const char *text)
{
	struct audit_report r;
	struct archive *a;
	struct archive_event *e;
	char *t, *u;

	/* The control: signing again changes nothing. */
	t = resign_text(text);
	ok(strcmp(t, text) == 0, "re-signing the text as it is gives the same bytes");
	free(t);

	t = replace(text, "\"scope\":\"spectator\"", "\"scope\":\"full\"");
	ok(t != NULL, "the archive says it is a spectator archive");
	if (t != NULL) {
		u = resign_text(t);
		ok(audit_archive(t, strlen(t), 0, &r) != 0, "its scope flipped to full: "
		    "detected");
		audit_report_clear(&r);
		ok(audit_archive(u, strlen(u), 0, &r) != 0, "and so re-signed");
		audit_report_clear(&r);
		free(u);
		free(t);
	}

	/* A private event added (as the server could), re-signed. */
	a = archive_parse(text, strlen(text), NULL);
	if (a == NULL)
		abort();
	a->events = xreallocarray(a->events, a->nevents + 1, sizeof *a->events);
	e = &a->events[a->nevents];
	memset(e, 0, sizeof *e);
	e->seq = a->nevents + 1;
	e->phase = a->events[a->nevents - 1].phase;
	e->type = xstrdup("card.draw");
	e->visibility = xstrdup("marines");
	e->payload = xstrdup("{\"type\":\"card.draw\",\"seat\":\"marines\"}");
	e->payload_len = strlen(e->payload);
	a->nevents++;
	if (archive_format(a, afix_server_key()->sk, &t, NULL, NULL) == -1)
		abort();
	audit_archive(t, strlen(t), 0, &r);
	ok(afix_report_has(&r, "event", "a private event (visible to marines) in a spectator "
	    "archive"), "a private event added to it, re-signed: named");
	if (r.nfailures == 0)
		afix_report_show(&r);
	audit_report_clear(&r);
	free(t);

	/* A gap in the numbering, re-signed. */
	a->nevents--;
	a->events[a->nevents / 2].seq += 1;
	if (archive_format(a, afix_server_key()->sk, &t, NULL, NULL) == -1)
		abort();
	audit_archive(t, strlen(t), 0, &r);
	ok(afix_report_has(&r, "event", "out of sequence"), "a gap in its event numbers: named");
	audit_report_clear(&r);
	free(t);
	archive_free(a);
}

/* `muthur export` of the running game writes the spectator archive. */
static void
cli_export(const char *text)
{
	char *conf = afix_config_write(tmpdir), *arg, *got;

	is_int(run(arg = xasprintf("--config %s export " GAME, conf), &got), 0,
	    "muthur export of the running game: exit 0");
	ok(strcmp(got, text) == 0, "writing the spectator archive");
	free(got);
	free(arg);
	afix_config_remove(tmpdir);
	free(conf);
}

int
main(void)
{
	const char *top = getenv("top_srcdir") != NULL ? getenv("top_srcdir") : ".";
	struct store *st;
	struct store_game *g;
	struct afix *f;
	struct archive *a;
	struct audit_report r;
	char *path, *cause = NULL, *text = NULL, *full = NULL;

	if (sodium_init() < 0 || mkdtemp(tmpdir) == NULL)
		skip_all("no temporary folder");
	path = xasprintf("%s/muthur.db", tmpdir);
	if ((st = store_open(path, &cause)) == NULL)
		bail_out("store", cause);
	f = afix_new(st, top, GAME, 3, &cause);
	ok(f != NULL && afix_play(f, 14, &cause) == 14, "a running game of 14 phases%s%s",
	    cause != NULL ? ": " : "", cause != NULL ? cause : "");
	if (f == NULL)
		return done_testing();
	ok(store_export_text(st, afix_server_key(), GAME, &text, NULL, &cause) == 0,
	    "exported%s%s", cause != NULL ? ": " : "", cause != NULL ? cause : "");
	if (text == NULL || (a = archive_parse(text, strlen(text), &cause)) == NULL)
		bail_out("no archive", cause);
	g = store_game_get(st, GAME, NULL);

	no_private_events(st, g, text, a);
	no_orders_no_states(st, g, text, a);
	no_secrets(st, g, text);
	archive_free(a);
	store_game_free(g);
	audits(text);
	tampered(text);
	cli_export(text);

	/* Over: the full archive, with a full replay. */
	ok(afix_abandon(f, &cause) == 0, "the game abandoned");
	ok(store_export_text(st, afix_server_key(), GAME, &full, NULL, &cause) == 0 &&
	    strstr(full, "\"scope\":\"full\"") != NULL &&
	    strstr(full, "BEGIN MUTHUR ORDERS") != NULL && strstr(full, "\"head\"") != NULL,
	    "now its archive is the full one, orders, chain and all");
	is_int(full != NULL ? audit_archive(full, strlen(full), 0, &r) : -1, 0,
	    "and audits clean");
	afix_report_show(&r);
	ok(r.replayed && r.note == NULL && r.player_sigs > 0 && r.states > 0,
	    "with a full replay (%zu phases, %zu player signatures, %zu states)", r.phases,
	    r.player_sigs, r.states);
	audit_report_clear(&r);
	if (full != NULL) {
		char *t = replace(full, "\"scope\":\"full\"", "\"scope\":\"spectator\"");
		char *u = t != NULL ? resign_text(t) : NULL;

		ok(u != NULL && audit_archive(u, strlen(u), 0, &r) != 0,
		    "its scope flipped to spectator, re-signed: detected");
		audit_report_clear(&r);
		free(u);
		free(t);
	}

	free(text);
	free(full);
	free(cause);
	afix_free(f);
	store_close(st);
	free(path);
	afix_store_remove(tmpdir);
	return done_testing();
}

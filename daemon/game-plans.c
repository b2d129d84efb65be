/*
 * game-plans.c — plans and settings (doc/product.md §3 "Plans", "Settings by
 * mail", §5; doc/muthur-orders.5): the turn seed every phase seed of a
 * turn comes from, the plan sections applied when their phase opens, and
 * a seat's `set` lines.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "daemon/game-int.h"
#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/suggest.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/pubkey.h"
#include "mail/sig-memo.h"
#include "mail/sig.h"
#include "store/commitments.h"
#include "store/orders.h"
#include "store/plans.h"

/*
 * The seats' scheme (daemon/phase-entropy.h): turn's seed committed now,
 * in phase seq of the turn before, if it is not yet, so that the nonces
 * of this turn feed the phases of the next that nobody owes orders in.
 */
static int
next_turn_seed(const struct game_ctx *c, struct game_live *l, int turn, uint64_t seq,
    char **cause)
{
	struct store_commitment *tc;
	unsigned char seed[RAND_SEED_BYTES];
	char *sid, *err = NULL;
	int rc;

	if ((rc = game_entropy_seats(c->st, l->game->id, cause)) != 1)
		return rc;
	sid = rand_turn_secret_id(turn);
	if ((tc = store_commitment_get(c->st, l->game->id, RAND_TURN_DOMAIN, sid,
	    &err)) != NULL) {
		store_commitments_free(tc, 1);
		free(sid);
		return 0;
	}
	free(err);
	rc = store_server_seed(c->st, l->game->id, sid, seed, cause);
	if (rc == 0)
		rc = store_commitment_add(c->st, c->key, l->game->id, RAND_TURN_DOMAIN,
		    sid, seed, sizeof seed, seq, NULL, NULL, NULL, NULL, cause);
	sodium_memzero(seed, sizeof seed);
	free(sid);
	return rc;
}

int
game_phase_seed(const struct game_ctx *c, struct game_live *l, int64_t phase_id,
    uint64_t seq, int turn, char **cause)
{
	struct store_commitment *tc;
	unsigned char seed[RAND_SEED_BYTES];
	char *sid, *err = NULL;
	int rc;

	if (turn < 1)
		return store_seed_commit(c->st, c->key, phase_id, NULL, NULL, cause);
	sid = rand_turn_secret_id(turn);
	if ((tc = store_commitment_get(c->st, l->game->id, RAND_TURN_DOMAIN, sid,
	    &err)) == NULL) {
		/* the turn's first phase: commit the seed of all its phases */
		free(err);
		rc = store_server_seed(c->st, l->game->id, sid, seed, cause);
		if (rc == 0)
			rc = store_commitment_add(c->st, c->key, l->game->id,
			    RAND_TURN_DOMAIN, sid, seed, sizeof seed, seq, NULL, NULL,
			    NULL, NULL, cause);
	} else {
		rc = tc->secret_len == RAND_SEED_BYTES ? 0 : cause_set(cause,
		    "turn seed %s has %zu bytes", sid, tc->secret_len);
		if (rc == 0)
			memcpy(seed, tc->secret, sizeof seed);
		store_commitments_free(tc, 1);
	}
	free(sid);
	if (rc == 0) {
		rand_turn_phase_seed(seed, seq, seed);
		rc = store_seed_commit(c->st, c->key, phase_id, seed, NULL, cause);
	}
	sodium_memzero(seed, sizeof seed);
	if (rc == 0)
		rc = next_turn_seed(c, l, turn + 1, seq, cause);
	return rc;
}

int
game_turn_seed_open(const struct game_ctx *c, struct game_live *l, int turn,
    uint64_t seq, char **cause)
{
	struct store_commitment *tc;
	char *sid = rand_turn_secret_id(turn), *err = NULL;
	int rc = 0;

	if ((tc = store_commitment_get(c->st, l->game->id, RAND_TURN_DOMAIN, sid,
	    &err)) == NULL)
		free(err);	/* a turn begun before turn seeds */
	else if (!tc->revealed)
		rc = store_commitment_reveal(c->st, l->game->id, RAND_TURN_DOMAIN, sid, seq,
		    cause);
	store_commitments_free(tc, tc != NULL);
	free(sid);
	return rc;
}

int
game_seat_stopped(const struct game_ctx *c, const struct store_seat *seat, const char *phase,
    char **cause)
{
	char *v, *p, *w, *save = NULL;
	int r, hit = 0;

	if ((r = store_seat_setting_get(c->st, seat->id, "stops", &v, cause)) != 1)
		return r;
	for (p = v; (w = strtok_r(p, " ", &save)) != NULL; p = NULL)
		if (orders_phase_covers(w, phase))
			hit = 1;
	free(v);
	return hit;
}

/*
 * The rules' reason for a section's orders, with its "line K" (K counting
 * the section's lines) made the block's line number.
 */
static char *
section_reason(const struct orders_section *sec, const char *why)
{
	unsigned long k;
	char *end;

	if (strncmp(why, "line ", 5) == 0) {
		k = strtoul(why + 5, &end, 10);
		if (end != why + 5 && *end == ':' && k >= 1 && k <= sec->nlines)
			return xasprintf("your plan's section \"phase: %s\" (line %d) was "
			    "dropped: line %d:%s", sec->phase, sec->lineno,
			    sec->lines[k - 1].lineno, end + 1);
	}
	return xasprintf("your plan's section \"phase: %s\" (line %d) was dropped: %s",
	    sec->phase, sec->lineno, why);
}

/*
 * Is src signed with the seat's key now? (Remembered from when the mail
 * came in, mail/sig-memo.h: the same key, bytes and signature.) Not when another player has
 * taken the seat since (`muthur seat`, the organiser's replace): the plan
 * was that player's, and the new one is asked.
 */
static int
signed_by_seat(const struct store_seat *seat, const struct store_order *src)
{
	struct pubkey pk;

	return pubkey_parse(seat->public_key, strlen(seat->public_key), &pk,
	    NULL) == 0 && sig_verify_memo(&pk, (const char *)src->block, src->block_len,
	    (const char *)src->signature, src->sig_len, NULL) == 0;
}

/* Apply the seat's plan section for the open phase ph, if it has one. */
static int
plan_apply_seat(const struct game_ctx *c, struct game_live *l,
    const struct store_seat *seat, int64_t phase_id, int turn, const char *phase,
    char **cause)
{
	struct store_order *all = NULL, *src = NULL;
	const struct orders_line *lines;
	struct orders *o = NULL;
	struct strbuf text = STRBUF_INIT;
	char *why = NULL, *reason;
	size_t nall = 0, n, i;
	int sec, idx, r, rc = -1;

	/*
	 * The plan is the latest block of the turn that has plan sections: a
	 * later block without any (the orders of a phase the plan did not
	 * cover) leaves its sections standing (issue 33).
	 */
	if (store_orders_of_turn(c->st, seat->id, turn, &all, &nall, cause) == -1)
		return -1;
	for (i = 0; i < nall && src == NULL; i++) {
		if ((o = orders_parse((const char *)all[i].block, all[i].block_len,
		    &why)) == NULL) {
			free(why);	/* stored, so it parsed once */
			why = NULL;
			continue;
		}
		if (o->nsections > 0)
			src = &all[i];
		else {
			orders_free(o);
			o = NULL;
		}
	}
	if (src == NULL) {
		rc = 0;		/* no plan */
		goto out;
	}
	lines = orders_lines_for(o, phase, &n, &sec);
	if (lines == NULL && sec < 0) {
		rc = 0;		/* no section for it */
		goto out;
	}
	if (sec < 0 || o->turn != turn) {
		rc = 0;
		goto out;
	}
	/*
	 * Checked once there is a section to apply (most orders hold none): a
	 * plan of the seat's previous player is not this player's.
	 */
	if (!signed_by_seat(seat, src)) {
		rc = 0;
		goto out;
	}
	if ((r = game_seat_stopped(c, seat, phase, cause)) != 0 ||
	    (r = store_plan_dropped(c->st, seat->id, src->nonce, src->nonce_len, sec,
	    cause)) != 0) {
		rc = r == -1 ? -1 : 0;
		goto out;
	}
	for (i = 0; lines != NULL && i < n; i++) {
		strbuf_addstr(&text, lines[i].text);
		strbuf_addc(&text, '\n');
	}
	idx = l->rules->seat_index(l->g, seat->name);
	if (idx < 0 || l->rules->check(l->g, (size_t)idx, text.len > 0 ?
	    strbuf_str(&text) : "", &why) == -1) {
		reason = section_reason(&o->sections[sec], why != NULL ? why :
		    "no such seat");
		rc = store_plan_drop(c->st, seat->id, src->nonce, src->nonce_len, sec,
		    phase_id, reason, cause);
		if (rc == 0)	/* told in the seat's next view (muthur-orders(5)) */
			rc = seat_note_add(c, seat->id, reason, cause);
		free(reason);
		goto out;
	}
	rc = store_order_put(c->st, phase_id, seat->id, src->block, src->block_len,
	    src->signature, src->sig_len, src->sig_type, src->nonce, src->nonce_len,
	    src->message_id, c->now, NULL, cause);
out:
	free(why);
	strbuf_free(&text);
	orders_free(o);
	store_orders_free(all, nall);
	return rc;
}

/*
 * Does w, a phase or round a player wrote (`set stops`, a plan section),
 * name one of the game's (rules phase_names)? NULL when it does or the
 * game lists none; else why not, with the nearest names and the list.
 * Caller frees.
 */
static char *
phase_word_problem(const struct rules *R, const char *w)
{
	struct strbuf sb = STRBUF_INIT;
	const char **cands = NULL, *dot;
	char *near;
	size_t n = 0, i, k;

	if (R == NULL || R->phase_names == NULL)
		return NULL;
	for (i = 0; R->phase_names[i] != NULL; i++)
		if (orders_phase_covers(w, R->phase_names[i]))
			return NULL;
	/* the candidates: every phase and every round (a part before a '.') */
	for (i = 0; R->phase_names[i] != NULL; i++) {
		const char *name = R->phase_names[i];

		if (strcmp(name, "over") == 0)
			continue;
		for (dot = strchr(name, '.'); ; dot = strchr(dot + 1, '.')) {
			size_t len = dot != NULL ? (size_t)(dot - name) : strlen(name);

			for (k = 0; k < n && (strlen(cands[k]) != len ||
			    strncmp(cands[k], name, len) != 0); k++)
				;
			if (k == n) {
				cands = xreallocarray(cands, n + 1, sizeof *cands);
				cands[n++] = xstrndup(name, len);
			}
			if (dot == NULL)
				break;
		}
	}
	strbuf_addf(&sb, "\"%s\" names no phase or round of this game", w);
	if ((near = suggest_nearest(w, cands, n)) != NULL)
		strbuf_addf(&sb, "; did you mean %s?", near);
	strbuf_addstr(&sb, " (its phases and rounds: ");
	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", cands[i]);
	strbuf_addc(&sb, ')');
	free(near);
	for (i = 0; i < n; i++)
		free((char *)cands[i]);
	free(cands);
	return strbuf_detach(&sb, NULL);
}

int
game_plan_sections_check(const struct game_ctx *c, const struct rules *R,
    const struct store_phase *cur, const struct orders *o, char **why, char **cause)
{
	char *bad;

	struct store_phase *ph = NULL;
	size_t nph = 0, i, k;

	*why = NULL;
	if (o->nsections == 0)
		return 0;
	for (i = 0; i < o->nsections; i++)
		if ((bad = phase_word_problem(R, o->sections[i].phase)) != NULL) {
			*why = xasprintf("line %d: plan section \"phase: %s\": %s",
			    o->sections[i].lineno, o->sections[i].phase, bad);
			free(bad);
			return 0;
		}
	if (store_phases_of_turn(c->st, cur->game_id, cur->turn, &ph, &nph, cause) == -1)
		return -1;
	for (i = 0; i < o->nsections && *why == NULL; i++) {
		const struct orders_section *sec = &o->sections[i];

		if (orders_phase_covers(sec->phase, cur->name))
			continue;	/* the open phase's round: its later phases */
		for (k = 0; k < nph && *why == NULL; k++)
			if (ph[k].turn == cur->turn && ph[k].seq < cur->seq &&
			    orders_phase_covers(sec->phase, ph[k].name))
				*why = xasprintf("line %d: plan section \"phase: %s\" is for "
				    "%s, which turn %d has played already (expected a later "
				    "phase of the turn than %s, the header's: sections come in "
				    "turn order)", sec->lineno, sec->phase, ph[k].name,
				    cur->turn, cur->name);
	}
	store_phases_free(ph, nph);
	return 0;
}

int
game_plans_apply(const struct game_ctx *c, struct game_live *l, int64_t phase_id,
    const char *const *owing, size_t nowing, char **cause)
{
	size_t i, k;

	for (i = 0; i < nowing; i++)
		for (k = 0; k < l->nseats; k++)
			if (strcmp(l->seats[k].name, owing[i]) == 0 &&
			    plan_apply_seat(c, l, &l->seats[k], phase_id,
			    l->rules->turn(l->g), l->rules->phase(l->g), cause) == -1)
				return -1;
	return 0;
}

/* The value words of a `set KEY ...` line, or NULL when the key differs. */
static const char *
setting_value(const char *line, const char *key)
{
	size_t n = strlen(key);

	line += 3;
	while (*line == ' ' || *line == '\t')
		line++;
	if (strncasecmp(line, key, n) != 0 || (line[n] != ' ' && line[n] != '\t' &&
	    line[n] != '\0'))
		return NULL;
	line += n;
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

/*
 * One `set` line's key and value: "views" with due, every or digest;
 * "receipts" with on or off; "stops" with phase or round names, or none.
 * -1 with the reason.
 */
static int
setting_parse(const struct rules *R, const struct orders_line *ln, const char **key,
    char **value, char **cause)
{
	char *bad;
	struct strbuf sb = STRBUF_INIT;
	const char *v;
	char *copy, *w, *p, *save = NULL;

	if ((v = setting_value(ln->text, "views")) != NULL) {
		if (strcasecmp(v, "due") != 0 && strcasecmp(v, "every") != 0 &&
		    strcasecmp(v, "digest") != 0)
			return cause_set(cause, "line %d: \"set views %s\": expected due, "
			    "every or digest", ln->lineno, v);
		*key = "views";
		*value = xstrdup(v);
		for (p = *value; *p != '\0'; p++)
			*p = (char)(*p | 0x20);
		return 0;
	}
	if ((v = setting_value(ln->text, "receipts")) != NULL) {
		if (strcasecmp(v, "on") != 0 && strcasecmp(v, "off") != 0)
			return cause_set(cause, "line %d: \"set receipts %s\": expected on "
			    "or off", ln->lineno, v);
		*key = "receipts";
		*value = xstrdup(strcasecmp(v, "on") == 0 ? "on" : "off");
		return 0;
	}
	if ((v = setting_value(ln->text, "stops")) == NULL)
		return cause_set(cause, "line %d: unknown setting \"%s\" (expected set "
		    "views due|every|digest, set receipts on|off or set stops "
		    "PHASE-OR-ROUND ...)", ln->lineno, ln->text);
	copy = xstrdup(v);
	for (p = copy; *p != '\0'; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p | 0x20);
	strbuf_addstr(&sb, "");
	for (p = copy; (w = strtok_r(p, " \t", &save)) != NULL; p = NULL) {
		if (strcmp(w, "none") == 0)
			continue;
		if (!orders_is_slug(w, 1)) {
			cause_set(cause, "line %d: \"%s\" is not a phase or round name (set "
			    "stops takes names such as combat or search.declare, or none)",
			    ln->lineno, w);
			free(copy);
			strbuf_free(&sb);
			return -1;
		}
		if ((bad = phase_word_problem(R, w)) != NULL) {
			cause_set(cause, "line %d: set stops: %s", ln->lineno, bad);
			free(bad);
			free(copy);
			strbuf_free(&sb);
			return -1;
		}
		if (sb.len > 0)
			strbuf_addc(&sb, ' ');
		strbuf_addstr(&sb, w);
	}
	free(copy);
	*key = "stops";
	*value = strbuf_detach(&sb, NULL);
	return 0;
}

int
game_settings_check(const struct rules *R, const struct orders *o, char **cause)
{
	const char *key;
	char *value;
	size_t i;

	for (i = 0; i < o->nsettings; i++) {
		if (setting_parse(R, &o->settings[i], &key, &value, cause) == -1)
			return -1;
		free(value);
	}
	return 0;
}

int
game_settings_store(const struct game_ctx *c, const struct store_seat *seat,
    const struct orders *o, char **cause)
{
	const char *key;
	char *value;
	size_t i;
	int rc = 0;

	for (i = 0; i < o->nsettings && rc == 0; i++) {
		value = NULL;	/* not set when the setting is refused */
		if ((rc = setting_parse(NULL, &o->settings[i], &key, &value, cause)) == 0)
			rc = store_seat_setting_put(c->st, seat->id, key, value, cause);
		free(value);
	}
	return rc;
}

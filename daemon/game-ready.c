/*
 * game-ready.c — the seats' entropy before the deal (doc/commitments.md,
 * "Seat entropy"; PRODUCT.md §5): at `muthur start` the server has
 * committed to phase 1's seed and the game's shuffle seed (at new-game)
 * and now commits to turn 1's seed; phase 1 then owes a signed `ready`
 * block, with a nonce, from every seat, and the deal mixes those nonces.
 * The ready template is its own piece, not an orders view: the first mail
 * each seat gets.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "daemon/phase-entropy.h"
#include "daemon/view.h"
#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "store/commitments.h"
#include "store/gamefiles.h"

/* The phase name and the one order line of a ready block. */
#define READY_PHASE	"setup"
#define READY_WORD	"ready"

int
game_ready_commit(const struct game_ctx *c, struct game_live *l, char **cause)
{
	unsigned char seed[RAND_SEED_BYTES];
	char *sid = rand_turn_secret_id(1);
	int rc;

	rc = store_game_file_put(c->st, l->game->id, ENTROPY_FILE, ENTROPY_SEATS,
	    strlen(ENTROPY_SEATS), cause);
	/* turn 1's seed, before any seat's nonce: the ready nonces feed it */
	if (rc == 0)
		rc = store_server_seed(c->st, l->game->id, sid, seed, cause);
	if (rc == 0)
		rc = store_commitment_add(c->st, c->key, l->game->id, RAND_TURN_DOMAIN,
		    sid, seed, sizeof seed, 1, NULL, NULL, NULL, NULL, cause);
	sodium_memzero(seed, sizeof seed);
	free(sid);
	return rc;
}

/* The ready template of seat: what the seat signs and sends back. */
static void
ready_lines(struct strbuf *sb, const char *game, const char *seat)
{
	strbuf_addf(sb, "%s\ngame: %s\nseat: %s\nturn: 0\nphase: " READY_PHASE "\n"
	    "nonce: %s\n\n" READY_WORD "\n%s\n", ORDERS_BEGIN, game, seat,
	    VIEW_NONCE_PLACEHOLDER, ORDERS_END);
}

int
game_ready_open(const struct game_ctx *c, struct game_live *l,
    const struct store_phase *ph, char **cause)
{
	const char **owing = xcalloc(l->nseats + 1, sizeof *owing), *lines[8];
	struct strbuf block = STRBUF_INIT;
	int64_t deadline = 0;
	char *key;
	size_t i, n;
	int rc;

	for (i = 0; i < l->nseats; i++)
		owing[i] = l->seats[i].name;
	rc = game_clock_deadline(c, l->game->id, READY_PHASE, l->nseats, &deadline,
	    cause);
	if (rc == 0)
		rc = store_phase_set_owing(c->st, ph->id, owing, l->nseats, cause);
	if (rc == 0 && deadline > 0)
		rc = store_phase_set_deadline(c->st, ph->id, deadline, cause);
	for (i = 0; i < l->nseats && rc == 0; i++) {
		strbuf_reset(&block);
		ready_lines(&block, l->game->name, l->seats[i].name);
		n = 0;
		lines[n++] = "The deal waits for every seat's signed ready block: "
		    "its nonce, which the server cannot know, is mixed into the "
		    "shuffles of the deal with the seed the server committed to "
		    "before (muthur audit shows it).";
		lines[n++] = "Sign the block below and send it back; `muthur sign` "
		    "fills in a fresh random nonce (or type any string of 32 to 128 "
		    "hex digits on the nonce: line).";
		lines[n++] = deadline > 0 ? "A seat that has not answered by the "
		    "deadline is dealt without its nonce, and the audit names it." :
		    "A seat that never answers holds the deal until the organiser "
		    "adjudicates; the audit then names it.";
		lines[n++] = "";
		lines[n++] = strbuf_str(&block);
		key = xasprintf("ready/%s/%s", l->game->name, l->seats[i].name);
		rc = game_notice_queue(c, l->game, key, l->seats[i].email,
		    l->seats[i].name, "Game starting: send your ready block", lines, n,
		    deadline, cause);
		free(key);
	}
	strbuf_free(&block);
	free(owing);
	return rc;
}

int
game_ready_waits(const struct game_live *l, const struct store_phase *ph)
{
	return strcmp(l->game->status, GAME_SETUP) == 0 && ph->seq == 1 &&
	    ph->nowing > 0 && ph->open;
}

char *
game_ready_lines(const struct orders *o)
{
	if (o->nsettings > 0 || o->nabsences > 0 || o->nsections > 0)
		return xstrdup("a ready block holds the one line \"" READY_WORD "\" "
		    "and no settings, plans or absences (send those with your "
		    "first orders)");
	if (o->nlines != 1 || strcasecmp(o->lines[0].text, READY_WORD) != 0)
		return xasprintf("line %d: the game is not dealt yet: the block holds "
		    "the one line \"" READY_WORD "\" (copy it from the mail that "
		    "asked for it)", o->nlines > 0 ? o->lines[0].lineno : 1);
	return NULL;
}

int
game_entropy_seats(const struct game_ctx *c, const struct game_live *l, char **cause)
{
	unsigned char *bytes, hash[32];
	size_t len;
	int r;

	if ((r = store_game_file_has(c->st, l->game->id, ENTROPY_FILE, cause)) != 1)
		return r;
	if (store_game_file_get(c->st, l->game->id, ENTROPY_FILE, &bytes, &len, hash,
	    cause) == -1)
		return -1;
	r = entropy_is_seats(bytes, len);
	free(bytes);
	return r;
}

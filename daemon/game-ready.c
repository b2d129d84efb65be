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
#include "store/outbox.h"

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

/* The ready mail of seat s (Message-ID of key): *len bytes, or NULL. */
static char *
ready_mail(const struct game_ctx *c, struct game_live *l, const struct store_seat *s,
    const char *key, int64_t deadline, size_t *len, char **cause)
{
	struct strbuf block = STRBUF_INIT;
	const char *lines[8];
	char *msgid, *mail;
	size_t n = 0;

	ready_lines(&block, l->game->name, s->name);
	lines[n++] = "The deal waits for every seat's signed ready block: its nonce, "
	    "which the server cannot know, is mixed into the shuffles of the deal "
	    "with the seed the server committed to before (muthur audit shows it).";
	lines[n++] = "Sign the block below and send it back; `muthur sign` fills in "
	    "a fresh random nonce (or type any string of 32 to 128 hex digits on "
	    "the nonce: line).";
	lines[n++] = deadline > 0 ? "A seat that has not answered by the deadline "
	    "is dealt without its nonce, and the audit names it." : "A seat that "
	    "never answers holds the deal until the organiser adjudicates; the "
	    "audit then names it.";
	lines[n++] = "";
	lines[n++] = strbuf_str(&block);
	msgid = outbox_message_id(key, game_mail_domain(c));
	mail = game_notice_compose(c, l->game, msgid, s->email, s->name, "Game starting: "
	    "send your ready block", lines, n, deadline, len, cause);
	free(msgid);
	strbuf_free(&block);
	return mail;
}

int
game_ready_open(const struct game_ctx *c, struct game_live *l,
    const struct store_phase *ph, char **cause)
{
	const char **owing = xcalloc(l->nseats + 1, sizeof *owing);
	int64_t deadline = 0;
	char *key, *mail, *msgid;
	size_t i, len;
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
		key = xasprintf("ready/%s/%s", l->game->name, l->seats[i].name);
		if ((mail = ready_mail(c, l, &l->seats[i], key, deadline, &len,
		    cause)) == NULL)
			rc = -1;
		else {
			msgid = outbox_message_id(key, game_mail_domain(c));
			rc = store_outbox_add(c->st, l->game->id, key, msgid,
			    l->seats[i].email, mail, len, c->now, NULL, cause);
			free(msgid);
		}
		free(mail);
		free(key);
	}
	free(owing);
	return rc;
}

char *
game_ready_show(const struct game_ctx *c, struct game_live *l, const char *seat,
    size_t *len, char **cause)
{
	struct store_phase *ph;
	char *key, *mail = NULL;
	size_t i;

	if ((ph = store_phase_current(c->st, l->game->id, cause)) == NULL)
		return NULL;
	for (i = 0; i < l->nseats && strcmp(l->seats[i].name, seat) != 0; i++)
		;
	if (!game_ready_waits(l, ph))
		cause_set(cause, "game %s has not started", l->game->name);
	else if (i == l->nseats)
		cause_set(cause, "game %s has no seat %s", l->game->name, seat);
	else {
		key = xasprintf("show/ready/%s/%s", l->game->name, seat);
		mail = ready_mail(c, l, &l->seats[i], key, ph->deadline, len, cause);
		free(key);
	}
	store_phase_free(ph);
	return mail;
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
game_entropy_seats(struct store *st, int64_t game_id, char **cause)
{
	unsigned char *bytes, hash[32];
	size_t len;
	int r;

	if ((r = store_game_file_has(st, game_id, ENTROPY_FILE, cause)) != 1)
		return r;
	if (store_game_file_get(st, game_id, ENTROPY_FILE, &bytes, &len, hash,
	    cause) == -1)
		return -1;
	r = entropy_is_seats(bytes, len);
	free(bytes);
	return r;
}

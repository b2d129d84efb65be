/*
 * view.h — the per-seat view model and the mails muthur writes to players:
 * views, acknowledgements and refusals (doc/product.md §3 and §6; the model's
 * fields are listed in doc/views.md).
 *
 * A view is built only from what the seat may know: the rules' own view of
 * that seat (rules->view, which already hides what the seat may not know),
 * plus facts the daemon keeps beyond the rules (game name, phase number,
 * deadline, who is awaited, the events of the game, the commitments). The
 * facts are filtered here once more: an event is kept only when its
 * visibility is "all" or names the seat; of a commitment not yet revealed
 * only the commitment and its server signature are read — never its secret
 * or nonce, whatever the struct holds; a phase's seed only once opened.
 *
 * The mails are rendered from templates (templates/tmpl.h, plain mode):
 *   view.mustache          body of a view mail
 *   view-subject.mustache  its subject (one line)
 *   ack.mustache           body of an acknowledgement
 *   refusal.mustache       body of a refusal
 * and partials they include. The same inputs always give the same bytes
 * (mail/compose.h): no clock, no randomness, no host name is read here.
 * That is what the secrecy tests (tests/e2e/test-secrecy*) rely on.
 *
 * Nothing here logs; errors come back through `char **cause` (a reason
 * never quotes a hidden value).
 */
#ifndef MUTHUR_DAEMON_VIEW_H
#define MUTHUR_DAEMON_VIEW_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "rules/rules.h"
#include "store/commitments.h"
#include "store/events.h"
#include "templates/tmpl.h"

/*
 * The value of the "nonce:" line in the orders block of a view. The player
 * (or `muthur sign`) replaces it with their own random hex; a block still
 * holding it does not parse (it is not hex), so it can never be signed and
 * accepted by mistake. Tools that fill the nonce in may look for it.
 */
#define VIEW_NONCE_PLACEHOLDER	"REPLACE-WITH-YOUR-OWN-RANDOM-HEX"

/* What the daemon knows beyond the rules. Everything is borrowed. */
struct view_facts {
	const char			*game;		/* game name, "contact-17" */
	const char			*seat;		/* the reader's seat name */
	uint64_t			 phase_seq;	/* the store's seq of the current phase */
	int64_t				 deadline;	/* Unix time (shown in UTC); 0 = none */
	/*
	 * 1: the phase is held (NMR policy hold): its deadline passed with
	 * seats awaited and it waits for the organiser (muthur deadline,
	 * extend or adjudicate); the view says so, not "due by" a time
	 * gone by.
	 */
	int				 held;
	const char *const		*awaited;	/* seats whose orders are still */
	size_t				 nawaited;	/* awaited, by name (play order) */
	/*
	 * The events to report: typically every event since the seat's
	 * previous view. Only those whose visibility is "all" or names the
	 * seat are shown; the others are skipped without a trace.
	 */
	const struct store_event	*events;
	size_t				 nevents;
	/*
	 * How many events before events[0] the seat may see. Events are
	 * numbered for the seat alone ("no": 1, 2, ... over the events it
	 * may see), never by the log's seq, whose gaps would count the
	 * events it may not see.
	 */
	uint64_t			 seen_before;
	/*
	 * Every commitment of the game (store_commitments()). Shown: the
	 * latest unrevealed commitment of each secret (domain and secret-id
	 * up to '@': decklists, hands, decks, ...), the current phase's seed
	 * commitment (by phase_seq), the last opened seed in full, and the
	 * commitments revealed in the phases of the reported events (the
	 * latest of each secret, with secret and nonce).
	 */
	const struct store_commitment	*commitments;
	size_t				 ncommitments;
	/*
	 * The store's seq of the phase of the seat's last view (0: none).
	 * Of the unrevealed commitments only those made in that phase or
	 * later are listed ("commitments"; the others came in earlier views
	 * and are all in `muthur export`); all of them are counted.
	 */
	uint64_t			 since_phase;
	/*
	 * The seat has given no orders in the game yet: the body says how
	 * to fill in and sign the orders block (a player who has sent some
	 * knows, and the lines are saved).
	 */
	int				 novice;
	/*
	 * What the seat is told besides the events (issue 33), LF-terminated
	 * lines: the acknowledgements of its orders mails since its last
	 * mail (unless it asked for receipts, `set receipts on`), the plan
	 * sections dropped and why. NULL or "": none. As "notes" in the model.
	 */
	const char			*notes;
	const char			*server_key;	/* muthur public key text
							   (signs the commitments),
							   or NULL */
};

/*
 * May seat see an event of this visibility (store/events.h: "all", "none",
 * or seat names separated by commas)? 1 or 0.
 */
int view_event_visible(const char *visibility, const char *seat);

/*
 * The line a view gives an event, from its payload (a JSON object) alone;
 * caller frees. For `muthur view` too.
 */
char *view_event_text(const cJSON *payload);

/*
 * The view model of seat seat_index (play order) of game g under rules r:
 * the rules view under "rules", the facts, display-ready text for the
 * templates and, when the seat owes orders, a ready-to-edit orders block
 * under "orders_block" (BEGIN line; game, seat, turn, phase headers; a
 * nonce line holding VIEW_NONCE_PLACEHOLDER; the legal orders as "# "
 * comment lines with "pass" as the one live order line; END line). The
 * fields are listed in doc/views.md. Fails with a reason when seat_index
 * is out of range, f->seat is not that seat's name, f->game is not a slug,
 * or the rules' view or the payload of an event the seat may see is not a
 * JSON object. Caller frees (cJSON_Delete).
 */
cJSON *view_model_build(const struct rules *r, const struct rules_game *g,
    int seat_index, const struct view_facts *f, char **cause);

/*
 * view.json, the view for tools (doc/views.md): a copy of model without
 * the members only the templates read (awaited_text, has_*, the game's
 * display text under its name, orders_block: the body has it), without
 * the events' "text" (the body has the sentences; the payload says the
 * same) and "type" where the payload's says it, without "legal" when a
 * member of the rules' view lists the same orders, and with every object
 * member whose value is false, 0, null, "" or [] left out at any depth
 * (a reader takes an absent member for that; array items all stay).
 * view_json_model() gives
 * it as JSON (caller frees, cJSON_Delete); view_json_text() printed, each
 * value whole on a line when it fits in 320 columns, else its members one
 * a line, tab-indented, LF-terminated (caller frees).
 */
cJSON *view_json_model(const cJSON *model);
char *view_json_text(const cJSON *model);
/* view_json_text() of a model it takes and frees (made view.json's in
 * place: no copy of it is made). */
char *view_json_text_take(cJSON *model);

/* Addresses and identity of one outgoing mail. Everything is borrowed. */
struct view_mail_ctx {
	time_t			 date;		/* the mail's date (UTC) */
	const char		*message_id;	/* "<id@domain>" (store/outbox.h) */
	const char		*from_addr;	/* muthur's address */
	const char		*from_name;	/* or NULL */
	const char		*to_addr;	/* the seat's address */
	const char		*to_name;	/* or NULL */
	/* Replies only: the mail answered. */
	const char		*in_reply_to;	/* its Message-ID, or NULL */
	const char *const	*references;	/* compose_reply_references() */
	size_t			 nreferences;
	const char		*subject;	/* its Subject ("Re: " is added), or NULL */
};

/* The file a game's part of the view mail is in, in its data folder. */
#define VIEW_GAME_TEMPLATE	"view.mustache"
/*
 * The template set of muthur's mails: tmpl_set_new(override_dir, NULL)
 * and, for every game known now that has view text, the template named
 * after the game from VIEW_GAME_TEMPLATE in its data folder (a game
 * without one shows only the common part of the view mail). Free with
 * tmpl_set_free.
 */
struct tmpl_set *view_templates_new(const char *override_dir, char **cause);

/*
 * The complete view mail (mail/compose.h) of a model from
 * view_model_build(): subject from view-subject.mustache (game, turn,
 * phase, whether orders are due and by when), text body from
 * view.mustache, and view_json_text(model) as a "view.json" attachment
 * (application/json), then, when the game draws one (struct rules
 * picture), the board as "view.png" (image/png; a picture that cannot be
 * drawn is left out). "Auto-Submitted:
 * auto-generated". Returns a new buffer (*len its length; caller frees),
 * or NULL with a reason when a template is missing or fails, or
 * compose_mail refuses a field.
 */
char *view_mail_render(const struct tmpl_set *t, const cJSON *model,
    const struct view_mail_ctx *ctx, size_t *len, char **cause);
/* The same bytes of a model it takes and frees, whatever it returns (its
 * view.json made of it in place, last: a view's model is not copied). */
char *view_mail_render_take(const struct tmpl_set *t, cJSON *model,
    const struct view_mail_ctx *ctx, size_t *len, char **cause);

/*
 * The text body alone (view.mustache), for `muthur show --seat`: appended
 * to out, lines folded to 76 columns except inside the orders block. -1
 * with a reason (out then holds a partial result to discard).
 */
int view_body_render(const struct tmpl_set *t, const cJSON *model,
    struct strbuf *out, char **cause);

enum reply_kind {
	REPLY_ACK,	/* orders stored */
	REPLY_REFUSAL,	/* orders refused: nothing changed */
};

/* What a reply says. Everything is borrowed; NULL where unknown. */
struct reply_facts {
	const char		*game;		/* as the mail claimed or as found */
	const char		*seat;
	int			 turn;		/* 0: unknown */
	const char		*phase;
	/* REPLY_ACK */
	const char		*orders;	/* the orders text stored (lines with LF) */
	int			 replaced;	/* 1: replaced earlier orders of the phase */
	const char *const	*awaited;	/* seats still awaited after this one */
	size_t			 nawaited;
	int64_t			 deadline;	/* Unix time; 0 = none */
	const char		*applies_to;	/* the phases the block has orders
						   for, ", "-joined (plans); NULL:
						   the header's phase alone */
	const char		*settings;	/* the block's `set` and `absent`
						   lines, recorded (LF each); NULL
						   or "": none */
	/* REPLY_REFUSAL */
	const char		*reason;	/* exactly why, one line or more
						   ("line 9: ...; expected ...") */
	int			 final;		/* 1: no mended mail can pass (the
						   seat is no longer the sender's) */
};

/*
 * The model of a reply (fields in doc/views.md), for tests and for tools:
 * caller frees (cJSON_Delete). Never fails.
 */
cJSON *reply_model_build(enum reply_kind kind, const struct reply_facts *f);

/*
 * The complete reply mail: body from ack.mustache or refusal.mustache over
 * reply_model_build(), subject "Re: " + ctx->subject, threaded with
 * ctx->in_reply_to and ctx->references, "Auto-Submitted: auto-replied".
 * Returns a new buffer (*len its length; caller frees), or NULL with a
 * reason as view_mail_render().
 */
char *reply_mail_render(const struct tmpl_set *t, enum reply_kind kind,
    const struct reply_facts *f, const struct view_mail_ctx *ctx, size_t *len,
    char **cause);

#endif

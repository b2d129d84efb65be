/*
 * game-mail.c — handling one incoming mail exactly once (doc/exactly-once.md,
 * doc/game-record.md "Orders"): one transaction from store_mail_seen to
 * store_mail_record, with the refusal (or the receipt) in the outbox, the
 * acknowledgement noted for the seat's next mail, and every phase the
 * orders complete resolved.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "daemon/view-int.h"
#include "daemon/view.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/timetext.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/compose.h"
#include "mail/intake.h"
#include "mail/mime-headers.h"
#include "mail/pubkey.h"
#include "mail/sig-memo.h"
#include "mail/sig.h"
#include "store/club.h"
#include "store/events.h"
#include "store/games.h"
#include "store/mailseen.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "store/plans.h"

/* One mail being handled. */
struct mail_job {
	const struct game_ctx	*c;
	struct intake_mail	*m;
	struct orders		*o;		/* the parsed block, or NULL */
	struct game_live	*l;
	struct store_phase	*ph;
	const struct store_seat	*seat;
	int64_t			 game_id;
	char			*reason;	/* refusal reason: for the reply only */
	const char		*kind;		/* the refusal's kind: for the log */
	char			*reply_to;	/* an organiser's block: the game's
						   organiser address, or NULL */
	char			*former_to;	/* the sender, an address the seat
						   had before it changed hands:
						   answered there, or NULL */
	char			*outcome;
	int			 advanced;
	int			 unverified;	/* the block names seat but its
						   signature is no seat's */
	int			 final;		/* the refusal cannot be mended */
};

char *
game_check_reason(const struct orders *o, const char *why, int first_line)
{
	unsigned long k;
	char *end;
	int off = first_line > 0 ? first_line - 1 : 0;

	if (strncmp(why, "line ", 5) != 0)
		return xstrdup(why);
	k = strtoul(why + 5, &end, 10);
	if (end == why + 5 || *end != ':' || k == 0 || k > o->nlines)
		return xstrdup(why);
	return xasprintf("line %d (\"%s\"):%s", o->lines[k - 1].lineno + off,
	    o->lines[k - 1].text, end + 1);
}

/*
 * A reason that starts "line N:" or "line N (" (N a line of the block:
 * mail/block.h's, a setting's, an absence's) with N made a line of the
 * mail's text (block on first_line).
 */
static char *
block_reason(const char *why, int first_line)
{
	unsigned long k;
	char *end;

	if (strncmp(why, "line ", 5) != 0 || first_line <= 1)
		return xstrdup(why);
	k = strtoul(why + 5, &end, 10);
	if (end == why + 5 || (*end != ':' && *end != ' ') || k == 0 || k > 100000)
		return xstrdup(why);
	return xasprintf("line %lu%s", k + (unsigned long)first_line - 1, end);
}

/* Queue a reply (ack or refusal) to the mail. */
static int
reply_queue(struct mail_job *j, enum reply_kind kind, const struct reply_facts *f,
    const char *to, char **cause)
{
	struct view_mail_ctx ctx;
	char *key, *msgid, *mail, **refs = NULL;
	size_t len, nrefs;
	int rc = -1;

	/* the mail's identity is its Message-ID and content (store/mailseen.h):
	 * two different mails with one Message-ID get two replies */
	key = xasprintf("%s/%s/%.16s", kind == REPLY_ACK ? "ack" : "refusal",
	    j->m->message_id, j->m->hash_hex);
	msgid = outbox_message_id(key, game_mail_domain(j->c));
	nrefs = compose_reply_references(j->m->message_id,
	    (const char *const *)j->m->references, j->m->nreferences, j->m->in_reply_to,
	    &refs);
	memset(&ctx, 0, sizeof ctx);
	ctx.date = (time_t)j->c->now;
	ctx.message_id = msgid;
	ctx.from_addr = j->c->from;
	ctx.from_name = "muthur";
	ctx.to_addr = to;
	ctx.in_reply_to = j->m->message_id;
	ctx.references = (const char *const *)refs;
	ctx.nreferences = nrefs;
	ctx.subject = j->m->subject;
	mail = reply_mail_render(j->c->tmpl, kind, f, &ctx, &len, cause);
	if (mail != NULL)
		rc = store_outbox_add(j->c->st, j->game_id, key, msgid, to, mail, len,
		    j->c->now, NULL, cause);
	free(mail);
	mail_strings_free(refs, nrefs);
	free(msgid);
	free(key);
	return rc;
}

/*
 * Refuse as kind (a word for the log: reasons may name what a seat holds
 * in secret) because of the printf-style reason (for the reply). 0.
 */
static int __attribute__((format(printf, 3, 4)))
refusal(struct mail_job *j, const char *kind, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	free(j->reason);
	j->reason = xvasprintf(fmt, ap);
	va_end(ap);
	j->kind = kind;
	return 0;
}

/* scan-build does not follow a variadic call: to it too, refusal() is 0 */
#ifdef __clang_analyzer__
#define refusal(...)	(refusal(__VA_ARGS__), 0)
#endif

/*
 * Who hears about the mail (doc/product.md §3 "Who gets a reply"): once the
 * mail names a seat of a game and its signature verifies, that seat's
 * registered address, whoever sent it; before that (no seat named, or a
 * signature that is no seat's), the sender's address as registered for a
 * seat of any game; never a Reply-To or an unknown From, so that nobody
 * can make muthur mail a player by naming its seat. *to NULL: nobody
 * (caller frees *to). -1 on a database error.
 */
static int
reply_address(struct mail_job *j, char **to, char **cause)
{
	*to = NULL;
	if (j->reply_to != NULL || j->former_to != NULL) {
		*to = xstrdup(j->reply_to != NULL ? j->reply_to : j->former_to);
		return 0;
	}
	if (j->seat != NULL && (!j->unverified || (j->m->from_addr != NULL &&
	    strcasecmp(j->m->from_addr, j->seat->email) == 0))) {
		*to = xstrdup(j->seat->email);
		return 0;
	}
	if (j->m->from_addr == NULL)
		return 0;
	return store_email_registered(j->c->st, j->m->from_addr, to, cause) == -1 ?
	    -1 : 0;
}

/*
 * Refuse with j->reason: a reply to reply_address(), if any; the outcome
 * (logged and recorded) says only the kind, the seat named and who was
 * answered, never the reason.
 */
static int
refuse(struct mail_job *j, char **cause)
{
	struct reply_facts f;
	const char *gname;
	char *to;

	if (reply_address(j, &to, cause) == -1)
		return -1;
	memset(&f, 0, sizeof f);
	if (j->o != NULL) {
		f.game = j->o->game;
		f.seat = j->o->seat;
		f.turn = (int)j->o->turn;
		f.phase = j->o->phase;
	} else if (j->seat != NULL && j->l != NULL) {	/* an unreadable block's */
		f.game = j->l->game->name;
		f.seat = j->seat->name;
	}
	f.reason = j->reason;
	f.final = j->final;
	gname = j->l != NULL ? j->l->game->name : j->o != NULL ? j->o->game : "?";
	if (to != NULL && reply_queue(j, REPLY_REFUSAL, &f, to, cause) == -1) {
		free(to);
		return -1;
	}
	if (j->seat != NULL && to != NULL && strcmp(to, j->seat->email) == 0)
		j->outcome = xasprintf("refused (%s): game %s, seat %s; answered to the "
		    "seat's address %s", j->kind, gname, j->seat->name, to);
	else if (j->seat != NULL && to == NULL)
		j->outcome = xasprintf("refused (%s): game %s, seat %s; not answered: the "
		    "signature is no seat's and the sender is no seat's registered "
		    "address", j->kind, gname, j->seat->name);
	else if (j->seat != NULL && to != NULL && j->former_to != NULL)
		j->outcome = xasprintf("refused (%s): game %s, seat %s; answered to %s, "
		    "an address the seat had before it changed hands", j->kind,
		    gname, j->seat->name, to);
	else if (to != NULL && j->reply_to != NULL)
		j->outcome = xasprintf("refused (%s): game %s, the organiser's block; "
		    "answered to the organiser's address %s", j->kind, gname, to);
	else if (to != NULL)
		j->outcome = xasprintf("refused (%s); answered to the sender's "
		    "registered address %s", j->kind, to);
	else
		j->outcome = xasprintf("refused (%s); not answered: the sender is no "
		    "seat's registered address", j->kind);
	free(to);
	return 0;
}

static const char *
store_sig_type(enum sig_format f)
{
	switch (f) {
	case SIG_MINISIGN: return "minisign";
	case SIG_SSHSIG: return "ssh";
	default: return "muthur";
	}
}

/* Does sig verify over bytes for the public key text key? */
static int
verifies(const char *key, const char *bytes, size_t len, const char *sig,
    size_t siglen)
{
	struct pubkey pk;

	return sig != NULL && pubkey_parse(key, strlen(key), &pk, NULL) == 0 &&
	    sig_verify(&pk, bytes, len, sig, siglen, NULL) == 0;
}

/*
 * Was the block signed with a key the seat held before it was given to
 * another player (a seat.replaced event of the game, doc/game-record.md
 * "Seat replacement")? 1 and the phase of that change in *phase; 0 when
 * not, or when the log cannot be read (the caller's plainer reason then
 * stands; the error is logged).
 */
static int
former_key(struct mail_job *j, uint64_t *phase)
{
	struct store_event *ev = NULL;
	size_t n = 0, i;
	char *err = NULL;
	int found = 0;

	if (store_events_of_type(j->c->st, j->game_id, "seat.replaced", &ev, &n,
	    &err) == -1) {
		log_warn("game %s: the seat changes could not be read: %s",
		    j->l->game->name, err);
		free(err);
		return 0;
	}
	for (i = 0; i < n && !found; i++) {
		cJSON *o = cJSON_Parse((const char *)ev[i].payload);
		const char *seat = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o,
		    "seat"));
		const char *key = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o,
		    "old_key"));

		if (seat != NULL && key != NULL && strcmp(seat, j->seat->name) == 0 &&
		    verifies(key, j->m->block.signed_bytes, j->m->block.signed_len,
		    j->m->sig_text, j->m->sig_len)) {
			found = 1;
			*phase = ev[i].phase_seq;
		}
		cJSON_Delete(o);
	}
	store_events_free(ev, n);
	return found;
}

/*
 * Is the sender an address seat had before it was given to another player
 * (GAME_FORMER_EMAILS), not its address now? 1 and j->former_to set, 0,
 * -1 on a database error.
 */
static int
former_address(struct mail_job *j, const struct store_seat *seat, char **cause)
{
	const char *from = j->m->from_addr, *p;
	char *v = NULL;
	size_t n = from != NULL ? strlen(from) : 0;
	int r, found = 0;

	if (from == NULL || strcasecmp(from, seat->email) == 0)
		return 0;
	if ((r = store_seat_setting_get(j->c->st, seat->id, GAME_FORMER_EMAILS, &v,
	    cause)) != 1)
		return r;
	for (p = v; *p != '\0' && !found; p += strcspn(p, "\n") + (p[strcspn(p,
	    "\n")] == '\n'))
		found = strcspn(p, "\n") == n && strncasecmp(p, from, n) == 0;
	free(v);
	if (found) {
		free(j->former_to);
		j->former_to = xstrdup(from);
	}
	return found;
}

/*
 * Refuse for good the mail of a player who no longer holds the seat (its
 * former key, or a former address of the seat), since phase (0: not known).
 */
static int
no_longer_holds(struct mail_job *j, const struct store_seat *seat, uint64_t phase)
{
	char when[48] = "";

	if (phase > 0)
		snprintf(when, sizeof when, " in phase %llu", (unsigned long long)phase);
	refusal(j, "former-seat-key", "you no longer hold seat %s of game %s: the "
	    "organiser gave it to another player%s, and orders from you are no longer "
	    "accepted for it (those you sent before stay on the record and are "
	    "audited with your key)", seat->name, j->l->game->name, when);
	j->final = 1;
	return 0;
}

/*
 * The mail's signature against the seat's key: 1 when it verifies (over
 * the block as found, or over the second reading of a format=flowed part,
 * which then becomes the block), 0 when refused with a reason that says
 * what really went wrong: no signature, a quoted block, a file signed with
 * CRLF line endings, the key of another seat of the game.
 */
static int
signature_check(struct mail_job *j)
{
	struct intake_mail *m = j->m;
	const char *quoted = m->block_quoted ? " (the block was quoted with \"> \": "
	    "it was read with one level of quoting removed)" : "";
	struct strbuf crlf = STRBUF_INIT;
	char *why = NULL;
	size_t k, i;
	struct pubkey pk;
	uint64_t former = 0;

	j->unverified = 1;	/* until the signature verifies */
	if (m->alt_block.signed_bytes != NULL && !verifies(j->seat->public_key,
	    m->block.signed_bytes, m->block.signed_len, m->sig_text, m->sig_len)) {
		const char *sig = m->alt_sig_text != NULL ? m->alt_sig_text : m->sig_text;
		size_t siglen = m->alt_sig_text != NULL ? m->alt_sig_len : m->sig_len;
		struct orders *o2 = orders_parse(m->alt_block.signed_bytes,
		    m->alt_block.signed_len, NULL);

		if (o2 != NULL && strcmp(o2->game, j->o->game) == 0 &&
		    strcmp(o2->seat, j->o->seat) == 0 && verifies(j->seat->public_key,
		    m->alt_block.signed_bytes, m->alt_block.signed_len, sig, siglen)) {
			struct orders_block b = m->block;

			m->block = m->alt_block;
			m->alt_block = b;
			if (m->alt_sig_text != NULL) {
				char *t = m->sig_text;
				size_t tl = m->sig_len;

				m->sig_text = m->alt_sig_text;
				m->sig_len = m->alt_sig_len;
				m->alt_sig_text = t;
				m->alt_sig_len = tl;
			}
			orders_free(j->o);
			j->o = o2;
			j->unverified = 0;
			return 1;
		}
		if (o2 != NULL)
			orders_free(o2);
	}
	if ((m->sig_text == NULL || m->sig_shape == SIG_SHAPE_NONE) &&
	    former_address(j, j->seat, NULL) == 1)
		return no_longer_holds(j, j->seat, 0);
	if (m->sig_text == NULL || m->sig_shape == SIG_SHAPE_NONE)
		return refusal(j, "no-signature", "signature does not verify for seat "
		    "%s: the mail holds no signature%s (put it right after the orders "
		    "block, or attach it as a .minisig or .sig file)", j->seat->name,
		    quoted);
	if (pubkey_parse(j->seat->public_key, strlen(j->seat->public_key), &pk,
	    &why) == 0 && sig_verify_memo(&pk, m->block.signed_bytes,
	    m->block.signed_len, m->sig_text, m->sig_len, &why) == 0) {
		j->unverified = 0;
		return 1;
	}
	/* what else it verifies for, to say what really went wrong */
	for (i = 0; i < m->block.signed_len; i++) {
		if (m->block.signed_bytes[i] == '\n')
			strbuf_addc(&crlf, '\r');
		strbuf_addc(&crlf, m->block.signed_bytes[i]);
	}
	if (verifies(j->seat->public_key, strbuf_str(&crlf), crlf.len, m->sig_text,
	    m->sig_len)) {
		strbuf_free(&crlf);
		free(why);
		return refusal(j, "bad-signature", "signature does not verify for seat "
		    "%s: it was made over the block with CRLF (Windows) line endings%s, "
		    "but the signed bytes are the block with LF line endings "
		    "(muthur-orders(5)): convert the file (dos2unix orders.txt) and "
		    "sign it again", j->seat->name, quoted);
	}
	strbuf_free(&crlf);
	for (k = 0; k < j->l->nseats; k++) {
		const struct store_seat *o = &j->l->seats[k];

		if (o == j->seat || !verifies(o->public_key, m->block.signed_bytes,
		    m->block.signed_len, m->sig_text, m->sig_len))
			continue;
		free(why);
		refusal(j, "wrong-seat-key", "the block says seat: %s, but it is "
		    "signed with the key of seat %s of game %s: this key holds seat "
		    "%s (put \"seat: %s\" in the header, or sign with seat %s's key)",
		    j->seat->name, o->name, j->o->game, o->name, o->name, j->seat->name);
		j->seat = o;	/* the signer hears of it, not the seat named */
		j->unverified = 0;
		return 0;
	}
	if (former_key(j, &former) ||
	    former_address(j, j->seat, NULL) == 1) {	/* (an error: not former) */
		free(why);
		(void)former_address(j, j->seat, NULL);	/* answered there */
		return no_longer_holds(j, j->seat, former);
	}
	refusal(j, "bad-signature", "signature does not verify for seat %s: %s%s%s",
	    j->seat->name, why, quoted, why != NULL && strstr(why,
	    "does not match the signed bytes") != NULL ? "; if you changed nothing "
	    "after signing, your mail program did (it may wrap long lines, trim "
	    "spaces or send HTML): send the mail as plain text without wrapping, or "
	    "attach the block and its signature as files" : "");
	free(why);
	return 0;
}

/*
 * A block with seat: organiser (daemon/game-org-mail.c): signed with the
 * game's organiser key, its commands carried out and a receipt mailed to
 * the organiser's address (else the sender, whose key it is); refusals
 * go to the organiser's address too. 2 when carried out, 0 when refused,
 * -1 on a database error.
 */
static int
organiser_block(struct mail_job *j, char **cause)
{
	struct store_clock ck;
	struct store_club cl;
	struct strbuf receipt = STRBUF_INIT, done = STRBUF_INIT;
	const char *to, *lines[1], *p;
	char *why = NULL, *key;
	size_t n;
	int r;

	if (store_clock_get(j->c->st, j->game_id, &ck, cause) == -1)
		return -1;
	if (store_club_get(j->c->st, j->game_id, &cl, cause) == -1) {
		store_clock_clear(&ck);
		return -1;
	}
	if (ck.organiser[0] != '\0')
		j->reply_to = xstrdup(ck.organiser);
	store_clock_clear(&ck);
	if (cl.organiser_key[0] == '\0')
		r = refusal(j, "no-organiser-key", "game %s has no organiser key: a block "
		    "with seat: organiser is taken only from the key given by muthur "
		    "new-game --organiser-key or [club] organiser_key", j->o->game);
	else if (!verifies(cl.organiser_key, j->m->block.signed_bytes,
	    j->m->block.signed_len, j->m->sig_text, j->m->sig_len))
		r = refusal(j, "bad-signature", "signature does not verify for the "
		    "organiser of game %s: the block says seat: organiser, but it is not "
		    "signed with the organiser's key; nothing was changed", j->o->game);
	else if ((r = game_organiser_commands(j->c, j->l, j->o, &receipt, &why,
	    cause)) == 0) {
		refusal(j, "organiser-refused", "%s", why);
		free(why);
	}
	store_club_clear(&cl);
	if (r != 1) {		/* refused (0) or a database error (-1) */
		strbuf_free(&receipt);
		return r == -1 ? -1 : 0;
	}
	to = j->reply_to != NULL ? j->reply_to : j->m->from_addr;
	key = xasprintf("receipt/%s/%s", j->l->game->name, j->o->nonce_hex);
	lines[0] = strbuf_str(&receipt);
	r = to == NULL ? 0 : game_notice_queue(j->c, j->l->game, key, to, NULL,
	    "organiser commands carried out", lines, 1, 0, cause);
	free(key);
	if (r == -1) {
		strbuf_free(&receipt);
		return -1;
	}
	/*
	 * What was carried out is logged with the mail's outcome, once the
	 * mail's unit commits (game-organiser.c logs only durable changes).
	 */
	for (p = strbuf_str(&receipt); *p != '\0'; p += n + (p[n] == '\n')) {
		n = strcspn(p, "\n");
		strbuf_addf(&done, "%s%.*s", done.len > 0 ? "; " : "", (int)n, p);
	}
	j->outcome = xasprintf("accepted: game %s, the organiser's commands (%s); "
	    "receipt to %s", j->l->game->name, strbuf_str(&done),
	    to != NULL ? to : "nobody");
	strbuf_free(&receipt);
	strbuf_free(&done);
	return 2;
}

/*
 * Refuse a block orders_parse() refused (why), saying first what mending
 * that would not cure, as far as its headers read (orders_peek): from a
 * player who no longer holds the seat, that (final); from the seat's
 * player (signed with its key, or from its address), that the phase it
 * names is over and that the mail is unsigned. Others hear only why.
 * 0, or -1 on a database error.
 */
static int
unreadable(struct mail_job *j, const char *why, char **cause)
{
	const struct intake_mail *m = j->m;
	const struct store_seat *seat = NULL;
	struct store_phase *ph = NULL;
	struct orders_peek pk;
	struct strbuf sb = STRBUF_INIT;
	char *at = block_reason(why, m->block.begin_line);
	int nosig = m->sig_text == NULL || m->sig_shape == SIG_SHAPE_NONE;
	int own = 0, r = 0;
	uint64_t former = 0;
	size_t k;

	orders_peek(m->block.signed_bytes, m->block.signed_len, &pk);
	if (pk.game != NULL && pk.seat != NULL && strcmp(pk.seat, ORGANISER_SEAT) != 0 &&
	    (j->l = game_live_load(j->c->st, pk.game, NULL)) != NULL)
		for (k = 0; k < j->l->nseats; k++)
			if (strcmp(j->l->seats[k].name, pk.seat) == 0)
				seat = &j->l->seats[k];
	if (seat != NULL) {
		own = !nosig && verifies(seat->public_key, m->block.signed_bytes,
		    m->block.signed_len, m->sig_text, m->sig_len);
		j->seat = seat;		/* for former_key() */
		j->game_id = j->l->game->id;
		j->unverified = !own;
		if (!own && ((r = former_address(j, seat, cause)) == 1 ||
		    (r == 0 && former_key(j, &former)))) {
			(void)no_longer_holds(j, seat, former);
			r = 0;
			goto out;
		}
		if (r == -1)
			goto out;
		if (!own && (m->from_addr == NULL || strcasecmp(m->from_addr,
		    seat->email) != 0)) {
			j->seat = NULL;		/* not the seat's player: why alone */
			j->game_id = 0;
			seat = NULL;
		}
	}
	if (seat != NULL && pk.turn > 0 && pk.phase != NULL &&
	    strcmp(j->l->game->status, GAME_RUNNING) == 0) {
		if ((ph = store_phase_current(j->c->st, j->game_id, cause)) == NULL) {
			r = -1;
			goto out;
		}
		if (ph->turn != pk.turn || strcmp(ph->name, pk.phase) != 0) {
			strbuf_addf(&sb, "that phase is over: game %s is in turn %d, phase "
			    "%s, not turn %ld, phase %s (copy the orders block of your "
			    "latest view, not of an older one)", j->l->game->name, ph->turn,
			    ph->name, pk.turn, pk.phase);
			j->final = 1;	/* no mending of this mail helps */
		}
	}
	if (seat != NULL && nosig)
		strbuf_addf(&sb, "%sthe mail is unsigned: no signature follows the "
		    "orders block (sign the block, with muthur sign, minisign or "
		    "ssh-keygen, and send the signature right after it)",
		    sb.len > 0 ? "; " : "");
	refusal(j, "unreadable-block", "%s%sthe orders block: %s", strbuf_str(&sb),
	    sb.len > 0 ? "; and " : "", at);
out:
	store_phase_free(ph);
	strbuf_free(&sb);
	orders_peek_clear(&pk);
	free(at);
	return r;
}

/*
 * Check the orders against game, seat, signature, phase and rules. 1 when
 * valid, 0 when refused (j->reason set), -1 on a database error; 2 when
 * it was an organiser's block, handled.
 */
static int
orders_check(struct mail_job *j, char **cause)
{
	const struct intake_mail *m = j->m;
	struct strbuf text = STRBUF_INIT;
	char *why = NULL, *err = NULL;
	size_t i, k;
	int idx, r;

	if ((j->o = orders_parse(m->block.signed_bytes, m->block.signed_len, &why)) == NULL) {
		r = unreadable(j, why, cause);
		free(why);
		return r;
	}
	if ((j->l = game_live_load(j->c->st, j->o->game, &err)) == NULL) {
		char **games = NULL, *list = NULL;
		size_t ngames = 0;
		struct store_game *g;

		/* a game that is there but cannot be loaded (its recorded
		 * state not believed): the mail waits, nothing is refused */
		if ((g = store_game_get(j->c->st, j->o->game, NULL)) != NULL) {
			store_game_free(g);
			cause_set(cause, "%s", err);
			free(err);
			return -1;
		}

		/* the sender hears its own games (the answer goes to it alone) */
		if (m->from_addr != NULL && store_games_of_email(j->c->st, m->from_addr,
		    &games, &ngames, cause) == -1) {
			free(err);
			return -1;
		}
		if (ngames > 0)
			list = view_join((const char *const *)games, ngames, "");
		refusal(j, "unknown-game", "%s%s%s%s", err, list != NULL ? " (your games: " :
		    "", list != NULL ? list : "", list != NULL ? ")" : "");
		store_names_free(games, ngames);
		free(list);
		free(err);
		return 0;
	}
	j->game_id = j->l->game->id;
	if (strcmp(j->o->seat, ORGANISER_SEAT) == 0)
		return organiser_block(j, cause);
	for (k = 0; k < j->l->nseats; k++)
		if (strcmp(j->l->seats[k].name, j->o->seat) == 0)
			j->seat = &j->l->seats[k];
	if (j->seat == NULL) {
		const char **names = xcalloc(j->l->nseats + 1, sizeof *names);
		char *list;

		for (k = 0; k < j->l->nseats; k++)
			names[k] = j->l->seats[k].name;
		list = view_join(names, j->l->nseats, "none");
		refusal(j, "unknown-seat", "game %s has no seat %s (its seats: %s)",
		    j->o->game, j->o->seat, list);
		free(list);
		free(names);
		return 0;
	}
	if ((r = signature_check(j)) != 1)
		return r;
	if (strcmp(j->l->game->status, GAME_SETUP) == 0 &&
	    (j->ph = store_phase_current(j->c->st, j->game_id, NULL)) != NULL &&
	    !game_ready_waits(j->l, j->ph)) {
		store_phase_free(j->ph);
		j->ph = NULL;
	}
	if (strcmp(j->l->game->status, GAME_RUNNING) != 0 && j->ph == NULL) {
		return refusal(j, "not-running", "game %s is %s: it takes no orders now",
		    j->o->game, j->l->game->status);
	}
	if (j->ph == NULL &&
	    (j->ph = store_phase_current(j->c->st, j->game_id, cause)) == NULL)
		return -1;
	if (j->ph->turn != j->o->turn || strcmp(j->ph->name, j->o->phase) != 0) {
		return refusal(j, "wrong-phase", "game %s is in turn %d, phase %s, not "
		    "turn %ld, phase %s (orders are taken for the open phase only: "
		    "copy the orders block of your latest view)", j->o->game,
		    j->ph->turn, j->ph->name, j->o->turn, j->o->phase);
	}
	for (k = 0; k < j->ph->nowing; k++)
		if (strcmp(j->ph->owing[k], j->seat->name) == 0)
			break;
	if (k == j->ph->nowing) {
		char **missing = NULL, *who;
		size_t nmissing = 0;

		if (store_phase_missing(j->c->st, j->ph->id, &missing, &nmissing,
		    cause) == -1)
			return -1;
		who = view_join((const char *const *)missing, nmissing, "nobody");
		store_names_free(missing, nmissing);
		refusal(j, "not-owing", "seat %s owes no orders in game %s, turn %d, "
		    "phase %s (it waits for %s): you are mailed a view when orders "
		    "are due from you; send your orders, settings and absences then",
		    j->seat->name, j->o->game, j->ph->turn, j->ph->name, who);
		free(who);
		return 0;
	}
	if ((r = store_order_nonce_used(j->c->st, j->seat->id, j->o->nonce,
	    j->o->nonce_len, cause)) != 0)
		return r == 1 ? refusal(j, "replayed-nonce", "seat %s has sent a block "
		    "with this nonce before in game %s: a block is taken once, and a "
		    "resent block cannot bring old orders back (sign the orders again "
		    "with a fresh nonce: muthur sign makes one)", j->seat->name,
		    j->o->game) : -1;
	if (j->l->g == NULL) {	/* the ready block (daemon/game-ready.c) */
		if ((why = game_ready_lines(j->o)) == NULL)
			return 1;
		err = block_reason(why, m->block.begin_line);
		refusal(j, "not-ready-block", "%s", err);
		free(err);
		free(why);
		return 0;
	}
	idx = j->l->rules->seat_index(j->l->g, j->seat->name);
	strbuf_addstr(&text, "");
	for (i = 0; i < j->o->nlines; i++) {
		strbuf_addstr(&text, j->o->lines[i].text);
		strbuf_addc(&text, '\n');
	}
	if (idx < 0 || j->l->rules->check(j->l->g, (size_t)idx, strbuf_str(&text),
	    &why) == -1) {
		j->reason = game_check_reason(j->o, why != NULL ? why : "unknown seat",
		    m->block.begin_line);
		j->kind = "illegal-orders";
		free(why);
		strbuf_free(&text);
		return 0;
	}
	strbuf_free(&text);
	if (game_plan_sections_check(j->c, j->l->rules, j->ph, j->o, &why, cause) == -1)
		return -1;
	if (why != NULL) {
		err = block_reason(why, m->block.begin_line);
		refusal(j, "bad-plan", "%s", err);
		free(err);
		free(why);
		return 0;
	}
	if (game_settings_check(j->l->rules, j->o, &why) == -1) {
		err = block_reason(why, m->block.begin_line);
		refusal(j, "bad-setting", "%s", err);
		free(err);
		free(why);
		return 0;
	}
	if (game_absences_check(j->c, j->l, j->seat->name, j->o, &why, cause) == -1)
		return -1;
	if (why != NULL) {
		err = block_reason(why, m->block.begin_line);
		refusal(j, "bad-absence", "%s", err);
		free(err);
		free(why);
		return 0;
	}
	return 1;
}

/* Has the seat asked for receipts (`set receipts on`)? 1, 0 or -1. */
static int
receipts_on(struct mail_job *j, char **cause)
{
	char *v = NULL;
	int r;

	if ((r = store_seat_setting_get(j->c->st, j->seat->id, "receipts", &v,
	    cause)) == 1)
		r = strcmp(v, "on") == 0;
	free(v);
	return r;
}

/* Append the lines of text (LF-separated) to sb, "; " between them. */
static int
lines_join(struct strbuf *sb, const char *text, const char *first)
{
	const char *p, *nl;
	int n = 0;

	for (p = text; p != NULL && *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		if ((nl = strchr(p, '\n')) == NULL)
			nl = p + strlen(p);
		if (nl > p)
			strbuf_addf(sb, "%s%.*s", n++ ? "; " : first, (int)(nl - p), p);
	}
	return n;
}

/*
 * The acknowledgement of an accepted orders mail as one line of the
 * seat's next view or turn report (seat-notes.c; issue 33): when it came,
 * the start of its nonce (which names the block the player signed), for
 * which phase, what it holds.
 */
/* The phases of applies ("P, Q, R") after phase, its first when it leads. */
static const char *
plan_phases(const char *applies, const char *phase)
{
	size_t n = strlen(phase);

	return strncmp(applies, phase, n) == 0 && strncmp(applies + n, ", ", 2) == 0 ?
	    applies + n + 2 : applies;
}

static int
ack_note(struct mail_job *j, const struct reply_facts *f, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	char when[32];
	int rc;

	clock_time_iso(j->c->now, when, sizeof when);
	strbuf_addf(&sb, "Your orders mail of %.10s %.5s UTC (nonce %.8s) was "
	    "accepted for turn %d, phase %s:", when, when + 11, j->o->nonce_hex,
	    f->turn, f->phase);
	if (lines_join(&sb, f->orders, " ") == 0)
		strbuf_addstr(&sb, " pass");
	if (f->replaced)
		strbuf_addstr(&sb, " (replacing your earlier orders)");
	if (f->applies_to != NULL)	/* after the header's phase, named above */
		strbuf_addf(&sb, "; its plan: %s", plan_phases(f->applies_to, f->phase));
	lines_join(&sb, f->settings, "; recorded: ");
	strbuf_addc(&sb, '.');
	rc = seat_note_add(j->c, j->seat->id, strbuf_str(&sb), cause);
	strbuf_free(&sb);
	return rc;
}

/*
 * Store valid orders, acknowledge them (a reply of its own to a seat that
 * set receipts on, else a note of its next mail) and resolve what they
 * complete.
 */
static int
orders_accept(struct mail_job *j, char **cause)
{
	struct store_order *cur = NULL;
	struct strbuf text = STRBUF_INIT, set = STRBUF_INIT;
	struct reply_facts f;
	char **missing = NULL, *applies = NULL;
	size_t ncur = 0, nmissing = 0, i;
	int replaced = 0, rc = -1, r;
	enum sig_format fmt = sig_detect(j->m->sig_text, j->m->sig_len, NULL, NULL);

	if (store_orders_current(j->c->st, j->ph->id, &cur, &ncur, cause) == -1)
		return -1;
	for (i = 0; i < ncur; i++)
		if (cur[i].seat_id == j->seat->id)
			replaced = 1;
	store_orders_free(cur, ncur);
	if (store_order_put(j->c->st, j->ph->id, j->seat->id, j->m->block.signed_bytes,
	    j->m->block.signed_len, j->m->sig_text, j->m->sig_len, store_sig_type(fmt),
	    j->o->nonce, j->o->nonce_len, j->m->message_id, j->c->now, NULL, cause) == -1 ||
	    game_settings_store(j->c, j->seat, j->o, cause) == -1 ||
	    game_absences_store(j->c, j->l, j->seat->name, j->o, cause) == -1 ||
	    store_phase_missing(j->c->st, j->ph->id, &missing, &nmissing, cause) == -1)
		return -1;
	if (j->o->nsections > 0)
		applies = orders_applies_to(j->o);
	for (i = 0; i < j->o->nlines; i++) {
		strbuf_addstr(&text, j->o->lines[i].text);
		strbuf_addc(&text, '\n');
	}
	strbuf_addstr(&set, "");
	for (i = 0; i < j->o->nsettings + j->o->nabsences; i++) {
		strbuf_addstr(&set, i < j->o->nsettings ? j->o->settings[i].text :
		    j->o->absences[i - j->o->nsettings].text);
		strbuf_addc(&set, '\n');
	}
	memset(&f, 0, sizeof f);
	f.game = j->l->game->name;
	f.seat = j->seat->name;
	f.turn = j->ph->turn;
	f.phase = j->ph->name;
	f.orders = text.len > 0 ? strbuf_str(&text) : "";
	f.replaced = replaced;
	f.awaited = (const char *const *)missing;
	f.nawaited = nmissing;
	f.deadline = j->ph->deadline;
	f.applies_to = applies;
	f.settings = strbuf_str(&set);
	if ((r = receipts_on(j, cause)) == -1 || (r == 1 ? reply_queue(j, REPLY_ACK,
	    &f, j->seat->email, cause) : ack_note(j, &f, cause)) == -1)
		goto out;
	if (game_resolve_ready(j->c, j->l, &j->advanced, cause) == -1)
		goto out;
	if (j->l->g == NULL && nmissing == 0) {	/* the last ready: the deal */
		if (game_deal(j->c, j->l, cause) == -1)
			goto out;
		j->advanced = 1;
	}
	j->outcome = xasprintf("accepted: game %s, seat %s, turn %d, phase %s%s%s",
	    j->l->game->name, j->seat->name, j->ph->turn, j->ph->name,
	    replaced ? " (replacing earlier orders)" : "",
	    j->advanced > 0 ? "; phase resolved" : "");
	rc = 0;
out:
	free(applies);
	strbuf_free(&text);
	strbuf_free(&set);
	store_names_free(missing, nmissing);
	return rc;
}

static int
handle_locked(struct mail_job *j, char **cause)
{
	char *seen = NULL;
	int r;

	r = store_mail_seen(j->c->st, j->m->message_id, j->m->hash, &seen, cause);
	if (r == -1)
		return -1;
	if (r == 1) {
		j->outcome = xasprintf("duplicate: handled before (%s)", seen);
		free(seen);
		return 1;
	}
	switch (j->m->class) {
	case INTAKE_NOT_ORDERS:
		if (j->m->from_addr != NULL) {	/* a registered sender hears why */
			char *to = NULL;

			if (store_email_registered(j->c->st, j->m->from_addr, &to,
			    cause) == -1)
				return -1;
			if (to != NULL) {
				free(to);
				if (j->m->near_block != NULL)
					refusal(j, "no-orders-block", "the mail holds no "
					    "orders block: %s names it but is not the line "
					    "\"" ORDERS_BEGIN "\" on its own (the block starts "
					    "with that line, unquoted or quoted once with "
					    "\"> \", and ends with \"" ORDERS_END "\"; copy "
					    "it from your view, fill in the nonce, sign it and "
					    "send it with its signature)", j->m->near_block);
				else
					refusal(j, "no-orders-block", "the mail holds no "
					    "orders block: no line \"" ORDERS_BEGIN "\" was "
					    "found in its text (copy the block from your "
					    "view, fill in the nonce, sign it and send it "
					    "with its signature in the body or attached)");
				if (refuse(j, cause) == -1)
					return -1;
				break;
			}
		}
		/* FALLTHROUGH */
	case INTAKE_AUTOMATIC:
		j->outcome = xasprintf("filed: %s: %s", intake_class_name(j->m->class),
		    j->m->reason != NULL ? j->m->reason : "");
		break;
	case INTAKE_TOO_BIG:
	case INTAKE_MALFORMED:
		refusal(j, intake_class_name(j->m->class), "%s", j->m->reason != NULL ?
		    j->m->reason : "unreadable mail");
		if (refuse(j, cause) == -1)
			return -1;
		break;
	case INTAKE_ORDERS:
		if ((r = orders_check(j, cause)) == -1)
			return -1;
		if (r == 2)
			break;
		if (r == 0 ? refuse(j, cause) == -1 : orders_accept(j, cause) == -1)
			return -1;
		break;
	}
	return store_mail_record(j->c->st, j->m->message_id, j->m->hash, j->game_id,
	    j->outcome, j->c->now, cause);
}

int
game_handle_quarantined(const struct game_ctx *c, struct intake_mail *m,
    const char *why, char **outcome, char **cause)
{
	struct mail_job j;
	char *seen = NULL;
	int rc;

	memset(&j, 0, sizeof j);
	j.c = c;
	j.m = m;
	if (store_unit_begin(c->st, cause) == -1) {
		intake_mail_free(m);
		return -1;
	}
	if ((rc = store_mail_seen(c->st, m->message_id, m->hash, &seen, cause)) == 1) {
		j.outcome = xasprintf("handled before (%s)", seen);
		rc = 0;
	} else if (rc == 0) {
		refusal(&j, "quarantined", "muthur could not handle this mail: %s. It "
		    "changed nothing and was put aside for the organiser; if it held "
		    "orders, send them again in a new mail once the organiser says so",
		    why);
		if ((rc = refuse(&j, cause)) == 0)
			rc = store_mail_record(c->st, m->message_id, m->hash, 0,
			    j.outcome, c->now, cause);
	}
	free(seen);
	rc = store_unit_end(c->st, rc == 0, rc == 0 ? cause : NULL);
	if (rc == 0)
		*outcome = xasprintf("%s; %s", why, j.outcome);
	free(j.outcome);
	free(j.reason);
	intake_mail_free(m);
	return rc;
}

void
game_intake_limits(const struct game_ctx *c, struct intake_limits *lim)
{
	memset(lim, 0, sizeof *lim);
	lim->max_message_size = c->max_message_size;
	lim->max_orders_size = c->max_orders_size;
	lim->own_address = c->from;
}

int
game_handle_mail(const struct game_ctx *c, const char *raw, size_t len,
    char **outcome, int *advanced, char **cause)
{
	struct intake_limits lim;
	struct intake_mail *m;

	game_intake_limits(c, &lim);
	if (intake_parse(raw, len, &lim, &m, cause) == -1)
		return -1;
	return game_handle_intake(c, m, outcome, advanced, cause);
}

int
game_handle_intake(const struct game_ctx *c, struct intake_mail *m, char **outcome,
    int *advanced, char **cause)
{
	struct mail_job j;
	int rc;

	memset(&j, 0, sizeof j);
	j.c = c;
	j.m = m;
	if (store_unit_begin(c->st, cause) == -1) {
		intake_mail_free(j.m);
		return -1;
	}
	rc = handle_locked(&j, cause);
	if (rc == 1) {		/* a duplicate: nothing to keep */
		store_unit_end(c->st, 0, NULL);
		rc = 0;
	} else
		rc = store_unit_end(c->st, rc == 0, rc == 0 ? cause : NULL);
	if (rc == 0) {
		*outcome = xasprintf("%s from %s: %s", j.m->message_id,
		    j.m->from_addr != NULL ? j.m->from_addr : "(no sender)", j.outcome);
		if (advanced != NULL)
			*advanced = j.advanced;
	}
	free(j.outcome);
	free(j.reason);
	free(j.reply_to);
	free(j.former_to);
	store_phase_free(j.ph);
	game_live_free(j.l);
	if (j.o != NULL)
		orders_free(j.o);
	intake_mail_free(j.m);
	return rc;
}

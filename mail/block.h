/*
 * block.h — the orders block of doc/product.md §3: finding it in a mail body,
 * the normalisation that defines the signed bytes, and its header.
 *
 *   -----BEGIN MUTHUR ORDERS-----
 *   game: contact-17
 *   seat: marines
 *   turn: 3
 *   phase: combat.declare.unhidden-ranged
 *   nonce: 6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7
 *
 *   attack hicks at alien-warrior-2 ranged with pulse-rifle
 *   pass
 *   -----END MUTHUR ORDERS-----
 *
 * The signed bytes are the block from the BEGIN line through the END line,
 * with line endings normalised to LF (CRLF and bare CR both become LF), no
 * trailing spaces or tabs on any line, and a final LF.
 *
 * Line numbers in messages count the BEGIN line as line 1 of the block.
 */
#ifndef MUTHUR_MAIL_BLOCK_H
#define MUTHUR_MAIL_BLOCK_H

#include <stddef.h>

#define ORDERS_BEGIN "-----BEGIN MUTHUR ORDERS-----"
#define ORDERS_END "-----END MUTHUR ORDERS-----"
#define ORDERS_NONCE_MIN 16	/* bytes */
#define ORDERS_NONCE_MAX 64	/* bytes */

/*
 * Normalise text as the signed bytes are defined above. Returns a new
 * NUL-terminated buffer (caller frees); *outlen gets its length. Empty
 * input gives "" (no final LF is added to nothing).
 */
char *orders_normalise(const char *text, size_t len, size_t *outlen);

struct orders_block {
	char	*signed_bytes;	/* normalised block, BEGIN..END + LF; owned */
	size_t	 signed_len;
	size_t	 begin_off;	/* in the original text: start of the BEGIN line */
	size_t	 end_off;	/* just past the END line and its line ending */
	int	 begin_line;	/* 1-based line of the BEGIN line in the text */
};

/*
 * Find the orders block in text (any line endings). Returns 1 and fills
 * *out when found, 0 when the text holds no BEGIN line, -1 with a reason
 * when it is malformed (BEGIN without END, a second BEGIN before END, or a
 * second block after the first). Free with orders_block_clear().
 */
int orders_block_find(const char *text, size_t len, struct orders_block *out, char **cause);
void orders_block_clear(struct orders_block *b);

struct orders_line {
	int	 lineno;	/* line of the block, BEGIN = 1 */
	char	*text;		/* trimmed; owned */
};

/*
 * A plan section (doc/product.md §3 "Plans"): after the orders of the header's
 * phase, a body line `phase: PHASE` opens the orders of a later phase of
 * the same turn; PHASE may be a round name ("combat"), which covers every
 * phase whose name starts with it and a dot.
 */
struct orders_section {
	int			 lineno;	/* the `phase:` line */
	char			*phase;		/* lowercased phase or round name */
	struct orders_line	*lines;
	size_t			 nlines;
};

struct orders {
	char			*game;
	char			*seat;
	long			 turn;
	char			*phase;
	char			*nonce_hex;	/* lowercase */
	unsigned char		 nonce[ORDERS_NONCE_MAX];
	size_t			 nonce_len;
	struct orders_line	*lines;		/* the order lines of the header's
						   phase, in order */
	size_t			 nlines;
	struct orders_section	*sections;	/* plan sections, in block order */
	size_t			 nsections;
	struct orders_line	*settings;	/* `set ...` lines, wherever they
						   stand; in no section's lines */
	size_t			 nsettings;
	struct orders_line	*absences;	/* `absent FROM to TO` lines, wherever
						   they stand; in no section's lines */
	size_t			 nabsences;
};

/*
 * Parse normalised block bytes (as in struct orders_block). The header is
 * the `key: value` lines after BEGIN up to the first empty line; keys
 * game, seat, turn, phase and nonce are required, once each, and no other
 * key is allowed. game and seat are slugs (lowercased here), turn is a
 * positive number, phase a dotted slug, nonce 16 to 64 bytes in hex. The
 * order lines follow; empty lines and lines starting with '#' are skipped.
 * A line `phase: PHASE` opens a plan section (struct orders_section; PHASE
 * a dotted slug, not the header's phase nor one named before); a line
 * starting with the word `set` is a setting (o->settings), one starting
 * with the word `absent` an absence (o->absences), both kept out of the
 * orders.
 * Returns NULL with "line N: what is wrong (what was expected)".
 * Free with orders_free().
 */
struct orders *orders_parse(const char *block, size_t len, char **cause);
/*
 * The headers of a block orders_parse() refused, as far as they read
 * (a refusal then says what else is wrong: the phase is over, the mail
 * is unsigned, the key is a former one): game and seat lowercase slugs,
 * turn > 0, phase a dotted slug, each NULL or 0 when missing or not well
 * formed. Pure. Free with orders_peek_clear.
 */
struct orders_peek {
	char		*game, *seat, *phase;
	long		 turn;
};
void orders_peek(const char *block, size_t len, struct orders_peek *pk);
void orders_peek_clear(struct orders_peek *pk);
void orders_free(struct orders *o);

/*
 * The order lines a block holds for phase (a phase name): the header's
 * when phase is the header's phase (*section -1), else those of the first
 * section that covers it (*section its index). NULL with *n 0 when the
 * block has none for it. section may be NULL. Borrowed from o.
 */
const struct orders_line *orders_lines_for(const struct orders *o, const char *phase,
    size_t *n, int *section);
/* Does a section's PHASE (a phase or a round name) cover phase? */
int orders_phase_covers(const char *pattern, const char *phase);
/*
 * The phases a block names, ", "-joined: the header's, then each
 * section's ("movement.move, search.declare, combat"); caller frees.
 */
char *orders_applies_to(const struct orders *o);

/* Is s a slug: [a-z0-9] and '-', starting with a letter or digit? */
int orders_is_slug(const char *s, int allow_dots);

#endif

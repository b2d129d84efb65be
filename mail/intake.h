/*
 * intake.h — reading one incoming mail (raw RFC 5322 bytes, LF, CRLF or
 * bare-CR line endings) into what muthur needs: who sent it, which mail it
 * answers, what kind of mail it is, and for orders the orders block and the
 * text of its signature (not verified here: mail/sig.h does that).
 *
 * MIME is read with libetpan's mailmime: multipart (mixed, alternative,
 * related, nested), message/rfc822 parts, quoted-printable and base64,
 * charsets converted to UTF-8, RFC 2047 encoded headers, format=flowed.
 *
 * Where the orders block is looked for, in this order of preference
 * (the first tier holding a block wins; mail/block.h finds it):
 *
 *   1. the text parts of the mail itself: text/plain (body or attachment),
 *      any other text/ type but HTML, and any part whose file name ends
 *      in .txt;
 *   2. its text/html parts, rendered as plain text (mime_html_text() in
 *      mail/mime-text.h: tags dropped, <br>/<div>/<p> as line breaks), so
 *      that an HTML-only mail still works when the rendering keeps the
 *      signed lines intact (the signature check tells when it did not);
 *   then the text parts of tier 1 with one level of quoting ("> " or
 *      ">") removed from their lines (a reply that quotes the signed
 *      block: block_quoted is set, and the signature is looked for in
 *      the dequoted text too), and a format=flowed part as sent, before
 *      its lines were joined, when the joined text holds no block;
 *   3. and 4. the same inside attached messages (message/rfc822), which
 *      are looked at only when the mail itself holds no block (a view mail
 *      attached to a reply holds an order template that must not count).
 *
 * Two parts of one tier holding different blocks make the mail MALFORMED;
 * the same block twice (body and attachment) is one block.
 *
 * The signature candidate, in this order (mail/mime-sigtext.h shapes):
 *   (a) the text right after the block's END line in the same part, or
 *       else a signature before the block in that part (pasted above);
 *   (b) an attachment named *.minisig or *.sig (SIG_SHAPE_UNKNOWN when its
 *       content is none of the three shapes, so the refusal can say so);
 *   (c) any other text part holding a signature of one of the shapes.
 */
#ifndef MUTHUR_MAIL_INTAKE_H
#define MUTHUR_MAIL_INTAKE_H

#include <stddef.h>
#include <time.h>

#include "mail/block.h"
#include "mail/mime-sigtext.h"

#define INTAKE_MAX_PARTS 256	/* MIME parts in one mail */
#define INTAKE_MAX_DEPTH 16	/* nesting of multiparts and messages */
#define INTAKE_SYNTHETIC_DOMAIN "intake.muthur.invalid"

/*
 * What a mail is. The daemon answers ORDERS (after checking them), and
 * TOO_BIG and MALFORMED with the reason when the mail has a From address;
 * NOT_ORDERS and AUTOMATIC are filed and never answered.
 */
enum intake_class {
	INTAKE_ORDERS,		/* an orders block was found */
	INTAKE_NOT_ORDERS,	/* no orders block anywhere */
	INTAKE_AUTOMATIC,	/* a bounce, report, auto-reply, list mail, our own */
	INTAKE_TOO_BIG,		/* over max_message_size or max_orders_size */
	INTAKE_MALFORMED,	/* unreadable MIME, a broken block, no From */
};

/* "orders", "not-orders", "automatic", "too-big" or "malformed". */
const char *intake_class_name(enum intake_class c);

struct intake_limits {
	size_t		 max_message_size;	/* raw bytes; 0 = no limit */
	size_t		 max_orders_size;	/* signed bytes of the block; 0 = no limit */
	const char	*own_address;		/* muthur's From address, or NULL */
	size_t		 size;			/* the whole mail's size when raw holds
						   only its start (a fetcher cut it at
						   max_message_size); 0: len */
};

/* The defaults of max_message_size and max_orders_size (muthur.conf(5)). */
#define INTAKE_DEFAULT_MAX_MESSAGE_SIZE	(10 * 1024 * 1024)
#define INTAKE_DEFAULT_MAX_ORDERS_SIZE	(64 * 1024)

/* One leaf MIME part (multiparts and messages themselves are not listed). */
struct intake_part {
	char	*type;		/* "text/plain": lowercase type/subtype */
	char	*charset;	/* as declared, or NULL */
	char	*filename;	/* decoded file name, or NULL */
	int	 attachment;	/* Content-Disposition: attachment */
	int	 in_message;	/* inside an attached message/rfc822 */
	int	 is_text;	/* text/ type: data is UTF-8 with LF line endings */
	char	*data;		/* decoded content; NUL-terminated */
	size_t	 len;
	char	*unflowed;	/* format=flowed: the text before the lines
				   were joined (LF), else NULL */
	size_t	 unflowed_len;
};

struct intake_mail {
	/* Exactly-once bookkeeping. */
	unsigned char	 hash[32];		/* BLAKE2b-256 of the raw bytes */
	char		 hash_hex[65];
	char		*message_id;		/* "<id@host>", never NULL */
	int		 message_id_synthetic;	/* 1: none in the mail; made as
						   "<HASHHEX@intake.muthur.invalid>" */

	/* Header fields, decoded to UTF-8; NULL (or 0) when absent. */
	char		*from_addr;		/* bare addr-spec, lowercased */
	char		*from_name;		/* display name */
	char		*reply_to;		/* first Reply-To addr-spec, lowercased */
	char		**to;			/* To addr-specs, lowercased */
	size_t		 nto;
	char		*subject;
	char		*date;			/* the Date field as written */
	time_t		 date_time;		/* -1 when missing or unreadable */
	char		*in_reply_to;		/* first "<id>" of In-Reply-To */
	char		**references;		/* "<id>"s of References, in order */
	size_t		 nreferences;

	enum intake_class class;
	char		*reason;		/* one line, for every class but ORDERS */

	/* ORDERS only. */
	struct orders_block block;		/* mail/block.h; offsets are in the
						   decoded text of that part */
	char		*block_where;		/* e.g. "part 1 (text/plain)" */
	int		 block_quoted;		/* 1: found with one level of "> "
						   removed from the part's lines */
	/* A second reading of the same block, to try when the first does
	   not verify: a format=flowed part read as sent (a line that ends in
	   a space is no soft break in an orders block). */
	struct orders_block alt_block;		/* signed_bytes NULL: none */
	char		*alt_sig_text;
	size_t		 alt_sig_len;
	/* NOT_ORDERS: what came closest to a block, for a refusal to a
	   registered sender; NULL when nothing did. */
	char		*near_block;
	enum sig_shape	 sig_shape;		/* SIG_SHAPE_NONE: no candidate */
	char		*sig_text;		/* normalised (mime-sigtext.h), or NULL;
						   may hold NUL bytes: sig_len counts */
	size_t		 sig_len;
	char		*sig_where;		/* "after the orders block in part 1
						   (text/plain)", "attachment
						   \"orders.txt.minisig\"", or NULL */

	/* Leaf parts in document order; empty when the body was not read
	   (over max_message_size) or libetpan could not read it. */
	struct intake_part *parts;
	size_t		 nparts;
};

/*
 * Read the raw mail raw[0..len) under limits (NULL: no limits, no own
 * address). On return 0, *out is a new intake_mail (free it with
 * intake_mail_free()) whose class and reason say what it is: every input,
 * however broken, gets a class, decided in this order:
 *
 *   1. over max_message_size (limits->size, or len): AUTOMATIC if its
 *      headers say so (reason from classify_headers()), else TOO_BIG; the
 *      body is not read;
 *   2. more than INTAKE_MAX_PARTS parts or INTAKE_MAX_DEPTH levels by the
 *      pre-scan of the raw bytes (mail/mime-limits.h), or header comments
 *      nested too deep: AUTOMATIC by its headers, else MALFORMED; libetpan
 *      never sees the body (nor the header fields, when their comments
 *      are too deep: the mail then has no From address);
 *   3. AUTOMATIC by its headers, or by a report part (mail/classify.h);
 *   4. MALFORMED: no From address, MIME that libetpan cannot read, more
 *      than INTAKE_MAX_PARTS parts or INTAKE_MAX_DEPTH levels;
 *   5. the orders block: NOT_ORDERS without one, MALFORMED with
 *      mail/block.h's reason (and the part) when broken or when two parts
 *      hold different blocks, TOO_BIG over max_orders_size, else ORDERS.
 *
 * Time is linear in len. Returns -1 with a reason only when memory or
 * libsodium fail.
 */
int intake_parse(const char *raw, size_t len, const struct intake_limits *limits,
    struct intake_mail **out, char **cause);
void intake_mail_free(struct intake_mail *m);

/* Where an answer goes: Reply-To when given, else From; NULL if neither. */
const char *intake_answer_address(const struct intake_mail *m);

#endif

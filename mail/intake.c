/* intake.c — one incoming mail: headers, class, orders block, signature. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>
#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/classify.h"
#include "mail/intake.h"
#include "mail/mime-headers.h"
#include "mail/mime-limits.h"
#include "mail/mime-parts.h"
#include "mail/mime-text.h"

#define SIG_UNKNOWN_MAX 16384	/* bytes of an unrecognised .sig handed on */

const char *
intake_class_name(enum intake_class c)
{
	switch (c) {
	case INTAKE_ORDERS:
		return "orders";
	case INTAKE_NOT_ORDERS:
		return "not-orders";
	case INTAKE_AUTOMATIC:
		return "automatic";
	case INTAKE_TOO_BIG:
		return "too-big";
	case INTAKE_MALFORMED:
		break;
	}
	return "malformed";
}

void
intake_mail_free(struct intake_mail *m)
{
	struct mime_parts p;

	if (m == NULL)
		return;
	free(m->message_id);
	free(m->from_addr);
	free(m->from_name);
	free(m->reply_to);
	mail_strings_free(m->to, m->nto);
	free(m->subject);
	free(m->date);
	free(m->in_reply_to);
	mail_strings_free(m->references, m->nreferences);
	free(m->reason);
	orders_block_clear(&m->block);
	free(m->block_where);
	orders_block_clear(&m->alt_block);
	free(m->alt_sig_text);
	free(m->near_block);
	free(m->sig_text);
	free(m->sig_where);
	p.v = m->parts;
	p.n = m->nparts;
	p.automatic = NULL;
	mime_parts_clear(&p);
	free(m);
}

const char *
intake_answer_address(const struct intake_mail *m)
{
	if (m->reply_to != NULL && *m->reply_to != '\0')
		return m->reply_to;
	if (m->from_addr != NULL && *m->from_addr != '\0')
		return m->from_addr;
	return NULL;
}

static void
set_class(struct intake_mail *m, enum intake_class c, char *reason)
{
	m->class = c;
	free(m->reason);
	m->reason = reason;
}

/* The header fields; those read with libetpan's parsers only when safe. */
static void
read_headers(struct intake_mail *m, const struct mail_headers *h, int safe)
{
	const char *v;
	char **ids, *name;
	size_t n;

	if ((v = mail_headers_get(h, "Message-ID")) != NULL &&
	    (n = mail_header_msgids(v, &ids)) > 0) {
		m->message_id = ids[0];
		ids[0] = NULL;
		mail_strings_free(ids, n);
	} else {
		m->message_id = xasprintf("<%s@%s>", m->hash_hex, INTAKE_SYNTHETIC_DOMAIN);
		m->message_id_synthetic = 1;
	}
	if ((v = mail_headers_get(h, "In-Reply-To")) != NULL &&
	    (n = mail_header_msgids(v, &ids)) > 0) {
		m->in_reply_to = ids[0];
		ids[0] = NULL;
		mail_strings_free(ids, n);
	}
	if ((v = mail_headers_get(h, "References")) != NULL)
		m->nreferences = mail_header_msgids(v, &m->references);
	m->date_time = -1;
	if (!safe)
		return;
	if ((v = mail_headers_get(h, "From")) != NULL &&
	    mail_header_mailbox(v, &m->from_addr, &m->from_name) == 0 &&
	    *m->from_addr == '\0') {
		free(m->from_addr);
		m->from_addr = NULL;
	}
	if ((v = mail_headers_get(h, "Reply-To")) != NULL &&
	    mail_header_mailbox(v, &m->reply_to, &name) == 0) {
		free(name);
		if (*m->reply_to == '\0') {
			free(m->reply_to);
			m->reply_to = NULL;
		}
	}
	if ((v = mail_headers_get(h, "To")) != NULL)
		m->nto = mail_header_addresses(v, &m->to);
	if ((v = mail_headers_get(h, "Subject")) != NULL)
		m->subject = mail_header_decode(v);
	if ((v = mail_headers_get(h, "Date")) != NULL) {
		m->date = mail_header_decode(v);
		m->date_time = mail_header_date(v);
	}
}

/* Does the part take part in the block search of the given tier? */
static int
in_tier(const struct intake_part *p, int tier)
{
	size_t n;
	int html = strcmp(p->type, "text/html") == 0;

	if (p->in_message != (tier >= 2))
		return 0;
	if (tier % 2 == 1)
		return html;
	if (p->is_text && !html)
		return 1;
	n = p->filename != NULL ? strlen(p->filename) : 0;
	return n >= 4 && strcasecmp(p->filename + n - 4, ".txt") == 0;
}

struct found {
	size_t	 part;		/* index of the part holding the block */
	char	*text;		/* the text searched (rendered HTML), or NULL */
	size_t	 len;		/* its length */
};

/* Forget a block found earlier (the mail turned out MALFORMED). */
static void
drop_block(struct intake_mail *m, struct found *f)
{
	orders_block_clear(&m->block);
	free(m->block_where);
	m->block_where = NULL;
	free(f->text);
	f->text = NULL;
}

/* text with one level of quoting ("> " or ">") removed from each line. */
static char *
dequote(const char *text, size_t len, size_t *outlen, int *quoted)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i = 0;

	*quoted = 0;
	while (i < len) {
		if (text[i] == '>') {
			i++;
			if (i < len && text[i] == ' ')
				i++;
			*quoted = 1;
		}
		while (i < len && text[i] != '\n')
			strbuf_addc(&sb, text[i++]);
		if (i < len) {
			strbuf_addc(&sb, '\n');
			i++;
		}
	}
	return strbuf_detach(&sb, outlen);
}

/*
 * The second looks of intake.h's tier 1: each text part of the mail
 * itself as sent when it was format=flowed, then with one level of
 * quoting removed. 1 with m->block and f set when one holds a block.
 */
static int
find_block_again(struct intake_mail *m, struct found *f)
{
	struct orders_block b;
	char *text, *cause = NULL;
	size_t i, len;
	int pass, quoted;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < m->nparts; i++) {
			struct intake_part *p = &m->parts[i];

			if (!in_tier(p, 0) || !p->is_text)
				continue;
			if (pass == 0) {
				if (p->unflowed == NULL)
					continue;
				text = xmemdup(p->unflowed, p->unflowed_len + 1);
				len = p->unflowed_len;
			} else {
				text = dequote(p->data, p->len, &len, &quoted);
				if (!quoted) {
					free(text);
					continue;
				}
			}
			if (orders_block_find(text, len, &b, &cause) != 1) {
				free(cause);
				cause = NULL;
				free(text);
				continue;
			}
			m->block = b;
			m->block_quoted = pass == 1;
			m->block_where = mime_part_where(m->parts, i);
			f->part = i;
			f->text = text;
			f->len = len;
			return 1;
		}
	return 0;
}

/*
 * A block found in a format=flowed part may read otherwise as sent (a
 * line ending in a space joined with the next): that reading is kept as
 * m->alt_block, with the signature after it, to try when the first does
 * not verify.
 */
static void
alt_reading(struct intake_mail *m, const struct found *f)
{
	const struct intake_part *p = &m->parts[f->part];
	struct orders_block b;
	char *cause = NULL;

	if (f->text != NULL || p->unflowed == NULL)
		return;
	if (orders_block_find(p->unflowed, p->unflowed_len, &b, &cause) != 1) {
		free(cause);
		return;
	}
	if (b.signed_len == m->block.signed_len &&
	    memcmp(b.signed_bytes, m->block.signed_bytes, b.signed_len) == 0) {
		orders_block_clear(&b);
		return;
	}
	m->alt_block = b;
	if (sigtext_at(p->unflowed + b.end_off, p->unflowed_len - b.end_off,
	    &m->alt_sig_text, &m->alt_sig_len) == SIG_SHAPE_NONE) {
		m->alt_sig_text = NULL;
		m->alt_sig_len = 0;
	}
}

/* Does the line [s, s+n) name "begin muthur orders", in any case? */
static int
names_begin(const char *s, size_t n)
{
	static const char want[] = "begin muthur orders";
	size_t i, k = sizeof want - 1;

	for (i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, want, k) == 0)
			return 1;
	return 0;
}

/*
 * What came closest to an orders block in a mail without one, for the
 * refusal: the first line of a text part that names "BEGIN MUTHUR
 * ORDERS" but is not the BEGIN line on its own. NULL: none.
 */
static char *
near_block(const struct intake_mail *m)
{
	size_t i;

	for (i = 0; i < m->nparts; i++) {
		const struct intake_part *p = &m->parts[i];
		const char *s = p->data, *e = p->data + p->len, *nl;
		int line = 1;

		if (!p->is_text)
			continue;
		for (; s < e; s = nl + 1, line++) {
			char *where;
			char *r;
			int n;

			nl = memchr(s, '\n', (size_t)(e - s));
			if (nl == NULL)
				nl = e;
			n = (int)(nl - s);
			if (!names_begin(s, (size_t)n))
				continue;
			where = mime_part_where(m->parts, i);
			r = xasprintf("%s, line %d: \"%.*s\"", where, line,
			    n > 80 ? 80 : n, s);
			free(where);
			return r;
		}
	}
	return NULL;
}

/*
 * Find the orders block (tiers in intake.h). Returns 1 with m->block set,
 * 0 when there is none, -1 with MALFORMED set.
 */
static int
find_block(struct intake_mail *m, struct found *f)
{
	struct orders_block b;
	struct intake_part *p;
	char *cause = NULL, *text, *where, *first;
	size_t i, len = 0;
	int tier, rc, have = 0;

	for (tier = 0; tier < 4 && !have; tier++) {
		if (tier == 2 && find_block_again(m, f))
			return 1;
		for (i = 0; i < m->nparts; i++) {
			p = &m->parts[i];
			if (!in_tier(p, tier))
				continue;
			text = NULL;
			if (tier % 2 == 1)
				text = mime_html_text(p->data, p->len, &len);
			rc = orders_block_find(text != NULL ? text : p->data,
			    text != NULL ? len : p->len, &b, &cause);
			if (rc == 0) {
				free(text);
				continue;
			}
			where = mime_part_where(m->parts, i);
			if (text != NULL) {
				first = where;
				where = xasprintf("%s rendered as text", first);
				free(first);
			}
			if (rc == -1) {
				set_class(m, INTAKE_MALFORMED, xasprintf("the orders block in %s: %s",
				    where, cause));
				drop_block(m, f);
				free(cause);
				free(where);
				free(text);
				return -1;
			}
			if (!have) {
				m->block = b;
				m->block_where = where;
				f->part = i;
				f->text = text;
				f->len = len;
				have = 1;
				continue;
			}
			if (b.signed_len != m->block.signed_len ||
			    memcmp(b.signed_bytes, m->block.signed_bytes, b.signed_len) != 0) {
				set_class(m, INTAKE_MALFORMED, xasprintf("two different orders "
				    "blocks, in %s and in %s (expected one orders block per mail)",
				    m->block_where, where));
				drop_block(m, f);
				orders_block_clear(&b);
				free(where);
				free(text);
				return -1;
			}
			orders_block_clear(&b);
			free(where);
			free(text);
		}
	}
	return have;
}

static int
ends_with(const char *s, const char *suffix)
{
	size_t n, k;

	if (s == NULL)
		return 0;
	n = strlen(s);
	k = strlen(suffix);
	return n >= k && strcasecmp(s + n - k, suffix) == 0;
}

/* The signature candidate (order in intake.h). */
static void
find_signature(struct intake_mail *m, const struct found *f)
{
	const struct intake_part *bp = &m->parts[f->part];
	const char *text = f->text != NULL ? f->text : bp->data;
	size_t len = f->text != NULL ? f->len : bp->len, i;

	m->sig_shape = sigtext_at(text + m->block.end_off, len - m->block.end_off,
	    &m->sig_text, &m->sig_len);
	if (m->sig_shape != SIG_SHAPE_NONE) {
		m->sig_where = xasprintf("after the orders block in %s", m->block_where);
		return;
	}
	m->sig_shape = sigtext_find(text, m->block.begin_off, &m->sig_text, &m->sig_len);
	if (m->sig_shape != SIG_SHAPE_NONE) {
		m->sig_where = xasprintf("before the orders block in %s", m->block_where);
		return;
	}
	for (i = 0; i < m->nparts; i++) {
		if (i == f->part || !(ends_with(m->parts[i].filename, ".minisig") ||
		    ends_with(m->parts[i].filename, ".sig")))
			continue;
		m->sig_shape = sigtext_find(m->parts[i].data, m->parts[i].len, &m->sig_text,
		    &m->sig_len);
		if (m->sig_shape == SIG_SHAPE_NONE) {
			m->sig_shape = SIG_SHAPE_UNKNOWN;
			m->sig_text = orders_normalise(m->parts[i].data, m->parts[i].len >
			    SIG_UNKNOWN_MAX ? SIG_UNKNOWN_MAX : m->parts[i].len, &m->sig_len);
		}
		m->sig_where = mime_part_where(m->parts, i);
		return;
	}
	for (i = 0; i < m->nparts; i++) {
		if (i == f->part || !m->parts[i].is_text)
			continue;
		m->sig_shape = sigtext_find(m->parts[i].data, m->parts[i].len, &m->sig_text,
		    &m->sig_len);
		if (m->sig_shape != SIG_SHAPE_NONE) {
			m->sig_where = mime_part_where(m->parts, i);
			return;
		}
	}
}

/*
 * The MIME parts into m->parts. Returns 1 when they were read, 0 when the
 * MIME structure cannot be read or has too many parts (*why says so), -1
 * when libetpan ran out of memory.
 */
static int
read_parts(struct intake_mail *m, const char *raw, size_t len, char **automatic,
    char **why, char **cause)
{
	struct mailmime *root = NULL;
	struct mime_parts parts;
	char *canon;
	size_t clen, idx = 0;
	int r, nomem, rc;

	canon = mime_crlf(raw, len, &clen);
	r = mailmime_parse(canon, clen, &idx, &root);
	if (r != MAILIMF_NO_ERROR) {
		free(canon);
		if (r == MAILIMF_ERROR_MEMORY)
			return cause_set(cause, "out of memory while parsing a mail");
		*why = xasprintf("the MIME structure cannot be read (libetpan error %d)", r);
		return 0;
	}
	rc = mime_parts_collect(root->mm_type == MAILMIME_MESSAGE ?
	    root->mm_data.mm_message.mm_msg_mime : root, &parts, &nomem, why);
	mailmime_free(root);
	free(canon);
	m->parts = parts.v;
	m->nparts = parts.n;
	*automatic = parts.automatic;
	if (nomem) {
		free(*why);
		*why = NULL;
		free(*automatic);
		*automatic = NULL;
		return cause_set(cause, "out of memory while decoding a mail");
	}
	return rc == 0;
}

/* Look for the orders block and its signature; sets the class. */
static void
read_orders(struct intake_mail *m, const struct intake_limits *lim)
{
	struct found f = { 0, NULL, 0 };
	int rc;

	if ((rc = find_block(m, &f)) <= 0) {
		if (rc == 0) {
			set_class(m, INTAKE_NOT_ORDERS, xstrdup("no orders block (\""
			    ORDERS_BEGIN "\" line) in the mail"));
			m->near_block = near_block(m);
		}
		return;
	}
	if (lim != NULL && lim->max_orders_size > 0 && m->block.signed_len > lim->max_orders_size) {
		set_class(m, INTAKE_TOO_BIG, xasprintf("the orders block is %zu bytes, more "
		    "than the limit of %zu bytes (max_orders_size)", m->block.signed_len,
		    lim->max_orders_size));
		drop_block(m, &f);
		return;
	}
	find_signature(m, &f);
	alt_reading(m, &f);
	free(f.text);
	set_class(m, INTAKE_ORDERS, NULL);
}

int
intake_parse(const char *raw, size_t len, const struct intake_limits *lim,
    struct intake_mail **out, char **cause)
{
	struct intake_mail *m = xcalloc(1, sizeof *m);
	struct mail_headers h;
	char *automatic = NULL, *report = NULL, *why = NULL, *shape = NULL;
	size_t size = lim != NULL && lim->size > len ? lim->size : len;
	int rc, safe;

	*out = NULL;
	if (sodium_init() < 0) {
		free(m);
		return cause_set(cause, "libsodium cannot be initialised");
	}
	crypto_generichash(m->hash, sizeof m->hash, (const unsigned char *)raw, len, NULL, 0);
	sodium_bin2hex(m->hash_hex, sizeof m->hash_hex, m->hash, sizeof m->hash);
	/* before any of libetpan's recursive parsers sees the mail */
	mime_limits_check(raw, len, INTAKE_MAX_DEPTH, INTAKE_MAX_PARTS, &safe, &shape);
	mail_headers_parse(raw, len, &h);
	read_headers(m, &h, safe);
	if (safe)
		classify_headers(&h, lim != NULL ? lim->own_address : NULL, &automatic);
	mail_headers_clear(&h);
	if (lim != NULL && lim->max_message_size > 0 && size > lim->max_message_size) {
		free(shape);
		if (automatic != NULL)
			set_class(m, INTAKE_AUTOMATIC, automatic);
		else
			set_class(m, INTAKE_TOO_BIG, xasprintf("the mail is %zu bytes, more than "
			    "the limit of %zu bytes (max_message_size)", size,
			    lim->max_message_size));
		*out = m;
		return 0;
	}
	if (shape != NULL) {
		if (automatic != NULL) {
			set_class(m, INTAKE_AUTOMATIC, automatic);
			free(shape);
		} else
			set_class(m, INTAKE_MALFORMED, shape);
		*out = m;
		return 0;
	}
	if ((rc = read_parts(m, raw, len, &report, &why, cause)) == -1) {
		free(automatic);
		intake_mail_free(m);
		return -1;
	}
	if (automatic != NULL || report != NULL) {
		set_class(m, INTAKE_AUTOMATIC, automatic != NULL ? automatic : report);
		free(automatic != NULL ? report : NULL);
		free(why);
	} else if (m->from_addr == NULL) {
		set_class(m, INTAKE_MALFORMED, xstrdup("the mail has no From address (expected "
		    "a From: header with an address)"));
		free(why);
	} else if (rc == 0)
		set_class(m, INTAKE_MALFORMED, why);
	else
		read_orders(m, lim);
	*out = m;
	return 0;
}

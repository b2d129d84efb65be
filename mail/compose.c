/* compose.c — outgoing mails (format and promises in compose.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/compose.h"
#include "mail/mime-encode.h"
#include "mail/mime-headers.h"
#include "mail/mime-text.h"

#define MSGID_MAX 250
#define ID_MAX 200
#define BOUNDARY_PREFIX "=_muthur_"

static int
is_atext(unsigned char c)
{
	return isalnum(c) || (c != 0 && strchr("!#$%&'*+-/=?^_`{|}~", c) != NULL);
}

/* A dot-atom: atext runs separated by single dots. */
static int
is_dot_atom(const char *s, size_t n)
{
	size_t i;

	if (n == 0 || s[0] == '.' || s[n - 1] == '.')
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] == '.' && s[i + 1] == '.')
			return 0;
		if (s[i] != '.' && !is_atext((unsigned char)s[i]))
			return 0;
	}
	return 1;
}

/* A dot-atom whose atext may hold UTF-8 (RFC 6532 3.2). */
static int
is_dot_atom_utf8(const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int ok;

	for (i = 0; i < n; i++)
		strbuf_addc(&sb, (unsigned char)s[i] >= 0x80 ? 'a' : s[i]);
	ok = n > 0 && is_dot_atom(sb.s, n);
	strbuf_free(&sb);
	return ok;
}

/* A quoted local part: "..." of printable ASCII, UTF-8 and spaces, with
 * quoted pairs (RFC 5322 3.2.4). */
static int
is_quoted(const char *s, size_t n)
{
	size_t i;

	if (n < 2 || s[0] != '"' || s[n - 1] != '"')
		return 0;
	for (i = 1; i + 1 < n; i++) {
		if (s[i] == '\\' && i + 2 < n && (unsigned char)s[i + 1] >= ' ' &&
		    s[i + 1] != 0x7f)
			i++;
		else if (s[i] == '"' || s[i] == '\\' || (unsigned char)s[i] < ' ' ||
		    s[i] == 0x7f)
			return 0;
	}
	return 1;
}

/* A domain literal: "[" dtext "]" (RFC 5322 3.4.1), e.g. [127.0.0.1]. */
static int
is_domain_literal(const char *s, size_t n)
{
	size_t i;

	if (n < 3 || s[0] != '[' || s[n - 1] != ']')
		return 0;
	for (i = 1; i + 1 < n; i++)
		if ((unsigned char)s[i] < 33 || (unsigned char)s[i] > 126 || s[i] == '[' ||
		    s[i] == ']' || s[i] == '\\')
			return 0;
	return 1;
}

int
compose_addr_check(const char *what, const char *addr, char **cause)
{
	const char *at;
	size_t llen;

	if (addr == NULL || (at = strrchr(addr, '@')) == NULL || strlen(addr) > 254 ||
	    !mime_utf8_valid(addr, strlen(addr)))
		goto bad;
	llen = (size_t)(at - addr);
	if (!is_dot_atom_utf8(addr, llen) && !is_quoted(addr, llen))
		goto bad;
	if (!is_dot_atom_utf8(at + 1, strlen(at + 1)) &&
	    !is_domain_literal(at + 1, strlen(at + 1)))
		goto bad;
	return 0;
bad:
	return cause_set(cause, "%s address \"%s\" is not an addr-spec (expected "
	    "local@domain, RFC 5322 or 6532)", what, addr != NULL ? addr : "");
}

static int
check_msgid(const char *what, const char *id, char **cause)
{
	size_t n = id != NULL ? strlen(id) : 0, i;
	const char *at;

	if (n < 5 || n > MSGID_MAX || id[0] != '<' || id[n - 1] != '>' ||
	    (at = memchr(id, '@', n)) == NULL || at == id + 1 || at == id + n - 2)
		goto bad;
	for (i = 1; i + 1 < n; i++)
		if ((unsigned char)id[i] <= ' ' || (unsigned char)id[i] >= 127 ||
		    id[i] == '<' || id[i] == '>')
			goto bad;
	return 0;
bad:
	return cause_set(cause, "%s \"%s\" is not a message id (expected <left@right>, "
	    "ASCII without spaces, at most %d bytes)", what, id != NULL ? id : "", MSGID_MAX);
}

/*
 * UTF-8 without control characters (tabs allowed, and line breaks when
 * lines); returns 0 or -1 with a reason naming what.
 */
static int
check_text(const char *what, const char *s, int lines, char **cause)
{
	const unsigned char *p;

	if (s == NULL)
		return 0;
	if (!mime_utf8_valid(s, strlen(s)))
		return cause_set(cause, "%s is not valid UTF-8", what);
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p == '\t' || (lines && (*p == '\n' || *p == '\r')))
			continue;
		if (*p < 32 || *p == 127)
			return cause_set(cause, "%s holds the control character 0x%02x at byte %zu "
			    "(expected text)", what, *p, (size_t)(p - (const unsigned char *)s));
	}
	return 0;
}

static int
check_type(const char *type, char **cause)
{
	const char *slash = type != NULL ? strchr(type, '/') : NULL, *p;

	if (slash == NULL || slash == type || slash[1] == '\0')
		goto bad;
	for (p = type; *p != '\0'; p++)
		if (p != slash && !(isalnum((unsigned char)*p) || strchr("!#$&-^_.+", *p) != NULL))
			goto bad;
	return 0;
bad:
	return cause_set(cause, "attachment type \"%s\" is not a MIME type (expected "
	    "type/subtype such as application/json)", type != NULL ? type : "");
}

static void
add_date(struct strbuf *out, const struct tm *tm)
{
	static const char days[7][4] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char months[12][4] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul",
	    "Aug", "Sep", "Oct", "Nov", "Dec" };

	strbuf_addf(out, "Date: %s, %d %s %04d %02d:%02d:%02d +0000\r\n", days[tm->tm_wday],
	    tm->tm_mday, months[tm->tm_mon], tm->tm_year + 1900, tm->tm_hour, tm->tm_min,
	    tm->tm_sec);
}

/* A display name as atoms, a quoted string or encoded words. */
static void
add_name(struct mime_header *h, const char *name)
{
	struct strbuf q = STRBUF_INIT;
	const char *p;
	int atoms = 1;

	if (mime_needs_eword(name) || strlen(name) > 60) {
		mime_header_ewords(h, name);
		return;
	}
	for (p = name; *p != '\0'; p++)
		if (*p != ' ' && !is_atext((unsigned char)*p))
			atoms = 0;
	if (atoms) {
		mime_header_text(h, name);
		return;
	}
	strbuf_addc(&q, '"');
	for (p = name; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addc(&q, '\\');
		strbuf_addc(&q, *p);
	}
	strbuf_addc(&q, '"');
	mime_header_word(h, q.s, q.len, 0);
	strbuf_free(&q);
}

static void
add_mailbox(struct strbuf *out, const char *field, const char *addr, const char *name)
{
	struct mime_header h;
	char *n = name != NULL ? mail_text_clean(name) : NULL, *a;

	mime_header_start(&h, out, field);
	if (n != NULL && *n != '\0') {
		add_name(&h, n);
		a = xasprintf("<%s>", addr);
	} else
		a = xstrdup(addr);
	mime_header_word(&h, a, strlen(a), 0);
	mime_header_end(&h);
	free(a);
	free(n);
}

static void
add_subject(struct strbuf *out, const char *subject)
{
	struct mime_header h;
	char *s = mail_text_clean(subject != NULL ? subject : "");

	mime_header_start(&h, out, "Subject");
	if (mime_needs_eword(s))
		mime_header_ewords(&h, s);
	else
		mime_header_text(&h, s);
	mime_header_end(&h);
	free(s);
}

static void
add_ids(struct strbuf *out, const char *field, const char *const *ids, size_t n)
{
	struct mime_header h;
	size_t i;

	mime_header_start(&h, out, field);
	for (i = 0; i < n; i++)
		mime_header_word(&h, ids[i], strlen(ids[i]), 0);
	mime_header_end(&h);
}

/* The text/plain part's header fields and body. */
static void
add_text_part(struct strbuf *out, const char *text)
{
	size_t len;
	char *lf = mime_lf(text, strlen(text), &len);
	int qp = mime_needs_qp(lf, len);

	strbuf_addstr(out, "Content-Type: text/plain; charset=utf-8\r\n");
	strbuf_addf(out, "Content-Transfer-Encoding: %s\r\n\r\n", qp ? "quoted-printable" : "7bit");
	if (qp)
		mime_body_qp(out, lf, len);
	else
		mime_body_7bit(out, lf, len);
	free(lf);
}

/* The longest line an attachment sends as it is (RFC 5322 2.1.1). */
#define COMPOSE_LINE_MAX	998

/*
 * Does the attachment travel as text (7bit, or quoted-printable when a
 * line would not go as it is): a text/ or JSON type whose data is UTF-8
 * lines, each ending in LF (CRLF on the wire), with no control characters
 * but tab?
 */
static int
textual(const struct compose_attachment *a)
{
	const unsigned char *p = a->data;
	size_t i;

	if ((strncasecmp(a->type, "text/", 5) != 0 &&
	    strcasecmp(a->type, "application/json") != 0) || a->len == 0 ||
	    p[a->len - 1] != '\n')	/* its lines end as they travel */
		return 0;
	for (i = 0; i < a->len; i++)
		if ((p[i] < 0x20 && p[i] != '\n' && p[i] != '\t') || p[i] == 0x7f)
			return 0;
	return mime_utf8_valid(a->data, a->len);
}

static void
add_attachment(struct strbuf *out, const struct compose_attachment *a)
{
	struct mime_header h;

	mime_header_start(&h, out, "Content-Type");
	mime_header_word(&h, a->type, strlen(a->type), 0);
	if (strncasecmp(a->type, "text/", 5) == 0)
		mime_header_param(&h, "charset", "utf-8");
	mime_header_param(&h, "name", a->filename);
	mime_header_end(&h);
	mime_header_start(&h, out, "Content-Disposition");
	mime_header_word(&h, "attachment", 10, 0);
	mime_header_param(&h, "filename", a->filename);
	mime_header_end(&h);
	if (textual(a)) {	/* readable as it travels */
		int qp = mime_needs_qp_width(a->data, a->len, COMPOSE_LINE_MAX);

		strbuf_addf(out, "Content-Transfer-Encoding: %s\r\n\r\n",
		    qp ? "quoted-printable" : "7bit");
		if (qp)
			mime_body_qp(out, a->data, a->len);
		else
			mime_body_7bit(out, a->data, a->len);
		return;
	}
	strbuf_addstr(out, "Content-Transfer-Encoding: base64\r\n\r\n");
	mime_body_base64(out, a->data, a->len);
}

static int
check_mail(const struct compose_mail *m, char **cause)
{
	size_t i;
	char *what;

	if (compose_addr_check("From", m->from_addr, cause) == -1 ||
	    compose_addr_check("To", m->to_addr, cause) == -1 ||
	    check_msgid("Message-ID", m->message_id, cause) == -1 ||
	    (m->in_reply_to != NULL && check_msgid("In-Reply-To", m->in_reply_to, cause) == -1) ||
	    check_text("the From name", m->from_name, 0, cause) == -1 ||
	    check_text("the To name", m->to_name, 0, cause) == -1 ||
	    check_text("the subject", m->subject, 0, cause) == -1 ||
	    check_text("the text", m->text, 1, cause) == -1)
		return -1;
	for (i = 0; i < m->nreferences; i++)
		if (check_msgid("a References id", m->references[i], cause) == -1)
			return -1;
	for (i = 0; i < m->nattachments; i++) {
		what = xasprintf("the file name of attachment %zu", i + 1);
		if (m->attachments[i].filename == NULL || *m->attachments[i].filename == '\0') {
			free(what);
			return cause_set(cause, "attachment %zu has no file name", i + 1);
		}
		if (check_text(what, m->attachments[i].filename, 0, cause) == -1 ||
		    check_type(m->attachments[i].type, cause) == -1) {
			free(what);
			return -1;
		}
		free(what);
	}
	return 0;
}

int
compose_mail(const struct compose_mail *m, char **out, size_t *outlen, char **cause)
{
	struct strbuf sb = STRBUF_INIT, parts = STRBUF_INIT, *part;
	crypto_generichash_state hs;
	struct tm tm;
	unsigned char hash[16];
	char hexed[2 * sizeof hash + 1], boundary[64];
	size_t i;

	if (check_mail(m, cause) == -1)
		return -1;
	if (gmtime_r(&m->date, &tm) == NULL || tm.tm_year < 70 || tm.tm_year > 9999 - 1900)
		return cause_set(cause, "date %lld is out of range (expected a time between 1970 "
		    "and 9999)", (long long)m->date);
	add_date(&sb, &tm);
	add_mailbox(&sb, "From", m->from_addr, m->from_name);
	add_mailbox(&sb, "To", m->to_addr, m->to_name);
	add_subject(&sb, m->subject);
	strbuf_addf(&sb, "Message-ID: %s\r\n", m->message_id);
	if (m->in_reply_to != NULL)
		strbuf_addf(&sb, "In-Reply-To: %s\r\n", m->in_reply_to);
	if (m->nreferences > 0)
		add_ids(&sb, "References", m->references, m->nreferences);
	strbuf_addf(&sb, "Auto-Submitted: %s\r\n", m->auto_submitted == COMPOSE_AUTO_REPLIED ?
	    "auto-replied" : "auto-generated");
	strbuf_addstr(&sb, "X-Auto-Response-Suppress: OOF, AutoReply\r\n");
	strbuf_addstr(&sb, "MIME-Version: 1.0\r\n");
	if (m->nattachments == 0) {
		add_text_part(&sb, m->text != NULL ? m->text : "");
		*out = strbuf_detach(&sb, outlen);
		return 0;
	}
	/*
	 * The boundary hashes the parts. It cannot occur in them: "=_" never
	 * appears in quoted-printable or base64, and 7bit text holding "=_"
	 * is sent as quoted-printable (mime_needs_qp()).
	 */
	/* each part rendered once: hashed, then copied in */
	part = xcalloc(m->nattachments, sizeof *part);
	add_text_part(&parts, m->text != NULL ? m->text : "");
	crypto_generichash_init(&hs, NULL, 0, sizeof hash);
	crypto_generichash_update(&hs, (const unsigned char *)parts.s, parts.len);
	for (i = 0; i < m->nattachments; i++) {
		add_attachment(&part[i], &m->attachments[i]);
		/* the placeholder of the boundary line, hashed only */
		crypto_generichash_update(&hs, (const unsigned char *)"\r\n--\r\n", 6);
		crypto_generichash_update(&hs, (const unsigned char *)part[i].s,
		    part[i].len);
	}
	crypto_generichash_final(&hs, hash, sizeof hash);
	sodium_bin2hex(hexed, sizeof hexed, hash, sizeof hash);
	snprintf(boundary, sizeof boundary, "%s%s", BOUNDARY_PREFIX, hexed);
	strbuf_addf(&sb, "Content-Type: multipart/mixed;\r\n boundary=\"%s\"\r\n\r\n", boundary);
	strbuf_addf(&sb, "--%s\r\n", boundary);
	strbuf_add(&sb, parts.s, parts.len);
	for (i = 0; i < m->nattachments; i++) {
		strbuf_addf(&sb, "\r\n--%s\r\n", boundary);
		strbuf_add(&sb, part[i].s, part[i].len);
		strbuf_free(&part[i]);
	}
	strbuf_addf(&sb, "\r\n--%s--\r\n", boundary);
	strbuf_free(&parts);
	free(part);
	*out = strbuf_detach(&sb, outlen);
	return 0;
}

char *
compose_message_id(const char *id, const char *from, char **cause)
{
	const char *at = from != NULL ? strrchr(from, '@') : NULL;
	const char *domain = at != NULL ? at + 1 : from;

	if (id == NULL || strlen(id) > ID_MAX || !is_dot_atom(id, strlen(id))) {
		cause_set(cause, "message id \"%s\" is not a dot-atom (expected letters, digits, "
		    "punctuation such as - _ . and no spaces, at most %d bytes)",
		    id != NULL ? id : "", ID_MAX);
		return NULL;
	}
	if (domain == NULL || !is_dot_atom(domain, strlen(domain)) || strchr(domain, '.') == NULL) {
		cause_set(cause, "\"%s\" has no domain to make a message id with (expected "
		    "muthur's From address or its domain, such as club.example)",
		    from != NULL ? from : "");
		return NULL;
	}
	return xasprintf("<%s@%s>", id, domain);
}

char *
compose_reply_subject(const char *subject)
{
	while (subject != NULL && (*subject == ' ' || *subject == '\t'))
		subject++;
	if (subject == NULL || *subject == '\0')
		return xstrdup("Re: your mail");
	if (strncasecmp(subject, "re:", 3) == 0)
		return xstrdup(subject);
	return xasprintf("Re: %s", subject);
}

size_t
compose_reply_references(const char *message_id, const char *const *references,
    size_t nreferences, const char *in_reply_to, char ***out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, n;
	char *joined;

	if (nreferences > 0) {
		for (i = 0; i < nreferences; i++) {
			strbuf_addstr(&sb, references[i]);
			strbuf_addc(&sb, ' ');
		}
	} else if (in_reply_to != NULL)
		strbuf_addf(&sb, "%s ", in_reply_to);
	if (message_id != NULL)
		strbuf_addstr(&sb, message_id);
	joined = strbuf_detach(&sb, NULL);
	n = mail_header_msgids(joined, out);
	free(joined);
	return n;
}

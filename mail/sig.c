/* sig.c — finding a signature and dispatching to its format (sig.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "mail/sig.h"

static const struct sig_driver *drivers[] = { &sig_minisign, &sig_sshsig, &sig_muthur };
#define NDRIVERS (sizeof drivers / sizeof drivers[0])

const char *
sig_line_next(const char *p, const char *end, const char **eol)
{
	const char *e = p;

	while (e < end && *e != '\n' && *e != '\r')
		e++;
	*eol = e;
	if (e < end)
		e += (*e == '\r' && e + 1 < end && e[1] == '\n') ? 2 : 1;
	return e;
}

void
sig_line_trim(const char **s, const char **e)
{
	while (*s < *e && isspace((unsigned char)**s))
		(*s)++;
	while (*e > *s && isspace((unsigned char)(*e)[-1]))
		(*e)--;
}

int
sig_line_is(const char *p, const char *eol, const char *word)
{
	size_t n = strlen(word);

	sig_line_trim(&p, &eol);
	return (size_t)(eol - p) == n && memcmp(p, word, n) == 0;
}

int
sig_armor_find(const char *text, size_t len, const char *begin, const char *end,
    size_t *off, size_t *span)
{
	const char *p = text, *stop = text + len, *eol, *next, *start = NULL;

	for (; p < stop; p = next) {
		next = sig_line_next(p, stop, &eol);
		if (start == NULL && sig_line_is(p, eol, begin))
			start = p;
		else if (start != NULL && sig_line_is(p, eol, end)) {
			*off = (size_t)(start - text);
			*span = (size_t)(next - start);
			return 1;
		}
	}
	if (start == NULL)
		return 0;
	*off = (size_t)(start - text);
	*span = (size_t)(stop - start);
	return 1;
}

int
sig_armor_body(const char *sig, size_t len, const char *begin, const char *end,
    const char **body, size_t *bodylen, char **cause)
{
	const char *p = sig, *stop = sig + len, *eol, *next;

	next = sig_line_next(p, stop, &eol);
	if (!sig_line_is(p, eol, begin))
		return cause_set(cause, "line 1: expected \"%s\"", begin);
	*body = next;
	for (p = next; p < stop; p = next) {
		next = sig_line_next(p, stop, &eol);
		if (sig_line_is(p, eol, end)) {
			*bodylen = (size_t)(p - *body);
			return 0;
		}
	}
	return cause_set(cause, "the signature is cut short: no \"%s\" line", end);
}

enum sig_format
sig_detect(const char *text, size_t len, size_t *off, size_t *span)
{
	const struct sig_driver *best = NULL;
	size_t i, o, s, best_off = 0, best_span = 0;

	for (i = 0; i < NDRIVERS; i++) {
		if (drivers[i]->find(text, len, &o, &s) == 1 && (best == NULL || o < best_off)) {
			best = drivers[i];
			best_off = o;
			best_span = s;
		}
	}
	if (off != NULL)
		*off = best_off;
	if (span != NULL)
		*span = best_span;
	return best != NULL ? best->format : SIG_NONE;
}

const struct sig_driver *
sig_driver_of(enum sig_format format)
{
	size_t i;

	for (i = 0; i < NDRIVERS; i++)
		if (drivers[i]->format == format)
			return drivers[i];
	return NULL;
}

const char *
sig_format_name(enum sig_format format)
{
	const struct sig_driver *d = sig_driver_of(format);

	return d != NULL ? d->name : "none";
}

int
sig_verify(const struct pubkey *pk, const char *signed_bytes, size_t len,
    const char *signature_text, size_t siglen, char **cause)
{
	return sig_verify_flags(pk, signed_bytes, len, signature_text, siglen, 0, cause);
}

int
sig_verify_flags(const struct pubkey *pk, const char *signed_bytes, size_t len,
    const char *signature_text, size_t siglen, unsigned flags, char **cause)
{
	const struct sig_driver *d;
	int (*verify)(const struct pubkey *, const char *, size_t, const char *, size_t,
	    char **);
	size_t off, span;

	d = sig_driver_of(sig_detect(signature_text, siglen, &off, &span));
	if (d == NULL)
		return cause_set(cause, "no signature found (expected a minisign signature "
		    "starting \"untrusted comment:\", an armored \"-----BEGIN SSH SIGNATURE-----\" "
		    "or a \"%s\" block)", SIG_MUTHUR_BEGIN);
	verify = flags & SIG_BYTES_ONLY && d->verify_bytes != NULL ? d->verify_bytes :
	    d->verify;
	if (verify(pk, signed_bytes, len, signature_text + off, span, cause) == -1)
		return cause_prefix(cause, "%s", d->label);
	return 0;
}

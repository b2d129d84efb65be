/* url.c — parse the [mail] in/out addresses (format in url.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "mail/url.h"

static const struct {
	const char		*prefix;
	enum mail_scheme	 scheme;
	enum mail_direction	 dir;
	int			 port;
} schemes[] = {
	{ "imap://",		MAIL_IMAP,		MAIL_IN,	143 },
	{ "imaps://",		MAIL_IMAPS,		MAIL_IN,	993 },
	{ "imap+starttls://",	MAIL_IMAP_STARTTLS,	MAIL_IN,	143 },
	{ "smtp://",		MAIL_SMTP,		MAIL_OUT,	25 },
	{ "smtps://",		MAIL_SMTPS,		MAIL_OUT,	465 },
	{ "smtp+starttls://",	MAIL_SMTP_STARTTLS,	MAIL_OUT,	587 },
};

const char *
mail_scheme_name(enum mail_scheme scheme)
{
	size_t i;

	if (scheme == MAIL_MAILDIR)
		return "maildir";
	for (i = 0; i < sizeof schemes / sizeof schemes[0]; i++)
		if (schemes[i].scheme == scheme)
			return schemes[i].prefix;
	return "?";
}

int
mail_scheme_is_tls(enum mail_scheme scheme)
{
	return scheme == MAIL_IMAPS || scheme == MAIL_IMAP_STARTTLS ||
	    scheme == MAIL_SMTPS || scheme == MAIL_SMTP_STARTTLS;
}

void
mail_url_clear(struct mail_url *url)
{
	free(url->text);
	free(url->path);
	free(url->user);
	free(url->host);
	free(url->mailbox);
	memset(url, 0, sizeof *url);
}

static const char *
expected(enum mail_direction dir)
{
	return dir == MAIL_IN ?
	    "expected maildir:PATH, imaps://user@host[:port][/MAILBOX], "
	    "imap+starttls://… or imap://…" :
	    "expected maildir:PATH, smtp+starttls://[user@]host[:port], "
	    "smtps://… or smtp://…";
}

/* Does the address carry a password ("scheme://user:secret@host")? */
static int
url_has_password(const char *text)
{
	const char *p = strstr(text, "://"), *end, *at, *colon;

	if (p == NULL)
		return 0;
	p += 3;
	end = p + strcspn(p, "/");
	at = memchr(p, '@', (size_t)(end - p));
	colon = at != NULL ? memchr(p, ':', (size_t)(at - p)) : NULL;
	return colon != NULL;
}

/*
 * Refuse an address with a password in it, without repeating the password
 * (the reason is printed and logged): the userinfo's part after ':' is
 * shown as "***".
 */
static int
url_refuse_password(const char *text, char **cause)
{
	const char *p = strstr(text, "://") + 3, *colon = strchr(p, ':');
	const char *at = strchr(colon, '@');
	int rc;
	char *shown = xasprintf("%.*s:***%s", (int)(colon - text), text, at);

	rc = cause_set(cause, "\"%s\": a password in the mailbox address is refused: "
	    "write it in the file that password_file names (mode 0600)", shown);
	free(shown);
	return rc;
}

int
mail_url_parse(const char *text, enum mail_direction dir, const char *basedir,
    struct mail_url *url, char **cause)
{
	const char *p, *at, *slash, *colon, *hostend;
	size_t i;
	char *end;
	long port;

	memset(url, 0, sizeof *url);
	if (strncmp(text, "maildir:", 8) != 0 && url_has_password(text))
		return url_refuse_password(text, cause);
	if (strncmp(text, "maildir:", 8) == 0) {
		if (text[8] == '\0')
			return cause_set(cause, "maildir: needs a folder (maildir:PATH)");
		url->scheme = MAIL_MAILDIR;
		url->text = xstrdup(text);
		url->path = fs_path_join(basedir, text + 8);
		return 0;
	}
	for (i = 0; i < sizeof schemes / sizeof schemes[0]; i++)
		if (strncmp(text, schemes[i].prefix, strlen(schemes[i].prefix)) == 0)
			break;
	if (i == sizeof schemes / sizeof schemes[0])
		return cause_set(cause, "unknown mailbox \"%s\" (%s)", text, expected(dir));
	if (schemes[i].dir != dir)
		return cause_set(cause, "\"%s\" is for %s mail here (%s)", schemes[i].prefix,
		    dir == MAIL_IN ? "outgoing" : "incoming", expected(dir));
	url->scheme = schemes[i].scheme;
	url->port = schemes[i].port;
	p = text + strlen(schemes[i].prefix);
	slash = strchr(p, '/');
	hostend = slash != NULL ? slash : p + strlen(p);
	at = memchr(p, '@', (size_t)(hostend - p));
	if (at != NULL) {
		if (at == p)
			return cause_set(cause, "empty user name in \"%s\"", text);
		url->user = xstrndup(p, (size_t)(at - p));
		p = at + 1;
	} else if (dir == MAIL_IN) {
		return cause_set(cause, "\"%s\" names no user (expected %suser@host)", text,
		    schemes[i].prefix);
	}
	colon = memchr(p, ':', (size_t)(hostend - p));
	if (colon != NULL) {
		port = strtol(colon + 1, &end, 10);
		if (end != hostend || colon + 1 == hostend || port < 1 || port > 65535) {
			mail_url_clear(url);
			return cause_set(cause, "bad port in \"%s\" (expected 1 to 65535)", text);
		}
		url->port = (int)port;
	} else
		colon = hostend;
	if (colon == p) {
		mail_url_clear(url);
		return cause_set(cause, "no host in \"%s\"", text);
	}
	for (const char *q = p; q < colon; q++)
		if (!isalnum((unsigned char)*q) && strchr(".-[]:", *q) == NULL) {
			mail_url_clear(url);
			return cause_set(cause, "bad host name in \"%s\"", text);
		}
	url->host = xstrndup(p, (size_t)(colon - p));
	if (dir == MAIL_IN)
		url->mailbox = xstrdup(slash != NULL && slash[1] != '\0' ? slash + 1 : "INBOX");
	else if (slash != NULL && slash[1] != '\0') {
		mail_url_clear(url);
		return cause_set(cause, "\"%s\": an SMTP address takes no folder", text);
	}
	url->text = xstrdup(text);
	return 0;
}

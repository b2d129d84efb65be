/*
 * send-smtp.c — outgoing mail by SMTP submission with libcurl: smtp://
 * (plain, for loopback tests), smtps:// (implicit TLS), smtp+starttls://
 * (STARTTLS required). One envelope per call; the curl handle keeps the
 * connection for the next mail.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "mail/password.h"
#include "mail/send.h"

#define REPLY_MAX	300	/* bytes kept of the server's last reply */

struct send_state {
	CURL		*curl;
	char		*url;		/* what curl is given: smtp[s]://host:port */
	char		*where;		/* host:port for messages */
	char		*user;
	char		*password;
	char		*ca_file;
	long		 timeout;
	int		 starttls;
};

struct upload {
	const char	*data;
	size_t		 len;
	size_t		 off;
};

struct reply {
	char		 line[REPLY_MAX];	/* the server's last 4xx/5xx line */
};

static size_t
read_cb(char *buf, size_t size, size_t nitems, void *arg)
{
	struct upload *u = arg;
	size_t n = size * nitems;

	if (n > u->len - u->off)
		n = u->len - u->off;
	memcpy(buf, u->data + u->off, n);
	u->off += n;
	return n;
}

/* Keep the server's last 4xx or 5xx reply line, for the reason. */
static int
debug_cb(CURL *curl, curl_infotype type, char *data, size_t size, void *arg)
{
	struct reply *r = arg;
	size_t n;

	(void)curl;
	if (r == NULL || type != CURLINFO_HEADER_IN || size < 3 ||
	    (data[0] != '4' && data[0] != '5'))
		return 0;
	n = size < sizeof r->line - 1 ? size : sizeof r->line - 1;
	memcpy(r->line, data, n);
	while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r'))
		n--;
	r->line[n] = '\0';
	return 0;
}

static int
curl_ready(char **cause)
{
	static int done;

	if (done)
		return 0;
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return cause_set(cause, "smtp: libcurl failed to initialise");
	done = 1;
	return 0;
}

static struct send_state *
smtp_open(const struct mail_url *url, const struct send_options *opts, char **cause)
{
	struct send_state *st;
	char *password = NULL;

	if (curl_ready(cause) == -1)
		return NULL;
	if (url->user != NULL) {
		if (opts->password_file == NULL) {
			cause_set(cause, "smtp %s names user %s but no password file is "
			    "configured (out_password_file or password_file)", url->text,
			    url->user);
			return NULL;
		}
		if (password_read(opts->password_file, &password, cause) == -1)
			return NULL;
	}
	st = xcalloc(1, sizeof *st);
	st->password = password;
	st->user = url->user != NULL ? xstrdup(url->user) : NULL;
	st->ca_file = opts->ca_file != NULL ? xstrdup(opts->ca_file) : NULL;
	st->timeout = opts->timeout > 0 ? opts->timeout : 60;
	st->starttls = url->scheme == MAIL_SMTP_STARTTLS;
	st->url = xasprintf("%s://%s:%d", url->scheme == MAIL_SMTPS ? "smtps" : "smtp",
	    url->host, url->port);
	st->where = xasprintf("%s:%d", url->host, url->port);
	if ((st->curl = curl_easy_init()) == NULL) {
		cause_set(cause, "smtp: libcurl failed to make a handle");
		send_smtp.close(st);
		return NULL;
	}
	return st;
}

/* A 5xx reply to the mail or recipient is for good; all else may pass. */
static enum send_result
classify(CURLcode code, long reply)
{
	if (code == CURLE_LOGIN_DENIED)
		return SEND_TEMPFAIL;	/* our configuration, not the mail */
	if (reply >= 500 && reply <= 599 && (code == CURLE_SEND_ERROR ||
	    code == CURLE_RECV_ERROR || code == CURLE_WEIRD_SERVER_REPLY ||
	    code == CURLE_UPLOAD_FAILED))
		return SEND_PERMFAIL;
	return SEND_TEMPFAIL;
}

static enum send_result
smtp_send(struct send_state *st, const char *data, size_t len, const char *from,
    const char *rcpt, char **cause)
{
	struct curl_slist *rcpts = NULL;
	struct upload up = { data, len, 0 };
	struct reply last;
	char errbuf[CURL_ERROR_SIZE];
	char *mail_from, *rcpt_to;
	enum send_result res;
	CURLcode code;
	long reply = 0;
	CURL *c = st->curl;

	if (strpbrk(from, "\r\n<>") != NULL || strpbrk(rcpt, "\r\n<>") != NULL ||
	    rcpt[0] == '\0') {
		cause_set(cause, "smtp %s: bad envelope address (from \"%s\", to \"%s\")",
		    st->where, from, rcpt);
		return SEND_PERMFAIL;
	}
	mail_from = xasprintf("<%s>", from);
	rcpt_to = xasprintf("<%s>", rcpt);
	rcpts = curl_slist_append(NULL, rcpt_to);
	errbuf[0] = '\0';
	last.line[0] = '\0';

	curl_easy_setopt(c, CURLOPT_URL, st->url);
#if LIBCURL_VERSION_NUM >= 0x075500	/* 7.85 */
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
#else
	curl_easy_setopt(c, CURLOPT_PROTOCOLS, (long)(CURLPROTO_SMTP | CURLPROTO_SMTPS));
#endif
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	/* "" = no proxy, whatever ALL_PROXY or the like say (muthur.conf has none) */
	curl_easy_setopt(c, CURLOPT_PROXY, "");
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, st->timeout);
	curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L);
	curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, st->timeout);
	if (st->starttls)
		curl_easy_setopt(c, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
	if (st->ca_file != NULL)
		curl_easy_setopt(c, CURLOPT_CAINFO, st->ca_file);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
	curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
	if (st->user != NULL) {
		curl_easy_setopt(c, CURLOPT_USERNAME, st->user);
		curl_easy_setopt(c, CURLOPT_PASSWORD, st->password);
	}
	curl_easy_setopt(c, CURLOPT_MAIL_FROM, mail_from);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpts);
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, read_cb);
	curl_easy_setopt(c, CURLOPT_READDATA, &up);
	curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
	curl_easy_setopt(c, CURLOPT_DEBUGFUNCTION, debug_cb);
	curl_easy_setopt(c, CURLOPT_DEBUGDATA, &last);
	curl_easy_setopt(c, CURLOPT_VERBOSE, 1L);

	code = curl_easy_perform(c);
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &reply);
	if (code == CURLE_OK)
		res = SEND_OK;
	else {
		res = classify(code, reply);
		if (last.line[0] != '\0' && reply != 0)
			cause_set(cause, "smtp %s: %s to %s: %s (server said \"%s\")",
			    st->where, res == SEND_PERMFAIL ? "refused" : "failed", rcpt,
			    errbuf[0] != '\0' ? errbuf : curl_easy_strerror(code), last.line);
		else
			cause_set(cause, "smtp %s: failed to %s: %s", st->where, rcpt,
			    errbuf[0] != '\0' ? errbuf : curl_easy_strerror(code));
	}
	/* Forget the per-mail pointers before they go out of scope. */
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, NULL);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, NULL);
	curl_easy_setopt(c, CURLOPT_DEBUGDATA, NULL);
	curl_easy_setopt(c, CURLOPT_READDATA, NULL);
	curl_slist_free_all(rcpts);
	free(mail_from);
	free(rcpt_to);
	return res;
}

static void
smtp_close(struct send_state *st)
{
	if (st == NULL)
		return;
	curl_easy_cleanup(st->curl);
	password_free(st->password);
	free(st->user);
	free(st->ca_file);
	free(st->url);
	free(st->where);
	free(st);
}

const struct send send_smtp = {
	.name = "smtp",
	.idempotent = 0,	/* SMTP cannot ask "did you get this?" */
	.open = smtp_open,
	.send = smtp_send,
	.close = smtp_close,
};

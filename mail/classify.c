/* classify.c — automatic mail recognition (the rules are in classify.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/xmalloc.h"
#include "mail/classify.h"

#define SHOWN_MAX 80	/* bytes of a header value quoted in a reason */

/* A header value fit for a one-line reason: decoded, cut at SHOWN_MAX. */
static char *
shown(const char *value)
{
	char *s = mail_header_decode(value);
	size_t n = strlen(s);

	if (n > SHOWN_MAX) {
		n = SHOWN_MAX;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
		memcpy(s + n, "...", 4);
	}
	return s;
}

/* The first word of a value (up to ';', ',', '(' or white space), lowercased. */
static char *
first_word(const char *value)
{
	size_t n = 0;
	char *w;

	while (*value == ' ' || *value == '\t')
		value++;
	while (value[n] != '\0' && strchr(";,( \t", value[n]) == NULL)
		n++;
	w = xstrndup(value, n);
	for (n = 0; w[n] != '\0'; n++)
		w[n] = (char)tolower((unsigned char)w[n]);
	return w;
}

static int
found(char **reason, const char *name, const char *value)
{
	char *v = shown(value);

	*reason = xasprintf("%s: %s", name, v);
	free(v);
	return 1;
}

const char *
classify_robot_sender(const char *addr)
{
	static const char *robots[] = { "mailer-daemon", "postmaster", "noreply", "no-reply",
	    "donotreply", "do-not-reply" };
	const char *at;
	size_t n, i;

	if (*addr == '\0')
		return "";
	at = strrchr(addr, '@');
	n = at != NULL ? (size_t)(at - addr) : strlen(addr);
	for (i = 0; i < sizeof robots / sizeof robots[0]; i++)
		if (strlen(robots[i]) == n && strncasecmp(addr, robots[i], n) == 0)
			return robots[i];
	return NULL;
}

/* Is the sender field name (Return-Path, From, Sender) a robot? */
static int
robot_field(const struct mail_headers *h, const char *name, char **reason)
{
	const char *value = mail_headers_get(h, name), *robot;
	char *addr, *dname, *v;
	int rc = 0;

	if (value == NULL)
		return 0;
	if (mail_header_mailbox(value, &addr, &dname) == -1) {
		/* "<>" alone parses as no address: that is the null sender. */
		v = first_word(value);
		if (strcmp(v, "<>") == 0) {
			*reason = xasprintf("%s: <> (the null sender of bounces)", name);
			rc = 1;
		}
		free(v);
		return rc;
	}
	if ((robot = classify_robot_sender(addr)) != NULL) {
		if (*robot == '\0')
			*reason = xasprintf("%s: <> (the null sender of bounces)", name);
		else
			*reason = xasprintf("%s: %s (a robot sender)", name, addr);
		rc = 1;
	}
	free(addr);
	free(dname);
	return rc;
}

int
classify_mime_type(const char *type, const char *subtype, const char *report_type,
    char **reason)
{
	static const struct { const char *subtype, *what; } message[] = {
		{ "delivery-status", "a delivery status notification" },
		{ "global-delivery-status", "a delivery status notification" },
		{ "disposition-notification", "a read receipt" },
		{ "global-disposition-notification", "a read receipt" },
		{ "feedback-report", "an abuse feedback report" },
	};
	size_t i;

	if (strcasecmp(type, "multipart") == 0 && strcasecmp(subtype, "report") == 0) {
		if (report_type == NULL)
			*reason = xstrdup("a report (multipart/report)");
		else {
			char *rt = shown(report_type);
			const char *what = "a report";

			if (strcasecmp(rt, "delivery-status") == 0)
				what = "a delivery status notification";
			else if (strcasecmp(rt, "feedback-report") == 0)
				what = "an abuse feedback report";
			else if (strcasecmp(rt, "disposition-notification") == 0)
				what = "a read receipt";
			*reason = xasprintf("%s (multipart/report; report-type=%s)", what, rt);
			free(rt);
		}
		return 1;
	}
	if (strcasecmp(type, "message") != 0)
		return 0;
	for (i = 0; i < sizeof message / sizeof message[0]; i++)
		if (strcasecmp(subtype, message[i].subtype) == 0) {
			*reason = xasprintf("%s (message/%s)", message[i].what, message[i].subtype);
			return 1;
		}
	return 0;
}

/* Read "type/subtype; ... report-type=x" from a Content-Type value. */
static int
content_type_header(const char *value, char **reason)
{
	char type[64], subtype[64], rt[64];
	const char *p = value, *q;
	size_t n;
	int rc;

	while (*p == ' ' || *p == '\t')
		p++;
	for (n = 0; *p != '\0' && *p != '/' && n + 1 < sizeof type; p++)
		type[n++] = *p;
	type[n] = '\0';
	if (*p++ != '/')
		return 0;
	for (n = 0; *p != '\0' && strchr("; \t(", *p) == NULL && n + 1 < sizeof subtype; p++)
		subtype[n++] = *p;
	subtype[n] = '\0';
	rt[0] = '\0';
	for (q = value; (q = strchr(q, ';')) != NULL; q++) {
		p = q + 1;
		while (*p == ' ' || *p == '\t')
			p++;
		if (strncasecmp(p, "report-type", 11) != 0)
			continue;
		p += 11;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p++ != '=')
			continue;
		while (*p == ' ' || *p == '\t' || *p == '"')
			p++;
		for (n = 0; *p != '\0' && strchr("\"; \t", *p) == NULL && n + 1 < sizeof rt; p++)
			rt[n++] = *p;
		rt[n] = '\0';
		break;
	}
	rc = classify_mime_type(type, subtype, rt[0] != '\0' ? rt : NULL, reason);
	return rc;
}

int
classify_headers(const struct mail_headers *h, const char *own_address, char **reason)
{
	static const char *precedence[] = { "Precedence", "X-Precedence" };
	static const char *lists[] = { "List-Id", "List-Unsubscribe", "List-Post",
	    "Mailing-List" };
	static const char *robots[] = { "X-Autoreply", "X-Autorespond", "X-Autoresponder",
	    "X-Auto-Reply", "X-AutoReply-From", "X-Mail-Autoreply", "X-Autogenerated",
	    "X-Failed-Recipients", "X-Cron-Env" };
	static const char *senders[] = { "Return-Path", "From", "Sender" };
	const char *v;
	char *w, *addr, *name;
	size_t i;
	int hit;

	if ((v = mail_headers_get(h, "Auto-Submitted")) != NULL) {
		w = first_word(v);
		hit = strcmp(w, "no") != 0;
		free(w);
		if (hit)
			return found(reason, "Auto-Submitted", v);
	}
	for (i = 0; i < sizeof precedence / sizeof precedence[0]; i++) {
		if ((v = mail_headers_get(h, precedence[i])) == NULL)
			continue;
		w = first_word(v);
		hit = strcmp(w, "bulk") == 0 || strcmp(w, "junk") == 0 ||
		    strcmp(w, "list") == 0 || strcmp(w, "auto_reply") == 0;
		free(w);
		if (hit)
			return found(reason, precedence[i], v);
	}
	for (i = 0; i < sizeof lists / sizeof lists[0]; i++)
		if ((v = mail_headers_get(h, lists[i])) != NULL)
			return found(reason, lists[i], v);
	for (i = 0; i < sizeof robots / sizeof robots[0]; i++) {
		if ((v = mail_headers_get(h, robots[i])) == NULL)
			continue;
		w = first_word(v);
		hit = strcmp(w, "no") != 0 && strcmp(w, "false") != 0;
		free(w);
		if (hit)
			return found(reason, robots[i], v);
	}
	for (i = 0; i < sizeof senders / sizeof senders[0]; i++)
		if (robot_field(h, senders[i], reason))
			return 1;
	if (own_address != NULL && *own_address != '\0' &&
	    (v = mail_headers_get(h, "From")) != NULL &&
	    mail_header_mailbox(v, &addr, &name) == 0) {
		hit = strcasecmp(addr, own_address) == 0;
		free(name);
		if (hit) {
			*reason = xasprintf("From: %s (muthur's own address)", addr);
			free(addr);
			return 1;
		}
		free(addr);
	}
	if ((v = mail_headers_get(h, "Content-Type")) != NULL &&
	    content_type_header(v, reason))
		return 1;
	return 0;
}

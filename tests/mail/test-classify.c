/* test-classify.c — automatic mail recognition, one row per rule. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mail/classify.h"
#include "tests/tap.h"

#define OWN "muthur@club.example"

static const struct row {
	const char	*headers;
	const char	*reason;	/* NULL: not automatic; else a part of the reason */
} rows[] = {
	/* a player's ordinary mail */
	{ "From: Alice <alice@example.org>\nSubject: orders\n", NULL },
	{ "From: alice@example.org\nAuto-Submitted: no\n", NULL },
	{ "From: alice@example.org\nAuto-Submitted: No (comment)\n", NULL },
	{ "From: alice@example.org\nPrecedence: first-class\n", NULL },
	{ "From: alice@example.org\nX-Auto-Response-Suppress: All\n", NULL },
	{ "From: alice@example.org\nX-Autoreply: no\n", NULL },
	{ "From: alice@example.org\nReturn-Path: <alice@example.org>\n", NULL },
	{ "From: postmaster-fan@example.org\n", NULL },
	{ "From: alice@mailer-daemon.example.org\n", NULL },
	{ "From: alice@example.org\nContent-Type: multipart/mixed; boundary=x\n", NULL },
	{ "From: alice@example.org\nContent-Type: message/rfc822\n", NULL },
	/* RFC 3834 */
	{ "From: alice@example.org\nAuto-Submitted: auto-replied\n", "Auto-Submitted: auto-replied" },
	{ "From: alice@example.org\nAuto-Submitted: auto-generated; owner-email=x@y\n",
	  "Auto-Submitted: auto-generated" },
	{ "From: alice@example.org\nauto-submitted: AUTO-NOTIFIED\n", "Auto-Submitted" },
	/* Precedence */
	{ "From: alice@example.org\nPrecedence: bulk\n", "Precedence: bulk" },
	{ "From: alice@example.org\nPrecedence: junk\n", "Precedence: junk" },
	{ "From: alice@example.org\nPrecedence: List\n", "Precedence: List" },
	{ "From: alice@example.org\nX-Precedence: auto_reply\n", "X-Precedence: auto_reply" },
	/* lists */
	{ "From: alice@example.org\nList-Id: <games.lists.example.org>\n", "List-Id" },
	{ "From: alice@example.org\nList-Unsubscribe: <mailto:leave@example.org>\n",
	  "List-Unsubscribe" },
	{ "From: alice@example.org\nList-Post: <mailto:games@example.org>\n", "List-Post" },
	{ "From: alice@example.org\nMailing-List: contact games-help@example.org\n",
	  "Mailing-List" },
	/* autoresponders */
	{ "From: alice@example.org\nX-Autoreply: yes\n", "X-Autoreply: yes" },
	{ "From: alice@example.org\nX-Autorespond: Vacation\n", "X-Autorespond" },
	{ "From: alice@example.org\nX-AutoReply-From: alice@example.org\n", "X-AutoReply-From" },
	{ "From: alice@example.org\nX-Failed-Recipients: bob@example.org\n",
	  "X-Failed-Recipients" },
	{ "From: alice@example.org\nX-Cron-Env: <SHELL=/bin/sh>\n", "X-Cron-Env" },
	/* robot senders */
	{ "From: alice@example.org\nReturn-Path: <>\n", "Return-Path: <> (the null sender" },
	{ "From: MAILER-DAEMON <>\n", "From: <>" },
	{ "From: <>\n", "From: <>" },
	{ "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\n",
	  "From: mailer-daemon@mx.example.org (a robot sender)" },
	{ "From: MAILER-DAEMON\n", "From: mailer-daemon" },
	{ "From: postmaster@example.org (Postmaster)\n", "From: postmaster@example.org" },
	{ "From: alice@example.org\nReturn-Path: <Postmaster@example.org>\n",
	  "Return-Path: postmaster@example.org" },
	{ "From: alice@example.org\nSender: mailer-daemon@example.org\n", "Sender: mailer-daemon" },
	{ "From: Shop <no-reply@shop.example>\n", "From: no-reply@shop.example" },
	{ "From: noreply@shop.example\n", "noreply" },
	/* our own address, any case */
	{ "From: Muthur <MUTHUR@Club.Example>\n", "muthur's own address" },
	/* report types in the top-level Content-Type */
	{ "From: alice@example.org\nContent-Type: multipart/report; report-type=delivery-status;"
	  " boundary=x\n", "delivery status notification (multipart/report; "
	  "report-type=delivery-status)" },
	{ "From: alice@example.org\nContent-Type: multipart/report;\n report-type=\"feedback-report\""
	  "; boundary=x\n", "abuse feedback report" },
	{ "From: alice@example.org\nContent-Type: Multipart/Report; boundary=x\n",
	  "a report (multipart/report)" },
	{ "From: alice@example.org\nContent-Type: message/delivery-status\n",
	  "message/delivery-status" },
	{ "From: alice@example.org\nContent-Type: message/disposition-notification\n",
	  "a read receipt" },
	/* reasons stay one short line */
	{ "From: alice@example.org\nAuto-Submitted: auto-replied\n (xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	  "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx)\n", "..." },
};

int
main(void)
{
	struct mail_headers h;
	char *reason;
	size_t i;
	int got;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		reason = NULL;
		mail_headers_parse(rows[i].headers, strlen(rows[i].headers), &h);
		got = classify_headers(&h, OWN, &reason);
		if (rows[i].reason == NULL)
			ok(got == 0 && reason == NULL, "row %zu: not automatic (%s)", i,
			    reason != NULL ? reason : "-");
		else {
			ok(got == 1 && reason != NULL && strstr(reason, rows[i].reason) != NULL &&
			    strchr(reason, '\n') == NULL && strlen(reason) < 160,
			    "row %zu: automatic: %s", i, reason != NULL ? reason : "(none)");
		}
		free(reason);
		mail_headers_clear(&h);
	}

	reason = NULL;
	mail_headers_parse("From: Muthur <muthur@club.example>\n", 35, &h);
	ok(classify_headers(&h, NULL, &reason) == 0, "own address test skipped without one");
	mail_headers_clear(&h);

	ok(classify_mime_type("message", "feedback-report", NULL, &reason) == 1 &&
	    strstr(reason, "abuse feedback report") != NULL, "message/feedback-report (ARF)");
	free(reason);
	ok(classify_mime_type("MESSAGE", "Global-Delivery-Status", NULL, &reason) == 1,
	    "message/global-delivery-status, any case");
	free(reason);
	reason = NULL;
	ok(classify_mime_type("text", "plain", NULL, &reason) == 0 && reason == NULL,
	    "text/plain is not a report");
	ok(classify_mime_type("message", "rfc822", NULL, &reason) == 0, "message/rfc822 is not "
	    "a report");

	is_str(classify_robot_sender(""), "", "empty sender is a robot");
	is_str(classify_robot_sender("Mailer-Daemon@x"), "mailer-daemon", "MAILER-DAEMON");
	is_str(classify_robot_sender("postmaster"), "postmaster", "postmaster without domain");
	ok(classify_robot_sender("alice@postmaster.example") == NULL, "a domain is not a "
	    "local part");
	return done_testing();
}

/*
 * fetch-imap.c — incoming mail from an IMAP mailbox with libetpan's
 * mailimap: imaps:// (implicit TLS), imap+starttls://, imap:// (plain, for
 * loopback tests). Mail is found with UID SEARCH UNSEEN and read with
 * UID FETCH BODY.PEEK[], so only fetch_mark() sets \Seen. IDLE is used
 * where the server offers it, polling otherwise.
 *
 * libetpan's GnuTLS build checks no certificate, so tls_verify() checks
 * the chain the server sent (mailstream_get_certificate_chain) and the host
 * name with GnuTLS before the password is sent.
 */
#include "config.h"

#include <arpa/inet.h>

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <libetpan/libetpan.h>

#include "lib/cause.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "mail/fetch.h"
#include "mail/password.h"

#define IMAP_TIMEOUT		60		/* seconds for one network step */
#define IMAP_IDLE_MAX		(29 * 60)	/* RFC 2177: re-IDLE within 29 min */
#define IMAP_BACKOFF_MAX	300		/* seconds between reconnects, at most */
#define IMAP_CHAIN_MAX		16

struct fetch_state {
	enum mail_scheme scheme;
	char		*host;
	int		 port;
	char		*user;
	char		*mailbox;
	char		*where;		/* "imaps://user@host:port/INBOX" for messages */
	char		*password;
	char		*ca_file;
	long		 poll_interval;
	size_t		 max_size;

	mailimap	*imap;		/* NULL while disconnected */
	uint32_t	 uidvalidity;
	int		 has_idle;
	time_t		 retry_at;	/* no reconnect before this */
	long		 backoff;	/* seconds; 0 after a good login */

	uint32_t	*pending;	/* UIDs of this pass, ascending */
	size_t		 npending;
	size_t		 next;
	int		 scanned;
};

static int
is_ip_literal(const char *host)
{
	unsigned char buf[16];

	return inet_pton(AF_INET, host, buf) == 1 || inet_pton(AF_INET6, host, buf) == 1;
}

/* Called by libetpan before the TLS handshake: send SNI for names. */
static void
tls_setup(struct mailstream_ssl_context *ctx, void *arg)
{
	struct fetch_state *st = arg;

	if (!is_ip_literal(st->host))
		mailstream_ssl_set_server_name(ctx, st->host);
}

/* Check the server's certificate chain against the CAs and the host name. */
static int
tls_verify(struct fetch_state *st, char **cause)
{
	gnutls_x509_crt_t certs[IMAP_CHAIN_MAX];
	gnutls_x509_trust_list_t tl = NULL;
	gnutls_typed_vdata_st vd[2];
	gnutls_datum_t out;
	unsigned int status = 0, n = 0, i;
	carray *chain;
	int r, rc = -1;

	chain = mailstream_get_certificate_chain(st->imap->imap_stream);
	if (chain == NULL || carray_count(chain) == 0) {
		cause_set(cause, "%s: the server sent no certificate", st->where);
		goto out;
	}
	for (i = 0; i < carray_count(chain) && n < IMAP_CHAIN_MAX; i++) {
		MMAPString *der = carray_get(chain, i);
		gnutls_datum_t d = { (unsigned char *)der->str, (unsigned int)der->len };

		if (gnutls_x509_crt_init(&certs[n]) < 0)
			goto out;
		if (gnutls_x509_crt_import(certs[n], &d, GNUTLS_X509_FMT_DER) < 0) {
			gnutls_x509_crt_deinit(certs[n]);
			cause_set(cause, "%s: the server's certificate %u does not parse",
			    st->where, i);
			goto out;
		}
		n++;
	}
	if (gnutls_x509_trust_list_init(&tl, 0) < 0) {
		cause_set(cause, "%s: GnuTLS failed to make a trust list", st->where);
		goto out;
	}
	if (st->ca_file != NULL) {
		r = gnutls_x509_trust_list_add_trust_file(tl, st->ca_file, NULL,
		    GNUTLS_X509_FMT_PEM, 0, 0);
		if (r <= 0) {
			cause_set(cause, "ca_file %s: no CA certificate read (%s)", st->ca_file,
			    r < 0 ? gnutls_strerror(r) : "expected PEM certificates");
			goto out;
		}
	} else if (gnutls_x509_trust_list_add_system_trust(tl, 0, 0) <= 0) {
		cause_set(cause, "%s: the system's CA certificates could not be read "
		    "(set ca_file)", st->where);
		goto out;
	}
	memset(vd, 0, sizeof vd);
	vd[0].type = GNUTLS_DT_DNS_HOSTNAME;
	vd[0].data = (unsigned char *)st->host;
	vd[1].type = GNUTLS_DT_KEY_PURPOSE_OID;
	vd[1].data = (unsigned char *)GNUTLS_KP_TLS_WWW_SERVER;
	r = gnutls_x509_trust_list_verify_crt2(tl, certs, n, vd, 2, 0, &status, NULL);
	if (r < 0) {
		cause_set(cause, "%s: certificate check failed: %s", st->where,
		    gnutls_strerror(r));
		goto out;
	}
	if (status != 0) {
		if (gnutls_certificate_verification_status_print(status, GNUTLS_CRT_X509,
		    &out, 0) == 0) {
			cause_set(cause, "%s: the server's certificate is refused: %s",
			    st->where, out.data);
			gnutls_free(out.data);
		} else
			cause_set(cause, "%s: the server's certificate is refused", st->where);
		goto out;
	}
	rc = 0;
out:
	for (i = 0; i < n; i++)
		gnutls_x509_crt_deinit(certs[i]);
	if (tl != NULL)
		gnutls_x509_trust_list_deinit(tl, 1);
	if (chain != NULL)
		mailstream_certificate_chain_free(chain);
	return rc;
}

/* Why the last command failed: the network, or the server's own words. */
static const char *
server_said(struct fetch_state *st, int r)
{
	static char buf[64];

	switch (r) {
	case MAILIMAP_ERROR_STREAM:
		return "connection lost";
	case MAILIMAP_ERROR_CONNECTION_REFUSED:
		return "connection refused or host unreachable";
	case MAILIMAP_ERROR_DONT_ACCEPT_CONNECTION:
		return "the server does not accept connections";
	case MAILIMAP_ERROR_PARSE:
		return "the server's reply does not parse";
	case MAILIMAP_ERROR_SSL:
		return "TLS handshake failed";
	default:
		/* A NO or BAD: the server's text says why. */
		if (st->imap != NULL && st->imap->imap_response != NULL &&
		    st->imap->imap_response[0] != '\0')
			return st->imap->imap_response;
		snprintf(buf, sizeof buf, "libetpan error %d", r);
		return buf;
	}
}

static void
pending_clear(struct fetch_state *st)
{
	free(st->pending);
	st->pending = NULL;
	st->npending = st->next = 0;
}

static void
imap_drop(struct fetch_state *st)
{
	if (st->imap == NULL)
		return;
	mailimap_free(st->imap);
	st->imap = NULL;
	pending_clear(st);
	st->scanned = 1;	/* the pass is over; fetch_wait() starts the next */
	if (st->retry_at < time(NULL))
		st->retry_at = time(NULL);
}

static int
imap_fail(struct fetch_state *st, int r, const char *what, char **cause)
{
	cause_set(cause, "%s: %s: %s", st->where, what, server_said(st, r));
	imap_drop(st);
	return -1;
}

static int
imap_connect(struct fetch_state *st, char **cause)
{
	struct mailimap_capability_data *caps = NULL;
	uint32_t old = st->uidvalidity;
	int r;

	st->imap = mailimap_new(0, NULL);
	if (st->imap == NULL)
		return cause_set(cause, "%s: out of memory", st->where);
	mailimap_set_timeout(st->imap, IMAP_TIMEOUT);
	if (st->scheme == MAIL_IMAPS)
		r = mailimap_ssl_connect_with_callback(st->imap, st->host,
		    (uint16_t)st->port, tls_setup, st);
	else
		r = mailimap_socket_connect(st->imap, st->host, (uint16_t)st->port);
	if (r != MAILIMAP_NO_ERROR && r != MAILIMAP_NO_ERROR_AUTHENTICATED &&
	    r != MAILIMAP_NO_ERROR_NON_AUTHENTICATED)
		return imap_fail(st, r, "cannot connect", cause);
	if (st->scheme == MAIL_IMAP_STARTTLS) {
		r = mailimap_socket_starttls_with_callback(st->imap, tls_setup, st);
		if (r != MAILIMAP_NO_ERROR)
			return imap_fail(st, r, "STARTTLS failed", cause);
	}
	if (st->scheme != MAIL_IMAP && tls_verify(st, cause) == -1) {
		imap_drop(st);
		return -1;
	}
	r = mailimap_login(st->imap, st->user, st->password);
	if (r != MAILIMAP_NO_ERROR) {
		cause_set(cause, "%s: login as %s refused: %s", st->where, st->user,
		    server_said(st, r));
		imap_drop(st);
		return -1;
	}
	r = mailimap_capability(st->imap, &caps);
	if (r != MAILIMAP_NO_ERROR)
		return imap_fail(st, r, "CAPABILITY failed", cause);
	mailimap_capability_data_free(caps);
	st->has_idle = mailimap_has_idle(st->imap);
	r = mailimap_select(st->imap, st->mailbox);
	if (r != MAILIMAP_NO_ERROR)
		return imap_fail(st, r, "SELECT failed", cause);
	st->uidvalidity = st->imap->imap_selection_info != NULL ?
	    st->imap->imap_selection_info->sel_uidvalidity : 0;
	if (old != 0 && old != st->uidvalidity)
		log_warnx("%s: UIDVALIDITY changed from %" PRIu32 " to %" PRIu32
		    ": the mailbox was recreated, its mails get new ids", st->where, old,
		    st->uidvalidity);
	st->backoff = 0;
	return 0;
}

/* Connect unless connected; while backing off, refuse without waiting. */
static int
imap_ensure(struct fetch_state *st, char **cause)
{
	time_t now = time(NULL);

	if (st->imap != NULL)
		return 0;
	if (now < st->retry_at)
		return cause_set(cause, "%s: not connected; next try in %lld s", st->where,
		    (long long)(st->retry_at - now));
	if (imap_connect(st, cause) == 0) {
		log_info("%s: connected%s", st->where, st->has_idle ? " (IDLE)" : "");
		return 0;
	}
	st->backoff = st->backoff == 0 ? 1 : st->backoff * 2;
	if (st->backoff > IMAP_BACKOFF_MAX)
		st->backoff = IMAP_BACKOFF_MAX;
	st->retry_at = time(NULL) + st->backoff;
	return -1;
}

static struct fetch_state *
imap_open(const struct mail_url *url, const struct fetch_options *opts, char **cause)
{
	struct fetch_state *st;
	char *password;

	if (opts->password_file == NULL) {
		cause_set(cause, "%s needs a password file (in_password_file or "
		    "password_file)", url->text);
		return NULL;
	}
	if (password_read(opts->password_file, &password, cause) == -1)
		return NULL;
	st = xcalloc(1, sizeof *st);
	st->scheme = url->scheme;
	st->host = xstrdup(url->host);
	st->port = url->port;
	st->user = xstrdup(url->user);
	st->mailbox = xstrdup(url->mailbox != NULL ? url->mailbox : "INBOX");
	st->where = xasprintf("%s%s@%s:%d/%s", mail_scheme_name(url->scheme), st->user,
	    st->host, st->port, st->mailbox);
	st->password = password;
	st->ca_file = opts->ca_file != NULL ? xstrdup(opts->ca_file) : NULL;
	st->poll_interval = opts->poll_interval > 0 ? opts->poll_interval : 60;
	st->max_size = opts->max_message_size;
	if (imap_connect(st, cause) == -1) {
		fetch_imap.close(st);
		return NULL;
	}
	log_info("%s: connected%s", st->where, st->has_idle ? " (IDLE)" : "");
	return st;
}

static int
uid_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static int
imap_scan(struct fetch_state *st, char **cause)
{
	struct mailimap_search_key *key;
	clist *result = NULL;
	clistiter *it;
	int r;

	pending_clear(st);
	key = mailimap_search_key_new(MAILIMAP_SEARCH_KEY_UNSEEN, NULL, NULL, NULL, NULL,
	    NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL,
	    NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL);
	r = mailimap_uid_search(st->imap, NULL, key, &result);
	mailimap_search_key_free(key);
	if (r != MAILIMAP_NO_ERROR)
		return imap_fail(st, r, "UID SEARCH UNSEEN failed", cause);
	for (it = clist_begin(result); it != NULL; it = clist_next(it)) {
		uint32_t *uid = clist_content(it);

		st->pending = xreallocarray(st->pending, st->npending + 1,
		    sizeof *st->pending);
		st->pending[st->npending++] = *uid;
	}
	mailimap_search_result_free(result);
	if (st->npending > 1)
		qsort(st->pending, st->npending, sizeof *st->pending, uid_cmp);
	return 0;
}

/* UID FETCH (UID RFC822.SIZE BODY.PEEK[]) of one mail; 1 when it is gone. */
static int
imap_fetch_one(struct fetch_state *st, uint32_t uid, struct fetch_msg *msg, char **cause)
{
	struct mailimap_fetch_type *ft;
	struct mailimap_section *section;
	struct mailimap_fetch_att *body;
	struct mailimap_set *set;
	clist *result = NULL;
	clistiter *i, *j;
	size_t size = 0;
	int r, found = 0;

	ft = mailimap_fetch_type_new_fetch_att_list_empty();
	mailimap_fetch_type_new_fetch_att_list_add(ft, mailimap_fetch_att_new_uid());
	mailimap_fetch_type_new_fetch_att_list_add(ft, mailimap_fetch_att_new_rfc822_size());
	section = mailimap_section_new(NULL);
	if (st->max_size != 0 && st->max_size < UINT32_MAX)
		body = mailimap_fetch_att_new_body_peek_section_partial(section, 0,
		    (uint32_t)st->max_size);
	else
		body = mailimap_fetch_att_new_body_peek_section(section);
	mailimap_fetch_type_new_fetch_att_list_add(ft, body);
	set = mailimap_set_new_single(uid);
	r = mailimap_uid_fetch(st->imap, set, ft, &result);
	mailimap_set_free(set);
	mailimap_fetch_type_free(ft);
	if (r != MAILIMAP_NO_ERROR)
		return imap_fail(st, r, "UID FETCH failed", cause);
	for (i = clist_begin(result); i != NULL; i = clist_next(i)) {
		struct mailimap_msg_att *att = clist_content(i);
		uint32_t got_uid = 0;
		const char *data = NULL;
		size_t len = 0;

		for (j = clist_begin(att->att_list); j != NULL; j = clist_next(j)) {
			struct mailimap_msg_att_item *item = clist_content(j);
			struct mailimap_msg_att_static *s;

			if (item->att_type != MAILIMAP_MSG_ATT_ITEM_STATIC)
				continue;
			s = item->att_data.att_static;
			if (s->att_type == MAILIMAP_MSG_ATT_UID)
				got_uid = s->att_data.att_uid;
			else if (s->att_type == MAILIMAP_MSG_ATT_RFC822_SIZE)
				size = s->att_data.att_rfc822_size;
			else if (s->att_type == MAILIMAP_MSG_ATT_BODY_SECTION &&
			    s->att_data.att_body_section != NULL &&
			    s->att_data.att_body_section->sec_body_part != NULL) {
				data = s->att_data.att_body_section->sec_body_part;
				len = s->att_data.att_body_section->sec_length;
			}
		}
		/* Untagged FETCH responses for other mails (flag changes) pass by. */
		if (got_uid != uid || data == NULL)
			continue;
		msg->data = xmemdup(data, len);
		msg->len = len;
		msg->size = size > len ? size : len;
		msg->truncated = size > len;
		msg->id = xasprintf("imap:%" PRIu32 ":%" PRIu32, st->uidvalidity, uid);
		found = 1;
		break;
	}
	mailimap_fetch_list_free(result);
	return found ? 0 : 1;
}

static enum fetch_result
imap_next(struct fetch_state *st, struct fetch_msg *msg, char **cause)
{
	int r;

	if (st->scanned && st->next >= st->npending)
		return FETCH_NONE;
	if (imap_ensure(st, cause) == -1)
		return FETCH_ERROR;
	if (!st->scanned) {
		st->scanned = 1;
		if (imap_scan(st, cause) == -1)
			return FETCH_ERROR;
	}
	while (st->next < st->npending) {
		r = imap_fetch_one(st, st->pending[st->next++], msg, cause);
		if (r == -1)
			return FETCH_ERROR;
		if (r == 0)
			return FETCH_OK;
		/* expunged since the search */
	}
	return FETCH_NONE;
}

/* The UID of mail id ("imap:UIDVALIDITY:UID" of this mailbox), connected. */
static int
imap_id_uid(struct fetch_state *st, const char *id, uint32_t *uid, char **cause)
{
	uint32_t uidvalidity;
	int n = 0;

	if (sscanf(id, "imap:%" SCNu32 ":%" SCNu32 "%n", &uidvalidity, uid, &n) != 2 ||
	    id[n] != '\0' || *uid == 0)
		return cause_set(cause, "%s: \"%s\" is not an IMAP mail id "
		    "(expected imap:UIDVALIDITY:UID)", st->where, id);
	if (imap_ensure(st, cause) == -1)
		return -1;
	if (uidvalidity != st->uidvalidity)
		return cause_set(cause, "%s: cannot mark %s: the mailbox's UIDVALIDITY is "
		    "now %" PRIu32 " (the mailbox was recreated)", st->where, id,
		    st->uidvalidity);
	return 0;
}

/* UID STORE +FLAGS.SILENT (\Seen, and \Flagged when flagged) on the UIDs
 * of set (freed). */
static int
imap_store_set(struct fetch_state *st, struct mailimap_set *set, int flagged, char **cause)
{
	struct mailimap_store_att_flags *flags;
	struct mailimap_flag_list *list;
	int r;

	list = mailimap_flag_list_new_empty();
	mailimap_flag_list_add(list, mailimap_flag_new_seen());
	if (flagged)
		mailimap_flag_list_add(list, mailimap_flag_new_flagged());
	flags = mailimap_store_att_flags_new_add_flags_silent(list);
	r = mailimap_uid_store(st->imap, set, flags);
	mailimap_set_free(set);
	mailimap_store_att_flags_free(flags);
	if (r != MAILIMAP_NO_ERROR)
		return imap_fail(st, r, flagged ? "UID STORE +FLAGS (\\Seen \\Flagged) failed" :
		    "UID STORE +FLAGS (\\Seen) failed", cause);
	return 0;
}

/* UID STORE +FLAGS.SILENT (\Seen, and \Flagged when flagged) on mail id. */
static int
imap_store_flags(struct fetch_state *st, const char *id, int flagged, char **cause)
{
	uint32_t uid;

	if (imap_id_uid(st, id, &uid, cause) == -1)
		return -1;
	return imap_store_set(st, mailimap_set_new_single(uid), flagged, cause);
}

/* The mails of a batch marked \Seen by one UID STORE. */
static size_t
imap_mark_many(struct fetch_state *st, const char *const *ids, size_t n, char **why)
{
	struct mailimap_set *set = mailimap_set_new_empty();
	char *err = NULL;
	size_t i, failed = 0, good = 0;
	uint32_t uid;

	for (i = 0; i < n; i++) {
		why[i] = NULL;
		if (imap_id_uid(st, ids[i], &uid, &why[i]) == -1)
			failed++;
		else if (mailimap_set_add_single(set, uid) == MAILIMAP_NO_ERROR)
			good++;
		else {
			why[i] = xstrdup("out of memory");
			failed++;
		}
	}
	if (good == 0) {
		mailimap_set_free(set);
		return failed;
	}
	if (imap_store_set(st, set, 0, &err) == -1)
		failed += fetch_fail_rest(why, n, err);
	return failed;
}

static int
imap_mark(struct fetch_state *st, const char *id, char **cause)
{
	return imap_store_flags(st, id, 0, cause);
}

static int
imap_quarantine(struct fetch_state *st, const char *id, char **cause)
{
	return imap_store_flags(st, id, 1, cause);
}

/* Sleep until the given time; 0 at once when a signal arrives. */
static void
sleep_until(time_t when)
{
	struct timespec ts;
	time_t now = time(NULL);

	if (when <= now)
		return;
	ts.tv_sec = when - now;
	ts.tv_nsec = 0;
	nanosleep(&ts, NULL);
}

static int
imap_idle_wait(struct fetch_state *st, long timeout, char **cause)
{
	struct pollfd pfd;
	int r;

	if (timeout > IMAP_IDLE_MAX)
		timeout = IMAP_IDLE_MAX;
	r = mailimap_idle(st->imap);
	if (r != MAILIMAP_NO_ERROR)
		return imap_fail(st, r, "IDLE failed", cause);
	/* Something may sit in libetpan's buffer already. */
	if (st->imap->imap_stream->read_buffer_len == 0) {
		pfd.fd = mailimap_idle_get_fd(st->imap);
		pfd.events = POLLIN;
		pfd.revents = 0;
		if (pfd.fd >= 0)
			(void)poll(&pfd, 1, (int)(timeout * 1000));
	}
	r = mailimap_idle_done(st->imap);
	if (r != MAILIMAP_NO_ERROR)
		return imap_fail(st, r, "IDLE failed", cause);
	return 0;
}

static int
imap_wait(struct fetch_state *st, long timeout, char **cause)
{
	time_t deadline;

	pending_clear(st);
	st->scanned = 0;
	if (timeout <= 0)
		timeout = st->poll_interval;
	deadline = time(NULL) + timeout;
	if (st->imap == NULL) {
		sleep_until(st->retry_at < deadline ? st->retry_at : deadline);
		if (time(NULL) < st->retry_at)
			return 0;	/* the timeout or a signal came first */
		return imap_ensure(st, cause);
	}
	if (st->has_idle)
		return imap_idle_wait(st, timeout, cause);
	sleep_until(time(NULL) + (timeout < st->poll_interval ? timeout : st->poll_interval));
	return 0;
}

static void
imap_close(struct fetch_state *st)
{
	if (st == NULL)
		return;
	if (st->imap != NULL) {
		mailimap_logout(st->imap);
		mailimap_free(st->imap);
	}
	pending_clear(st);
	password_free(st->password);
	free(st->host);
	free(st->user);
	free(st->mailbox);
	free(st->where);
	free(st->ca_file);
	free(st);
}

const struct fetch fetch_imap = {
	.name = "imap",
	.open = imap_open,
	.next = imap_next,
	.mark = imap_mark,
	.mark_many = imap_mark_many,
	.quarantine = imap_quarantine,
	.wait = imap_wait,
	.close = imap_close,
};

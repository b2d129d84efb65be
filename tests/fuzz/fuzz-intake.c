/*
 * fuzz-intake.c — libFuzzer harness for the MIME intake: raw mail bytes in
 * (headers, libetpan's MIME parser, decoders, charsets, HTML rendering,
 * the orders block finder and the signature shapes). Besides crashes and
 * leaks it checks the promises of mail/intake.h on every input.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mail/intake.h"
#include "mail/mime-text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_text(const char *s)
{
	if (s != NULL && !mime_utf8_valid(s, strlen(s)))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the production limits (muthur.conf(5) defaults): test-fuzz.sh runs
	 * this target with -max_len at max_message_size */
	const struct intake_limits lim = { INTAKE_DEFAULT_MAX_MESSAGE_SIZE,
	    INTAKE_DEFAULT_MAX_ORDERS_SIZE, "muthur@club.example", 0 };
	struct intake_mail *m = NULL;
	char *cause = NULL;
	size_t i;

	if (intake_parse((const char *)data, size, &lim, &m, &cause) == -1)
		abort();	/* only out of memory may fail */
	if (m->message_id == NULL || m->message_id[0] != '<')
		abort();
	if ((m->class == INTAKE_ORDERS) != (m->reason == NULL))
		abort();
	if ((m->class == INTAKE_ORDERS) != (m->block.signed_bytes != NULL))
		abort();
	if (m->class == INTAKE_ORDERS && (m->block.signed_len > lim.max_orders_size ||
	    m->block_where == NULL))
		abort();
	if ((m->sig_shape == SIG_SHAPE_NONE) != (m->sig_text == NULL) ||
	    (m->sig_text != NULL && (m->sig_text[m->sig_len] != '\0' || m->sig_where == NULL)))
		abort();
	if (m->reason != NULL && strchr(m->reason, '\n') != NULL)
		abort();
	check_text(m->subject);
	check_text(m->from_name);
	for (i = 0; i < m->nparts; i++) {
		if (m->parts[i].data == NULL || m->parts[i].type == NULL)
			abort();
		if (m->parts[i].is_text && (!mime_utf8_valid(m->parts[i].data, m->parts[i].len) ||
		    memchr(m->parts[i].data, '\r', m->parts[i].len) != NULL))
			abort();
		check_text(m->parts[i].filename);
	}
	intake_mail_free(m);
	return 0;
}

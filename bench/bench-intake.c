/*
 * bench-intake.c — intake_parse() time by mail size and by MIME nesting
 * depth (issue 21: parse time must stay linear in the mail's size; deep
 * nesting used to cost the square of the depth). Prints one line per mail:
 *
 *	make bench && bench/bench-intake
 *
 * Mails are generated here: a flat text/plain mail of growing size, and
 * nested multiparts and message/rfc822 parts of growing depth.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/strbuf.h"
#include "mail/intake.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
flat(struct strbuf *sb, size_t size)
{
	strbuf_addstr(sb, "From: a@players.example\nSubject: flat\n\n");
	while (sb->len < size)
		strbuf_addstr(sb, "a line of text in the body of a mail of some size, "
		    "repeated until the size is reached\n");
}

static void
multiparts(struct strbuf *sb, long depth)
{
	long i;

	strbuf_addstr(sb, "From: a@players.example\nSubject: deep\n");
	for (i = 0; i < depth; i++)
		strbuf_addf(sb, "Content-Type: multipart/mixed; boundary=\"b%ld\"\n\n--b%ld\n",
		    i, i);
	strbuf_addstr(sb, "Content-Type: text/plain\n\nhello\n");
	for (i = depth; i-- > 0;)
		strbuf_addf(sb, "--b%ld--\n", i);
}

static void
messages(struct strbuf *sb, long depth)
{
	long i;

	strbuf_addstr(sb, "From: a@players.example\nSubject: deep\n");
	for (i = 0; i < depth; i++)
		strbuf_addstr(sb, "Content-Type: message/rfc822\n\nFrom: a@players.example\n");
	strbuf_addstr(sb, "\nhello\n");
}

static void
run(const char *what, long n, const struct strbuf *sb)
{
	const struct intake_limits lim = { 0, 0, NULL, 0 };
	struct intake_mail *m = NULL;
	char *cause = NULL;
	double t0 = now(), t;

	if (intake_parse(sb->s, sb->len, &lim, &m, &cause) == -1) {
		printf("%-12s %8ld %10zu bytes: %s\n", what, n, sb->len, cause);
		free(cause);
		return;
	}
	t = now() - t0;
	printf("%-12s %8ld %10zu bytes %10.3f ms %8.1f MB/s  %s\n", what, n, sb->len,
	    t * 1e3, (double)sb->len / 1e6 / (t > 0 ? t : 1e-9), intake_class_name(m->class));
	intake_mail_free(m);
}

int
main(int argc, char **argv)
{
	static const size_t sizes[] = { 65536, 262144, 1048576, 4194304, 10485760 };
	long depths[] = { 4, 16, 64, 1000, 5000, 20000, 50000, 100000 };
	long max_depth = argc > 1 ? atol(argv[1]) : 100000;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	printf("%-12s %8s %10s       %10s\n", "mail", "n", "size", "parse time");
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		flat(&sb, sizes[i]);
		run("flat-bytes", (long)sizes[i], &sb);
		strbuf_free(&sb);
	}
	for (i = 0; i < sizeof depths / sizeof depths[0] && depths[i] <= max_depth; i++) {
		multiparts(&sb, depths[i]);
		run("multipart", depths[i], &sb);
		strbuf_free(&sb);
		messages(&sb, depths[i]);
		run("message", depths[i], &sb);
		strbuf_free(&sb);
	}
	return 0;
}

/*
 * test-bounces.c — every real bounce, auto-reply and abuse report in
 * tests/data/bounces/ (sisimai's set-of-emails, see its README) goes
 * through intake without a crash, is automatic or not-orders, and yields
 * no orders block and no signature: nothing muthur would answer.
 */
#include "config.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "mail/intake.h"
#include "tests/tap.h"

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(void)
{
	const struct intake_limits lim = { 10 * 1024 * 1024, 64 * 1024, "muthur@club.example",
	    0 };
	const char *top = getenv("top_srcdir");
	struct intake_mail *m;
	struct dirent *de;
	char *dir, *path, *raw, *cause = NULL, **names = NULL;
	size_t n = 0, i, len, nauto = 0;
	DIR *d;

	dir = xasprintf("%s/tests/data/bounces", top != NULL ? top : ".");
	if ((d = opendir(dir)) == NULL) {
		printf("Bail out! cannot open %s\n", dir);
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len > 4 && strcmp(de->d_name + len - 4, ".eml") == 0) {
			names = xreallocarray(names, n + 1, sizeof *names);
			names[n++] = xstrdup(de->d_name);
		}
	}
	closedir(d);
	qsort(names, n, sizeof *names, by_name);
	ok(n >= 600, "%zu bounce mails found in %s", n, dir);
	for (i = 0; i < n; i++) {
		path = xasprintf("%s/%s", dir, names[i]);
		if (fs_read_file(path, 1 << 24, &raw, &len, &cause) == -1) {
			ok(0, "%s: %s", names[i], cause);
			free(cause);
			cause = NULL;
			free(path);
			continue;
		}
		if (intake_parse(raw, len, &lim, &m, &cause) == -1) {
			ok(0, "%s: %s", names[i], cause);
			free(cause);
			cause = NULL;
		} else {
			ok((m->class == INTAKE_AUTOMATIC || m->class == INTAKE_NOT_ORDERS) &&
			    m->block.signed_bytes == NULL && m->sig_text == NULL,
			    "%s: %s (%s)", names[i], intake_class_name(m->class), m->reason);
			nauto += m->class == INTAKE_AUTOMATIC;
			intake_mail_free(m);
		}
		free(raw);
		free(path);
		free(names[i]);
	}
	diag("%zu of %zu recognised as automatic, the rest hold no orders", nauto, n);
	ok(nauto * 100 >= n * 95, "at least 95%% recognised as automatic (%zu of %zu)", nauto, n);
	free(names);
	free(dir);
	return done_testing();
}

/*
 * bench-views.c — rendering view mails: plays the view tests' scripted
 * 4-seat Contact game (tests/daemon/test-view-fixture.h: deterministic
 * seeds, nonces and server key, in memory) step by step and after each
 * step renders every seat's view mail as the daemon does (model, body,
 * view.json, the board's PNG, the MIME mail, fixed date and Message-ID). Prints the median time of one view mail and of the four of a
 * phase, and a BLAKE2b digest of every byte rendered: the same build
 * inputs give the same digest, so two builds that print the same digest
 * rendered the same mails (a check for changes meant to be faster only).
 *
 *   bench/bench-views [-p PHASES] [-s SEED]   (make bench; run from the top
 *   folder or set top_srcdir; default 120 phases, seed 7)
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "bench/bench-util.h"
#include "daemon/view.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "templates/tmpl.h"
#include "tests/daemon/test-view-fixture.h"

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *p, *cause = NULL, *mail;
	crypto_generichash_state h;
	unsigned char digest[32];
	struct tmpl_set *ts;
	struct vfx x;
	struct view_facts f;
	struct view_mail_ctx ctx;
	cJSON *model;
	double *one = NULL, *four = NULL, t, t4;
	size_t len, n1 = 0, n4 = 0, bytes = 0, i, k;
	int phases = 120, seed = 7, opt, ph, r = 1;

	while ((opt = getopt(argc, argv, "p:s:")) != -1) {
		switch (opt) {
		case 'p': phases = atoi(optarg); break;
		case 's': seed = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: bench-views [-p PHASES] [-s SEED]\n");
			return 2;
		}
	}
	if (phases < 1 || phases > 5000 || sodium_init() < 0)
		return 2;
	log_init("bench-views", 0, LOG_LEVEL_WARN);
	setenv("MUTHUR_DATADIR", p = xasprintf("%s/rules", top), 1);
	free(p);
	setenv("MUTHUR_TEMPLATES", p = xasprintf("%s/templates", top), 1);
	free(p);
	if (vfx_init(&x, NULL, (uint64_t)seed, &cause) == -1 ||
	    (ts = view_templates_new(NULL, &cause)) == NULL)
		bench_die("bench-views", "setup", cause);
	one = xcalloc((size_t)phases * 4 + 1, sizeof *one);
	four = xcalloc((size_t)phases + 1, sizeof *four);
	crypto_generichash_init(&h, NULL, 0, sizeof digest);
	for (ph = 0; ph < phases && r == 1; ph++) {
		if ((r = vfx_step(&x)) == -1)
			bench_die("bench-views", "step", NULL);
		t4 = bench_now();
		for (k = 0; k < 4; k++) {
			t = bench_now();
			vfx_facts(&x, k, 0, 1798800000, &f);
			vfx_ctx(k, x.R->seat_name(x.g, k), &ctx);
			if ((model = view_model_build(x.R, x.g, (int)k, &f, &cause)) == NULL ||
			    (mail = view_mail_render(ts, model, &ctx, &len, &cause)) == NULL)
				bench_die("bench-views", "render", cause);
			cJSON_Delete(model);
			one[n1++] = bench_now() - t;
			crypto_generichash_update(&h, (const unsigned char *)mail, len);
			bytes += len;
			free(mail);
		}
		four[n4++] = bench_now() - t4;
	}
	crypto_generichash_final(&h, digest, sizeof digest);
	qsort(one, n1, sizeof *one, bench_cmp_double);
	qsort(four, n4, sizeof *four, bench_cmp_double);
	printf("view mails: %zu after %zu steps (to turn %d), %zu bytes\n", n1, n4,
	    x.R->turn(x.g), bytes);
	printf("median view mail: %.2f ms; median 4 views of a step: %.2f ms\n",
	    n1 ? one[n1 / 2] * 1000 : 0.0, n4 ? four[n4 / 2] * 1000 : 0.0);
	printf("digest of every mail: ");
	for (i = 0; i < sizeof digest; i++)
		printf("%02x", digest[i]);
	printf("\n");
	free(one);
	free(four);
	vfx_free(&x);
	tmpl_set_free(ts);
	return 0;
}

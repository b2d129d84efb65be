/*
 * bench-views.c — rendering view mails: plays the view tests' scripted
 * 4-seat Contact game (tests/daemon/test-view-fixture.h: deterministic
 * seeds, nonces and server key, in memory) step by step and after each
 * step renders every seat's view mail as the daemon does (model, body,
 * view.json, the board's PNG, the MIME mail, fixed date and Message-ID).
 * Prints the median time of one view mail and of the four of a phase,
 * the median of each stage of one view mail (model, subject and body,
 * view.json, PNG, MIME; the stages of view_mail_render(), timed one by
 * one), how many strips of the boards were drawn and how many found
 * kept (rules/picture/picture-cache.h), and a BLAKE2b digest of every
 * byte rendered: the same build
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
#include "daemon/view-int.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/picture/picture-cache.h"
#include "templates/tmpl.h"
#include "tests/daemon/test-view-fixture.h"

enum { ST_MODEL, ST_BODY, ST_JSON, ST_PNG, ST_MIME, NSTAGES };
static const char *const stage_name[NSTAGES] = {
	"model", "body", "json", "png", "mime"
};

/* Seat k's view mail now, each stage timed into st[]; caller frees. */
static char *
render_timed(struct vfx *x, const struct tmpl_set *ts, size_t k, double *st,
    size_t *len)
{
	struct view_facts f;
	struct view_mail_ctx ctx;
	struct strbuf body = STRBUF_INIT;
	char *cause = NULL, *subject, *json, *png, *mail;
	size_t pnglen;
	cJSON *model;
	double t;

	t = bench_now();
	vfx_facts(x, k, 0, 1798800000, &f);
	vfx_ctx(k, x->R->seat_name(x->g, k), &ctx);
	if ((model = view_model_build(x->R, x->g, (int)k, &f, &cause)) == NULL)
		bench_die("bench-views", "model", cause);
	st[ST_MODEL] = bench_now() - t;
	t = bench_now();
	if ((subject = view_subject_render(ts, model, &cause)) == NULL ||
	    view_body_render(ts, model, &body, &cause) != 0)
		bench_die("bench-views", "body", cause);
	st[ST_BODY] = bench_now() - t;
	t = bench_now();
	json = view_json_text(model);
	st[ST_JSON] = bench_now() - t;
	t = bench_now();
	view_picture_png(model, &png, &pnglen);
	st[ST_PNG] = bench_now() - t;
	t = bench_now();
	if ((mail = view_mail_compose(&ctx, subject, strbuf_str(&body), json, png,
	    pnglen, len, &cause)) == NULL)
		bench_die("bench-views", "mime", cause);
	st[ST_MIME] = bench_now() - t;
	free(png);
	free(json);
	free(subject);
	strbuf_free(&body);
	cJSON_Delete(model);
	return mail;
}

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
	double *one = NULL, *four = NULL, *stage[NSTAGES], st[NSTAGES], t, t4;
	size_t len, wlen, n1 = 0, n4 = 0, bytes = 0, i, j, k;
	char *whole;
	struct pic_cache_stats pcs;
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
	for (j = 0; j < NSTAGES; j++)
		stage[j] = xcalloc((size_t)phases * 4 + 1, sizeof *stage[j]);
	crypto_generichash_init(&h, NULL, 0, sizeof digest);
	for (ph = 0; ph < phases && r == 1; ph++) {
		if ((r = vfx_step(&x)) == -1)
			bench_die("bench-views", "step", NULL);
		t4 = bench_now();
		for (k = 0; k < 4; k++) {
			t = bench_now();
			mail = render_timed(&x, ts, k, st, &len);
			one[n1] = bench_now() - t;
			for (j = 0; j < NSTAGES; j++)
				stage[j][n1] = st[j];
			n1++;
			if (ph == 0) {	/* the stages make view_mail_render()'s bytes */
				vfx_facts(&x, k, 0, 1798800000, &f);
				vfx_ctx(k, x.R->seat_name(x.g, k), &ctx);
				if ((model = view_model_build(x.R, x.g, (int)k, &f,
				    &cause)) == NULL || (whole = view_mail_render(ts,
				    model, &ctx, &wlen, &cause)) == NULL)
					bench_die("bench-views", "render", cause);
				if (wlen != len || memcmp(whole, mail, len) != 0)
					bench_die("bench-views", "render",
					    "the stages differ from view_mail_render()");
				cJSON_Delete(model);
				free(whole);
			}
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
	printf("median stage of a view mail:");
	for (j = 0; j < NSTAGES; j++) {
		qsort(stage[j], n1, sizeof *stage[j], bench_cmp_double);
		printf(" %s %.3f ms%s", stage_name[j],
		    n1 ? stage[j][n1 / 2] * 1000 : 0.0, j + 1 < NSTAGES ? ";" : "\n");
		free(stage[j]);
	}
	pic_cache_usage(&pcs);
	printf("board strips: %zu drawn, %zu found kept; kept at the end: %zu "
	    "(%zu bytes)\n", pcs.misses, pcs.hits, pcs.entries, pcs.bytes);
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

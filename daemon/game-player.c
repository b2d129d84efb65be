/*
 * game-player.c — what a player's mail client does, for the demo, the
 * end-to-end tests and the benchmark: sign an orders block and mail it.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/game.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/test-seed.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/sig.h"

char *
game_orders_mail(const char *from, const char *to, const char *game,
    const char *seat, int turn, const char *phase, const char *orders,
    const unsigned char sk[64], const char *tag, int64_t date, size_t *len)
{
	struct strbuf block = STRBUF_INIT, mail = STRBUF_INIT;
	unsigned char nonce[16];
	char hex[33], when[64], *norm, *sig;
	const char *p, *host = strchr(from, '@');
	size_t nlen;
	struct tm tm;
	time_t t = (time_t)date;

	strbuf_addf(&block, "%s %s %d %s\n%s", game, seat, turn, phase, orders);
	test_seed_nonce(block.s, block.len, nonce, sizeof nonce);
	strbuf_reset(&block);
	sodium_bin2hex(hex, sizeof hex, nonce, sizeof nonce);
	strbuf_addf(&block, "%s\ngame: %s\nseat: %s\nturn: %d\nphase: %s\nnonce: %s\n\n",
	    ORDERS_BEGIN, game, seat, turn, phase, hex);
	strbuf_addstr(&block, orders[0] != '\0' ? orders : "pass\n");
	strbuf_addf(&block, "%s\n", ORDERS_END);
	norm = orders_normalise(block.s, block.len, &nlen);
	sig = sig_muthur_sign(sk, norm, nlen);
	gmtime_r(&t, &tm);
	strftime(when, sizeof when, "%a, %d %b %Y %H:%M:%S +0000", &tm);
	strbuf_addf(&mail, "From: %s\r\nTo: %s\r\nSubject: orders %s %s turn %d %s\r\n"
	    "Date: %s\r\nMessage-ID: <%s@%s>\r\nMIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n\r\n", from, to, game, seat, turn,
	    phase, when, tag, host != NULL ? host + 1 : "players.invalid");
	for (p = norm; *p != '\0'; p++) {
		if (*p == '\n')
			strbuf_addc(&mail, '\r');
		strbuf_addc(&mail, *p);
	}
	for (p = sig; *p != '\0'; p++) {
		if (*p == '\n')
			strbuf_addc(&mail, '\r');
		strbuf_addc(&mail, *p);
	}
	free(norm);
	free(sig);
	strbuf_free(&block);
	return strbuf_detach(&mail, len);
}

char *
game_ready_mail(const char *from, const char *to, const char *game, const char *seat,
    const unsigned char sk[64], const char *tag, int64_t date, size_t *len)
{
	return game_orders_mail(from, to, game, seat, 0, "setup", "ready\n", sk, tag,
	    date, len);
}

int
game_maildir_deliver(const char *dir, const char *mail, size_t len, char **cause)
{
	static unsigned long counter;
	unsigned char r[8];
	char rnd[17], *tmp, *fin;
	int rc;

	randombytes_buf(r, sizeof r);
	sodium_bin2hex(rnd, sizeof rnd, r, sizeof r);
	tmp = xasprintf("%s/tmp/%lld.M%luP%ldR%s.muthur", dir, (long long)time(NULL),
	    ++counter, (long)getpid(), rnd);
	fin = xasprintf("%s/new/%s", dir, strrchr(tmp, '/') + 1);
	rc = fs_write_file_excl(tmp, mail, len, 0600, cause);
	if (rc == 0 && rename(tmp, fin) == -1)
		rc = cause_set(cause, "rename %s: %s", fin, strerror(errno));
	free(tmp);
	free(fin);
	return rc;
}

char *
game_policy_orders(const struct rules *r, const struct rules_game *g, size_t seat)
{
	return r->demo_orders != NULL ? r->demo_orders(g, seat) : xstrdup("");
}

char *
game_policy_plan(const struct rules *r, const struct rules_game *g, size_t seat)
{
	char *orders = game_policy_orders(r, g, seat), *plan, *s;

	if (r->demo_plan == NULL)
		return orders;
	plan = r->demo_plan(g, seat);
	if (*plan == '\0') {
		free(plan);
		return orders;
	}
	/* an empty orders text passes: say so before the sections */
	s = xasprintf("%s%s", *orders != '\0' ? orders : "pass\n", plan);
	free(orders);
	free(plan);
	return s;
}

/*
 * pile.c — the small helpers every section of Legendary uses: piles, the
 * random streams, events, drawing cards. Calls no rule file.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

uint32_t
lg_hidden(struct rules_rng *rng, uint32_t bound)
{
	if (rng->hidden != NULL)
		return rng->hidden(rng->hidden_ctx, bound);
	return rng->uniform(rng->ctx, bound);
}

/* Every hidden ordering is drawn from the hidden stream (rules.h). */
void
lg_shuffle(struct lg_pile *p, struct rules_rng *rng)
{
	int i, j, t;

	for (i = p->n - 1; i > 0; i--) {
		j = (int)lg_hidden(rng, (uint32_t)i + 1);
		t = p->v[i];
		p->v[i] = p->v[j];
		p->v[j] = t;
	}
}

int
lg_pop(struct lg_pile *p)
{
	return p->n > 0 ? p->v[--p->n] : -1;
}

void
lg_push(struct lg_pile *p, int card)
{
	if (p->n < LG_PILE && card >= 0)
		p->v[p->n++] = card;
}

int
lg_remove_at(struct lg_pile *p, int i)
{
	int c = p->v[i];

	memmove(&p->v[i], &p->v[i + 1], (size_t)(p->n - i - 1) * sizeof p->v[0]);
	p->n--;
	return c;
}

int
lg_find(const struct lg_pile *p, int card)
{
	int i;

	for (i = 0; i < p->n; i++)
		if (p->v[i] == card)
			return i;
	return -1;
}

static void
event_add(struct rules_events *ev, enum rules_vis vis, int seat, const char *fmt,
    va_list ap)
{
	char *s;

	if (ev == NULL)
		return;
	s = xvasprintf(fmt, ap);
	rules_events_add(ev, vis, vis == RULES_VIS_SEATS ? (uint64_t)1 << seat : 0, s);
	free(s);
}

void
lg_event(struct rules_events *ev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	event_add(ev, RULES_VIS_PUBLIC, 0, fmt, ap);
	va_end(ap);
}

void
lg_event_seat(struct rules_events *ev, int seat, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	event_add(ev, RULES_VIS_SEATS, seat, fmt, ap);
	va_end(ap);
}

void
lg_draw(struct rules_game *g, int seat, int n, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct lg_seat *s = &g->s[seat];
	int i, c;

	for (i = 0; i < n; i++) {
		if (s->deck.n == 0) {
			if (s->discard.n == 0)
				break;
			s->deck = s->discard;
			s->discard.n = 0;
			lg_shuffle(&s->deck, rng);
			lg_event(ev, "{\"type\":\"legendary.reshuffle\",\"seat\":\"%s\"}", s->name);
		}
		c = lg_pop(&s->deck);
		lg_push(&s->hand, c);
		lg_event_seat(ev, seat, "{\"type\":\"legendary.drawn\",\"card\":\"%s\"}",
		    g->db->cards[c].slug);
	}
}

/*
 * game-views.c — the facts a seat's view is built from (daemon/view.h)
 * and the view mails that go to the outbox when a phase opens or the game
 * ends.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/game-int.h"
#include "daemon/view.h"
#include "lib/cause.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/orders.h"
#include "store/outbox.h"

const char *
game_mail_domain(const struct game_ctx *c)
{
	const char *at = strrchr(c->from, '@');

	return at != NULL ? at + 1 : c->from;
}

/* Everything the views of one moment share. */
struct view_src {
	struct store_phase	*phases;
	size_t			 nphases;
	const struct store_phase *cur;	/* the open phase, or the last one */
	struct store_event	*events;
	size_t			 nevents;
	size_t			 first;		/* first event to report */
	struct store_commitment	*coms;
	size_t			 ncoms;
	char			**missing;
	size_t			 nmissing;
	const char		**awaited;	/* missing, in play order */
	size_t			 nawaited;
	char			*server_key;
};

static void
src_free(struct view_src *v)
{
	store_phases_free(v->phases, v->nphases);
	store_events_free(v->events, v->nevents);
	store_commitments_free(v->coms, v->ncoms);
	store_names_free(v->missing, v->nmissing);
	free(v->awaited);
	free(v->server_key);
}

/*
 * Did phase ph (owed by some seat) open to the seats, so that views went
 * out with it? Not when plan sections filled every owing seat's orders at
 * its opening (game-plans.c): it then resolved in the same run, unseen.
 * 1 yes, 0 no, -1 with a reason.
 */
static int
phase_viewed(const struct game_ctx *c, const struct store_phase *ph, char **cause)
{
	struct store_order *ord = NULL;
	struct orders *o;
	size_t n = 0, i, planned = 0;
	char *why = NULL;

	if (store_orders_current(c->st, ph->id, &ord, &n, cause) == -1)
		return -1;
	for (i = 0; i < n; i++) {
		if ((o = orders_parse((const char *)ord[i].block, ord[i].block_len,
		    &why)) == NULL) {
			free(why);
			why = NULL;
			continue;
		}
		planned += strcmp(o->phase, ph->name) != 0;
		orders_free(o);
	}
	store_orders_free(ord, n);
	return planned < ph->nowing;
}

/*
 * Events since the seat's last view: views go out when a phase that some
 * seat owes opens to the seats (and when the game ends), so the last view
 * came with the latest earlier phase that had owing seats not all answered
 * by their plans; its events and all later ones are reported (every event
 * when there was none).
 */
static int
src_load(const struct game_ctx *c, struct game_live *l, struct view_src *v, char **cause)
{
	uint64_t from = 1;
	size_t i, j;
	int r, over = strcmp(l->game->status, GAME_FINISHED) == 0;

	memset(v, 0, sizeof *v);
	if (store_phases(c->st, l->game->id, &v->phases, &v->nphases, cause) == -1)
		return -1;
	if (v->nphases == 0)
		return cause_set(cause, "game %s has no phases", l->game->name);
	v->cur = &v->phases[v->nphases - 1];
	for (i = v->nphases; i-- > 0; ) {
		if (v->phases[i].nowing == 0 || (!over && &v->phases[i] == v->cur))
			continue;
		if ((r = phase_viewed(c, &v->phases[i], cause)) == -1)
			return -1;
		if (r == 1) {
			from = v->phases[i].seq;
			break;
		}
	}
	if (store_events(c->st, l->game->id, 1, &v->events, &v->nevents, cause) == -1 ||
	    store_commitments(c->st, l->game->id, &v->coms, &v->ncoms, cause) == -1)
		return -1;
	for (v->first = 0; v->first < v->nevents; v->first++)
		if (v->events[v->first].phase_seq >= from)
			break;
	if (v->cur->open && store_phase_missing(c->st, v->cur->id, &v->missing,
	    &v->nmissing, cause) == -1)
		return -1;
	v->awaited = xcalloc(v->nmissing + 1, sizeof *v->awaited);
	for (i = 0; i < l->rules->nseats(l->g); i++)
		for (j = 0; j < v->nmissing; j++)
			if (strcmp(l->rules->seat_name(l->g, i), v->missing[j]) == 0)
				v->awaited[v->nawaited++] = v->missing[j];
	v->server_key = key_public_format(l->game->server_pk, NULL);
	return 0;
}

static cJSON *
model_build(struct game_live *l, const struct view_src *v, const char *seat,
    char **cause)
{
	struct view_facts f;
	int idx = l->rules->seat_index(l->g, seat);
	size_t i;

	if (idx < 0) {
		cause_set(cause, "game %s has no seat %s", l->game->name, seat);
		return NULL;
	}
	memset(&f, 0, sizeof f);
	f.game = l->game->name;
	f.seat = l->rules->seat_name(l->g, (size_t)idx);
	f.phase_seq = v->cur->seq;
	f.deadline = v->cur->open ? v->cur->deadline : 0;
	f.awaited = v->awaited;
	f.nawaited = v->nawaited;
	f.events = v->events + v->first;
	f.nevents = v->nevents - v->first;
	for (i = 0; i < v->first; i++)
		f.seen_before += view_event_visible(v->events[i].visibility, f.seat) != 0;
	f.commitments = v->coms;
	f.ncommitments = v->ncoms;
	f.server_key = v->server_key;
	return view_model_build(l->rules, l->g, idx, &f, cause);
}

static const struct store_seat *
seat_find(const struct game_live *l, const char *name)
{
	size_t i;

	for (i = 0; i < l->nseats; i++)
		if (strcasecmp(l->seats[i].name, name) == 0)
			return &l->seats[i];
	return NULL;
}

static char *
mail_render(const struct game_ctx *c, struct game_live *l, const struct view_src *v,
    const struct store_seat *seat, const char *msgid, size_t *len, char **cause)
{
	struct view_mail_ctx ctx;
	cJSON *model;
	char *mail;

	if ((model = model_build(l, v, seat->name, cause)) == NULL)
		return NULL;
	memset(&ctx, 0, sizeof ctx);
	ctx.date = (time_t)c->now;
	ctx.message_id = msgid;
	ctx.from_addr = c->from;
	ctx.from_name = "muthur";
	ctx.to_addr = seat->email;
	mail = view_mail_render(c->tmpl, model, &ctx, len, cause);
	cJSON_Delete(model);
	return mail;
}

int
game_views_queue(const struct game_ctx *c, struct game_live *l, char **cause)
{
	struct view_src v;
	char *key, *msgid, *mail;
	size_t i, len;
	int rc = 0;

	if (src_load(c, l, &v, cause) == -1) {
		src_free(&v);
		return -1;
	}
	for (i = 0; i < l->nseats && rc == 0; i++) {
		if (v.cur->open)
			key = xasprintf("view/%s/%llu/%s", l->game->name,
			    (unsigned long long)v.cur->seq, l->seats[i].name);
		else
			key = xasprintf("end/%s/%s", l->game->name, l->seats[i].name);
		msgid = outbox_message_id(key, game_mail_domain(c));
		mail = mail_render(c, l, &v, &l->seats[i], msgid, &len, cause);
		if (mail == NULL)
			rc = -1;
		else
			rc = store_outbox_add(c->st, l->game->id, key, msgid,
			    l->seats[i].email, mail, len, c->now, NULL, cause);
		free(mail);
		free(msgid);
		free(key);
	}
	src_free(&v);
	return rc;
}

int
game_view_queue_seat(const struct game_ctx *c, struct game_live *l, const char *seat,
    const char *key, char **cause)
{
	const struct store_seat *s = seat_find(l, seat);
	struct view_src v;
	char *msgid, *mail = NULL;
	size_t len;
	int rc = -1;

	if (s == NULL)
		return cause_set(cause, "game %s has no seat %s", l->game->name, seat);
	if (src_load(c, l, &v, cause) == 0) {
		msgid = outbox_message_id(key, game_mail_domain(c));
		if ((mail = mail_render(c, l, &v, s, msgid, &len, cause)) != NULL)
			rc = store_outbox_add(c->st, l->game->id, key, msgid, s->email,
			    mail, len, c->now, NULL, cause);
		free(mail);
		free(msgid);
	}
	src_free(&v);
	return rc;
}

cJSON *
game_view_model(const struct game_ctx *c, struct game_live *l, const char *seat,
    char **cause)
{
	struct view_src v;
	cJSON *model = NULL;

	if (l->g == NULL) {
		cause_set(cause, "game %s has not started", l->game->name);
		return NULL;
	}
	if (src_load(c, l, &v, cause) == 0)
		model = model_build(l, &v, seat, cause);
	src_free(&v);
	return model;
}

char *
game_view_mail(const struct game_ctx *c, struct game_live *l, const char *seat,
    size_t *len, char **cause)
{
	const struct store_seat *s;
	struct view_src v;
	char *key, *msgid, *mail = NULL;

	if (l->g == NULL) {
		cause_set(cause, "game %s has not started", l->game->name);
		return NULL;
	}
	if ((s = seat_find(l, seat)) == NULL) {
		cause_set(cause, "game %s has no seat %s", l->game->name, seat);
		return NULL;
	}
	if (src_load(c, l, &v, cause) == 0) {
		key = xasprintf("show/%s/%llu/%s", l->game->name,
		    (unsigned long long)v.cur->seq, s->name);
		msgid = outbox_message_id(key, game_mail_domain(c));
		mail = mail_render(c, l, &v, s, msgid, len, cause);
		free(msgid);
		free(key);
	}
	src_free(&v);
	return mail;
}

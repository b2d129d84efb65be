/*
 * game-views.c — the facts a seat's view is built from (daemon/view.h)
 * and the view mails that go to the outbox when a phase opens or the game
 * ends.
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/game-int.h"
#include "daemon/phase-resolve.h"
#include "daemon/view.h"
#include "lib/cause.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "store/commitments.h"
#include "store/deadlines.h"
#include "store/events.h"
#include "store/orders.h"
#include "store/outbox.h"

/*
 * Everything the views of one moment share: read through the store's
 * indexes, the rows of the phases since the last view, never the whole
 * log (issue 28), so that a phase costs the same late in a game as early.
 */
struct view_src {
	struct store_phase	*cur;	/* the open phase, or the last one */
	struct store_event	*events;	/* from the first event of phase */
	size_t			 nevents;	/* loaded_from on, or all of */
	uint64_t		 loaded_from;	/* them when 0 */
	uint64_t		 from;		/* the phase of the last view */
	struct store_commitment	*coms;		/* store_commitments_current() */
	size_t			 ncoms;		/* for the events loaded */
	char			**missing;
	size_t			 nmissing;
	const char		**awaited;	/* missing, in play order */
	size_t			 nawaited;
	int			 held;		/* the open phase is held (NMR hold) */
	char			*server_key;
	char			**sent;		/* seats whose player has given
						   orders */
	size_t			 nsent;
};

static void
src_free(struct view_src *v)
{
	store_phase_free(v->cur);
	store_events_free(v->events, v->nevents);
	store_commitments_free(v->coms, v->ncoms);
	store_names_free(v->missing, v->nmissing);
	store_names_free(v->sent, v->nsent);
	free(v->awaited);
	free(v->server_key);
}

/*
 * Load the events from the first one of phase from on (every event when
 * from is 0), and the commitments their views show, unless those loaded
 * already hold them.
 */
static int
src_events(const struct game_ctx *c, struct game_live *l, struct view_src *v,
    uint64_t from, char **cause)
{
	uint64_t since = UINT64_MAX;
	size_t i;

	if (v->events != NULL && v->loaded_from <= from)
		return 0;
	store_events_free(v->events, v->nevents);
	store_commitments_free(v->coms, v->ncoms);
	v->events = NULL;
	v->coms = NULL;
	v->nevents = v->ncoms = 0;
	if ((from == 0 ? store_events(c->st, l->game->id, 1, &v->events, &v->nevents,
	    cause) : store_events_of_phases(c->st, l->game->id, from, &v->events,
	    &v->nevents, cause)) == -1)
		return -1;
	if (v->events == NULL)
		v->events = xcalloc(1, sizeof *v->events);	/* loaded, none */
	v->loaded_from = from;
	for (i = 0; i < v->nevents; i++)
		if (v->events[i].phase_seq < since)
			since = v->events[i].phase_seq;
	return store_commitments_current(c->st, l->game->id, v->cur->seq, since,
	    &v->coms, &v->ncoms, cause);
}

/* The first loaded event at or after phase seq from (0: the first one). */
static size_t
src_index(const struct view_src *v, uint64_t from)
{
	size_t i;

	for (i = 0; from > 0 && i < v->nevents; i++)
		if (v->events[i].phase_seq >= from)
			break;
	return from > 0 ? i : 0;
}

/*
 * The first event at or after phase seq from (0: the first event), the
 * events loaded from there if they were not; v->nevents when there is
 * none. -1 with a reason.
 */
static int
src_first(const struct game_ctx *c, struct game_live *l, struct view_src *v,
    uint64_t from, size_t *first, char **cause)
{
	if (src_events(c, l, v, from, cause) == -1)
		return -1;
	*first = src_index(v, from);
	return 0;
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
		planned += strcmp(o->phase, ph->name) != 0 ||	/* or a pass the */
		    strcmp(ord[i].sig_type, PHASE_SERVER_ORDER) == 0;	/* server entered */
		orders_free(o);
	}
	store_orders_free(ord, n);
	return planned < ph->nowing;
}

/*
 * Drop from v->sent the seats whose player changed (the last seat.replaced
 * event of each) and whose new player has mailed no orders since: a new
 * player of a seat is told how to sign like the seat's first one.
 */
static int
src_sent_by_player(const struct game_ctx *c, struct game_live *l, struct view_src *v,
    char **cause)
{
	struct store_event *rep = NULL;
	const struct store_event *e;
	const cJSON *seat, *before;
	cJSON *p;
	size_t i, k, j, nrep = 0;
	int r;

	if (v->nsent > 0 && store_events_of_type(c->st, l->game->id, "seat.replaced",
	    &rep, &nrep, cause) == -1)
		return -1;
	for (i = v->nsent; i-- > 0; ) {
		e = NULL;
		before = NULL;
		p = NULL;
		for (k = nrep; k-- > 0 && e == NULL; ) {
			cJSON_Delete(p);
			p = cJSON_Parse((const char *)rep[k].payload);
			seat = cJSON_GetObjectItemCaseSensitive(p, "seat");
			if (cJSON_IsString(seat) && strcmp(seat->valuestring, v->sent[i]) == 0)
				e = &rep[k];
		}
		before = cJSON_GetObjectItemCaseSensitive(p, "orders_before");
		r = 1;
		for (j = 0; e != NULL && j < l->nseats; j++)
			if (strcmp(l->seats[j].name, v->sent[i]) == 0)
				r = store_seat_mailed_since(c->st, l->seats[j].id, e->phase_seq,
				    cJSON_IsNumber(before) && before->valuedouble > 0 ?
				    (uint64_t)before->valuedouble : 0, cause);
		cJSON_Delete(p);
		if (r == -1) {
			store_events_free(rep, nrep);
			return -1;
		}
		if (r == 0) {
			free(v->sent[i]);
			memmove(&v->sent[i], &v->sent[i + 1],
			    (v->nsent - i - 1) * sizeof *v->sent);
			v->nsent--;
		}
	}
	store_events_free(rep, nrep);
	return 0;
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
	struct store_phase *ph;
	uint64_t from = 1, seq;
	size_t i, j;
	int r, marks = 0, over = strcmp(l->game->status, GAME_FINISHED) == 0;

	memset(v, 0, sizeof *v);
	if ((v->cur = store_phase_last(c->st, l->game->id, cause)) == NULL)
		return -1;
	/* the phases from the last one back to the last viewed */
	for (seq = v->cur->seq; seq > 0; seq--) {
		if (seq == v->cur->seq)
			ph = v->cur;
		else if ((ph = store_phase_get_seq(c->st, l->game->id, seq, cause)) == NULL)
			return -1;
		r = 0;
		if (ph->nowing > 0 && (over || ph != v->cur))
			r = phase_viewed(c, ph, cause);
		if (ph != v->cur)
			store_phase_free(ph);
		if (r == -1)
			return -1;
		if (r == 1) {
			from = seq;
			break;
		}
	}
	if (src_events(c, l, v, from, cause) == -1 ||
	    store_seats_with_orders(c->st, l->game->id, &v->sent, &v->nsent, cause) == -1 ||
	    src_sent_by_player(c, l, v, cause) == -1)
		return -1;
	v->from = from;
	if (v->cur->open && (store_phase_missing(c->st, v->cur->id, &v->missing,
	    &v->nmissing, cause) == -1 || store_phase_marks(c->st, v->cur->id, &marks,
	    cause) == -1))
		return -1;
	v->held = v->cur->open && (marks & CLOCK_HELD) != 0;
	v->awaited = xcalloc(v->nmissing + 1, sizeof *v->awaited);
	for (i = 0; i < l->rules->nseats(l->g); i++)
		for (j = 0; j < v->nmissing; j++)
			if (strcmp(l->rules->seat_name(l->g, i), v->missing[j]) == 0)
				v->awaited[v->nawaited++] = v->missing[j];
	v->server_key = key_public_format(l->game->server_pk, NULL);
	return 0;
}

/* The seat's view model, reporting the events from v->events[first]. */
static cJSON *
model_build_from(const struct game_ctx *c, struct game_live *l,
    const struct view_src *v, const char *seat, size_t first, const char *notes,
    char **cause)
{
	struct view_facts f;
	int idx = l->rules->seat_index(l->g, seat);
	uint64_t seen;
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
	f.held = v->held;
	f.awaited = v->awaited;
	f.nawaited = v->nawaited;
	f.events = v->events + first;
	f.nevents = v->nevents - first;
	/* those it may see of the game, less those reported */
	if (store_events_seen(c->st, l->game->id, f.seat, &seen, cause) == -1)
		return NULL;
	for (i = first; i < v->nevents; i++)
		seen -= view_event_visible(v->events[i].visibility, f.seat) != 0;
	f.seen_before = seen;
	f.commitments = v->coms;
	f.ncommitments = v->ncoms;
	f.since_phase = v->from;
	f.server_key = v->server_key;
	f.notes = notes;
	f.novice = 1;
	for (i = 0; i < v->nsent; i++)
		if (strcmp(v->sent[i], f.seat) == 0)
			f.novice = 0;
	return view_model_build(l->rules, l->g, idx, &f, cause);
}

static cJSON *
model_build(const struct game_ctx *c, struct game_live *l, const struct view_src *v,
    const char *seat, char **cause)
{
	return model_build_from(c, l, v, seat, src_index(v, v->from), NULL, cause);
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

/* The mail of a model (freed). */
static char *
model_mail(const struct game_ctx *c, cJSON *model, const struct store_seat *seat,
    const char *msgid, size_t *len, char **cause)
{
	struct view_mail_ctx ctx;
	char *mail;

	memset(&ctx, 0, sizeof ctx);
	ctx.date = (time_t)c->now;
	ctx.message_id = msgid;
	ctx.from_addr = c->from;
	ctx.from_name = "muthur";
	ctx.to_addr = seat->email;
	mail = view_mail_render_take(c->tmpl, model, &ctx, len, cause);
	return mail;
}

static char *
mail_render(const struct game_ctx *c, struct game_live *l, const struct view_src *v,
    const struct store_seat *seat, const char *msgid, size_t *len, char **cause)
{
	cJSON *model;

	if ((model = model_build(c, l, v, seat->name, cause)) == NULL)
		return NULL;
	return model_mail(c, model, seat, msgid, len, cause);
}

/* Is seat awaited in the open phase (its orders not in)? */
static int
src_awaits(const struct view_src *v, const char *seat)
{
	size_t i;

	for (i = 0; i < v->nawaited; i++)
		if (strcasecmp(v->awaited[i], seat) == 0)
			return 1;
	return 0;
}

/* A view mail to queue: decided and modelled in seat order, rendered on
 * either thread (render_jobs()), stored in seat order again. */
struct view_job {
	const struct store_seat	*seat;
	cJSON			*model;		/* freed once rendered */
	char			*key, *msgid, *mail, *cause;
	size_t			 len;
	int			 rep, first_turn, ended;
	int			 noted;		/* carries the seat's notes */
	enum views_mode		 mode;
};

static void
job_clear(struct view_job *j)
{
	cJSON_Delete(j->model);
	free(j->key);
	free(j->msgid);
	free(j->mail);
	free(j->cause);
}

/*
 * What seat is sent now (daemon/turn-report.c): with `set views due` (the
 * default) a view when it owes orders, and one turn report of the turns
 * ended since its last: with its first view of the next turn, or alone
 * when that turn ends too without one; with `every` a view each time;
 * with `digest` at most one a day. 1 with *j filled (its model built), 0
 * nothing to send, -1 with a reason.
 */
static int
seat_prepare(const struct game_ctx *c, struct game_live *l, struct view_src *v,
    const struct store_seat *seat, struct view_job *j, char **cause)
{
	enum views_mode mode;
	int over = !v->cur->open, ended = over ? v->cur->turn : v->cur->turn - 1;
	int want, rep, first_turn = 0, rc;
	char *notes = NULL;
	uint64_t from;
	size_t first = src_index(v, v->from);

	memset(j, 0, sizeof *j);
	if (turn_views_mode(c, seat, &mode, cause) == -1 ||
	    (want = turn_view_wanted(c, seat, mode, src_awaits(v, seat->name), over,
	    cause)) == -1 ||
	    (rep = turn_reports_due(c, seat, mode, ended, &first_turn, &from,
	    cause)) == -1)
		return -1;
	/* a report waits for the seat's first view of the next turn, one
	 * turn at most: then it goes alone */
	if (rep && !want && !over && first_turn == ended)
		rep = 0;
	if (!want && !rep)
		return 0;
	if (rep) {
		if (src_first(c, l, v, from, &first, cause) == -1)
			return -1;
	} else if ((rc = turn_view_since(c, seat, &from, cause)) == -1)
		return -1;
	else if (mode != VIEWS_EVERY &&	/* since its last view, or the start */
	    src_first(c, l, v, rc == 1 ? from : 0, &first, cause) == -1)
		return -1;
	if (over)
		j->key = xasprintf("end/%s/%s", l->game->name, seat->name);
	else if (rep)
		j->key = xasprintf("report/%s/%d/%s", l->game->name, ended, seat->name);
	else
		j->key = xasprintf("view/%s/%llu/%s", l->game->name,
		    (unsigned long long)v->cur->seq, seat->name);
	j->msgid = outbox_message_id(j->key, game_mail_domain(c));
	j->seat = seat;
	j->rep = rep;
	j->first_turn = first_turn;
	j->ended = ended;
	j->mode = mode;
	if ((j->noted = seat_notes_get(c, seat->id, &notes, cause)) == -1 ||
	    (j->model = model_build_from(c, l, v, seat->name, first, notes,
	    cause)) == NULL) {
		free(notes);
		job_clear(j);
		return -1;
	}
	free(notes);
	if (rep)
		turn_report_mark(j->model, first_turn, ended);
	return 1;
}

/* Render job j's mail (any thread: the model, templates and rules only). */
static void
job_render(const struct game_ctx *c, struct view_job *j)
{
	struct view_mail_ctx ctx;

	memset(&ctx, 0, sizeof ctx);
	ctx.date = (time_t)c->now;
	ctx.message_id = j->msgid;
	ctx.from_addr = c->from;
	ctx.from_name = "muthur";
	ctx.to_addr = j->seat->email;
	j->mail = view_mail_render_take(c->tmpl, j->model, &ctx, &j->len, &j->cause);
	j->model = NULL;
}

/*
 * The jobs rendered by two threads, each taking the next job not yet
 * taken: the mails of a phase (four boards to draw and deflate) in about
 * half the time on two cores. Each mail is a function of its job alone,
 * so the bytes are the same whichever thread renders it.
 */
struct render_pool {
	const struct game_ctx	*c;
	struct view_job		*jobs;
	size_t			 n, next;
	pthread_mutex_t		 mu;
};

static void *
render_run(void *arg)
{
	struct render_pool *p = arg;
	size_t i;

	for (;;) {
		pthread_mutex_lock(&p->mu);
		i = p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->n)
			return NULL;
		job_render(p->c, &p->jobs[i]);
	}
}

static void
render_jobs(const struct game_ctx *c, struct view_job *jobs, size_t n)
{
	struct render_pool p;
	pthread_t t;
	int threaded;
	size_t i;

	if (n < 2) {
		for (i = 0; i < n; i++)
			job_render(c, &jobs[i]);
		return;
	}
	p.c = c;
	p.jobs = jobs;
	p.n = n;
	p.next = 0;
	pthread_mutex_init(&p.mu, NULL);
	threaded = pthread_create(&t, NULL, render_run, &p) == 0;
	render_run(&p);
	if (threaded)
		pthread_join(t, NULL);
	pthread_mutex_destroy(&p.mu);
}

/* Queue job j's rendered mail and note it sent. */
static int
job_store(const struct game_ctx *c, struct game_live *l, const struct view_src *v,
    struct view_job *j, char **cause)
{
	int rc;

	if (j->mail == NULL) {
		if (cause != NULL) {
			*cause = j->cause;
			j->cause = NULL;
		}
		return -1;
	}
	rc = store_outbox_add(c->st, l->game->id, j->key, j->msgid, j->seat->email,
	    j->mail, j->len, c->now, NULL, cause);
	if (rc == 0)
		rc = turn_view_sent(c, j->seat, j->mode, v->cur->seq, cause);
	if (rc == 0 && j->rep)
		rc = turn_report_sent(c, j->seat, j->ended, v->cur->seq, cause);
	if (rc == 0 && j->noted)
		rc = seat_notes_clear(c, j->seat->id, cause);
	return rc;
}

int
game_views_queue(const struct game_ctx *c, struct game_live *l, char **cause)
{
	struct view_src v;
	struct view_job *jobs;
	size_t i, n = 0;
	int rc = 0, r;

	if (src_load(c, l, &v, cause) == -1) {
		src_free(&v);
		return -1;
	}
	/* what each seat is sent, in seat order (each seat's settings are its
	 * own: one seat's choice reads nothing another's storing writes) */
	jobs = xcalloc(l->nseats + 1, sizeof *jobs);
	for (i = 0; i < l->nseats && rc == 0; i++)
		if ((r = seat_prepare(c, l, &v, &l->seats[i], &jobs[n], cause)) == -1)
			rc = -1;
		else
			n += r == 1;
	if (rc == 0)
		render_jobs(c, jobs, n);
	for (i = 0; i < n && rc == 0; i++)
		rc = job_store(c, l, &v, &jobs[i], cause);
	for (i = 0; i < n; i++)
		job_clear(&jobs[i]);
	free(jobs);
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
		model = model_build(c, l, &v, seat, cause);
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

	if (l->g == NULL)	/* started, not dealt: its ready block */
		return game_ready_show(c, l, seat, len, cause);
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

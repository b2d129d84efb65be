/*
 * cmd-view.c — `muthur view ARCHIVE > game.html`: one self-contained page
 * (no network: its CSS and JavaScript are templates/archive-view.html,
 * written for muthur) to look at an archived game.
 *
 * The page holds the game's header (rules, seats, status, result) and the
 * audit of the archive made here and now (daemon/audit.h), then one step
 * per phase of the archive: the board after that phase, drawn as SVG by
 * the game's picture() (or, for a game without one, shown as the view
 * mails' text of its table) from the view of each perspective (a spectator
 * and, once the game is over, every seat: what that seat saw then, with
 * its hand), the events of the phase that perspective could see as the
 * view mails word them, the phase's seed commitment and its opening, and
 * every commitment of the game linked to the phase and event that opened
 * it. The boards come from the auditor's replay, so a spectator archive
 * (a game still running: no decklists, no shuffle seed yet) shows its
 * public events, commitments and seeds without boards, and says why.
 *
 * The data goes into the page as one JSON object (the "<" of every
 * string escaped, so no text can end the script element); identical
 * boards are stored once.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/audit.h"
#include "daemon/cli.h"
#include "daemon/view.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/rules.h"
#include "store/archive.h"
#include "templates/tmpl.h"

#define PAGE_FILE	"archive-view.html"
#define PAGE_MARK	"<!-- muthur: game data -->"
#define PAGE_MAX	(256 * 1024)

struct viewer {
	const struct archive	*a;
	size_t			 npersp;	/* 1 + seats once replayed */
	char			**persp;	/* "spectator", seat names */
	char			**svgs;		/* distinct boards */
	size_t			 nsvgs;
	cJSON			**boards;	/* per phase: [svg index per persp] */
	cJSON			**hands;	/* per phase: [hand text per persp] */
	char			**texts;	/* per archive event: its sentence, or NULL */
	char			*result;	/* of the last state replayed */
	char			*failed;	/* why a board could not be drawn */
};

/*
 * The index of a board in the page's list, stored once. Its first text
 * (the picture's title: turn, phase, reader) goes, since the page says
 * that above the board, so that the boards of phases that changed nothing
 * on it are one.
 */
static int
svg_index(struct viewer *v, char *svg)
{
	char *t = strstr(svg, "<text "), *e = t != NULL ? strstr(t, "</text>\n") : NULL;
	size_t i;

	if (e != NULL)
		memmove(t, e + 8, strlen(e + 8) + 1);

	for (i = 0; i < v->nsvgs; i++)
		if (strcmp(v->svgs[i], svg) == 0) {
			free(svg);
			return (int)i;
		}
	v->svgs = xreallocarray(v->svgs, v->nsvgs + 1, sizeof *v->svgs);
	v->svgs[v->nsvgs] = svg;
	return (int)v->nsvgs++;
}

/*
 * The result of the game g: "not over"; "over: 1. marines, 2. aliens, ...";
 * "over: blue and red won together" when every seat came first (a
 * cooperative game won); "over, without a winner" when nobody placed.
 */
static char *
result_text(const struct rules *R, const struct rules_game *g)
{
	struct rules_result res;
	struct strbuf sb = STRBUF_INIT;
	size_t i, k = 0, firsts = 0;
	int place;

	R->result(g, &res);
	for (i = 0; i < res.nseats; i++)
		firsts += res.place != NULL && res.place[i] == 1;
	if (!res.over)
		strbuf_addstr(&sb, "not over");
	else if (res.winner >= 0 && firsts > 1 && firsts == res.nseats) {
		strbuf_addstr(&sb, "over: ");
		for (i = 0; i < res.nseats; i++)
			strbuf_add_listed(&sb, k++, firsts, R->seat_name(g, i));
		strbuf_addstr(&sb, " won together");
	} else {
		strbuf_addstr(&sb, "over");
		for (place = 1; place <= (int)res.nseats && res.place != NULL; place++)
			for (i = 0; i < res.nseats; i++)
				if (res.place[i] == place)
					strbuf_addf(&sb, "%s%d. %s", k++ == 0 ? ": " : ", ",
					    place, R->seat_name(g, i));
		if (k == 0)
			strbuf_addstr(&sb, ", without a winner");
	}
	rules_result_free(&res);
	return strbuf_detach(&sb, NULL);
}

/*
 * The sentences of the events of phase index pi, as the view mails word
 * them (the game's events_text, with the names of its data), each event
 * alone: a perspective may see some of a phase's events and not others,
 * so none is told inside another's sentence here.
 */
static void
phase_texts(struct viewer *v, const struct rules *R, const struct rules_game *g,
    const void *data, size_t pi)
{
	const struct archive *a = v->a;
	cJSON *one, *texts;
	const cJSON *t;
	size_t i;

	if (v->texts == NULL || pi >= a->nphases || (g != NULL ? R->events_text == NULL :
	    data == NULL || R->data_events_text == NULL))
		return;
	for (i = 0; i < a->nevents; i++) {
		const struct archive_event *e = &a->events[i];

		if (e->phase != a->phases[pi].seq || v->texts[i] != NULL)
			continue;
		one = cJSON_CreateArray();
		cJSON_AddItemToArray(one, cJSON_ParseWithLength(e->payload, e->payload_len));
		if (cJSON_IsObject(cJSON_GetArrayItem(one, 0)) && (texts = g != NULL ?
		    R->events_text(g, one) : R->data_events_text(data, one)) != NULL) {
			t = cJSON_GetArrayItem(texts, 0);
			if (cJSON_IsString(t) && t->valuestring[0] != '\0')
				v->texts[i] = xstrdup(t->valuestring);
			cJSON_Delete(texts);
		}
		cJSON_Delete(one);
	}
}

/*
 * The sentences of an archive that was not replayed (a running game's
 * spectator archive): from its component data alone.
 */
static void
archive_texts(struct viewer *v)
{
	const struct rules *R = rules_find(v->a->rules);
	void *data;
	char *cause = NULL;
	size_t pi;

	if (R == NULL || R->data_events_text == NULL)
		return;
	if ((data = audit_data_load(R, v->a, &cause)) == NULL) {
		free(cause);	/* the audit in the page says what is wrong */
		return;
	}
	for (pi = 0; pi < v->a->nphases; pi++)
		phase_texts(v, R, NULL, data, pi);
	R->data_free(data);
}

/*
 * The board of a game that draws no picture (Legendary: a table of cards):
 * the perspective's view text, as the view mails show it, in a <pre>; its
 * index in the page's list of boards, or -1.
 */
static int
text_board(struct viewer *v, const struct rules *R, const cJSON *rv, const char *seat)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *vt = R->view_text(rv, seat);
	const char *t = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(vt, "text"));

	if (t == NULL || *t == '\0') {
		cJSON_Delete(vt);
		return -1;
	}
	strbuf_addstr(&sb, "<pre class=\"table\">");
	for (; *t != '\0'; t++)
		if (*t == '<')
			strbuf_addstr(&sb, "&lt;");
		else if (*t == '>')
			strbuf_addstr(&sb, "&gt;");
		else if (*t == '&')
			strbuf_addstr(&sb, "&amp;");
		else
			strbuf_addc(&sb, *t);
	strbuf_addstr(&sb, "</pre>");
	cJSON_Delete(vt);
	return svg_index(v, strbuf_detach(&sb, NULL));
}

/* audit_step_fn: the boards and hands of every perspective after phase. */
static void
step(void *arg, const struct rules *R, const struct rules_game *g, size_t phase)
{
	struct viewer *v = arg;
	cJSON *b = cJSON_CreateArray(), *h = cJSON_CreateArray();
	size_t p;

	if (v->persp == NULL) {
		v->npersp = 1 + R->nseats(g);
		v->persp = xcalloc(v->npersp, sizeof *v->persp);
		v->persp[0] = xstrdup("spectator");
		for (p = 1; p < v->npersp; p++)
			v->persp[p] = xstrdup(R->seat_name(g, p - 1));
	}
	for (p = 0; p < v->npersp; p++) {
		int seat = (int)p - 1;
		cJSON *rv = R->view(g, seat), *c;
		struct strbuf hand = STRBUF_INIT;
		char *svg = NULL, *cause = NULL;
		size_t len;

		if (R->picture == NULL && R->view_text != NULL)
			cJSON_AddItemToArray(b, cJSON_CreateNumber(text_board(v, R, rv,
			    seat >= 0 ? v->persp[p] : "")));
		else if (R->picture == NULL)
			cJSON_AddItemToArray(b, cJSON_CreateNumber(-1));
		else if (R->picture(rv, seat >= 0 ? v->persp[p] : NULL,
		    RULES_PICTURE_SVG, &svg, &len, &cause) == 0)
			cJSON_AddItemToArray(b, cJSON_CreateNumber(svg_index(v, svg)));
		else {
			cJSON_AddItemToArray(b, cJSON_CreateNumber(-1));
			if (v->failed == NULL)
				v->failed = cause;
			else
				free(cause);
		}
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(rv, "hand"))
			if (cJSON_IsString(c))
				strbuf_addf(&hand, "%s%s", hand.len ? ", " : "",
				    c->valuestring);
		cJSON_AddItemToArray(h, seat < 0 ? cJSON_CreateNull() :
		    cJSON_CreateString(hand.len ? strbuf_str(&hand) : "(none)"));
		strbuf_free(&hand);
		cJSON_Delete(rv);
	}
	cJSON_Delete(v->boards[phase]);
	cJSON_Delete(v->hands[phase]);
	v->boards[phase] = b;
	v->hands[phase] = h;
	free(v->result);
	v->result = result_text(R, g);
	phase_texts(v, R, g, NULL, phase);
}

static char *
hex(const unsigned char *p, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%02x", p[i]);
	return strbuf_detach(&sb, NULL);
}

static void
add_hex(cJSON *o, const char *k, const unsigned char *p, size_t n)
{
	char *h = hex(p, n);

	cJSON_AddStringToObject(o, k, h);
	free(h);
}

/* Is it printable ASCII text (shown as it is), or bytes (shown in hex)? */
static int
printable(const unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((p[i] < 0x20 && p[i] != '\n' && p[i] != '\t') || p[i] >= 0x7f)
			return 0;
	return 1;
}

/* The index of the phase of seq, or -1. */
static int
phase_index(const struct archive *a, uint64_t seq)
{
	size_t i;

	for (i = 0; i < a->nphases; i++)
		if (a->phases[i].seq == seq)
			return (int)i;
	return -1;
}

static cJSON *
commitments_json(const struct archive *a)
{
	cJSON *arr = cJSON_CreateArray(), *o;
	size_t i;

	for (i = 0; i < a->ncommitments; i++) {
		const struct archive_commitment *c = &a->commitments[i];

		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "domain", c->domain);
		cJSON_AddStringToObject(o, "id", c->secret_id);
		cJSON_AddNumberToObject(o, "made", phase_index(a, c->created_phase));
		add_hex(o, "c", c->c, sizeof c->c);
		if (c->opened) {
			cJSON_AddNumberToObject(o, "opened",
			    phase_index(a, c->revealed_phase));
			if (printable(c->secret, c->secret_len)) {
				char *t = xasprintf("%.*s", (int)c->secret_len,
				    (const char *)c->secret);

				cJSON_AddStringToObject(o, "secret", t);
				free(t);
			} else
				add_hex(o, "secret_hex", c->secret, c->secret_len);
			add_hex(o, "nonce", c->nonce, sizeof c->nonce);
		}
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

/*
 * The commitments an event opened: for each id of its "opens", the
 * commitments of that secret ("ID@STEP") opened in the event's phase.
 */
static cJSON *
openings_of(const struct archive *a, const cJSON *payload, uint64_t phase)
{
	cJSON *arr = cJSON_CreateArray();
	const cJSON *id;
	size_t i, n;

	cJSON_ArrayForEach(id, cJSON_GetObjectItemCaseSensitive(payload, "opens")) {
		if (!cJSON_IsString(id))
			continue;
		n = strlen(id->valuestring);
		for (i = 0; i < a->ncommitments; i++) {
			const struct archive_commitment *c = &a->commitments[i];

			if (c->opened && c->revealed_phase == phase &&
			    strncmp(c->secret_id, id->valuestring, n) == 0 &&
			    (c->secret_id[n] == '\0' || c->secret_id[n] == '@'))
				cJSON_AddItemToArray(arr, cJSON_CreateNumber((double)i));
		}
	}
	return arr;
}

/* The events of phase index pi, with who may see each (bit p: persp p). */
static cJSON *
events_json(const struct viewer *v, size_t pi)
{
	const struct archive *a = v->a;
	cJSON *arr = cJSON_CreateArray(), *o, *payload;
	size_t i, p;

	for (i = 0; i < a->nevents; i++) {
		const struct archive_event *e = &a->events[i];
		double seen = 0, bit = 1;
		char *text;

		if (e->phase != a->phases[pi].seq)
			continue;
		payload = cJSON_ParseWithLength(e->payload, e->payload_len);
		o = cJSON_CreateObject();
		cJSON_AddNumberToObject(o, "seq", (double)e->seq);
		cJSON_AddStringToObject(o, "type", e->type);
		text = v->texts != NULL && v->texts[i] != NULL ? xstrdup(v->texts[i]) :
		    cJSON_IsObject(payload) ? view_event_text(payload) : xstrdup(e->type);
		cJSON_AddStringToObject(o, "text", text);
		free(text);
		cJSON_AddStringToObject(o, "vis", e->visibility);
		/* perspective 0 is a spectator: public events only */
		for (p = 0; p < (v->npersp ? v->npersp : 1); p++, bit *= 2)
			if (strcmp(e->visibility, "all") == 0 ||
			    (p > 0 && view_event_visible(e->visibility, v->persp[p])))
				seen += bit;
		cJSON_AddNumberToObject(o, "seen", seen);
		cJSON_AddItemToObject(o, "opens", openings_of(a, payload, e->phase));
		cJSON_Delete(payload);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

/* The seed commitment of phase index pi ("phase-SEQ"), or -1. */
static int
seed_of(const struct archive *a, size_t pi)
{
	char id[40];
	size_t i;

	snprintf(id, sizeof id, "phase-%llu", (unsigned long long)a->phases[pi].seq);
	for (i = 0; i < a->ncommitments; i++)
		if (strcmp(a->commitments[i].domain, "muthur.seed") == 0 &&
		    strcmp(a->commitments[i].secret_id, id) == 0)
			return (int)i;
	return -1;
}

static cJSON *
header_json(const struct viewer *v, const struct audit_report *r)
{
	const struct archive *a = v->a;
	cJSON *h = cJSON_CreateObject(), *seats, *o;
	char *text = NULL;
	size_t i, len = 0;
	FILE *f;

	cJSON_AddStringToObject(h, "game", a->game);
	cJSON_AddStringToObject(h, "rules", a->rules);
	cJSON_AddStringToObject(h, "rules_version", a->rules_version);
	cJSON_AddStringToObject(h, "scenario", a->scenario);
	cJSON_AddStringToObject(h, "status", a->status);
	cJSON_AddStringToObject(h, "scope", archive_scope_name(a->scope));
	seats = cJSON_AddArrayToObject(h, "seats");
	for (i = 0; i < a->nseats; i++) {
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "name", a->seats[i].name);
		cJSON_AddStringToObject(o, "faction", a->seats[i].faction);
		cJSON_AddStringToObject(o, "key_type", a->seats[i].key_type);
		cJSON_AddItemToArray(seats, o);
	}
	cJSON_AddStringToObject(h, "result", v->result != NULL ? v->result :
	    "not known from this archive (no replay)");
	cJSON_AddBoolToObject(h, "audit_ok", r->nfailures == 0);
	if ((f = open_memstream(&text, &len)) != NULL) {
		audit_report_print(r, f);
		fclose(f);
		cJSON_AddStringToObject(h, "audit", text);
		free(text);
	}
	if (r->note != NULL)
		cJSON_AddStringToObject(h, "note", r->note);
	if (v->failed != NULL)
		cJSON_AddStringToObject(h, "picture_failed", v->failed);
	return h;
}

static cJSON *
page_json(struct viewer *v, const struct audit_report *r)
{
	const struct archive *a = v->a;
	cJSON *d = cJSON_CreateObject(), *arr, *o;
	size_t i, p;

	cJSON_AddItemToObject(d, "header", header_json(v, r));
	arr = cJSON_AddArrayToObject(d, "perspectives");
	cJSON_AddItemToArray(arr, cJSON_CreateString("spectator"));
	for (p = 1; v->persp != NULL && p < v->npersp; p++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(v->persp[p]));
	arr = cJSON_AddArrayToObject(d, "boards");
	for (i = 0; i < v->nsvgs; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(v->svgs[i]));
	cJSON_AddItemToObject(d, "commitments", commitments_json(a));
	arr = cJSON_AddArrayToObject(d, "steps");
	for (i = 0; i < a->nphases; i++) {
		o = cJSON_CreateObject();
		cJSON_AddNumberToObject(o, "seq", (double)a->phases[i].seq);
		cJSON_AddNumberToObject(o, "turn", (double)a->phases[i].turn);
		cJSON_AddStringToObject(o, "phase", a->phases[i].name);
		cJSON_AddBoolToObject(o, "open", a->phases[i].open);
		/* a phase not replayed (open, or closed unresolved) shows the
		 * board it was played on */
		if (v->boards[i] == NULL && i > 0 && v->boards[i - 1] != NULL) {
			v->boards[i] = cJSON_Duplicate(v->boards[i - 1], 1);
			v->hands[i] = cJSON_Duplicate(v->hands[i - 1], 1);
			cJSON_AddBoolToObject(o, "unresolved", 1);
		}
		cJSON_AddItemToObject(o, "boards", v->boards[i] != NULL ?
		    v->boards[i] : cJSON_CreateArray());
		cJSON_AddItemToObject(o, "hands", v->hands[i] != NULL ?
		    v->hands[i] : cJSON_CreateArray());
		v->boards[i] = v->hands[i] = NULL;
		cJSON_AddNumberToObject(o, "seed", seed_of(a, i));
		cJSON_AddItemToObject(o, "events", events_json(v, i));
		cJSON_AddItemToArray(arr, o);
	}
	return d;
}

/* The page: the template with the data after its mark; -1 with a reason. */
static int
write_page(const cJSON *data, FILE *out, char **cause)
{
	char *path = xasprintf("%s/%s", tmpl_installed_dir(), PAGE_FILE);
	char *page, *mark, *json;
	size_t len;
	const char *s;

	if (fs_read_file(path, PAGE_MAX, &page, &len, cause) == -1) {
		free(path);
		return -1;
	}
	if ((mark = strstr(page, PAGE_MARK)) == NULL) {
		cause_set(cause, "%s: no line \"%s\" to put the game after", path,
		    PAGE_MARK);
		free(path);
		free(page);
		return -1;
	}
	free(path);
	fwrite(page, 1, (size_t)(mark - page), out);
	fputs("<script type=\"application/json\" id=\"game-data\">", out);
	json = cJSON_PrintUnformatted(data);
	for (s = json; *s != '\0'; s++) {
		if (*s == '<')
			fputs("\\u003c", out);	/* only inside strings */
		else
			fputc(*s, out);
	}
	cJSON_free(json);
	fputs("</script>", out);
	fputs(mark + strlen(PAGE_MARK), out);
	free(page);
	return ferror(out) ? cause_set(cause, "cannot write the page") : 0;
}

int
cmd_view(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct audit_report r;
	struct viewer vw;
	struct archive *a;
	cJSON *data;
	char *text = NULL, *cause = NULL;
	size_t len, i;
	int status;

	(void)cli;
	if (cli_wants_help(v, argc, argv, &status))
		return status;
	if (argc != 2 || (argv[1][0] == '-' && strcmp(argv[1], "-") != 0))
		return cli_usage_error(v, argc < 2 ? "the archive to view is required" :
		    argc > 2 ? "one archive is expected" : "no options");
	if (fs_read_file(strcmp(argv[1], "-") == 0 ? "/dev/stdin" : argv[1],
	    ARCHIVE_MAX, &text, &len, &cause) == -1 ||
	    (a = archive_parse(text, len, &cause)) == NULL) {
		fprintf(stderr, "muthur view: %s: %s\n", argv[1], cause);
		free(cause);
		free(text);
		return EXIT_MISUSE;
	}
	memset(&vw, 0, sizeof vw);
	vw.a = a;
	vw.boards = xcalloc(a->nphases + 1, sizeof *vw.boards);
	vw.hands = xcalloc(a->nphases + 1, sizeof *vw.hands);
	vw.texts = xcalloc(a->nevents + 1, sizeof *vw.texts);
	/* a spectator archive is not replayed: no boards, no seats' views */
	audit_archive_observe(text, len, 0, step, &vw, &r);
	if (vw.persp == NULL)	/* not replayed: sentences from the data alone */
		archive_texts(&vw);
	data = page_json(&vw, &r);
	status = write_page(data, stdout, &cause) == 0 ? 0 : 1;
	if (status != 0) {
		fprintf(stderr, "muthur view: %s\n", cause);
		free(cause);
	}
	cJSON_Delete(data);
	audit_report_clear(&r);
	for (i = 0; i < a->nphases; i++) {
		cJSON_Delete(vw.boards[i]);
		cJSON_Delete(vw.hands[i]);
	}
	free(vw.boards);
	free(vw.hands);
	for (i = 0; i < a->nevents; i++)
		free(vw.texts[i]);
	free(vw.texts);
	for (i = 0; i < vw.nsvgs; i++)
		free(vw.svgs[i]);
	free(vw.svgs);
	for (i = 0; i < vw.npersp; i++)
		free(vw.persp[i]);
	free(vw.persp);
	free(vw.result);
	free(vw.failed);
	archive_free(a);
	free(text);
	return status;
}

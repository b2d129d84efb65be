/*
 * test-view.c — the view model and the mails of daemon/view.h: a view mail
 * for each seat at several points of a scripted CCG game, read back through
 * mail/intake.h (subject, orders block and its header, view.json equal to
 * the model), a per-installation template override, acknowledgements and
 * refusals (threading, Auto-Submitted), the filtering of events and
 * commitments, and the errors.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/view.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/intake.h"
#include "tests/daemon/test-view-fixture.h"
#include "tests/tap.h"

#define NONCE_HEX "00112233445566778899aabbccddeeff"

static const struct intake_part *
find_part(const struct intake_mail *m, const char *type, const char *filename)
{
	size_t i;

	for (i = 0; i < m->nparts; i++)
		if (strcmp(m->parts[i].type, type) == 0 && (filename == NULL ||
		    (m->parts[i].filename != NULL &&
		    strcmp(m->parts[i].filename, filename) == 0)))
			return &m->parts[i];
	return NULL;
}

/* Lines over 76 bytes outside the orders block. */
static int
long_lines(const char *text)
{
	const char *p, *nl;
	int n = 0, in_block = 0;

	for (p = text; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		if (strncmp(p, ORDERS_BEGIN "\n", strlen(ORDERS_BEGIN) + 1) == 0)
			in_block = 1;
		if (!in_block && nl - p > 76) {
			diag("long line: %.*s", (int)(nl - p), p);
			n++;
		}
		if (strncmp(p, ORDERS_END "\n", strlen(ORDERS_END) + 1) == 0)
			in_block = 0;
		if (*nl == '\0')
			break;
	}
	return n;
}

static char *
replace(const char *s, const char *from, const char *to)
{
	const char *p = strstr(s, from);
	struct strbuf sb = STRBUF_INIT;

	if (p == NULL)
		return xstrdup(s);
	strbuf_add(&sb, s, (size_t)(p - s));
	strbuf_addstr(&sb, to);
	strbuf_addstr(&sb, p + strlen(from));
	return strbuf_detach(&sb, NULL);
}

/* One seat's view mail at this point, read back and checked. */
static void
check_view(struct vfx *x, const struct tmpl_set *t, size_t seat, const char *when)
{
	const char *name = x->R->seat_name(x->g, seat);
	struct view_facts f;
	struct view_mail_ctx ctx;
	struct intake_mail *im = NULL;
	const struct intake_part *text, *json;
	char *cause = NULL, *mail, *mail2;
	size_t len, len2;
	cJSON *model, *back;
	int owes = x->R->owes(x->g, seat);

	vfx_facts(x, seat, 0, 1798800000, &f);
	vfx_ctx(seat, name, &ctx);
	model = view_model_build(x->R, x->g, (int)seat, &f, &cause);
	if (model == NULL) {
		ok(0, "%s: %s's model: %s", when, name, cause);
		free(cause);
		return;
	}
	mail = view_mail_render(t, model, &ctx, &len, &cause);
	if (mail == NULL) {
		ok(0, "%s: %s's mail: %s", when, name, cause);
		free(cause);
		cJSON_Delete(model);
		return;
	}
	mail2 = view_mail_render(t, model, &ctx, &len2, NULL);
	ok(mail2 != NULL && len == len2 && memcmp(mail, mail2, len) == 0,
	    "%s: %s's mail renders to the same bytes twice", when, name);
	free(mail2);
	ok(intake_parse(mail, len, NULL, &im, &cause) == 0, "%s: %s's mail reads back",
	    when, name);
	text = find_part(im, "text/plain", NULL);
	json = find_part(im, "application/json", "view.json");
	ok(strstr(mail, "\r\nAuto-Submitted: auto-generated\r\n") != NULL &&
	    strstr(mail, "Message-ID: <muthur.view") != NULL,
	    "%s: %s's mail is auto-generated with the given Message-ID", when, name);
	ok(im->subject != NULL && strstr(im->subject, x->game) != NULL &&
	    strstr(im->subject, x->R->phase(x->g)) != NULL &&
	    (strstr(im->subject, "your orders are due by 2027-01-01 10:40 UTC") != NULL) == owes &&
	    (strstr(im->subject, "no orders due") != NULL) == !owes,
	    "%s: %s's subject says game, phase and %s: %s", when, name,
	    owes ? "orders due and by when" : "no orders due",
	    im->subject ? im->subject : "(none)");
	back = json ? cJSON_ParseWithLength(json->data, json->len) : NULL;
	{
		cJSON *want = view_json_model(model);

		ok(back != NULL && cJSON_Compare(back, want, 1) &&
		    cJSON_GetObjectItem(back, x->R->name) == NULL &&
		    cJSON_GetObjectItem(back, "rules") != NULL,
		    "%s: %s's view.json is the model for tools (no display text)",
		    when, name);
		cJSON_Delete(want);
	}
	cJSON_Delete(back);
	ok(text != NULL && strstr(text->data, " -- you: hand ") != NULL,
	    "%s: %s's body shows the hand (in the reader's line of seats)", when,
	    name);
	ok(text != NULL && long_lines(text->data) == 0,
	    "%s: %s's body has no line over 76 columns outside the orders block",
	    when, name);
	if (owes && text != NULL) {
		struct orders_block b;
		struct orders *o = NULL;
		char *filled = replace(text->data, VIEW_NONCE_PLACEHOLDER, NONCE_HEX);
		char *legal = x->R->legal(x->g, seat), *p, *nl;
		struct strbuf given = STRBUF_INIT;
		int listed = 1, rc;

		rc = orders_block_find(filled, strlen(filled), &b, &cause);
		if (rc == 1)
			o = orders_parse(b.signed_bytes, b.signed_len, &cause);
		if (o != NULL) {
			size_t i;

			for (i = 0; i < o->nlines; i++) {
				strbuf_addstr(&given, o->lines[i].text);
				strbuf_addc(&given, '\n');
			}
		}
		ok(o != NULL && strcmp(o->game, x->game) == 0 && strcmp(o->seat, name) == 0 &&
		    o->turn == x->R->turn(x->g) && strcmp(o->phase, x->R->phase(x->g)) == 0 &&
		    x->R->check(x->g, seat, strbuf_str(&given), NULL) == 0 &&
		    (strcmp(strbuf_str(&given), "pass\n") != 0 ||
		    strncmp(legal, "pass\n", 5) == 0),
		    "%s: %s's orders block has game, seat, turn, phase, and orders "
		    "the rules accept as mailed (pass only where legal)%s%s",
		    when, name, cause ? ": " : "", cause ? cause : "");
		/* the patterns name every word of every legal order */
		for (p = legal; *p != '\0'; p = nl + 1) {
			char *w, *save = NULL;

			nl = strchr(p, '\n');
			*nl = '\0';
			for (w = strtok_r(p, " ", &save); w != NULL;
			    w = strtok_r(NULL, " ", &save))
				if (strstr(text->data, w) == NULL) {
					diag("%s: \"%s\" is not in the block", name, w);
					listed = 0;
				}
		}
		ok(listed, "%s: every legal order of %s is shown in the block", when, name);
		strbuf_free(&given);
		ok(strstr(text->data, "nonce: " VIEW_NONCE_PLACEHOLDER "\n") != NULL,
		    "%s: the nonce is left for %s to fill", when, name);
		free(legal);
		if (o != NULL)
			orders_free(o);
		if (rc == 1)
			orders_block_clear(&b);
		free(filled);
		free(cause);
		cause = NULL;
	} else
		ok(text != NULL && strstr(text->data, ORDERS_BEGIN) == NULL,
		    "%s: no orders block for %s, who owes nothing", when, name);
	intake_mail_free(im);
	free(mail);
	cJSON_Delete(model);
}

static void
test_filtering(struct vfx *x)
{
	struct view_facts f;
	struct store_event ev[3];
	struct store_commitment *cm;
	cJSON *m;
	char *s, *cause = NULL;
	size_t i, marines = (size_t)x->R->seat_index(x->g, "marines");

	memset(ev, 0, sizeof ev);
	ev[0].seq = 1; ev[0].type = "note"; ev[0].visibility = "all";
	ev[0].payload = (unsigned char *)"{\"type\":\"note\",\"said\":\"public-words\"}";
	ev[1].seq = 2; ev[1].type = "note"; ev[1].visibility = "aliens,predator";
	ev[1].payload = (unsigned char *)"{\"type\":\"note\",\"said\":\"alien-words\"}";
	ev[2].seq = 3; ev[2].type = "note"; ev[2].visibility = "rogue,marines";
	ev[2].payload = (unsigned char *)"{\"type\":\"note\",\"said\":\"marine-words\"}";
	for (i = 0; i < 3; i++) {
		ev[i].phase_seq = x->phase_seq - 1;
		ev[i].payload_len = strlen((char *)ev[i].payload);
	}
	vfx_facts(x, marines, 0, 0, &f);
	f.events = ev;
	f.nevents = 3;
	cm = vfx_commitments_dup(x->cm, x->ncm);
	for (i = 0; i < x->ncm; i++) {
		if (cm[i].revealed)
			continue;
		free(cm[i].secret);
		cm[i].secret = (unsigned char *)xasprintf("secret-%zu", i);
		cm[i].secret_len = strlen((char *)cm[i].secret);
		memset(cm[i].nonce, 0xab, sizeof cm[i].nonce);
	}
	f.commitments = cm;
	m = view_model_build(x->R, x->g, (int)marines, &f, &cause);
	s = m ? cJSON_PrintUnformatted(m) : xstrdup("");
	ok(strstr(s, "public-words") && strstr(s, "marine-words") &&
	    !strstr(s, "alien-words"), "events are shown by their visibility");
	ok(strstr(s, "\"secret-") == NULL && strstr(s, "abababab") == NULL,
	    "no secret or nonce of an unrevealed commitment is in the model");
	ok(strstr(s, "\"seed\":{\"domain\":\"muthur.seed\"") != NULL &&
	    strstr(s, "\"last_seed\":{") != NULL,
	    "the phase's seed commitment and the last opened seed are shown");
	cJSON_free(s);
	cJSON_Delete(m);
	/* once revealed, the opening is shown */
	for (i = 0; i < x->ncm; i++)
		if (strcmp(cm[i].domain, "muthur.decklist") == 0) {
			cm[i].revealed = 1;
			cm[i].revealed_phase = x->phase_seq - 1;
		}
	m = view_model_build(x->R, x->g, (int)marines, &f, &cause);
	s = m ? cJSON_PrintUnformatted(m) : xstrdup("");
	ok(strstr(s, "\"secret_text\":\"secret-") != NULL && strstr(s, "abababab") != NULL,
	    "a revealed commitment is shown opened, secret and nonce");
	cJSON_free(s);
	cJSON_Delete(m);
	store_commitments_free(cm, x->ncm);

	f.seat = "aliens";
	ok(view_model_build(x->R, x->g, (int)marines, &f, &cause) == NULL &&
	    strstr(cause, "not aliens") != NULL, "a seat name that does not match: %s",
	    cause ? cause : "");
	free(cause);
	cause = NULL;
	ok(view_model_build(x->R, x->g, 9, &f, &cause) == NULL &&
	    strstr(cause, "no such seat") != NULL, "a seat out of range: %s",
	    cause ? cause : "");
	free(cause);
	cause = NULL;
	vfx_facts(x, marines, 0, 0, &f);
	ev[0].payload = (unsigned char *)"[1]";
	ev[0].payload_len = 3;
	f.events = ev;
	f.nevents = 1;
	ok(view_model_build(x->R, x->g, (int)marines, &f, &cause) == NULL &&
	    strstr(cause, "event 1") != NULL, "an event payload that is no object: %s",
	    cause ? cause : "");
	free(cause);
}

static void
test_replies(const struct tmpl_set *t)
{
	const char *refs[2] = { "<a@x.example>", "<orders1@players.example>" };
	const char *awaited[2] = { "predator", "aliens" };
	struct reply_facts f;
	struct view_mail_ctx ctx;
	struct intake_mail *im = NULL;
	const struct intake_part *p;
	char *mail, *cause = NULL;
	size_t len;

	memset(&f, 0, sizeof f);
	f.game = "contact-7";
	f.seat = "marines";
	f.turn = 3;
	f.phase = "movement.move";
	f.orders = "move cpl-hicks to barracks\npass\n";
	f.replaced = 1;
	f.awaited = awaited;
	f.nawaited = 2;
	f.deadline = 1798800000;
	vfx_ctx(1, "marines", &ctx);
	ctx.in_reply_to = "<orders1@players.example>";
	ctx.references = refs;
	ctx.nreferences = 2;
	ctx.subject = "orders turn 3";
	mail = reply_mail_render(t, REPLY_ACK, &f, &ctx, &len, &cause);
	ok(mail != NULL, "an acknowledgement renders%s%s", cause ? ": " : "",
	    cause ? cause : "");
	if (mail != NULL && intake_parse(mail, len, NULL, &im, NULL) == 0) {
		p = find_part(im, "text/plain", NULL);
		is_str(im->subject, "[contact-7] OK t3 movement.move", "ack subject: "
		    "kind, turn and phase first");
		is_str(im->in_reply_to, "<orders1@players.example>", "ack In-Reply-To");
		ok(im->nreferences == 2, "ack References");
		ok(strstr(mail, "\r\nAuto-Submitted: auto-replied\r\n") != NULL,
		    "ack is auto-replied");
		ok(p && strstr(p->data, "    move cpl-hicks to barracks\n") &&
		    strstr(p->data, "replace the orders you sent earlier") &&
		    strstr(p->data, "Still awaited: predator, aliens.") &&
		    strstr(p->data, "Deadline: 2027-01-01 10:40 UTC"),
		    "ack says what was stored, that it replaced, who is awaited");
		intake_mail_free(im);
		im = NULL;
	}
	free(mail);
	f.replaced = 0;
	f.orders = "";
	f.nawaited = 0;
	mail = reply_mail_render(t, REPLY_ACK, &f, &ctx, &len, NULL);
	ok(mail && strstr(mail, "You pass.") && !strstr(mail, "replace the orders") &&
	    strstr(mail, "Every seat's orders are in") &&
	    !strstr(mail, "Still awaited"), "ack of a pass, nobody awaited");
	free(mail);

	memset(&f, 0, sizeof f);
	f.game = "contact-7";
	f.seat = "marines";
	f.reason = "line 8: no card \"smart-gun\" in your hand; expected a card "
	    "of your hand";
	mail = reply_mail_render(t, REPLY_REFUSAL, &f, &ctx, &len, &cause);
	if (mail != NULL && intake_parse(mail, len, NULL, &im, NULL) == 0) {
		p = find_part(im, "text/plain", NULL);
		ok(p && strstr(p->data, f.reason) && strstr(p->data, "Nothing was stored") &&
		    strstr(p->data, "Mend the mail"), "a refusal quotes the reason, and "
		    "says to mend the mail");
		is_str(im->subject, "[contact-7] REFUSED", "refusal subject");
		ok(strstr(mail, "\r\nAuto-Submitted: auto-replied\r\n") &&
		    im->in_reply_to != NULL, "a refusal is threaded and auto-replied");
		intake_mail_free(im);
	} else
		ok(0, "a refusal renders: %s", cause ? cause : "");
	free(mail);
	f.final = 1;	/* the seat is no longer the sender's: nothing to mend */
	f.reason = "you no longer hold seat marines of game contact-7";
	mail = reply_mail_render(t, REPLY_REFUSAL, &f, &ctx, &len, &cause);
	if (mail != NULL && intake_parse(mail, len, NULL, &im, NULL) == 0) {
		p = find_part(im, "text/plain", NULL);
		ok(p && strstr(p->data, f.reason) && strstr(p->data, "Nothing was stored") &&
		    !strstr(p->data, "Mend the mail"), "a final refusal does not say to "
		    "mend the mail");
		intake_mail_free(im);
	} else
		ok(0, "a final refusal renders: %s", cause ? cause : "");
	free(mail);
	f.final = 0;
	f.game = NULL;
	mail = reply_mail_render(t, REPLY_REFUSAL, &f, &ctx, &len, &cause);
	if (mail != NULL && intake_parse(mail, len, NULL, &im, NULL) == 0) {
		is_str(im->subject, "REFUSED Re: orders turn 3", "refusal subject "
		    "without a game");
		intake_mail_free(im);
	} else
		ok(0, "a refusal without a game renders: %s", cause ? cause : "");
	free(mail);
	ctx.to_addr = "not an address";
	ok(reply_mail_render(t, REPLY_REFUSAL, &f, &ctx, &len, &cause) == NULL &&
	    cause != NULL, "a bad address is refused: %s", cause ? cause : "");
	free(cause);
}

static void
test_override(struct vfx *x, const struct tmpl_set *inst)
{
	char dir[] = "/tmp/muthur-view-XXXXXX", *path, *cause = NULL, *a, *b;
	const char *tpl = "[{{game}}] OVERRIDDEN {{seat}} turn {{turn}}\n";
	struct tmpl_set *t;
	struct view_facts f;
	struct view_mail_ctx ctx;
	struct strbuf b1 = STRBUF_INIT, b2 = STRBUF_INIT;
	cJSON *m;
	size_t len;

	if (mkdtemp(dir) == NULL) {
		ok(0, "mkdtemp");
		return;
	}
	path = xasprintf("%s/view-subject.mustache", dir);
	fs_write_file_atomic(path, tpl, strlen(tpl), 0644, NULL);
	t = view_templates_new(dir, &cause);
	ok(t != NULL, "a set with an override folder%s%s", cause ? ": " : "",
	    cause ? cause : "");
	vfx_facts(x, 0, 0, 0, &f);
	vfx_ctx(0, f.seat, &ctx);
	m = view_model_build(x->R, x->g, 0, &f, NULL);
	a = t ? view_mail_render(t, m, &ctx, &len, NULL) : NULL;
	ok(a && strstr(a, "\r\nSubject: [contact-7] OVERRIDDEN rogue turn ") != NULL,
	    "the overriding subject template is used");
	view_body_render(inst, m, &b1, NULL);
	if (t != NULL)
		view_body_render(t, m, &b2, NULL);
	ok(b1.len > 0 && b1.len == b2.len && memcmp(b1.s, b2.s, b1.len) == 0,
	    "the other templates are still the installed ones");
	free(a);
	/* a broken override is reported on reload and the set keeps its templates */
	fs_write_file_atomic(path, "{{#x}}\n", 7, 0644, NULL);
	ok(t && tmpl_set_reload(t, &cause) == -1 && cause != NULL,
	    "a broken override is refused on reload: %s", cause ? cause : "");
	free(cause);
	cause = NULL;
	b = t ? view_mail_render(t, m, &ctx, &len, NULL) : NULL;
	ok(b && strstr(b, "OVERRIDDEN") != NULL, "the set keeps its templates");
	free(b);
	unlink(path);
	free(path);
	path = xasprintf("%s/view.mustache", dir);
	fs_write_file_atomic(path, "{{>no-such-partial}}\n", 21, 0644, NULL);
	tmpl_set_free(t);
	t = view_templates_new(dir, &cause);
	a = t ? view_mail_render(t, m, &ctx, &len, &cause) : NULL;
	ok(a == NULL && cause && strstr(cause, "no-such-partial") != NULL,
	    "a template that fails gives no mail and says why: %s", cause ? cause : "");
	free(a);
	free(cause);
	unlink(path);
	free(path);
	rmdir(dir);
	tmpl_set_free(t);
	cJSON_Delete(m);
	strbuf_free(&b1);
	strbuf_free(&b2);
}

/* The last view of a finished game: result, no orders, openings. */
static void
test_over(struct vfx *x, const struct tmpl_set *t)
{
	struct view_facts f;
	struct view_mail_ctx ctx;
	struct intake_mail *im = NULL;
	const struct intake_part *p;
	char *cause = NULL, *mail = NULL;
	size_t i, len, rogue = (size_t)x->R->seat_index(x->g, "rogue");
	cJSON *m;

	{
		/* the saved state with the Marines first and the game over */
		char *bytes = x->R->save(x->g, NULL), *out;
		cJSON *root = cJSON_Parse(bytes), *it;
		struct rules_game *g;

		cJSON_ReplaceItemInObject(root, "phase", cJSON_CreateString("over"));
		cJSON_ArrayForEach(it, cJSON_GetObjectItem(root, "seats"))
			if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(it, "name")),
			    "marines") == 0)
				cJSON_ReplaceItemInObject(it, "place", cJSON_CreateNumber(1));
		out = cJSON_PrintUnformatted(root);
		g = x->R->load(x->db, out, strlen(out), &cause);
		cJSON_free(out);
		cJSON_Delete(root);
		free(bytes);
		if (g == NULL) {
			ok(0, "a finished game loads: %s", cause);
			free(cause);
			return;
		}
		x->R->free(x->g);
		x->g = g;
	}
	for (i = 0; i < x->ncm; i++)
		if (!x->cm[i].revealed) {
			x->cm[i].revealed = 1;
			x->cm[i].revealed_phase = x->phase_seq - 1;
		}
	vfx_facts(x, rogue, 0, 0, &f);
	f.nawaited = 0;
	vfx_ctx(rogue, "rogue", &ctx);
	m = view_model_build(x->R, x->g, (int)rogue, &f, &cause);
	if (m != NULL)
		mail = view_mail_render(t, m, &ctx, &len, &cause);
	ok(mail != NULL, "the view of a finished game renders%s%s",
	    cause ? ": " : "", cause ? cause : "");
	if (mail == NULL || intake_parse(mail, len, NULL, &im, NULL) != 0) {
		free(cause);
		cJSON_Delete(m);
		free(mail);
		return;
	}
	p = find_part(im, "text/plain", NULL);
	ok(strstr(im->subject, "game over, marines wins") != NULL,
	    "its subject says who won: %s", im->subject);
	ok(p && strstr(p->data, "The game is over. marines wins.") &&
	    strstr(p->data, "place 1: marines") && !strstr(p->data, ORDERS_BEGIN),
	    "its body gives the places and no orders block");
	ok(p && strstr(p->data, "== Commitments opened ==") &&
	    strstr(p->data, "muthur.decklist marines") &&
	    strstr(p->data, "secret (text, exact bytes in view.json):\n# Sample") &&
	    strstr(p->data, "\nfaction marines\n") != NULL,
	    "the openings are shown, the decklists as text");
	ok(cJSON_GetArraySize(cJSON_GetObjectItem(m, "commitments")) == 0 &&
	    cJSON_IsNull(cJSON_GetObjectItem(m, "seed")),
	    "nothing is left hidden");
	ok(strstr(mail, "Content-Transfer-Encoding: 7bit") != NULL ||
	    strstr(mail, "Content-Transfer-Encoding: quoted-printable") != NULL,
	    "the text travels as 7bit or quoted-printable");
	intake_mail_free(im);
	cJSON_Delete(m);
	free(mail);
}

int
main(void)
{
	struct vfx x;
	struct tmpl_set *t;
	char *cause = NULL, when[64];
	size_t s;
	int step, rc = 1, stops[] = { 0, 1, 3, 6, 10 };
	size_t k;

	t = view_templates_new(NULL, &cause);
	if (t == NULL || vfx_init(&x, NULL, 7, &cause) != 0) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	for (step = 0, k = 0; k < sizeof stops / sizeof stops[0] && rc == 1; k++) {
		while (step < stops[k] && rc == 1) {
			rc = vfx_step(&x);
			step++;
		}
		snprintf(when, sizeof when, "turn %d %s", x.R->turn(x.g), x.R->phase(x.g));
		for (s = 0; s < 4; s++)
			check_view(&x, t, s, when);
	}
	test_filtering(&x);
	test_replies(t);
	test_override(&x, t);
	test_over(&x, t);
	vfx_free(&x);
	tmpl_set_free(t);
	return done_testing();
}

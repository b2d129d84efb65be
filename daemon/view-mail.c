/*
 * view-mail.c — rendering views, acknowledgements and refusals into
 * complete mails (daemon/view.h): templates in plain mode, then
 * mail/compose.h. Same inputs, same bytes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/view.h"
#include "daemon/view-int.h"
#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/compose.h"

#define VIEW_WIDTH	76	/* longest body line outside the orders block */

/* Render a one-line template: white space (line breaks too) folded. */
static char *
render_line(const struct tmpl_set *t, const char *name, const cJSON *model,
    char **cause)
{
	struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;
	size_t i;
	int space = 0;

	if (tmpl_render(t, name, model, TMPL_PLAIN, &sb, cause) != 0) {
		strbuf_free(&sb);
		return NULL;
	}
	for (i = 0; i < sb.len; i++) {
		char c = sb.s[i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = out.len > 0;
			continue;
		}
		if (space)
			strbuf_addc(&out, ' ');
		space = 0;
		strbuf_addc(&out, c);
	}
	strbuf_free(&sb);
	return strbuf_detach(&out, NULL);
}

static void
mail_from_ctx(struct compose_mail *m, const struct view_mail_ctx *ctx)
{
	memset(m, 0, sizeof *m);
	m->date = ctx->date;
	m->message_id = ctx->message_id;
	m->from_addr = ctx->from_addr;
	m->from_name = ctx->from_name;
	m->to_addr = ctx->to_addr;
	m->to_name = ctx->to_name;
}

/*
 * Append line [p, e) to out, folded to VIEW_WIDTH: at the last space that
 * fits in the second half of the line, else (a long hex string) hard at
 * the width but never inside a UTF-8 sequence; no line ends in a space;
 * continuation lines are indented 4 more than the line.
 */
static void
fold_line(struct strbuf *out, const char *p, const char *e)
{
	size_t indent = 0, width = VIEW_WIDTH, cut, i;

	while (p + indent < e && p[indent] == ' ')
		indent++;
	if (indent > VIEW_WIDTH / 2)
		indent = VIEW_WIDTH / 2;
	while ((size_t)(e - p) > width) {
		cut = 0;
		for (i = width; i > width / 2 && i > indent; i--)
			if (p[i] == ' ') {
				cut = i;
				break;
			}
		if (cut == 0)
			for (cut = width; cut > indent + 1 &&
			    ((unsigned char)p[cut] & 0xc0) == 0x80; cut--)
				;
		for (i = cut; i > 0 && p[i - 1] == ' '; i--)
			;
		strbuf_add(out, p, i);
		strbuf_addc(out, '\n');
		p += cut;
		while (p < e && *p == ' ')
			p++;
		if (p == e)
			return;
		for (i = 0; i < indent + 4; i++)
			strbuf_addc(out, ' ');
		width = VIEW_WIDTH - indent - 4;
	}
	strbuf_add(out, p, (size_t)(e - p));
	strbuf_addc(out, '\n');
}

/*
 * Fold the lines of a rendered body to VIEW_WIDTH so that it travels as
 * 7bit text and reads on a phone, leaving the orders block (BEGIN to END)
 * exactly as it is: its lines are what the player signs.
 */
static void
fold_body(struct strbuf *out, const char *text, size_t len)
{
	const char *p = text, *end = text + len, *nl;
	int in_block = 0;

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		if (!in_block && (size_t)(nl - p) == strlen(ORDERS_BEGIN) &&
		    memcmp(p, ORDERS_BEGIN, (size_t)(nl - p)) == 0)
			in_block = 1;
		if (in_block) {
			strbuf_add(out, p, (size_t)(nl - p));
			strbuf_addc(out, '\n');
		} else
			fold_line(out, p, nl);
		if (in_block && (size_t)(nl - p) == strlen(ORDERS_END) &&
		    memcmp(p, ORDERS_END, (size_t)(nl - p)) == 0)
			in_block = 0;
		p = nl + 1;
	}
}

void
view_fold_text(struct strbuf *out, const char *text, size_t len)
{
	fold_body(out, text, len);
}

int
view_body_render(const struct tmpl_set *t, const cJSON *model,
    struct strbuf *out, char **cause)
{
	struct strbuf raw = STRBUF_INIT;

	if (tmpl_render(t, "view", model, TMPL_PLAIN, &raw, cause) != 0) {
		strbuf_free(&raw);
		return -1;
	}
	fold_body(out, strbuf_str(&raw), raw.len);
	strbuf_free(&raw);
	while (out->len >= 2 && out->s[out->len - 1] == '\n' &&
	    out->s[out->len - 2] == '\n')	/* no blank lines at the end */
		out->s[--out->len] = '\0';
	return 0;
}

int
view_picture_png(const cJSON *model, char **png, size_t *len)
{
	const struct rules *r = rules_find(cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(model, "rules_name")));

	*png = NULL;
	*len = 0;
	if (r == NULL || r->picture == NULL ||
	    r->picture(cJSON_GetObjectItemCaseSensitive(model, "rules"),
	    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(model, "seat")),
	    RULES_PICTURE_PNG, png, len, NULL) != 0) {
		free(*png);
		*png = NULL;
		*len = 0;
		return 0;
	}
	return 1;
}

char *
view_subject_render(const struct tmpl_set *t, const cJSON *model, char **cause)
{
	return render_line(t, "view-subject", model, cause);
}

char *
view_mail_compose(const struct view_mail_ctx *ctx, const char *subject,
    const char *body, const char *json, const char *png, size_t pnglen,
    size_t *len, char **cause)
{
	struct compose_mail m;
	struct compose_attachment att[2];
	char *out = NULL;

	att[0].filename = "view.json";
	att[0].type = "application/json";
	att[0].data = json;	/* text lines: it travels as text */
	att[0].len = strlen(json);
	att[1].filename = "view.png";
	att[1].type = "image/png";
	att[1].data = png;
	att[1].len = pnglen;
	mail_from_ctx(&m, ctx);
	m.subject = subject;
	m.auto_submitted = COMPOSE_AUTO_GENERATED;
	m.text = body;
	m.attachments = att;
	m.nattachments = png != NULL ? 2 : 1;
	if (compose_mail(&m, &out, len, cause) != 0)
		out = NULL;
	return out;
}

/* view_mail_render() of model, which view_json_text_take() consumes
 * last (the picture and the templates read it as it was). */
static char *
mail_render(const struct tmpl_set *t, const cJSON *model, cJSON *own,
    const struct view_mail_ctx *ctx, size_t *len, char **cause)
{
	struct strbuf body = STRBUF_INIT;
	char *subject, *jsonl, *png, *out;
	size_t pnglen;

	if ((subject = view_subject_render(t, model, cause)) == NULL) {
		cJSON_Delete(own);
		return NULL;
	}
	if (view_body_render(t, model, &body, cause) != 0) {
		cJSON_Delete(own);
		free(subject);
		strbuf_free(&body);
		return NULL;
	}
	view_picture_png(model, &png, &pnglen);
	jsonl = own != NULL ? view_json_text_take(own) : view_json_text(model);
	out = view_mail_compose(ctx, subject, strbuf_str(&body), jsonl, png,
	    pnglen, len, cause);
	free(png);
	free(jsonl);
	free(subject);
	strbuf_free(&body);
	return out;
}

char *
view_mail_render(const struct tmpl_set *t, const cJSON *model,
    const struct view_mail_ctx *ctx, size_t *len, char **cause)
{
	return mail_render(t, model, NULL, ctx, len, cause);
}

char *
view_mail_render_take(const struct tmpl_set *t, cJSON *model,
    const struct view_mail_ctx *ctx, size_t *len, char **cause)
{
	return mail_render(t, model, model, ctx, len, cause);
}

cJSON *
reply_model_build(enum reply_kind kind, const struct reply_facts *f)
{
	cJSON *m = cJSON_CreateObject(), *a;
	char deadline[64], *s;

	cJSON_AddStringToObject(m, "kind", kind == REPLY_ACK ? "ack" : "refusal");
	cJSON_AddBoolToObject(m, "ack", kind == REPLY_ACK);
	cJSON_AddBoolToObject(m, "refusal", kind == REPLY_REFUSAL);
#define OPT_STR(k, v) do {					\
	if ((v) != NULL)					\
		cJSON_AddStringToObject(m, k, v);		\
	else							\
		cJSON_AddNullToObject(m, k);			\
} while (0)
	OPT_STR("game", f->game);
	OPT_STR("seat", f->seat);
	if (f->turn > 0)
		cJSON_AddNumberToObject(m, "turn", f->turn);
	else
		cJSON_AddNullToObject(m, "turn");
	OPT_STR("phase", f->phase);
	if (kind == REPLY_ACK) {
		a = view_lines(f->orders ? f->orders : "");
		cJSON_AddItemToObject(m, "orders", a);
		cJSON_AddBoolToObject(m, "passes", cJSON_GetArraySize(a) == 0);
		cJSON_AddBoolToObject(m, "replaced", f->replaced != 0);
		OPT_STR("applies_to", f->applies_to != NULL ? f->applies_to : f->phase);
		cJSON_AddBoolToObject(m, "plan", f->applies_to != NULL);
		a = view_lines(f->settings ? f->settings : "");
		cJSON_AddBoolToObject(m, "has_settings", cJSON_GetArraySize(a) > 0);
		cJSON_AddItemToObject(m, "settings", a);
		cJSON_AddItemToObject(m, "awaited", view_names(f->awaited, f->nawaited));
		cJSON_AddBoolToObject(m, "all_in", f->nawaited == 0);
		s = view_join(f->awaited, f->nawaited, "nobody");
		cJSON_AddStringToObject(m, "awaited_text", s);
		free(s);
		if (view_time_text(f->deadline, deadline, sizeof deadline) == 0)
			cJSON_AddStringToObject(m, "deadline", deadline);
		else
			cJSON_AddNullToObject(m, "deadline");
	} else {
		OPT_STR("reason", f->reason ? f->reason : "the mail was refused");
		cJSON_AddBoolToObject(m, "final", f->final);
	}
#undef OPT_STR
	return m;
}

/*
 * A reply's subject, its kind first so that it survives a mail client's
 * truncation at 76 columns: "[contact-17] OK t3 movement.move" or
 * "[contact-17] REFUSED t3 movement.move" (doc/muthur-orders.5 "REPLIES");
 * a refusal that names no game says "REFUSED Re: " and the mail's subject.
 */
static char *
reply_subject(enum reply_kind kind, const struct reply_facts *f,
    const struct view_mail_ctx *ctx)
{
	const char *word = kind == REPLY_ACK ? "OK" : "REFUSED";
	struct strbuf sb = STRBUF_INIT;
	char *re;

	if (f->game == NULL) {
		re = compose_reply_subject(ctx->subject);
		strbuf_addf(&sb, "%s %s", word, re);
		free(re);
		return strbuf_detach(&sb, NULL);
	}
	strbuf_addf(&sb, "[%s] %s", f->game, word);
	if (f->turn > 0)
		strbuf_addf(&sb, " t%d", f->turn);
	if (f->phase != NULL)
		strbuf_addf(&sb, " %s", f->phase);
	return strbuf_detach(&sb, NULL);
}

char *
reply_mail_render(const struct tmpl_set *t, enum reply_kind kind,
    const struct reply_facts *f, const struct view_mail_ctx *ctx, size_t *len,
    char **cause)
{
	cJSON *model = reply_model_build(kind, f);
	struct compose_mail m;
	struct strbuf body = STRBUF_INIT, raw = STRBUF_INIT;
	char *subject, *out = NULL;

	if (tmpl_render(t, kind == REPLY_ACK ? "ack" : "refusal", model, TMPL_PLAIN,
	    &raw, cause) != 0) {
		cJSON_Delete(model);
		strbuf_free(&raw);
		return NULL;
	}
	fold_body(&body, strbuf_str(&raw), raw.len);
	strbuf_free(&raw);
	subject = reply_subject(kind, f, ctx);
	mail_from_ctx(&m, ctx);
	m.subject = subject;
	m.in_reply_to = ctx->in_reply_to;
	m.references = ctx->references;
	m.nreferences = ctx->nreferences;
	m.auto_submitted = COMPOSE_AUTO_REPLIED;
	m.text = strbuf_str(&body);
	if (compose_mail(&m, &out, len, cause) != 0)
		out = NULL;
	free(subject);
	strbuf_free(&body);
	cJSON_Delete(model);
	return out;
}

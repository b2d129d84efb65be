/*
 * game-notice.c — the notices of a game's clock and organiser
 * (daemon/game-clock.h): notice.mustache and notice-subject.mustache over
 * a small model, composed as an auto-generated mail and queued.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "daemon/view-int.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/compose.h"
#include "store/outbox.h"

/* The notice's model: game, seat, turn and phase, headline, lines, deadline. */
static cJSON *
notice_model(const struct game_ctx *c, const struct store_game *game,
    const char *seat, const char *headline, const char *const *lines,
    size_t nlines, int64_t deadline)
{
	struct store_phase *ph;
	cJSON *m = cJSON_CreateObject(), *a;
	char when[64], *why = NULL;
	size_t i;

	cJSON_AddStringToObject(m, "game", game->name);
	if (seat != NULL)
		cJSON_AddStringToObject(m, "seat", seat);
	if ((ph = store_phase_current(c->st, game->id, &why)) != NULL && ph->turn > 0) {
		cJSON_AddNumberToObject(m, "turn", ph->turn);
		cJSON_AddStringToObject(m, "phase", ph->name);
	}
	free(why);
	store_phase_free(ph);
	cJSON_AddStringToObject(m, "headline", headline);
	a = cJSON_AddArrayToObject(m, "lines");
	for (i = 0; i < nlines; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(lines[i]));
	if (view_time_text(deadline, when, sizeof when) == 0)
		cJSON_AddStringToObject(m, "deadline", when);
	return m;
}

char *
game_notice_compose(const struct game_ctx *c, const struct store_game *game,
    const char *msgid, const char *to, const char *seat, const char *headline,
    const char *const *lines, size_t nlines, int64_t deadline, size_t *len,
    char **cause)
{
	struct strbuf subject = STRBUF_INIT, body = STRBUF_INIT, text = STRBUF_INIT;
	struct compose_mail m;
	cJSON *model;
	char *mail = NULL, *nl;

	model = notice_model(c, game, seat, headline, lines, nlines, deadline);
	if (tmpl_render(c->tmpl, "notice-subject", model, TMPL_PLAIN, &subject,
	    cause) != 0 || tmpl_render(c->tmpl, "notice", model, TMPL_PLAIN, &text,
	    cause) != 0)
		goto out;
	view_fold_text(&body, strbuf_str(&text), text.len);
	/* the subject is its first line */
	if (subject.s != NULL && (nl = strchr(subject.s, '\n')) != NULL)
		*nl = '\0';
	memset(&m, 0, sizeof m);
	m.date = (time_t)c->now;
	m.message_id = msgid;
	m.from_addr = c->from;
	m.from_name = "muthur";
	m.to_addr = to;
	m.subject = strbuf_str(&subject);
	m.auto_submitted = COMPOSE_AUTO_GENERATED;
	m.text = strbuf_str(&body);
	if (compose_mail(&m, &mail, len, cause) != 0)
		mail = NULL;
out:
	strbuf_free(&subject);
	strbuf_free(&body);
	strbuf_free(&text);
	cJSON_Delete(model);
	return mail;
}

int
game_notice_queue(const struct game_ctx *c, const struct store_game *game,
    const char *key, const char *to, const char *seat, const char *headline,
    const char *const *lines, size_t nlines, int64_t deadline, char **cause)
{
	char *msgid, *mail;
	size_t len;
	int rc = -1;

	msgid = outbox_message_id(key, game_mail_domain(c));
	if ((mail = game_notice_compose(c, game, msgid, to, seat, headline, lines,
	    nlines, deadline, &len, cause)) != NULL)
		rc = store_outbox_add(c->st, game->id, key, msgid, to, mail, len, c->now,
		    NULL, cause);
	free(mail);
	free(msgid);
	return rc;
}

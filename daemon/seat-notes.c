/*
 * seat-notes.c — what a seat is told in its next mail rather than in a
 * mail of its own (daemon/game-int.h; issue 33): kept as the seat's
 * internal setting "notes" (store/plans.h), LF-terminated lines, until a
 * view or turn report carries them (game-views.c), in the same unit of
 * work as what caused them, so that a crash loses none and tells none
 * twice.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/game-int.h"
#include "lib/strbuf.h"
#include "store/plans.h"

#define NOTES_KEY "notes"

int
seat_note_add(const struct game_ctx *c, int64_t seat_id, const char *line,
    char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	char *v = NULL;
	int rc;

	if (store_seat_setting_get(c->st, seat_id, NOTES_KEY, &v, cause) == -1)
		return -1;
	strbuf_addstr(&sb, v != NULL ? v : "");
	free(v);
	strbuf_addstr(&sb, line);
	if (sb.len == 0 || sb.s[sb.len - 1] != '\n')
		strbuf_addc(&sb, '\n');
	rc = store_seat_setting_put(c->st, seat_id, NOTES_KEY, strbuf_str(&sb), cause);
	strbuf_free(&sb);
	return rc;
}

int
seat_notes_get(const struct game_ctx *c, int64_t seat_id, char **notes, char **cause)
{
	int r = store_seat_setting_get(c->st, seat_id, NOTES_KEY, notes, cause);

	if (r == 1 && **notes == '\0') {
		free(*notes);
		*notes = NULL;
		return 0;
	}
	return r;
}

int
seat_notes_clear(const struct game_ctx *c, int64_t seat_id, char **cause)
{
	return store_seat_setting_put(c->st, seat_id, NOTES_KEY, "", cause);
}

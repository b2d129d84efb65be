/*
 * test-event-sentences — every kind of CCG event reads as a sentence
 * (rules/ccg/event-sentences.c, issue 16): every event type the sources
 * emit (each "type" in a ccg_event() format of the files of rules/ccg/) has a
 * sentence and a payload in tests/data/ccg/event-payloads.txt, and no
 * sentence holds "null", a raw field name ("_"), a brace or a "-" left for
 * a missing member; names come from the card data ("Alien Warrior #2" for
 * alien-warrior-2); like events in a row are told together, a view's
 * standing passes in one sentence.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/table.h"
#include "tests/tap.h"

/* Is the sentence free of what a player should never read? */
static int
clean(const char *s)
{
	return s != NULL && *s != '\0' && strstr(s, "null") == NULL &&
	    strchr(s, '_') == NULL && strchr(s, '{') == NULL &&
	    strchr(s, '}') == NULL && strstr(s, " - ") == NULL &&
	    s[strlen(s) - 1] != '-';
}

/* The types a "\"type\":\"%s\"" format is given when run. */
static const char *const runtime[] = {
	"ammo-parted", "attachment-parted", "hived", "hive-failed",
	"location-damaged", "location-repaired", "queen-created", "molt",
};

/* The event types the C files of rules/ccg/ emit: each "\"type\":\"X\"" in its text. */
static size_t
source_types(const char *top, char ***out)
{
	char *dir = xasprintf("%s/rules/ccg", top), **v = NULL;
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, k;

	while (d != NULL && (e = readdir(d)) != NULL) {
		char *path, *text, *p;
		size_t len, nl = strlen(e->d_name);

		if (nl < 3 || strcmp(e->d_name + nl - 2, ".c") != 0)
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (fs_read_file(path, 1 << 22, &text, &len, NULL) == 0) {
			for (p = text; (p = strstr(p, "\\\"type\\\":\\\"")) != NULL; ) {
				char type[64];
				size_t tl = 0;

				/* up to the closing \", across "..." "..." pieces */
				for (p += strlen("\\\"type\\\":\\\""); *p != '\0' &&
				    *p != '\\' && tl + 1 < sizeof type; p++)
					if (*p != '"' && *p != ' ' && *p != '\t' && *p != '\n')
						type[tl++] = *p;
				type[tl] = '\0';
				if (tl == 0 || strchr(type, '%') != NULL)
					continue;	/* chosen when run: runtime[] */
				for (k = 0; k < n && strcmp(v[k], type) != 0; k++)
					;
				if (k == n) {
					v = xreallocarray(v, n + 1, sizeof *v);
					v[n++] = xstrdup(type);
				}
			}
			free(text);
		}
		free(path);
	}
	if (d != NULL)
		closedir(d);
	free(dir);
	for (k = 0; k < sizeof runtime / sizeof runtime[0]; k++) {
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = xstrdup(runtime[k]);
	}
	*out = v;
	return n;
}

int
main(void)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : MUTHUR_SRCDIR;
	char *cards = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	char *data = xasprintf("%s/tests/data/ccg/event-payloads.txt", top);
	const char *paths[1] = { cards };
	struct ccg_carddb *db = ccg_carddb_load(paths, 1, NULL);
	char *text, *line, *save = NULL, **types, *s, *payload_types;
	size_t len, ntypes, i, bad = 0, unknown = 0, nlines = 0, missing = 0;
	struct rules_game g;
	cJSON *a, *t;

	ok(db != NULL, "the sample card data loads");
	ok(fs_read_file(data, 1 << 20, &text, &len, NULL) == 0, "%s reads", data);
	payload_types = xstrdup(",");
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		cJSON *p;
		const char *type;

		if (*line == '#')
			continue;
		p = cJSON_Parse(line);
		type = cJSON_GetStringValue(cJSON_GetObjectItem(p, "type"));
		nlines++;
		if (type == NULL || !ccg_event_sentence_known(type)) {
			diag("no sentence for %s", line);
			unknown++;
		} else {
			s = ccg_event_sentence(db, p);
			if (!clean(s)) {
				diag("%s -> %s", line, s ? s : "(none)");
				bad++;
			}
			free(s);
			s = xasprintf("%s%s,", payload_types, type);
			free(payload_types);
			payload_types = s;
		}
		cJSON_Delete(p);
	}
	ok(nlines > 100 && unknown == 0, "each of the %zu payloads has a sentence "
	    "for its type (%zu without)", nlines, unknown);
	ok(bad == 0, "no sentence holds null, a field name, a brace or a missing "
	    "member (%zu do)", bad);
	ntypes = source_types(top, &types);
	for (i = 0; i < ntypes; i++) {
		char *needle = xasprintf(",%s,", types[i]);

		if (!ccg_event_sentence_known(types[i]) ||
		    strstr(payload_types, needle) == NULL) {
			diag("event type %s: %s", types[i], ccg_event_sentence_known(types[i]) ?
			    "no payload in the test data" : "no sentence");
			missing++;
		}
		free(needle);
		free(types[i]);
	}
	free(types);
	ok(ntypes > 90 && missing == 0, "every one of the %zu event types in the "
	    "sources of rules/ccg/ has a sentence and a test payload (%zu have not)",
	    ntypes, missing);

	/* names from the card data; several in a row told once */
	memset(&g, 0, sizeof g);
	g.db = db;
	a = cJSON_Parse("[{\"type\":\"to-hit\",\"attacker\":\"alien-warrior-2\","
	    "\"target\":\"young-tusk\",\"roll\":5,\"to_hit\":4,\"defense\":0,"
	    "\"hit\":true},"
	    "{\"type\":\"hit\",\"attacker\":\"alien-warrior-2\",\"target\":"
	    "\"young-tusk\",\"damage\":8,\"resistance\":6,\"points\":2},"
	    "{\"type\":\"search\",\"seat\":\"rogue\",\"piece\":\"dix\",\"at\":\"airlock\"},"
	    "{\"type\":\"search\",\"seat\":\"marines\",\"piece\":\"pvt-hudson\",\"at\":\"barracks\"},"
	    "{\"type\":\"search\",\"seat\":\"rogue\",\"piece\":\"rook\",\"at\":\"airlock\"},"
	    "{\"type\":\"game.result\",\"winner\":\"rogue\"}]");
	t = ccg_events_text(&g, a);
	ok(cJSON_GetArraySize(t) == 6 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 0)), "Alien Warrior "
	    "#2 attacks Young Tusk: roll 5 against 4 to hit (defense 0), hit; 8 "
	    "damage against resistance 6: 2 damage points") == 0 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 1)), "") == 0,
	    "a roll and its hit read as one, with the cards' names: %s",
	    cJSON_GetStringValue(cJSON_GetArrayItem(t, 0)));
	ok(strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 2)),
	    "Dix and Rook search the Airlock; Pvt Hudson searches the Barracks") == 0 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 3)), "") == 0 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 4)), "") == 0,
	    "searches in a row are told together by place and seat, in one "
	    "sentence: %s", cJSON_GetStringValue(cJSON_GetArrayItem(t, 2)));
	ok(cJSON_IsNull(cJSON_GetArrayItem(t, 5)),
	    "a type the game does not know is left to the daemon (null)");
	cJSON_Delete(t);
	cJSON_Delete(a);
	/* a possessive of a name ending in s */
	{
		cJSON *e = cJSON_Parse("{\"type\":\"event-discarded\",\"seat\":\"aliens\","
		    "\"card\":\"defend-the-hive\"}");

		s = ccg_event_sentence(db, e);
		ok(s != NULL && strcmp(s, "Aliens' event Defend The Hive is discarded") == 0,
		    "a possessive of a name ending in s: %s", s ? s : "(none)");
		free(s);
		cJSON_Delete(e);
	}
	/* damage past a character's power: its power reads 0, not below */
	{
		cJSON *e = cJSON_Parse("{\"type\":\"damage\",\"piece\":\"young-tusk\","
		    "\"points\":30,\"damage\":30,\"power\":-24}");

		s = ccg_event_sentence(db, e);
		ok(s != NULL && strcmp(s, "Young Tusk takes 30 damage points (30 in all, "
		    "power now 0)") == 0, "damage past the power leaves power 0: %s",
		    s ? s : "(none)");
		free(s);
		cJSON_Delete(e);
		e = cJSON_Parse("{\"type\":\"damage\",\"piece\":\"young-tusk\","
		    "\"points\":2,\"damage\":2,\"power\":4}");
		s = ccg_event_sentence(db, e);
		ok(s != NULL && strcmp(s, "Young Tusk takes 2 damage points (2 in all, "
		    "power now 4)") == 0, "damage within the power: %s", s ? s : "(none)");
		free(s);
		cJSON_Delete(e);
	}
	/* fewer lines: a round's passes in a phase, the phase's line, a draw */
	a = cJSON_Parse("[{\"type\":\"phase\",\"turn\":4,\"phase\":\"discard-draw\"},"
	    "{\"type\":\"standing-pass\",\"seat\":\"rogue\",\"turn\":4,\"round\":\"discard-draw\"},"
	    "{\"type\":\"discard\",\"seat\":\"marines\",\"card\":\"pulse-rifle\"},"
	    "{\"type\":\"standing-pass\",\"seat\":\"aliens\",\"turn\":4,\"round\":\"discard-draw\"},"
	    "{\"type\":\"discard\",\"seat\":\"marines\",\"card\":\"good-shot\"},"
	    "{\"type\":\"draw-card\",\"seat\":\"marines\",\"card\":\"medic\"},"
	    "{\"type\":\"draw\",\"seat\":\"marines\",\"cards\":1,\"hand\":4,\"deck\":30},"
	    "{\"type\":\"phase\",\"turn\":4,\"phase\":\"end\"},"
	    "{\"type\":\"turn\",\"turn\":5},"
	    "{\"type\":\"phase\",\"turn\":5,\"phase\":\"ready\"},"
	    "{\"type\":\"ready\",\"turn\":5,\"readied\":9},"
	    "{\"type\":\"phase\",\"turn\":5,\"phase\":\"movement.locations\"}]");
	t = ccg_events_text(&g, a);
	s = NULL;
	for (i = 0; i < (size_t)cJSON_GetArraySize(t); i++) {
		const char *x = cJSON_GetStringValue(cJSON_GetArrayItem(t, (int)i));
		char *y = xasprintf("%s%s%s", s ? s : "", x && *x ? x : "",
		    x && *x ? "|" : "");

		free(s);
		s = y;
	}
	ok(s != NULL && strcmp(s, "Turn 4, discard-draw: Marines discards Pulse "
	    "Rifle and Good Shot; Marines draws Medic (hand 4, deck 30)|Rogue and "
	    "Aliens pass for the rest of the discard-draw round|") == 0,
	    "passes, a phase, discards and a draw in two lines (the ready step is "
	    "not told: view.json has it): %s", s ? s : "(none)");
	free(s);
	cJSON_Delete(t);
	cJSON_Delete(a);
	/* a view's standing passes in one sentence (issue 16) */
	a = cJSON_Parse("[{\"type\":\"phase\",\"turn\":7,\"phase\":\"movement.move\"},"
	    "{\"type\":\"standing-pass\",\"seat\":\"rogue\",\"turn\":7,\"round\":\"movement\"},"
	    "{\"type\":\"standing-pass\",\"seat\":\"aliens\",\"turn\":7,\"round\":\"movement\"},"
	    "{\"type\":\"move\",\"seat\":\"marines\",\"piece\":\"pvt-hudson\",\"from\":\"airlock\",\"to\":\"barracks\"},"
	    "{\"type\":\"phase\",\"turn\":7,\"phase\":\"discard-draw\"},"
	    "{\"type\":\"standing-pass\",\"seat\":\"aliens\",\"turn\":7,\"round\":\"discard-draw\"},"
	    "{\"type\":\"standing-pass\",\"seat\":\"rogue\",\"turn\":7,\"round\":\"discard-draw\"},"
	    "{\"type\":\"phase\",\"turn\":7,\"phase\":\"combat.declare.unhidden-close\"},"
	    "{\"type\":\"standing-pass\",\"seat\":\"marines\",\"turn\":7,\"round\":\"combat\"},"
	    "{\"type\":\"reaction-ready\",\"seat\":\"rogue\",\"card\":\"good-shot\",\"on\":\"pvt-hudson\"},"
	    "{\"type\":\"reaction-unused\",\"seat\":\"rogue\",\"card\":\"good-shot\",\"on\":\"pvt-hudson\"},"
	    "{\"type\":\"phase\",\"turn\":7,\"phase\":\"search.declare\"},"
	    "{\"type\":\"reaction-ready\",\"seat\":\"rogue\",\"card\":\"good-shot\",\"on\":\"pvt-hudson\"},"
	    "{\"type\":\"reaction-unused\",\"seat\":\"rogue\",\"card\":\"good-shot\",\"on\":\"pvt-hudson\"},"
	    "{\"type\":\"search\",\"seat\":\"marines\",\"piece\":\"pvt-hudson\",\"at\":\"barracks\"}]");
	t = ccg_events_text(&g, a);
	s = NULL;
	{
		int told = 0, passes = 0;

		for (i = 0; i < (size_t)cJSON_GetArraySize(t); i++) {
			const char *x = cJSON_GetStringValue(cJSON_GetArrayItem(t, (int)i));
			char *y = xasprintf("%s%s%s", s ? s : "", x && *x ? x : "",
			    x && *x ? "|" : "");

			told += x != NULL && *x != '\0';
			passes += x != NULL && (strstr(x, "pass") != NULL);
			free(s);
			s = y;
		}
		ok(passes == 1 && s != NULL && strstr(s, "Standing passes: Rogue and "
		    "Aliens (movement and discard-draw); Marines (combat)|") != NULL,
		    "five standing passes of three rounds in one sentence: %s",
		    s ? s : "(none)");
		ok(told == 4 && strstr(s, "Rogue holds Good Shot ready against Pvt "
		    "Hudson in 2 phases but does not use it|") != NULL,
		    "a reaction readied and not used twice in one sentence, the "
		    "phases' lines on their first events: %s", s ? s : "(none)");
		ok(strstr(s, "Turn 7, movement: Pvt Hudson moves") != NULL &&
		    strstr(s, "|Search: Pvt Hudson searches") != NULL &&
		    strstr(s, "discard-draw") == strstr(s, "(movement and discard-draw)") + 14,
		    "a phase with nothing but passes has no line of its own, a "
		    "phase's line is its round, with the turn once: %s",
		    s ? s : "(none)");
	}
	free(s);
	cJSON_Delete(t);
	cJSON_Delete(a);
	a = cJSON_Parse("[{\"type\":\"reaction-ready\",\"seat\":\"rogue\",\"card\":\"good-shot\",\"on\":\"pvt-hudson\"},"
	    "{\"type\":\"event-played\",\"seat\":\"marines\",\"card\":\"good-shot\",\"pool\":2},"
	    "{\"type\":\"reaction-unused\",\"seat\":\"rogue\",\"card\":\"good-shot\",\"on\":\"pvt-hudson\"},"
	    "{\"type\":\"standing-pass\",\"seat\":\"rogue\",\"turn\":7,\"round\":\"combat\"},"
	    "{\"type\":\"control\",\"piece\":\"colonist\",\"seat\":\"marines\"},"
	    "{\"type\":\"control\",\"piece\":\"colonist-2\",\"seat\":\"marines\"}]");
	t = ccg_events_text(&g, a);
	ok(cJSON_GetArraySize(t) == 6 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 0)), "Rogue holds Good "
	    "Shot ready against Pvt Hudson but does not use it") == 0 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 2)), "") == 0 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 3)), "Rogue passes "
	    "for the rest of the combat round") == 0,
	    "a reaction held ready and not used reads as one sentence, a pass "
	    "alone as before: %s", cJSON_GetStringValue(cJSON_GetArrayItem(t, 0)));
	ok(strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 1)), "Marines plays "
	    "Good Shot (combat pool now 2); Colonist and Colonist #2 are now "
	    "controlled by marines") == 0 &&
	    strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(t, 4)), "") == 0,
	    "controls in a row told together, joined to the event before past "
	    "the pass: %s", cJSON_GetStringValue(cJSON_GetArrayItem(t, 1)));
	cJSON_Delete(t);
	cJSON_Delete(a);
	free(payload_types);
	free(text);
	free(data);
	free(cards);
	ccg_carddb_free(db);
	return done_testing();
}

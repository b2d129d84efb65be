/*
 * test-legendary.c — Playing as Humans (rules/legendary/): the card data and
 * its effect language (every error names card, member, what was expected),
 * scenario checks per section and keyword, a whole scripted game played
 * twice to byte-identical states, save/load round trips, and secrecy (two
 * games differing only in hidden orders give the same view to a seat).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"
#include "tests/legal-lines.h"
#include "tests/tap.h"

extern const struct rules rules_legendary;
static const struct rules *R = &rules_legendary;
static char *data_bytes;
static size_t data_len;

struct counter {
	uint64_t	 n, salt;
};

static uint32_t
next(void *ctx, uint32_t bound)
{
	struct counter *c = ctx;
	uint64_t x = (c->n++ + 1) * 0x9E3779B97F4A7C15ull ^ c->salt;

	x ^= x >> 31;
	x *= 0xBF58476D1CE4E5B9ull;
	x ^= x >> 29;
	return (uint32_t)(x % bound);
}

static struct lg_db *
db_of(const char *json)
{
	char *cause = NULL;
	struct lg_db *db = lg_db_load("t.json", json, strlen(json), &cause);

	if (db == NULL) {
		diag("%s", cause);
		free(cause);
	}
	return db;
}

/* The loader's refusal of a changed copy of the data: its message. */
static char *
refusal(const char *from, const char *to)
{
	char *s = xstrdup(data_bytes), *p = strstr(s, from), *t, *cause = NULL;
	struct lg_db *db;

	if (p == NULL)
		return free(s), xstrdup("(not found)");
	t = xasprintf("%.*s%s%s", (int)(p - s), s, to, p + strlen(from));
	db = lg_db_load("legendary-cards.json", t, strlen(t), &cause);
	lg_db_free(db);
	free(t);
	free(s);
	return cause != NULL ? cause : xstrdup("(accepted)");
}

static void
card_data(void)
{
	struct lg_db *db = db_of(data_bytes);
	char *c, *un;
	int i, n, expressed = 0, tested = 0, k, ok_;

	ok(db != NULL, "the shipped card data loads");
	if (db == NULL)
		return;
	for (i = 0; i < db->ncards; i++) {
		if (db->cards[i].sample)
			continue;
		tested++;
		for (ok_ = 1, k = 0; k < db->cards[i].nab; k++)
			ok_ &= db->cards[i].ab[k].unexpressed == NULL;
		expressed += ok_;
	}
	diag("effect language reach: %d of %d card types from the test data expressed "
	    "whole", expressed, tested);
	ok(tested == 70 && expressed == 70, "the 70 test-data card types are all "
	    "expressed (%d of %d)", expressed, tested);
	un = lg_db_unexpressed(db, &n);
	ok(n == 0 && *un == '\0', "no ability or objective event is unexpressed (%d)", n);
	free(un);
	un = lg_db_sample_abilities(db, &n);
	ok(n == 6 && strstr(un, "card defensive-position: ability 3 has a SAMPLE value: "
	    "its ability any player may use in any player's turn") != NULL &&
	    strstr(un, "card defensive-position: ability 1 has a SAMPLE value: "
	    "where it goes once revealed") != NULL && strstr(un, "card defensive-position: "
	    "ability 2 has a SAMPLE value: its ability any player may use") != NULL && strstr(un, "card jurisdictional-intrusion: ability 1 has a SAMPLE "
	    "value: the number of cards drawn (2)") != NULL && strstr(un, "card "
	    "one-ugly-mother: ability 1 has a SAMPLE value: how a Mark is cleared") != NULL &&
	    strstr(un, "objective war-zone: event has a SAMPLE value: what the Event does "
	    "in Operations") != NULL, "the loader names each ability with a SAMPLE value "
	    "by card or objective, and which value (%d)", n);
	free(un);
	{
		/* an ability written unexpressed is listed by card, with why */
		char *t = xstrdup(data_bytes), *at = strstr(t, "{\"when\":\"fight\",\"if\""
		    ":{\"marked\":true}"), *end = at != NULL ? strstr(at, "}]}") : NULL, *u;
		struct lg_db *d2;

		u = at != NULL && end != NULL ? xasprintf("%.*s{\"unexpressed\":\"a test\"}%s",
		    (int)(at - t), t, end + 1) : xstrdup(t);
		d2 = db_of(u);
		un = d2 != NULL ? lg_db_unexpressed(d2, &n) : xstrdup("");
		ok(d2 != NULL && n == 1 && strstr(un, "card one-ugly-mother: ability 1 not "
		    "expressed: a test") != NULL, "the loader names each unexpressed ability "
		    "by card (%s)", un);
		free(un);
		if (d2 != NULL)
			lg_db_free(d2);
		free(u);
		free(t);
	}
	lg_db_free(db);

	c = refusal("{\"clear\":\"hills\"}", "{\"clear\":\"nowhere\"}");
	ok(strstr(c, "card \"lambert-sample-1\": if.clear: no space \"nowhere\"; expected "
	    "a space of the Wilds") != NULL, "a clear condition of no space is refused "
	    "(%s)", c);
	free(c);
	c = refusal("{\"attack\":2}", "{\"atack\":2}");
	ok(strstr(c, "card \"bad-idea\": abilities[0].do[0]: unknown effect \"atack\"; "
	    "expected one of attack,") != NULL, "an unknown effect: card, member, expected "
	    "(%s)", c);
	free(c);
	c = refusal("\"when\":\"use\",\"times\":\"other-characters\",\"do\":[{\"attack\"",
	    "\"when\":\"sometimes\",\"times\":\"other-characters\",\"do\":[{\"attack\"");
	ok(strstr(c, "card \"bad-idea\": abilities[0].when: missing or unknown \"sometimes\"")
	    != NULL, "an unknown trigger (%s)", c);
	free(c);
	c = refusal("\"who\":\"next-player\",\"do\":[{\"draw\":1}]",
	    "\"who\":\"next-player\",\"do\":[{\"attack\":1}]");
	ok(strstr(c, "card \"danny-sample-2\": abilities[0].do[0]: \"attack\" acts on the "
	    "turn, not on a player, so \"who\" cannot send it to another; expected with "
	    "\"who\" only draw,") != NULL, "who with a verb of the turn is refused (%s)", c);
	free(c);
	c = refusal("\"who\":\"next-player\"", "\"who\":\"the-left-player\"");
	ok(strstr(c, "abilities[0].who: unknown \"the-left-player\"; expected you, "
	    "each-player, next-player, you-and-next-player") != NULL, "an unknown who (%s)", c);
	free(c);
	c = refusal("{\"when\":\"play\",\"do\":[{\"restore\":1}]}",
	    "{\"when\":\"play\",\"who\":\"each-player\",\"do\":[{\"draw\":1}]}");
	ok(strstr(c, "abilities[0].who: on a card of Playing as Predators; expected \"who\" "
	    "on a card of Playing as Humans only") != NULL, "who on a Predators card is "
	    "refused (%s)", c);
	free(c);
	c = refusal("\"played_class\":\"survival\"", "\"played_class\":\"magic\"");
	ok(strstr(c, "abilities[0].if: unknown class \"magic\"; expected intel,") != NULL,
	    "an unknown class in a condition (%s)", c);
	free(c);
	c = refusal("\"sample\":\"the number of cards drawn (2): the source does not record "
	    "it\"", "\"sample\":2");
	ok(strstr(c, "card \"jurisdictional-intrusion\": abilities[0].sample: not a string; "
	    "expected which value of the ability is ours") != NULL, "an ability's sample "
	    "mark is words (%s)", c);
	free(c);
	c = refusal("{\"heal\":1}", "{\"heal\":0}");
	ok(strstr(c, "do[0].heal: not a number -9..9 other than 0") != NULL,
	    "an effect's number out of range (%s)", c);
	free(c);
	c = refusal("\"when\":\"use\",\"times\":\"other-characters\",\"do\":[{\"attack\"",
	    "\"when\":\"use\",\"pay\":{\"recruit\":2},\"times\":\"other-characters\",\"do\":[{\"attack\"");
	ok(strcmp(c, "(accepted)") == 0, "a \"use\" ability may have a cost (pay X)");
	free(c);
	c = refusal("\"when\":\"play\",\"do\":[{\"draw\":1}]", "\"when\":\"play\",\"pay\":"
	    "{\"attack\":1},\"do\":[{\"draw\":1}]");
	ok(strstr(c, ".pay: not a cost of a \"use\" ability") != NULL, "a cost on another "
	    "ability is refused (%s)", c);
	free(c);
	c = refusal("\"format\":\"muthur-legendary-1\"", "\"format\":\"x\"");
	ok(strstr(c, "format: missing or unknown") != NULL, "a wrong format (%s)", c);
	free(c);
}

/* The slug of a name: lowercase, each run of other characters one '-'. */
static void
slug_of(const char *name, char *out, size_t max)
{
	size_t n = 0;
	int dash = 0;

	for (; *name != '\0' && n + 2 < max; name++) {
		char c = *name >= 'A' && *name <= 'Z' ? (char)(*name - 'A' + 'a') : *name;

		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
			if (dash && n > 0)
				out[n++] = '-';
			out[n++] = c;
			dash = 0;
		} else
			dash = 1;
	}
	out[n] = '\0';
}

static cJSON *
fact_file(const char *name)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *p = xasprintf("%s/tests/data/legendary/%s", top, name), *text;
	size_t len;
	cJSON *o = NULL;

	if (fs_read_file(p, 1 << 20, &text, &len, NULL) == 0) {
		o = cJSON_ParseWithLength(text, len);
		free(text);
	}
	free(p);
	return o;
}

static int
num(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsNumber(v) ? v->valueint : 0;
}

/* One recorded card against the data: 0 when every number agrees. */
static int
agrees(const struct lg_db *db, const cJSON *fact, int *checked)
{
	char slug[96];
	const struct lg_card *c;
	int k;

	slug_of(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(fact, "name")), slug,
	    sizeof slug);
	if (strcmp(slug, "event") == 0 || strcmp(slug, "hazard") == 0)
		return 0;
	if ((k = lg_card_find(db, slug)) < 0) {
		diag("no card %s in the data", slug);
		return 1;
	}
	c = &db->cards[k];
	(*checked)++;
	if (c->copies != num(fact, "copies_in_source") ||
	    (cJSON_GetObjectItemCaseSensitive(fact, "cost") != NULL &&
	    (c->cost != num(fact, "cost") || c->attack != num(fact, "attack") ||
	    c->recruit != num(fact, "recruit"))) ||
	    (cJSON_GetObjectItemCaseSensitive(fact, "attack_to_kill") != NULL &&
	    c->attack != num(fact, "attack_to_kill")) ||
	    (cJSON_GetObjectItemCaseSensitive(fact, "damage") != NULL &&
	    c->damage != num(fact, "damage"))) {
		diag("%s differs from the recorded facts", slug);
		return 1;
	}
	return 0;
}

/* The installed card data carries every number of tests/data/legendary/. */
static void
facts(void)
{
	struct lg_db *db = db_of(data_bytes);
	cJSON *bar = fact_file("barracks-characters.json"), *en = fact_file("enemy-decks.json");
	cJSON *st = fact_file("strikes.json"), *av = fact_file("avatars-and-roles.json");
	const cJSON *p, *c;
	int bad = 0, checked = 0, copies = 0, i;

	if (db == NULL || bar == NULL || en == NULL || st == NULL || av == NULL) {
		ok(0, "the recorded facts are readable");
		goto out;
	}
	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(bar, "pools"))
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(p, "cards")) {
			bad += agrees(db, c, &checked);
			copies += num(c, "copies_in_source");
		}
	ok(bad == 0 && copies == 77, "the Barracks cards carry the recorded cost, Attack, "
	    "Recruit and copies (%d cards, %d copies)", checked, copies);
	bad = copies = 0;
	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(en, "mini_decks"))
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(p, "cards")) {
			bad += agrees(db, c, &checked);
			copies += num(c, "copies_in_source");
		}
	ok(bad == 0 && copies == 52, "the enemy cards carry the recorded Attack to kill "
	    "and copies (%d copies)", copies);
	for (i = 0; i < db->nobjectives; i++)
		bad += db->nmini[i] != 9 + 2 * (db->objectives[i].stage - 1);
	ok(bad == 0, "each mini-deck has its 9, 11 or 13 cards (the gaps filled by sample "
	    "cards)");
	bad = 0;
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    en, "young_blood"), "cards"))
		bad += agrees(db, c, &checked);
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(
	    st, "enemy_strike_deck"), "cards"))
		bad += agrees(db, c, &checked);
	ok(bad == 0 && db->nyoung == 24, "the Young Bloods and strikes carry the recorded "
	    "numbers; 24 Young Bloods");
	bad = i = 0;
	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(av, "human_avatars")) {
		bad += i >= db->navatars || db->avatars[i].health != num(c, "health") ||
		    db->avatars[i].defense != num(c, "defense");
		i++;
	}
	ok(bad == 0 && i == 10, "the ten Avatars carry the recorded Health and Defense");
	{
		/* what the facts record as null, the card data marks as written by us */
		cJSON *root = cJSON_ParseWithLength(data_bytes, data_len);
		const cJSON *pa = cJSON_GetObjectItemCaseSensitive(av, "predator_avatars");
		const cJSON *cards = cJSON_GetObjectItemCaseSensitive(av, "human_role_cards");
		int roles = 0, avatars = 0, goals = 0;

		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetObjectItemCaseSensitive(root, "predators"), "roles"))
			roles += !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "sample"));
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(root, "avatars"))
			avatars += !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c,
			    "sample_role_card"));
		/* an objective whose goal is only "reveal" cards the facts give no goal to */
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(root, "objectives")) {
			const cJSON *g = cJSON_GetObjectItemCaseSensitive(c, "goal");

			goals += cJSON_GetObjectItemCaseSensitive(g, "kill") == NULL &&
			    !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(g, "final")) &&
			    !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "sample_goal"));
		}
		ok(root != NULL && cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(pa, "health")) &&
		    cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(cards,
		    "avatar_to_role_card_mapping")) && roles == 0 && avatars == 0 && goals == 0,
		    "what the facts leave null is marked sample in the card data: the Predator "
		    "Roles' numbers (%d unmarked), the Avatars' Role cards (%d), the objectives' "
		    "reveal goals (%d)", roles, avatars, goals);
		cJSON_Delete(root);
	}
out:
	cJSON_Delete(bar);
	cJSON_Delete(en);
	cJSON_Delete(st);
	cJSON_Delete(av);
	lg_db_free(db);
}

static struct rules_game *
new_game(const void *data, int nseats, uint64_t pub, uint64_t hid, const char *opt,
    struct counter *cu, struct counter *ch, struct rules_rng *rng, struct rules_events *ev)
{
	static const char *const names[] = { "lieutenant", "tracker", "guerilla",
		"cia-agent", "radioman" };
	struct rules_seat rs[5];
	struct rules_setup su;
	char *deck, *cause = NULL;
	struct rules_game *g;
	int i;

	memset(&su, 0, sizeof su);
	for (i = 0; i < nseats; i++) {
		char *p = xasprintf("%s/rules/legendary/data/%s.deck", getenv("top_srcdir") ?
		    getenv("top_srcdir") : ".", names[i]);
		size_t len;

		fs_read_file(p, 4096, &deck, &len, NULL);
		R->seat_build(data, names[i], names[i], deck, len, &rs[i], NULL);
		free(deck);
		free(p);
	}
	su.scenario = "humans";
	su.seats = rs;
	su.nseats = (size_t)nseats;
	su.data = data;
	su.places = 1;
	su.options = opt != NULL ? &opt : NULL;
	su.noptions = opt != NULL;
	cu->n = 0;
	cu->salt = pub;
	ch->n = 0;
	ch->salt = hid;
	rng->uniform = next;
	rng->ctx = cu;
	rng->hidden = next;
	rng->hidden_ctx = ch;
	g = R->create(&su, rng, ev, &cause);
	if (g == NULL)
		diag("%s", cause);
	free(cause);
	for (i = 0; i < nseats; i++)
		R->seat_clear(&rs[i]);
	return g;
}


/* Play the demo player's orders to the end; the final state's bytes. */
static char *
play_out(const void *data, int nseats, uint64_t salt, int *turns, int *won)
{
	struct counter cu, ch;
	struct rules_rng rng;
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_game *g = new_game(data, nseats, salt, salt + 7, NULL, &cu, &ch, &rng,
	    &ev);
	char *orders[5], *cause = NULL, *bytes, *re;
	size_t i, len, len2;
	int steps, bad = 0, refused = 0;
	struct rules_game *back;

	for (steps = 0; g != NULL && steps < 2000 && strcmp(R->phase(g), "over") != 0; steps++) {
		for (i = 0; i < (size_t)nseats; i++) {
			if (R->owes(g, i))
				refused += legal_refused(R, g, i);
			orders[i] = R->owes(g, i) ? R->demo_orders(g, i) : NULL;
			if (orders[i] != NULL && R->check(g, i, orders[i], &cause) == -1) {
				diag("demo orders refused: %s\n%s", cause, orders[i]);
				bad++;
				free(cause);
				cause = NULL;
			}
		}
		if (R->resolve(g, (const char *const *)orders, &rng, &ev, &cause) == -1) {
			diag("resolve: %s", cause);
			bad++;
			break;
		}
		for (i = 0; i < (size_t)nseats; i++)
			free(orders[i]);
		bytes = R->save(g, &len);
		back = R->load(data, bytes, len, NULL);
		re = back != NULL ? R->save(back, &len2) : NULL;
		if (re == NULL || strcmp(re, bytes) != 0)
			bad++;
		free(re);
		if (back != NULL)
			R->free(back);
		free(bytes);
	}
	ok(bad == 0, "every demo order was legal and every state reloads to the same "
	    "bytes (%d steps)", steps);
	ok(refused == 0, "every legal line offered is accepted on its own (%d are not)",
	    refused);
	*turns = g != NULL ? g->turn : 0;
	*won = g != NULL ? g->result : 0;
	bytes = g != NULL ? R->save(g, &len) : xstrdup("");
	for (bad = 0, i = 0; i < ev.n; i++) {
		cJSON *o = cJSON_Parse(ev.v[i].json);

		bad += o == NULL || !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, "type"));
		cJSON_Delete(o);
	}
	ok(bad == 0, "every event is one JSON object with a type (%zu events)", ev.n);
	rules_events_free(&ev);
	if (g != NULL)
		R->free(g);
	return bytes;
}

static void
whole_games(const void *data)
{
	char *a, *b;
	int turns, won, t2, w2, n;

	for (n = 1; n <= 4; n++) {
		a = play_out(data, n, 11 * (uint64_t)n, &turns, &won);
		b = play_out(data, n, 11 * (uint64_t)n, &t2, &w2);
		ok(strcmp(a, b) == 0 && turns == t2, "%d seat(s): a whole game twice, "
		    "byte-identical (%d turns, %s)", n, turns, won == 1 ? "major victory" :
		    won == 2 ? "minor victory" : won == -1 ? "lost" : "unfinished");
		ok(won != 0, "%d seat(s): the game reached a result", n);
		free(a);
		free(b);
	}
}

static int
same_json(cJSON *a, cJSON *b)
{
	char *sa = cJSON_PrintUnformatted(a), *sb = cJSON_PrintUnformatted(b);
	int same = strcmp(sa, sb) == 0;

	free(sa);
	free(sb);
	cJSON_Delete(a);
	cJSON_Delete(b);
	return same;
}

static void
secrecy(const void *data)
{
	struct counter cu[2], ch[2];
	struct rules_rng rng[2];
	struct rules_game *g[2];
	struct rules_secret *s;
	size_t n, i;
	int k;

	for (k = 0; k < 2; k++)
		g[k] = new_game(data, 3, 5, 100 + (uint64_t)k, NULL, &cu[k], &ch[k], &rng[k],
		    NULL);
	ok(g[0] != NULL && g[1] != NULL, "two games that differ in hidden orders only");
	if (g[0] == NULL || g[1] == NULL)
		return;
	ok(!same_json(R->view(g[0], 0), R->view(g[1], 0)) ||
	    memcmp(&g[0]->s[1].hand, &g[1]->s[1].hand, sizeof g[0]->s[1].hand) != 0,
	    "their hidden parts differ");
	/* make what every seat may know the same: hands and the public board */
	for (k = 0; k < g[0]->nseats; k++)
		g[1]->s[k].hand = g[0]->s[k].hand;
	memcpy(g[1]->hq, g[0]->hq, sizeof g[0]->hq);
	memcpy(g[1]->wilds, g[0]->wilds, sizeof g[0]->wilds);
	ok(same_json(R->view(g[0], 1), R->view(g[1], 1)) && same_json(R->view(g[0], -1),
	    R->view(g[1], -1)), "a seat's view and a spectator's do not depend on the deck "
	    "orders, the Barracks, the strike deck or the face-down Wilds");
	{
		cJSON *a = R->view(g[0], 1), *b = R->view(g[1], 1);

		ok(same_json(R->view_text(a, "tracker"), R->view_text(b, "tracker")),
		    "nor does its text");
		cJSON_Delete(a);
		cJSON_Delete(b);
	}
	R->secrets(g[0], &s, &n);
	for (k = 0, i = 0; i < n; i++)
		k += strcmp(s[i].id, "enemy-deck") == 0 || strcmp(s[i].id, "barracks") == 0 ||
		    strncmp(s[i].id, "wilds:", 6) == 0 || strcmp(s[i].id, "strike-deck") == 0 ||
		    strcmp(s[i].id, "commanders") == 0 || strncmp(s[i].id, "deck:", 5) == 0 ||
		    (strncmp(s[i].id, "hand:", 5) == 0 && s[i].seat >= 0);
	ok(k == (int)n && n == 11, "every hidden thing is a secret (%zu: decks, hands, "
	    "the Enemy deck, Barracks, Commanders, strikes, the face-down Wilds card)", n);
	rules_secrets_free(s, n);
	R->free(g[0]);
	R->free(g[1]);
}

int
main(void)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *p = xasprintf("%s/rules/legendary/data/legendary-cards.json", top), *cause = NULL;
	struct rules_file f;
	void *data;

	if (fs_read_file(p, 1 << 20, &data_bytes, &data_len, &cause) == -1)
		return diag("%s", cause), done_testing();
	free(p);
	card_data();
	facts();
	f.name = "legendary-cards.json";
	f.bytes = data_bytes;
	f.len = data_len;
	data = R->data_load(&f, 1, &cause);
	ok(data != NULL, "data_load");
	ok(R->scenario_check("aliens", &cause) == -1 && strstr(cause, "unknown mode "
	    "\"aliens\" (the modes there are: humans, predators)") != NULL,
	    "an unknown mode is refused, with the modes there are");
	free(cause);
	cause = NULL;
	{
		struct counter cu, ch;
		struct rules_rng rng;
		struct rules_game *g = new_game(data, 1, 1, 2, "objectives=personal-little-war,"
		    "war-zone,get-to-the-choppa", &cu, &ch, &rng, NULL);

		ok(g == NULL, "objectives out of stage order are refused (the reason above)");
		if (g != NULL)
			R->free(g);
		ok(R->option_check("characters=dutch,mac", &cause) == -1 && strstr(cause,
		    "characters=A,B,C,D") != NULL, "characters= takes four");
		free(cause);
		cause = NULL;
	}
	whole_games(data);
	secrecy(data);
	R->data_free(data);
	free(data_bytes);
	return done_testing();
}

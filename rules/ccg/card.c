/*
 * card.c — the card database: adding files, sealing, lookups, slugs and
 * resources (rulebook section 2, "The Cards").
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card-priv.h"
#include "rules/ccg/card.h"

struct ccg_carddb *
ccg_carddb_new(void)
{
	struct ccg_carddb *db = xcalloc(1, sizeof(*db));

	db->priv = xcalloc(1, sizeof(*db->priv));
	db->sample = 1;
	return db;
}

void
ccg_carddb_free(struct ccg_carddb *db)
{
	size_t i;

	if (db == NULL)
		return;
	for (i = 0; i < db->ncards; i++)
		ccg_card_free(db->cards[i]);
	free(db->cards);
	for (i = 0; i < db->nfiles; i++)
		free(db->files[i]);
	free(db->files);
	free(db->priv->by_slug);
	free(db->priv);
	free(db);
}

static int
by_id(const void *a, const void *b)
{
	const struct ccg_card *x = *(const struct ccg_card *const *)a;
	const struct ccg_card *y = *(const struct ccg_card *const *)b;

	return strcmp(x->id, y->id);
}

static int
by_slug(const void *a, const void *b)
{
	const struct ccg_card *x = *(const struct ccg_card *const *)a;
	const struct ccg_card *y = *(const struct ccg_card *const *)b;

	return strcmp(x->slug, y->slug);
}

int
ccg_carddb_add_json(struct ccg_carddb *db, const char *name, const char *data,
    size_t len, char **cause)
{
	struct ccg_cardfile f;
	size_t i, j;

	if (db->sealed)
		return cause_set(cause, "%s: the card database is already sealed", name);
	if (ccg_cardfile_parse(name, data, len, &f, cause) == -1)
		return -1;
	for (i = 0; i < f.ncards; i++) {
		const struct ccg_card *c = f.cards[i];

		for (j = 0; j < db->ncards; j++) {
			const struct ccg_card *o = db->cards[j];

			if (strcmp(o->id, c->id) == 0) {
				cause_set(cause, "%s: card \"%s\": field \"id\": \"%s\" is "
				    "already the id of \"%s\" (%s)", name, c->name, c->id,
				    o->name, o->file);
				goto bad;
			}
			if (strcmp(o->slug, c->slug) == 0) {
				cause_set(cause, "%s: card \"%s\": field \"name\": same "
				    "slug \"%s\" as card \"%s\" (%s)", name, c->name,
				    c->slug, o->name, o->file);
				goto bad;
			}
		}
	}
	db->cards = xreallocarray(db->cards, db->ncards + f.ncards, sizeof(*db->cards));
	for (i = 0; i < f.ncards; i++)
		db->cards[db->ncards++] = f.cards[i];
	free(f.cards);
	db->files = xreallocarray(db->files, db->nfiles + 1, sizeof(*db->files));
	db->files[db->nfiles++] = xstrdup(name);
	if (!f.sample)
		db->sample = 0;
	return 0;
bad:
	ccg_cardfile_clear(&f);
	return -1;
}

/* Read path (at most CCG_CARDDB_MAX_FILE bytes) and add it as above, named
 * by its last path component. */
static int
ccg_carddb_add_file(struct ccg_carddb *db, const char *path, char **cause)
{
	const char *base;
	char *data;
	size_t len;
	int rc;

	if (fs_read_file(path, CCG_CARDDB_MAX_FILE, &data, &len, cause) == -1)
		return -1;
	base = strrchr(path, '/');
	base = base != NULL ? base + 1 : path;
	rc = ccg_carddb_add_json(db, base, data, len, cause);
	free(data);
	return rc;
}

int
ccg_carddb_seal(struct ccg_carddb *db, char **cause)
{
	char *canon;
	size_t i, j, len;

	if (db->sealed)
		return 0;
	if (db->ncards == 0)
		return cause_set(cause, "the card database holds no cards");
	for (i = 0; i < db->ncards; i++) {
		const struct ccg_card *c = db->cards[i];

		for (j = 0; j < c->neffects; j++) {
			const struct ccg_effect *e = &c->effects[j];

			if ((e->kind == CCG_EFFECT_STARTS_WITH ||
			    e->kind == CCG_EFFECT_MOLTS_FROM ||
			    e->kind == CCG_EFFECT_MATURES_FROM ||
			    e->kind == CCG_EFFECT_FORCE_UPGRADE) &&
			    ccg_carddb_find_name(db, e->term) == NULL)
				return cause_set(cause, "%s: card \"%s\": field "
				    "\"effects[%zu].term\": no card named \"%s\"",
				    c->file, c->name, j, e->term);
		}
	}
	qsort(db->cards, db->ncards, sizeof(*db->cards), by_id);
	for (i = 0; i < db->ncards; i++)
		db->cards[i]->index = i;
	db->priv->by_slug = xcalloc(db->ncards, sizeof(*db->priv->by_slug));
	memcpy(db->priv->by_slug, db->cards, db->ncards * sizeof(*db->cards));
	qsort(db->priv->by_slug, db->ncards, sizeof(*db->cards), by_slug);

	canon = ccg_carddb_canonical(db, &len);
	crypto_generichash(db->hash, sizeof(db->hash), (const unsigned char *)canon,
	    len, NULL, 0);
	free(canon);
	sodium_bin2hex(db->hash_hex, sizeof(db->hash_hex), db->hash, sizeof(db->hash));
	db->sealed = 1;
	return 0;
}

struct ccg_carddb *
ccg_carddb_load(const char *const *paths, size_t npaths, char **cause)
{
	struct ccg_carddb *db = ccg_carddb_new();
	size_t i;

	for (i = 0; i < npaths; i++)
		if (ccg_carddb_add_file(db, paths[i], cause) == -1)
			goto bad;
	if (ccg_carddb_seal(db, cause) == -1)
		goto bad;
	return db;
bad:
	ccg_carddb_free(db);
	return NULL;
}

/* Find key (by id when byslug is 0, else by slug): binary search in the
 * sorted arrays once sealed, a scan before. */
static const struct ccg_card *
find(const struct ccg_carddb *db, const char *key, int byslug)
{
	struct ccg_card k, *kp = &k, **found, **arr;
	int (*cmp)(const void *, const void *) = byslug ? by_slug : by_id;
	size_t i;

	k.id = k.slug = key;
	if (db->sealed) {
		arr = byslug ? db->priv->by_slug : db->cards;
		found = bsearch(&kp, arr, db->ncards, sizeof(*arr), cmp);
		return found != NULL ? *found : NULL;
	}
	for (i = 0; i < db->ncards; i++)
		if (cmp(&kp, &db->cards[i]) == 0)
			return db->cards[i];
	return NULL;
}

const struct ccg_card *
ccg_carddb_find_id(const struct ccg_carddb *db, const char *id)
{
	return find(db, id, 0);
}

const struct ccg_card *
ccg_carddb_find_slug(const struct ccg_carddb *db, const char *slug)
{
	return find(db, slug, 1);
}

const struct ccg_card *
ccg_carddb_find_name(const struct ccg_carddb *db, const char *s)
{
	const struct ccg_card *c;
	char *slug = ccg_slugify(s);

	c = *slug != '\0' ? ccg_carddb_find_slug(db, slug) : NULL;
	free(slug);
	return c;
}

char *
ccg_slugify(const char *name)
{
	char *out = xmalloc(strlen(name) + 1);
	size_t n = 0;
	int dash = 0;

	for (; *name != '\0'; name++) {
		unsigned char ch = (unsigned char)*name;

		if (isascii(ch) && isalnum(ch)) {
			if (dash && n > 0)
				out[n++] = '-';
			dash = 0;
			out[n++] = (char)tolower(ch);
		} else if (ch == ' ' || ch == '-' || ch == '_' || ch == '/' || ch == '\t')
			dash = 1;
	}
	out[n] = '\0';
	return out;
}

/* Is r a whole-word run inside name (case-insensitive)? */
static int
in_name(const char *name, const char *r)
{
	size_t rl = strlen(r);
	const char *p;

	if (rl == 0)
		return 0;
	for (p = name; *p != '\0'; p++) {
		if (p != name && isalnum((unsigned char)p[-1]))
			continue;
		if (strncasecmp(p, r, rl) == 0 && !isalnum((unsigned char)p[rl]))
			return 1;
	}
	return 0;
}

int
ccg_card_has_resource(const struct ccg_card *c, const char *r)
{
	size_t i;

	for (i = 0; i < c->nresources; i++)
		if (strcasecmp(c->resources[i], r) == 0)
			return 1;
	return in_name(c->name, r);
}

int
ccg_card_has_restriction(const struct ccg_card *c, const char *r)
{
	size_t i;

	for (i = 0; i < c->nrestrictions; i++)
		if (strcasecmp(c->restrictions[i], r) == 0)
			return 1;
	return 0;
}

/* Restrictions that say who may use or play a card, not where it is found. */
static int
user_restriction(const char *r)
{
	static const char *const who[] = {
		"Human", "Rogue", "Marine", "Marines", "Predator", "Alien", "Aliens",
		"Synthetic", "Predator Item", "Military Arms", NULL
	};
	size_t i;

	for (i = 0; who[i] != NULL; i++)
		if (strcasecmp(who[i], r) == 0)
			return 1;
	return 0;
}

int
ccg_card_findable_at(const struct ccg_card *c, const struct ccg_card *loc)
{
	size_t i;

	for (i = 0; i < c->nrestrictions; i++)
		if (!user_restriction(c->restrictions[i]) &&
		    ccg_card_has_resource(loc, c->restrictions[i]))
			return 1;
	return 0;
}

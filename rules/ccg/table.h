/*
 * table.h — the CCG's entries of struct rules (rules/rules.h) beyond play:
 * component data, seats from decklists, the `muthur cards` report, the
 * scripted demo player and the view text. Only rules/ccg/engine.c's table
 * and these files use them; everyone else calls them through the table.
 * Each follows the contract of its struct rules member.
 */
#ifndef MUTHUR_RULES_CCG_TABLE_H
#define MUTHUR_RULES_CCG_TABLE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "rules/rules.h"

/* The table itself (rules/ccg/engine.c). */
extern const struct rules rules_ccg;

/* data-load.c */
void	*ccg_data_load(const struct rules_file *files, size_t nfiles, char **cause);
void	 ccg_data_free(void *data);
char	*ccg_data_canonical(const void *data, size_t *len);
void	 ccg_data_hash(const void *data, unsigned char hash[32]);
int	 ccg_data_report(const struct rules_file *files, size_t nfiles,
	    const char *scenario, const char *faction, const struct rules_file *deck,
	    char **report, int *valid, char **cause);

/* seat-setup.c */
int	 ccg_scenario_check(const char *scenario, char **cause);
int	 ccg_option_check(const char *name, char **cause);
int	 ccg_faction_check(const char *seat, const char *faction, char **cause);
int	 ccg_deck_check(const void *data, const char *scenario, const char *faction,
	    const struct rules_file *deck, char **cause);
int	 ccg_seat_build(const void *data, const char *seat, const char *faction,
	    const char *deck, size_t len, struct rules_seat *out, char **cause);
void	 ccg_seat_clear(struct rules_seat *out);

/* demo-player.c */
char	*ccg_demo_orders(const struct rules_game *g, size_t seat);

/*
 * turn-plan.c: plan sections for the rest of seat's turn after the orders
 * now, played through on a copy (the others passing); template: only from
 * what the seat knows (the cards it holds, no combat outcome), for its
 * order template. LF-terminated, "" for none; caller frees.
 */
char	*ccg_turn_plan(const struct rules_game *g, size_t seat, const char *now,
	    int template);
char	*ccg_demo_plan(const struct rules_game *g, size_t seat);

/* order-template.c */
char	*ccg_template(const struct rules_game *g, size_t seat);

/* view-text.c */
cJSON	*ccg_view_text(const cJSON *rv, const char *seat);

/* picture.c */
int	 ccg_picture(const cJSON *rv, const char *seat, enum rules_picture format,
	    char **out, size_t *len, char **cause);

/*
 * Mail a player reads (issue 16). event-sentences.c: struct rules
 * events_text(); one event's sentence from its payload, names from the card
 * data db alone (NULL for a type without one; caller frees); whether a
 * type has a sentence. suggest.c: what to add to the refusal of order o
 * of seat in state g (before o): "did you mean" for a word that names no
 * card, the hand for a card to play or discard not in it; NULL for nothing
 * (caller frees).
 */
struct ccg_carddb;
struct ccg_order;
cJSON	*ccg_events_text(const struct rules_game *g, const cJSON *payloads);
cJSON	*ccg_data_events_text(const void *data, const cJSON *payloads);
char	*ccg_event_sentence(const struct ccg_carddb *db, const cJSON *payload);
int	 ccg_event_sentence_known(const char *type);
char	*ccg_refusal_hint(const struct rules_game *g, int seat,
	    const struct ccg_order *o);

#endif

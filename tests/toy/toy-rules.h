/*
 * toy-rules.h — "toy", a blind bid for two seats, the smallest game behind
 * struct rules (rules/rules.h): built into the tests only, registered at
 * run time with rules_register(). It is the proof that the game seam
 * holds (nothing in daemon/, store/ or the auditor knows it) and the
 * template for the next game (doc/adding-a-game.md).
 *
 * The game: seats red and blue, each with a purse of coins (its
 * "decklist": one line "coins N", 1..20). Each of the data's "rounds"
 * rounds deals every seat a secret card 1..6 from the hidden stream (only
 * its seat sees it), then both bid at once ("bid N", or "pass" for 0);
 * the coins bid are spent. Resolving rolls a public die 1..die; each
 * seat's score is bid + card * roll; both cards are revealed and the
 * higher score wins the round's point (a tie: nobody). After the last
 * round the most points win (a tie: no winner).
 *
 * Its data file is toy-data.json: {"rounds": R, "die": D}.
 */
#ifndef MUTHUR_TESTS_TOY_RULES_H
#define MUTHUR_TESTS_TOY_RULES_H

#include "rules/rules.h"

extern const struct rules rules_toy;

#endif

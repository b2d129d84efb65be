/*
 * fixture.h — recorded games for the audit tests and benchmark: a writer
 * of a game's record exactly as doc/game-record.md says (new-game, seat,
 * start, orders, resolving, secrets, end), driving the store/ headers and the CCG
 * engine with a small scripted policy that picks from rules->legal(). All
 * four seats play the sample decks; seats sign with muthur keys except
 * one (the predator) that signs minisign signatures ("ED", prehashed)
 * made here with libsodium. Everything random (keys, nonces, seeds, the
 * policy) comes from the fixture's seed, so a game is reproducible.
 */
#ifndef MUTHUR_TESTS_AUDIT_FIXTURE_H
#define MUTHUR_TESTS_AUDIT_FIXTURE_H

#include <stdint.h>

#include "daemon/audit.h"
#include "store/serverkey.h"
#include "store/store.h"

struct afix;

/*
 * new-game, four seats and start for game name in st, with the card data
 * and decks under top (the source tree). The server key is the fixed one
 * (seed 0x42 ...), see afix_server_key(). NULL with *cause on failure.
 */
struct afix *afix_new(struct store *st, const char *top, const char *name, uint64_t seed,
    char **cause);
/*
 * Play up to max_phases more phases: every owing seat mails signed orders
 * (now and then twice, the first superseded), the phase resolves as the
 * barrier does. Stops early when the game is over. Returns the number of
 * phases resolved, -1 with *cause on failure.
 */
int afix_play(struct afix *f, int max_phases, char **cause);
/*
 * From now on every seat passes, or orders only what the rules require
 * (the hints of check()), so nobody wins and the game goes on until it is
 * abandoned: the long games of bench-audit -e.
 */
void afix_endless(struct afix *f);
/*
 * `muthur abandon` as doc/game-record.md says: the open phase closed
 * unresolved (its seed opened), a game.abandoned event, every commitment
 * opened, status abandoned. (The CCG engine cannot finish a game yet:
 * without combat nobody wins, so this is how a test gets a game whose
 * secrets are all opened.)
 */
int afix_abandon(struct afix *f, char **cause);
/* Is the game over? Its current turn? */
int afix_over(const struct afix *f);
int afix_turn(const struct afix *f);
/*
 * How many times a secret that by the rules could not have changed in a
 * phase (fixed, or no public event of the phase held its watch word,
 * rules.h) changed all the same and was committed anew: 0 unless a rules
 * engine breaks its promise (the renewal would then tell the change).
 */
size_t afix_forced(const struct afix *f);
/* The fixed server key of every fixture game. */
const struct server_key *afix_server_key(void);
void afix_free(struct afix *f);
/*
 * Write dir/muthur.conf (store dir/muthur.db, Maildirs, server key
 * dir/server.key) and dir/server.key (the fixed server key), for running
 * `muthur --config CONF ...` on a fixture store. Returns the path of the
 * configuration (the caller frees; afix_config_remove() removes both).
 */
char *afix_config_write(const char *dir);
void afix_config_remove(const char *dir);
/* Does some failure of r have a record starting with rec and a message
 * containing msg? */
int afix_report_has(const struct audit_report *r, const char *rec, const char *msg);
/* r's first failures and its note, as TAP comments on standard output. */
void afix_report_show(const struct audit_report *r);
/* Remove dir/muthur.db (with its -wal and -shm files) and dir itself. */
void afix_store_remove(const char *dir);

#endif

/*
 * export.h — reading one game out of the store into an archive
 * (archive.h, doc/muthur-archive.5), for `muthur export`.
 *
 * A game that is over (finished or abandoned) gets the full archive:
 * every event with the hash chain and head, every orders mail of a closed
 * phase (superseded ones marked) and the recorded state hashes. Any other
 * game (running, paused) gets the spectator archive (archive.h): the
 * public events only, numbered 1, 2, ... among themselves, without chain
 * or head; no orders; no state hashes. Either way an unopened commitment
 * is exported without its secret and nonce, and the orders of a phase
 * still open are not exported. There is no way to ask for the full
 * archive of a game still running. Exporting never changes the database.
 */
#ifndef MUTHUR_STORE_EXPORT_H
#define MUTHUR_STORE_EXPORT_H

#include <stddef.h>

#include "store/archive.h"
#include "store/serverkey.h"
#include "store/store.h"

/*
 * Read game name into a new archive (archive_free()). Fails naming the
 * game: no such game, a game not yet started (it has no setup.json), a
 * closed phase without its recorded state (but for the last phase of an
 * abandoned game, closed unresolved), a database error.
 */
struct archive *store_export(struct store *st, const char *name, char **cause);
/*
 * The server's own record of game name, whatever its status, as a full
 * archive: every event, the orders of the closed phases, and every
 * commitment with its secret and nonce, the unopened ones marked opened
 * (at revealed_phase 0); no recorded states (they are what is checked
 * against it). For `muthur fsck`, which replays it on the server: never
 * to be formatted, signed or written out (it holds the hidden secrets).
 */
struct archive *store_export_server(struct store *st, const char *name, char **cause);
/*
 * store_export() and then archive_format() signed with key, which must be
 * the game's server key (refused otherwise). *out is the caller's.
 */
int store_export_text(struct store *st, const struct server_key *key, const char *name,
    char **out, size_t *len, char **cause);

#endif

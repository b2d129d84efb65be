/*
 * gamefiles.h — files snapshotted into a game when it is created.
 *
 * A game keeps its own copy of what it was created from, so that a later
 * change to the installed card data never changes a running game and an
 * archive is self-contained (doc/product.md §7, §9): the card data as loaded
 * ("cards.json", whose hash is the game's card_hash) and anything else the
 * daemon records by name. Each file is stored with its BLAKE2b-256 hash;
 * a file is written once and never replaced.
 */
#ifndef MUTHUR_STORE_GAMEFILES_H
#define MUTHUR_STORE_GAMEFILES_H

#include <stddef.h>
#include <stdint.h>

struct store;

/* The most bytes a stored game file may inflate to. */
#define STORE_FILE_MAX (64u * 1024 * 1024)

/* Record file name of game_id; refuses a name the game already has. */
int store_game_file_put(struct store *st, int64_t game_id, const char *name,
    const void *bytes, size_t len, char **cause);
/*
 * Read file name of game_id: *bytes (NUL-terminated, caller frees), *len,
 * and its recorded hash when hash != NULL. Fails naming the file when the
 * game has none of that name, or when the bytes no longer match the hash.
 */
int store_game_file_get(struct store *st, int64_t game_id, const char *name,
    unsigned char **bytes, size_t *len, unsigned char hash[32], char **cause);
/* 1 when game_id has a file name, 0 when not, -1 on error. */
int store_game_file_has(struct store *st, int64_t game_id, const char *name,
    char **cause);
/* The names of a game's files, sorted; free with store_names_free(). */
int store_game_file_names(struct store *st, int64_t game_id, char ***names, size_t *n,
    char **cause);

#endif

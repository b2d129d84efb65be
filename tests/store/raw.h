/*
 * raw.h — SQL on a store's database behind muthur's back, for the store
 * tests (what another program, an attacker or a checker does): a SQLite
 * file by path, or a PostgreSQL database by postgresql:// URL (libpq).
 */
#ifndef MUTHUR_TESTS_STORE_RAW_H
#define MUTHUR_TESTS_STORE_RAW_H

/* Is path a PostgreSQL URL? */
int raw_is_url(const char *path);
/* Run sql (its results ignored); a SQLite file is left mode 0600. */
void raw_exec(const char *path, const char *sql);
/* The first column of sql's first row as a number: -1 without a row, -2
 * when sql fails. */
long long raw_count(const char *path, const char *sql);

#endif

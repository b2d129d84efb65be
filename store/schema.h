/* schema.h — the migrations of the muthur database; used by db.c only. */
#ifndef MUTHUR_STORE_SCHEMA_H
#define MUTHUR_STORE_SCHEMA_H

/* How many migrations there are (== STORE_SCHEMA_VERSION). */
int schema_count(void);
/* The SQL that takes version-1 to version, or NULL if out of range. */
const char *schema_migration(int version);

/*
 * The PostgreSQL SQL taking a store from version from to *to (the baseline
 * from 0 straight to 13, then one version at a time); NULL if there is none
 * (store/schema-postgresql.c).
 */
const char *schema_pg_migration(int from, int *to);

#endif

/* schema.h — the migrations of the muthur database; used by db.c only. */
#ifndef MUTHUR_STORE_SCHEMA_H
#define MUTHUR_STORE_SCHEMA_H

/* How many migrations there are (== STORE_SCHEMA_VERSION). */
int schema_count(void);
/* The SQL that takes version-1 to version, or NULL if out of range. */
const char *schema_migration(int version);

#endif

/* store-version.c — keeps the store library non-empty until its modules land. */
#include "config.h"

extern const char muthur_store_version[];
const char muthur_store_version[] = PACKAGE_VERSION;

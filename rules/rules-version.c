/* rules-version.c — keeps the rules library non-empty until its modules land. */
#include "config.h"

extern const char muthur_rules_version[];
const char muthur_rules_version[] = PACKAGE_VERSION;

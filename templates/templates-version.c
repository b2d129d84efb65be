/* templates-version.c — keeps the templates library non-empty until its modules land. */
#include "config.h"

extern const char muthur_templates_version[];
const char muthur_templates_version[] = PACKAGE_VERSION;

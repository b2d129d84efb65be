/*
 * json-alloc.h — route cJSON's allocations through xmalloc(), so that an
 * exhausted heap aborts with a log line instead of cJSON returning NULL
 * where no caller checks. Call once at the start of main(), before any
 * cJSON call (muthur, muthurd).
 */
#ifndef MUTHUR_JSON_ALLOC_H
#define MUTHUR_JSON_ALLOC_H

void json_alloc_init(void);

#endif

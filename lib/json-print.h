/*
 * json-print.h — cJSON_PrintUnformatted()'s bytes, made faster: cJSON
 * prints every number with sprintf("%1.15g") and reads it back with
 * sscanf() (most of a CCG state save's time, and so of an audit's); the
 * integers every state is made of are printed here directly, everything
 * else exactly as cJSON prints it (tests/lib/test-json-print compares).
 */
#ifndef MUTHUR_JSON_PRINT_H
#define MUTHUR_JSON_PRINT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "lib/strbuf.h"

/* Append item as cJSON_PrintUnformatted() prints it; -1 where it fails. */
int json_print_add(struct strbuf *out, const cJSON *item);

/* cJSON_PrintUnformatted(item) in a new buffer (free()), *len its length
 * (len may be NULL); NULL where cJSON_PrintUnformatted() gives NULL. */
char *json_print(const cJSON *item, size_t *len);

#endif

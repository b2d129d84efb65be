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

/*
 * The same while it is at most max bytes: 1 once more than max bytes were
 * appended (out then ends in a part of the text, for the caller to cut
 * off), 0 when the whole text is in, -1 where it fails.
 */
int json_print_add_max(struct strbuf *out, const cJSON *item, size_t max);
/* The string s as cJSON prints a string value ("" for NULL). */
void json_print_string(struct strbuf *out, const char *s);

/* cJSON_PrintUnformatted(item) in a new buffer (free()), *len its length
 * (len may be NULL); NULL where cJSON_PrintUnformatted() gives NULL. */
char *json_print(const cJSON *item, size_t *len);

/*
 * Writing compact JSON straight into a buffer, in the bytes cJSON would
 * print for the tree the same calls would build (no tree, no number
 * printed twice). key NULL: an array's item (or the top value); a NULL
 * string is left out, as cJSON_AddStringToObject() leaves it out. A
 * comma goes before every member or item that does not open its object
 * or array.
 */
void json_w_open(struct strbuf *out, const char *key, char brace);
void json_w_close(struct strbuf *out, char brace);
void json_w_num(struct strbuf *out, const char *key, double d);
void json_w_str(struct strbuf *out, const char *key, const char *s);
/*
 * json_w_num() of an int member whose key is a string literal that needs
 * no escaping, quoted once by the compiler: JSON_W_INT(out, "turn", v)
 * writes what json_w_num(out, "turn", v) writes, without looking at the
 * key's characters. qkey "" (qlen 0): an array's item.
 */
void json_w_int(struct strbuf *out, const char *qkey, size_t qlen, long long v);
#define JSON_W_INT(out, key, v) \
	json_w_int((out), "\"" key "\":", sizeof("\"" key "\":") - 1, (v))
void json_w_true(struct strbuf *out, const char *key);
void json_w_false(struct strbuf *out, const char *key);

#endif

/*
 * view-int.h — helpers shared by daemon/view*.c (not part of the API).
 */
#ifndef MUTHUR_DAEMON_VIEW_INT_H
#define MUTHUR_DAEMON_VIEW_INT_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

/* Lowercase hex of len bytes; caller frees. */
char *view_hex(const void *p, size_t len);
/* "YYYY-MM-DD HH:MM UTC" of Unix time t into buf; -1 when t <= 0. */
int view_time_text(int64_t t, char *buf, size_t size);
/* The names as a JSON array of strings. */
cJSON *view_names(const char *const *v, size_t n);
/* The names joined with ", ", or none when there are none; caller frees. */
char *view_join(const char *const *v, size_t n, const char *none);
/*
 * Append text to out with its lines folded to 76 columns as in the views
 * (an orders block stays as it is).
 */
struct strbuf;
void view_fold_text(struct strbuf *out, const char *text, size_t len);
/* The non-empty lines of text (LF-separated) as a JSON array of strings. */
cJSON *view_lines(const char *text);
#endif

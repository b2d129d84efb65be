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

/*
 * The stages of view_mail_render() (daemon/view.h), which is exactly
 * view_subject_render(), view_body_render(), view_picture_png(),
 * view_json_text() and view_mail_compose() in turn; apart for
 * bench/bench-views, which times each.
 */
struct tmpl_set;
struct view_mail_ctx;
/* The subject line (view-subject.mustache, white space folded); caller
 * frees; NULL with a reason when the template fails. */
char *view_subject_render(const struct tmpl_set *t, const cJSON *model,
    char **cause);
/*
 * The board of the model's rules view as a PNG (struct rules picture),
 * when its game draws one: 1 with *png (caller frees) and *len set, or 0
 * with *png NULL (no picture, or one that cannot be drawn: the text says
 * everything the picture shows).
 */
int view_picture_png(const cJSON *model, char **png, size_t *len);
/*
 * The MIME mail of the parts (all borrowed): body as text, json as the
 * "view.json" attachment, png (NULL: none, pnglen bytes) as "view.png".
 * A new buffer (*len its length; caller frees), or NULL with a reason
 * when compose_mail refuses a field.
 */
char *view_mail_compose(const struct view_mail_ctx *ctx, const char *subject,
    const char *body, const char *json, const char *png, size_t pnglen,
    size_t *len, char **cause);
#endif

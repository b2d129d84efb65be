/*
 * sentence.h — one sentence a player reads from a JSON object and a
 * template (the events of a view, daemon/view.c and rules/ccg/
 * event-sentences.c). Game-neutral: names come through a callback.
 *
 * A template is text with these parts, k a member of the object:
 *   {k}      its value: a number or a string as it is, an array as
 *            "a, b and c", true and false as yes and no
 *   {k*}     a string (each string of an array) read through name()
 *   {k+}     a number, or 0 when it is below 0 ("power now 0" of a
 *            character whose damage passed its power)
 *   {k/D}    the value, or the text D when k is absent or null ("*" may
 *            come before the "/")
 *   {k#N}    the number and the noun N, with "s" unless the number is 1
 *   {k?A|B}  the text A when k is true, a number not 0 or a string not
 *            empty, else the text B
 *   [...]    the part only when each member named inside is present and
 *            neither null, false, 0 nor empty (no nesting)
 * A member named by {k} that is absent or null reads "-". The first letter
 * of the result is made uppercase.
 */
#ifndef MUTHUR_LIB_SENTENCE_H
#define MUTHUR_LIB_SENTENCE_H

#include <cjson/cJSON.h>

/* How the id reads: a new string, or NULL to read it as {k} would. */
typedef char *(*sentence_name_fn)(void *ctx, const char *id);

/* The sentence; name may be NULL (ids read as {k}). Caller frees. */
char *sentence_render(const char *tmpl, const cJSON *obj, sentence_name_fn name,
    void *ctx);

#endif

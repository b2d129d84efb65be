/*
 * mustache.h — a logic-less Mustache renderer over cJSON view models.
 *
 * Implements the core modules of the Mustache specification (comments,
 * delimiters, interpolation, inverted sections, partials, sections) and,
 * of the optional ones, dynamic partial names: {{>*KEY}} renders the
 * partial whose name is the string KEY names in the context (nothing when
 * KEY names no string, "", or a name no partial has). Lambdas are not supported. A template is compiled once and can
 * be rendered many times, against any cJSON value, from any number of
 * renders (a compiled template is never changed by rendering).
 *
 * Choices the spec leaves open:
 *  - falsey: a missing name, null, false, "" and []; everything else
 *    (0, {}, any other string or number) is truthy;
 *  - numbers print as integers when whole (85), else in the shortest form
 *    that reads back to the same double (1.21); true and false print as
 *    "true" and "false"; an object or array interpolates as compact JSON;
 *  - HTML escaping replaces & < > " ' with entities (MUSTACHE_HTML only).
 *
 * Stricter than the spec (so a typo in a template is an error at compile
 * time, not a silent blank): a tag name may not be empty, contain
 * whitespace or control characters, or (dotted names) have an empty part.
 */
#ifndef MUTHUR_MUSTACHE_H
#define MUTHUR_MUSTACHE_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "lib/strbuf.h"

struct mustache;

/* Default limits of one render (see struct mustache_render_opts). */
#define MUSTACHE_MAX_OUTPUT	(16u * 1024 * 1024)
#define MUSTACHE_MAX_STEPS	10000000ul
#define MUSTACHE_MAX_DEPTH	100u

/*
 * Compile template text (len bytes; NUL bytes are ordinary text). name is
 * used in error messages and by partials. Returns a new template (free with
 * mustache_free) or NULL with a reason in *cause of the form
 * "NAME:LINE:COLUMN: what is wrong, what was expected", for: a tag without
 * its closing delimiter, a section never closed, a close tag that does not
 * match the open section (or closes nothing), a bad delimiter change, a bad
 * tag name, sections nested deeper than MUSTACHE_MAX_DEPTH.
 */
struct mustache *mustache_compile(const char *name, const char *text, size_t len,
    char **cause);
void mustache_free(struct mustache *m);
/* The name given to mustache_compile (owned by m). */
const char *mustache_name(const struct mustache *m);

/*
 * Find the compiled partial called name. On success return 0 and set *m to
 * the partial, or to NULL when there is no such partial (it then renders as
 * "", as the spec says). *m stays owned by the callback's owner and must
 * stay valid until mustache_render returns. Return -1 with *cause to stop
 * the render with that reason.
 */
typedef int (*mustache_partial_fn)(void *arg, const char *name,
    const struct mustache **m, char **cause);

enum mustache_escape {
	MUSTACHE_HTML,		/* {{x}} is HTML-escaped, as the spec says */
	MUSTACHE_PLAIN,		/* plain text: {{x}} is written as it is */
};

struct mustache_render_opts {
	enum mustache_escape	 escape;
	mustache_partial_fn	 partial;	/* NULL: every partial renders "" */
	void			*partial_arg;
	size_t			 max_output;	/* bytes added to out; 0: MUSTACHE_MAX_OUTPUT */
	unsigned long		 max_steps;	/* tags and texts visited; 0: MUSTACHE_MAX_STEPS */
	unsigned		 max_depth;	/* nested sections + partials; 0: MUSTACHE_MAX_DEPTH */
};

/*
 * Render m with data as the bottom of the context stack, appending to out.
 * opts may be NULL (HTML escaping, no partials, default limits). Fails with
 * -1 and a reason naming template, line and column when a partial cannot be
 * had (the callback's reason), or a limit is passed (output size, steps,
 * nesting: a recursive partial that never ends). On failure out holds what
 * was written before the failure; callers discard it.
 */
int mustache_render(const struct mustache *m, const cJSON *data,
    const struct mustache_render_opts *opts, struct strbuf *out, char **cause);

#endif

/*
 * mustache-int.h — the compiled form of a Mustache template, shared by the
 * compiler (mustache.c) and the renderer (mustache-render.c). Not a public
 * header: use templates/mustache.h.
 */
#ifndef MUTHUR_MUSTACHE_INT_H
#define MUTHUR_MUSTACHE_INT_H

#include <stddef.h>

enum mu_kind {
	MU_TEXT,	/* literal bytes */
	MU_INDENT,	/* a line start of the source: where a standalone partial's
			   indentation goes (writes nothing outside such a partial) */
	MU_VAR,		/* {{name}}, escaped in MUSTACHE_HTML mode */
	MU_RAW,		/* {{{name}}} or {{&name}} */
	MU_SECTION,	/* {{#name}}...{{/name}} */
	MU_INVERTED,	/* {{^name}}...{{/name}} */
	MU_PARTIAL,	/* {{>name}} */
};

struct mu_node;

struct mu_block {
	struct mu_node	*v;
	size_t		 n;
	size_t		 cap;
};

struct mu_node {
	enum mu_kind	 kind;
	unsigned	 line;		/* of the tag (1-based) */
	unsigned	 col;		/* byte column of the tag's opening delimiter (1-based) */
	char		*text;		/* MU_TEXT: the bytes; tags: the name as written (trimmed) */
	size_t		 len;		/* bytes in text */
	char		**parts;	/* dotted name split on '.'; nparts 0 for "." */
	size_t		 nparts;
	char		*indent;	/* MU_PARTIAL: whitespace before a standalone tag; NULL inline */
	struct mu_block	 body;		/* MU_SECTION, MU_INVERTED */
};

struct mustache {
	char		*name;
	struct mu_block	 root;
};

#endif

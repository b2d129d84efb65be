/* suggest.c — the words nearest a mistyped one (lib/suggest.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/strbuf.h"
#include "lib/suggest.h"
#include "lib/xmalloc.h"

size_t
suggest_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, *row, d;

	row = xcalloc(lb + 1, sizeof *row);
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j], best;
			int same = tolower((unsigned char)a[i - 1]) ==
			    tolower((unsigned char)b[j - 1]);

			best = diag + !same;
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	d = row[lb];
	free(row);
	return d;
}

/* The distance of word to cand or to a part of cand after a '-' (a name
 * without its rank: "hicks" for "cpl-hicks"), the least. */
static size_t
near_distance(const char *word, const char *cand)
{
	size_t d = suggest_distance(word, cand), e;
	const char *p;

	for (p = strchr(cand, '-'); p != NULL && d > 0; p = strchr(p + 1, '-'))
		if (p[1] != '\0' && (e = suggest_distance(word, p + 1)) < d)
			d = e;
	return d;
}

char *
suggest_nearest(const char *word, const char *const *cands, size_t n)
{
	size_t i, k, best = strlen(word) / 3, shown = 0, *dist;
	struct strbuf sb = STRBUF_INIT;
	size_t pick[3];

	if (best < 1)
		best = 1;
	dist = xcalloc(n + 1, sizeof *dist);
	for (i = 0; i < n; i++) {
		dist[i] = strcasecmp(cands[i], word) == 0 ? (size_t)-1 :
		    near_distance(word, cands[i]);
		for (k = 0; k < i; k++)		/* each word once */
			if (strcasecmp(cands[k], cands[i]) == 0)
				dist[i] = (size_t)-1;
		if (dist[i] < best)
			best = dist[i];
	}
	for (i = 0; i < n && shown < 3; i++)
		if (dist[i] == best)
			pick[shown++] = i;
	for (k = 0; k < shown; k++) {
		if (k > 0)
			strbuf_addstr(&sb, k + 1 == shown ? " or " : ", ");
		strbuf_addstr(&sb, cands[pick[k]]);
	}
	free(dist);
	return shown > 0 ? strbuf_detach(&sb, NULL) : NULL;
}

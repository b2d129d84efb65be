/*
 * points.h — a league's points per place as written in muthur.conf
 * ([club] league_points) and `muthur league create --points`: numbers
 * separated by commas, "3,1,0" (first place 3, second 1, the rest 0; a
 * place after the last number scores the last number).
 */
#ifndef MUTHUR_LIB_POINTS_H
#define MUTHUR_LIB_POINTS_H

#include <stddef.h>

/* The default: 3 for a win, 1 for second place, 0 for the rest. */
#define LEAGUE_POINTS_DEFAULT	"3,1,0"
/* Most places a points list names. */
#define LEAGUE_POINTS_MAX	32

/*
 * Parse s into v (up to LEAGUE_POINTS_MAX numbers from 0 to 1000): their
 * count, or -1 with a reason saying what was expected.
 */
int league_points_parse(const char *s, int v[LEAGUE_POINTS_MAX], char **cause);
/* The same, checking only: 0 or -1 with a reason. */
int league_points_check(const char *s, char **cause);

#endif

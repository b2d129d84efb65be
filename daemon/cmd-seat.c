/* cmd-seat.c — `muthur seat GAME SEAT --email A --key K [--deck F]`. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "daemon/game-cli.h"
#include "store/games.h"

/*
 * A note on stderr for each other seat of game name that holds seat's key
 * too (an organiser's slip of the key file: that player could sign orders
 * for both seats). Nothing when the store cannot say.
 */
static void
shared_key_note(const struct cli_verb *v, struct store *st, const char *name,
    const char *seat)
{
	struct store_game *g;
	struct store_seat *seats = NULL;
	const struct store_seat *me = NULL;
	size_t n = 0, i;
	char *cause = NULL;

	if ((g = store_game_get(st, name, &cause)) == NULL ||
	    store_seats(st, g->id, &seats, &n, &cause) == -1) {
		free(cause);
		store_game_free(g);
		return;
	}
	for (i = 0; i < n; i++)
		if (strcasecmp(seats[i].name, seat) == 0)
			me = &seats[i];
	for (i = 0; me != NULL && i < n; i++)
		if (&seats[i] != me && strcmp(seats[i].public_key, me->public_key) == 0)
			fprintf(stderr, "muthur %s: note: seat %s of game %s holds this key "
			    "too, so its player can sign orders for both seats (give each "
			    "player's own key unless one player plays both)\n", v->name,
			    seats[i].name, name);
	store_seats_free(seats, n);
	store_game_free(g);
}

int
cmd_seat(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "email", required_argument, NULL, 'e' },
		{ "key", required_argument, NULL, 'k' },
		{ "deck", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	const char *email = NULL, *key = NULL, *deck = NULL;
	struct game_cli gc;
	char *cause = NULL;
	int c, rc, replaced;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'e': email = optarg; break;
		case 'k': key = optarg; break;
		case 'd': deck = optarg; break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (optind + 2 != argc)
		return cli_usage_error(v, "give GAME and SEAT");
	if (email == NULL || key == NULL)
		return cli_usage_error(v, "--email ADDRESS and --key PUBLIC-KEY are required");
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	rc = game_seat(&gc.c, argv[optind], argv[optind + 1], email, key, deck, &replaced,
	    &cause);
	if (rc == -2) {
		rc = cli_usage_error(v, "%s", cause);
		free(cause);
		game_cli_close(&gc);
		return rc;
	}
	if (rc == -1)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else {
		printf("game %s: seat %s %s (%s)\n", argv[optind], argv[optind + 1],
		    replaced ? "replaced" : "added", email);
		fflush(stdout);
		shared_key_note(v, gc.c.st, argv[optind], argv[optind + 1]);
	}
	free(cause);
	game_cli_close(&gc);
	return rc == -1 ? 1 : 0;
}

/* commands.c — the table of `muthur` verbs (doc/product.md §1 and §10). */
#include "config.h"

#include <string.h>

#include "daemon/cli.h"

const struct cli_verb cli_verbs[] = {
	{ "init", "", "create the database folder, the Maildirs and the server key",
	  NULL, cmd_init },
	{ "keygen", "--out NAME", "make a muthur key pair: NAME.key (secret) and NAME.pub",
	  "  --out NAME     write NAME.key (mode 0600, never overwritten) and NAME.pub\n"
	  "  --comment TEXT a comment stored with the keys",
	  cmd_keygen },
	{ "sign", "--key FILE ORDERS-FILE", "print the orders block signed with a muthur key",
	  "  --key FILE     the secret key made by `muthur keygen` (NAME.key)\n"
	  "  ORDERS-FILE    a whole orders block, or just its header lines and orders:\n"
	  "                 then the BEGIN and END lines are written for you, and a\n"
	  "                 fresh random nonce: line is added when there is none; - reads\n"
	  "                 standard input",
	  cmd_sign },
	{ "verify", "--key PUBLIC-KEY [--sig SIGNATURE-FILE] FILE",
	  "check the signature of a signed orders block",
	  "  --key KEY      a muthur, minisign or ssh-ed25519 public key: a file, or the\n"
	  "                 key itself (RW..., \"ssh-ed25519 AAAA...\")\n"
	  "  --sig FILE     a detached signature (.minisig, .sig or a muthur signature);\n"
	  "                 without it the signature follows the block in FILE\n"
	  "  exit status    0 the signature is valid, 1 it is not (the reason is\n"
	  "                 printed), 2 misuse",
	  cmd_verify },
	{ "new-game", "GAME --rules RULES --scenario SCENARIO [--deadline D] "
	  "[--reminder D] [--nmr pass|hold|extend] [--organiser-key KEY] "
	  "[--absence extend|pass]", "create a game",
	  "  --rules RULES        the game's rules, by name (muthur(1) lists the games)\n"
	  "  --scenario SCENARIO  one of the game's scenarios\n"
	  "  --option NAME        one of the scenario's options (muthur(1))\n"
	  "  --deadline D         the time each phase gets (48h, 90m, 2d; 0: none)\n"
	  "  --deadline-KIND D    the time phases of KIND get (a phase name or its\n"
	  "                       dotted prefix: --deadline-combat 12h)\n"
	  "  --grace D            time after a deadline before the NMR policy applies\n"
	  "  --reminder D         remind the seats still owing D before the deadline\n"
	  "  --nmr POLICY         no orders at the deadline: pass (the seat passes),\n"
	  "                       hold (wait for the organiser, who is told), extend\n"
	  "                       (extend once, then pass)\n"
	  "  --wait-for-deadline  resolve a phase at its deadline, not as soon as\n"
	  "                       every order is in\n"
	  "  --organiser ADDRESS  who gets the late notices, receipts and the digest\n"
	  "  --organiser-key KEY  the organiser's public key: signed mail from it with\n"
	  "                       seat: organiser carries organiser commands\n"
	  "  --absence POLICY     a seat's absence (absent FROM to TO): extend (its\n"
	  "                       deadlines move past it) or pass (it passes)\n"
	  "  --absence-cap D      most absent time per seat in this game (14d)\n"
	  "                       (defaults for all but --rules and --scenario: [club]\n"
	  "                       in muthur.conf)",
	  cmd_new_game },
	{ "seat", "GAME SEAT --email ADDRESS --key PUBLIC-KEY [--deck FILE]",
	  "add a seat to a game, or replace its player and key",
	  "  (in a started game a replacement is recorded in the game's chain, the\n"
	  "  old player is told and the new one gets the current view)\n"
	  "  --email ADDRESS  where the seat's views are mailed\n"
	  "  --key FILE       the player's muthur, minisign or ssh-ed25519 public key\n"
	  "  --deck FILE      a decklist; the scenario's sample deck when omitted",
	  cmd_seat },
	{ "start", "[--deal-now] GAME", "mail each seat its ready block; deal once every "
	  "seat's nonce is in (--deal-now: at once, without them)",
	  NULL, cmd_start },
	{ "status", "[GAME]", "show the phase, who is awaited and the deadline",
	  NULL, cmd_status },
	{ "show", "GAME --seat SEAT", "render the view a seat would get now",
	  "  --seat SEAT    whose view to render\n"
	  "  --json         print the JSON view model instead of the mail text\n"
	  "  --png FILE     write the board, as the view mail's picture, to FILE",
	  cmd_show },
	{ "deadline", "GAME WHEN|+DURATION", "set or move the deadline of the current phase",
	  "  WHEN           a time in UTC, 'YYYY-MM-DD HH:MM'\n"
	  "  +DURATION      move the deadline by DURATION (+24h, +90m, +1d12h); from\n"
	  "                 now when the phase has none. The seats still owing are\n"
	  "                 told; the late notice and NMR may come again",
	  cmd_deadline },
	{ "extend", "GAME DURATION", "move the deadline of the current phase later",
	  "  DURATION       24h, 90m, 1d12h: the same as deadline GAME +DURATION\n"
	  "                 (and the organiser mail's extend DURATION)",
	  cmd_extend },
	{ "pause", "GAME", "stop a game's clock and its processing",
	  "  while paused no deadline fires, no reminder goes and orders are\n"
	  "                 refused; the time left of the deadline is kept",
	  cmd_pause },
	{ "resume", "GAME", "resume a paused game",
	  "  the deadline becomes the time that was left, from now",
	  cmd_resume },
	{ "abandon", "GAME", "end a game without a result",
	  "  the open phase closes unresolved and every secret is opened: the\n"
	  "                 game's full archive can be exported and audited",
	  cmd_abandon },
	{ "adjudicate", "GAME", "resolve the current phase now, the seats still owing passing",
	  NULL, cmd_adjudicate },
	{ "league", "create|add|remove|standings|show NAME [GAME] [options]",
	  "group games in a league and show its standings",
	  "  create NAME [--points 3,1,0] [--abandoned void|last]\n"
	  "                 a new league: points per place, first place first (default\n"
	  "                 [club] league_points, else 3,1,0); an abandoned game counts\n"
	  "                 for nothing (void) or as every seat placed last (last)\n"
	  "  add NAME GAME  put a game in the league; remove NAME GAME takes it out\n"
	  "  standings NAME [--json]\n"
	  "                 rank, player (address), played, wins, points, late orders;\n"
	  "                 ties broken by wins, then fewest late orders\n"
	  "  show [NAME] [--json]\n"
	  "                 the league's rules and games; without NAME, every league",
	  cmd_league },
	{ "export", "GAME", "write the game's self-contained archive to standard output",
	  NULL, cmd_export },
	{ "audit", "[--json] [--explain PHASE] ARCHIVE", "verify an archive offline: signatures, openings, chain, replay",
	  "  --json         print a machine-readable report\n"
	  "  --explain PHASE  print the commitments, seeds and nonces that fed the\n"
	  "                 phase and recompute its draws (a full archive)\n"
	  "  exit status    0 everything holds, 1 a check failed (one line each),\n"
	  "                 2 misuse or an unreadable file",
	  cmd_audit },
	{ "fsck", "[GAME]", "check every recorded state against the replay of the game's log",
	  "  the states a phase is loaded from are a cache: each must hash to its\n"
	  "                 recorded hash, and be the state the log replays to\n"
	  "  exit status    0 every game holds, 1 a state differs (game and phase\n"
	  "                 named) or a game cannot be replayed",
	  cmd_fsck },
	{ "migrate", "--from STORE --to STORE",
	  "copy every game, key, mail and league into a new store (SQLite <-> PostgreSQL)",
	  "  STORE          a SQLite file, or a postgresql:// URL (muthur.conf(5))\n"
	  "  --to           a new file, or an empty PostgreSQL database: it gets\n"
	  "                 every row or, on any failure, none\n"
	  "  stop muthurd first; exports of a game from either store are the same",
	  cmd_migrate },
	{ "view", "ARCHIVE", "write an archive as one self-contained HTML page (game.html)",
	  "  the page: header and audit, a step per phase with the board, its\n"
	  "  events, seed and commitments; each seat's view once the game is over",
	  cmd_view },
	{ "cards", "--rules RULES [--scenario S] [--faction F] [--deck FILE] "
	  "[--data DIR] [DATA...]",
	  "validate a card database or a decklist",
	  "  --rules RULES     the game, by name\n"
	  "  --scenario S      apply the scenario's deck rules\n"
	  "  --faction F       the faction the deck is for\n"
	  "  --deck FILE       the decklist to check\n"
	  "  --data DIR        where the sample card data is (else $MUTHUR_DATADIR)",
	  cmd_cards },
	{ "demo", "[--dir DIR] [--turns N] [--rules RULES]", "play a whole scripted game on the embedded default",
	  "  --dir DIR      the demo's folder (default ./demo, or the --config file's)\n"
	  "  --turns N      stop after turn N when nobody has won yet (default 40;\n"
	  "                 Bug Hunt 1000, Legendary 300: a turn is one player's)\n"
	  "  --quiet        no progress lines\n"
	  "  --rules RULES  the game to play (default: the first that has a demo)",
	  cmd_demo },
	{ NULL, NULL, NULL, NULL, NULL },
};

const struct cli_verb *
cli_verb_find(const char *name)
{
	const struct cli_verb *v;

	for (v = cli_verbs; v->name != NULL; v++)
		if (strcmp(v->name, name) == 0)
			return v;
	return NULL;
}

/* schema.c — the versioned schema of the muthur database (see db.c). */
#include "config.h"

#include <stddef.h>

#include "store/schema.h"

/*
 * Migration N brings a database from version N-1 to N. A migration, once
 * released, is never edited: a change is a new migration. Each migration
 * creates whole tables and indexes (no ALTER TABLE), so that a fresh
 * database and an upgraded one have byte-identical schemas (tested).
 */
static const char *const migrations[] = {
	/* 1: games, their seats, phases, orders and the event log. */
	"CREATE TABLE games ("
	" id INTEGER PRIMARY KEY,"
	" name TEXT NOT NULL UNIQUE,"
	" rules TEXT NOT NULL,"
	" scenario TEXT NOT NULL,"
	" card_hash BLOB NOT NULL CHECK (length(card_hash) = 32),"
	" server_pk BLOB NOT NULL CHECK (length(server_pk) = 32),"
	" status TEXT NOT NULL CHECK (status IN"
	"  ('setup', 'running', 'paused', 'finished', 'abandoned')),"
	" created INTEGER NOT NULL,"
	" event_count INTEGER NOT NULL DEFAULT 0,"
	" head_hash BLOB NOT NULL CHECK (length(head_hash) = 32));"
	"CREATE TABLE seats ("
	" id INTEGER PRIMARY KEY,"
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" seat_no INTEGER NOT NULL,"
	" name TEXT NOT NULL,"
	" faction TEXT NOT NULL,"
	" email TEXT NOT NULL,"
	" key_type TEXT NOT NULL CHECK (key_type IN ('muthur', 'minisign', 'ssh')),"
	" public_key TEXT NOT NULL,"
	" deck TEXT,"
	" UNIQUE (game_id, seat_no),"
	" UNIQUE (game_id, name));"
	"CREATE TABLE phases ("
	" id INTEGER PRIMARY KEY,"
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" seq INTEGER NOT NULL CHECK (seq >= 1),"
	" turn INTEGER NOT NULL,"
	" name TEXT NOT NULL,"
	" owing TEXT NOT NULL,"
	" deadline INTEGER,"
	" state TEXT NOT NULL CHECK (state IN ('open', 'closed')),"
	" opened INTEGER NOT NULL,"
	" closed INTEGER,"
	" UNIQUE (game_id, seq));"
	"CREATE UNIQUE INDEX phases_one_open ON phases (game_id) WHERE state = 'open';"
	"CREATE INDEX phases_deadline ON phases (deadline) WHERE state = 'open';"
	"CREATE TABLE orders ("
	" id INTEGER PRIMARY KEY,"
	" phase_id INTEGER NOT NULL REFERENCES phases(id),"
	" seat_id INTEGER NOT NULL REFERENCES seats(id),"
	" block BLOB NOT NULL,"
	" signature BLOB NOT NULL,"
	" sig_type TEXT NOT NULL,"
	" nonce BLOB NOT NULL,"
	" message_id TEXT NOT NULL,"
	" received INTEGER NOT NULL,"
	" superseded_by INTEGER REFERENCES orders(id) DEFERRABLE INITIALLY DEFERRED);"
	"CREATE UNIQUE INDEX orders_current ON orders (phase_id, seat_id)"
	" WHERE superseded_by IS NULL;"
	"CREATE INDEX orders_superseded ON orders (superseded_by);"
	"CREATE TABLE events ("
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" seq INTEGER NOT NULL CHECK (seq >= 1),"
	" phase_seq INTEGER NOT NULL,"
	" type TEXT NOT NULL,"
	" visibility TEXT NOT NULL,"
	" payload BLOB NOT NULL,"
	" prev_hash BLOB NOT NULL CHECK (length(prev_hash) = 32),"
	" hash BLOB NOT NULL CHECK (length(hash) = 32),"
	" PRIMARY KEY (game_id, seq));",

	/* 2: commitments and their openings, phase seeds, recorded states. */
	"CREATE TABLE commitments ("
	" id INTEGER PRIMARY KEY,"
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" domain TEXT NOT NULL,"
	" secret_id TEXT NOT NULL,"
	" commitment BLOB NOT NULL CHECK (length(commitment) = 32),"
	" signature BLOB NOT NULL CHECK (length(signature) = 64),"
	" secret BLOB NOT NULL,"
	" nonce BLOB NOT NULL CHECK (length(nonce) = 32),"
	" created_phase INTEGER NOT NULL,"
	" revealed_phase INTEGER,"
	" UNIQUE (game_id, domain, secret_id));"
	"CREATE TABLE seeds ("
	" phase_id INTEGER PRIMARY KEY REFERENCES phases(id),"
	" commitment_id INTEGER NOT NULL UNIQUE REFERENCES commitments(id));"
	"CREATE TABLE states ("
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" after_phase INTEGER NOT NULL CHECK (after_phase >= 0),"
	" state BLOB NOT NULL,"
	" hash BLOB NOT NULL CHECK (length(hash) = 32),"
	" PRIMARY KEY (game_id, after_phase));",

	/* 3: exactly-once mail: processed incoming mail, the outbox. */
	"CREATE TABLE mail_seen ("
	" message_id TEXT NOT NULL,"
	" content_hash BLOB NOT NULL CHECK (length(content_hash) = 32),"
	" game_id INTEGER REFERENCES games(id),"
	" outcome TEXT NOT NULL,"
	" received INTEGER NOT NULL,"
	" PRIMARY KEY (message_id, content_hash));"
	"CREATE TABLE outbox ("
	" id INTEGER PRIMARY KEY,"
	" game_id INTEGER REFERENCES games(id),"
	" mail_key TEXT NOT NULL UNIQUE,"
	" message_id TEXT NOT NULL UNIQUE,"
	" recipients TEXT NOT NULL,"
	" mail BLOB NOT NULL,"
	" state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),"
	" attempts INTEGER NOT NULL DEFAULT 0,"
	" next_attempt INTEGER NOT NULL,"
	" created INTEGER NOT NULL,"
	" sent INTEGER,"
	" last_error TEXT);"
	"CREATE INDEX outbox_due ON outbox (next_attempt) WHERE state = 'pending';",

	/* 4: files snapshotted into a game at creation (card data, setup). */
	"CREATE TABLE game_files ("
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" name TEXT NOT NULL,"
	" bytes BLOB NOT NULL,"
	" hash BLOB NOT NULL CHECK (length(hash) = 32),"
	" PRIMARY KEY (game_id, name));",

	/*
	 * 5: storage that grows with the work (issue 21): a file's bytes kept
	 * once however many games snapshot it (the card data), states kept
	 * deflated.
	 */
	"CREATE TABLE file_blobs ("
	" hash BLOB PRIMARY KEY CHECK (length(hash) = 32),"
	" bytes BLOB NOT NULL);"
	"INSERT OR IGNORE INTO file_blobs (hash, bytes) SELECT hash, bytes FROM game_files;"
	"CREATE TABLE game_files_v5 ("
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" name TEXT NOT NULL,"
	" hash BLOB NOT NULL REFERENCES file_blobs(hash),"
	" PRIMARY KEY (game_id, name));"
	"INSERT INTO game_files_v5 (game_id, name, hash) SELECT game_id, name, hash "
	" FROM game_files;"
	"DROP TABLE game_files;"
	"ALTER TABLE game_files_v5 RENAME TO game_files;"
	"ALTER TABLE states ADD COLUMN deflated INTEGER NOT NULL DEFAULT 0 "
	" CHECK (deflated IN (0, 1));",

	/* 6: a sent mail keeps its size and hash, not its body (the outbox
	 * row's mail becomes X''); the index finds the sent mails of older
	 * versions that still hold their bodies, so they are pruned too. */
	"CREATE TABLE outbox_digest ("
	" id INTEGER PRIMARY KEY REFERENCES outbox(id),"
	" mail_len INTEGER NOT NULL,"
	" mail_hash BLOB NOT NULL CHECK (length(mail_hash) = 32));"
	"CREATE INDEX outbox_unpruned ON outbox (id) WHERE state = 'sent' AND "
	"length(mail) > 0;",

	/*
	 * 7: deadlines, reminders and NMR handling (issue 15): a game's clock
	 * policy, the clock marks of its phases, late counts per seat.
	 */
	"CREATE TABLE game_clocks ("
	" game_id INTEGER PRIMARY KEY REFERENCES games(id),"
	" deadline INTEGER NOT NULL DEFAULT 0 CHECK (deadline >= 0),"
	" kinds TEXT NOT NULL DEFAULT '',"
	" grace INTEGER NOT NULL DEFAULT 0 CHECK (grace >= 0),"
	" wait INTEGER NOT NULL DEFAULT 0 CHECK (wait IN (0, 1)),"
	" reminder INTEGER NOT NULL DEFAULT 0 CHECK (reminder >= 0),"
	" nmr TEXT NOT NULL DEFAULT 'pass' CHECK (nmr IN ('pass', 'hold', 'extend')),"
	" organiser TEXT NOT NULL DEFAULT '',"
	" remaining INTEGER NOT NULL DEFAULT -1);"
	"CREATE TABLE phase_clocks ("
	" phase_id INTEGER PRIMARY KEY REFERENCES phases(id),"
	" marks INTEGER NOT NULL DEFAULT 0);"
	"CREATE TABLE seat_lates ("
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" seat TEXT NOT NULL,"
	" late INTEGER NOT NULL DEFAULT 0,"
	" PRIMARY KEY (game_id, seat));",

	/*
	 * 8: plans (issue 14): a plan section dropped when its phase opened
	 * (the seat is asked, its view says why), and a seat's standing
	 * settings (set views, set stops) as its latest block gave them.
	 */
	"CREATE TABLE plan_drops ("
	" seat_id INTEGER NOT NULL REFERENCES seats(id),"
	" nonce BLOB NOT NULL,"
	" section INTEGER NOT NULL,"
	" phase_id INTEGER NOT NULL REFERENCES phases(id),"
	" reason TEXT NOT NULL,"
	" PRIMARY KEY (seat_id, nonce, section));"
	"CREATE TABLE seat_settings ("
	" seat_id INTEGER NOT NULL REFERENCES seats(id),"
	" key TEXT NOT NULL,"
	" value TEXT NOT NULL,"
	" PRIMARY KEY (seat_id, key));",

	/*
	 * 9: the organiser's hand (issue 15): a game's organiser key and
	 * absence policy, the nonces of the organiser's blocks, seats'
	 * absences, leagues and their games.
	 */
	"CREATE TABLE game_club ("
	" game_id INTEGER PRIMARY KEY REFERENCES games(id),"
	" organiser_key TEXT NOT NULL DEFAULT '',"
	" absence TEXT NOT NULL DEFAULT 'extend' CHECK (absence IN ('extend', 'pass')),"
	" absence_cap INTEGER NOT NULL DEFAULT 0 CHECK (absence_cap >= 0),"
	" digest INTEGER NOT NULL DEFAULT 0 CHECK (digest IN (0, 1)));"
	"CREATE TABLE organiser_nonces ("
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" nonce BLOB NOT NULL,"
	" PRIMARY KEY (game_id, nonce));"
	"CREATE TABLE absences ("
	" id INTEGER PRIMARY KEY,"
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" seat TEXT NOT NULL,"
	" start INTEGER NOT NULL,"
	" until INTEGER NOT NULL CHECK (until > start));"
	"CREATE INDEX absences_seat ON absences (game_id, seat);"
	"CREATE TABLE leagues ("
	" id INTEGER PRIMARY KEY,"
	" name TEXT NOT NULL UNIQUE,"
	" points TEXT NOT NULL,"
	" abandoned TEXT NOT NULL DEFAULT 'void' CHECK (abandoned IN ('void', 'last')),"
	" created INTEGER NOT NULL);"
	"CREATE TABLE league_games ("
	" league_id INTEGER NOT NULL REFERENCES leagues(id),"
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" PRIMARY KEY (league_id, game_id));",

	/*
	 * 10: an outgoing mail's body in a table of its own until it is sent
	 * (store/outbox.h): dropping it then frees whole pages, where blanking
	 * the column left the outbox's pages near empty (3.9 KB of pages per
	 * orders mail for 0.3 KB of rows).
	 */
	"CREATE TABLE outbox_body ("
	" id INTEGER PRIMARY KEY REFERENCES outbox(id),"
	" mail BLOB NOT NULL);",

	/*
	 * 11: a plan's signed block kept once (store/orders.c): the orders a
	 * mail gives for later phases name the row holding its block and
	 * signature (block_of) and hold empty ones themselves (a demo game's
	 * 813 orders rows came from 118 mails, each block stored up to 11
	 * times). Rows stored before keep their own.
	 */
	"ALTER TABLE orders ADD COLUMN block_of INTEGER REFERENCES orders(id);"
	"CREATE INDEX orders_message ON orders (seat_id, message_id);",

	/*
	 * 12: a renewed secret's bytes kept once (store/commitments.c): a
	 * renewal whose bytes are those of the previous one names the row
	 * holding them (secret_of) and holds an empty secret itself (a demo
	 * game's 2,448 renewals held 106 different secrets, 520 KB of bytes).
	 * Rows stored before keep their own. And a game file's bytes kept
	 * deflated when that is smaller (store/gamefiles.c: the card data's
	 * 110 KB of JSON take some 15 KB); files stored before stay as they are.
	 */
	"ALTER TABLE commitments ADD COLUMN secret_of INTEGER "
	"REFERENCES commitments(id);"
	"ALTER TABLE file_blobs ADD COLUMN deflated INTEGER NOT NULL DEFAULT 0 "
	"CHECK (deflated IN (0, 1));",

	/*
	 * 13: a phase reads its own rows, not the game's whole log (issue 28):
	 * events by phase and by type; how many events each seat may see
	 * (event_seen: seat '' counts those of visibility "all", any other
	 * row the events whose visibility lists that seat; kept by
	 * store/events.c), so that a view numbers its events without
	 * reading the earlier ones; a commitment's secret name (its
	 * secret-id up to the last '@', the whole id when it has none) and
	 * the unopened and opened commitments indexed by it, so that a view
	 * finds the latest unopened commitment of each secret without
	 * reading every renewal, and a secret's latest renewal before a phase
	 * is found without sorting them all; phases by turn; a seat's orders
	 * by nonce (the
	 * replay check read all of them). The rows stored before are
	 * counted and named here.
	 */
	"ALTER TABLE commitments ADD COLUMN secret_name TEXT;"
	"UPDATE commitments SET secret_name = CASE WHEN instr(secret_id, '@') = 0 "
	"THEN secret_id ELSE substr(rtrim(secret_id, replace(secret_id, '@', '')), 1, "
	"length(rtrim(secret_id, replace(secret_id, '@', ''))) - 1) END;"
	"CREATE INDEX commitments_unopened ON commitments "
	"(game_id, domain, secret_name, id) WHERE revealed_phase IS NULL;"
	"CREATE INDEX commitments_opened ON commitments "
	"(game_id, revealed_phase) WHERE revealed_phase IS NOT NULL;"
	"CREATE INDEX commitments_opened_seed ON commitments "
	"(game_id, domain, created_phase, id) WHERE revealed_phase IS NOT NULL;"
	"CREATE INDEX events_phase ON events (game_id, phase_seq, seq);"
	"CREATE INDEX events_type ON events (game_id, type, seq);"
	"CREATE INDEX phases_turn ON phases (game_id, turn, seq);"
	"CREATE INDEX orders_nonce ON orders (seat_id, nonce);"
	"CREATE INDEX commitments_name ON commitments "
	"(game_id, domain, secret_name, created_phase, id);"
	"CREATE TABLE event_seen ("
	" game_id INTEGER NOT NULL REFERENCES games(id),"
	" seat TEXT NOT NULL,"
	" n INTEGER NOT NULL CHECK (n >= 0),"
	" PRIMARY KEY (game_id, seat));"
	"INSERT INTO event_seen (game_id, seat, n) SELECT game_id, '', count(*) "
	"FROM events WHERE visibility = 'all' GROUP BY game_id;"
	"INSERT INTO event_seen (game_id, seat, n) "
	"WITH RECURSIVE tok(game_id, seq, seat, rest) AS ("
	" SELECT game_id, seq, '', visibility || ',' FROM events WHERE visibility <> 'all'"
	" UNION ALL SELECT game_id, seq, substr(rest, 1, instr(rest, ',') - 1), "
	" substr(rest, instr(rest, ',') + 1) FROM tok WHERE rest <> '') "
	"SELECT game_id, seat, count(DISTINCT seq) FROM tok WHERE seat <> '' "
	"GROUP BY game_id, seat;",

	/*
	 * 14: a phase's orders by phase (store_orders_all(): the export and a
	 * seat's replacement). The only index on phase_id was orders_current,
	 * which holds the current orders alone, so reading all of a phase's
	 * orders scanned every orders row of the database: an export of a
	 * 1,000-turn game read the table once a phase.
	 */
	"CREATE INDEX orders_phase ON orders (phase_id, id);",

	/*
	 * 15: how often a worker claimed an outbox row to send it (issue 29:
	 * several workers, store_outbox_claim()). A pending row claimed before
	 * may have reached its transport from a worker that died before
	 * marking it sent: the next sender asks the transport to look again.
	 */
	"ALTER TABLE outbox ADD COLUMN claims INTEGER NOT NULL DEFAULT 0;",
};

int
schema_count(void)
{
	return (int)(sizeof migrations / sizeof migrations[0]);
}

const char *
schema_migration(int version)
{
	if (version < 1 || version > schema_count())
		return NULL;
	return migrations[version - 1];
}

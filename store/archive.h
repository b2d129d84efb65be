/*
 * archive.h — a game's self-contained archive (doc/muthur-archive.5): the
 * in-memory form, its one canonical text (a compact JSON document and a
 * final LF, signed by the server) and the parser. Pure code: no SQL, no
 * clock, no I/O; the exporter (export.h) fills it from the store and the
 * offline auditor (daemon/audit.h) reads it.
 *
 * Every binary value (hashes, keys, signatures, nonces, seeds, secrets) is
 * lower-case hex; texts (files, orders blocks, signatures, event payloads)
 * are JSON strings of their exact bytes. The parser accepts only the
 * canonical text: the bytes archive_format() would give for what it read,
 * so that no two different files describe the same archive.
 *
 * Two scopes (doc/product.md §7): the full archive of a game that is over
 * (finished or abandoned), and the spectator archive of a game still
 * running, which holds only what a spectator may see: no orders, no
 * private events, no state hashes, no hash chain (its event numbers, the
 * head's count and the chain's hashes would tell how many private events
 * happened), the public events numbered 1, 2, ... among themselves. The
 * scope is part of the signed text; the members that only a full archive
 * has are absent from a spectator one (not empty), and the parser refuses
 * them there.
 *
 * Ownership: a struct archive and everything it points to belong to it and
 * are released by archive_free().
 */
#ifndef MUTHUR_STORE_ARCHIVE_H
#define MUTHUR_STORE_ARCHIVE_H

#include <stddef.h>
#include <stdint.h>

#include "store/commit.h"
#include "store/random.h"

#define ARCHIVE_FORMAT		"muthur-archive-2"
/* The format before scopes: always full, no member "scope"; read, and
 * written again only for what was read from it. */
#define ARCHIVE_FORMAT_1	"muthur-archive-1"
/* The server signs "muthur-archive-v1" ‖ BLAKE2b-256(the unsigned document). */
#define ARCHIVE_SIG_CONTEXT	"muthur-archive-v1"
/* Largest archive read (bytes). */
#define ARCHIVE_MAX		(256u * 1024 * 1024)

/* What an archive holds (its member "scope"). */
enum archive_scope {
	ARCHIVE_FULL,		/* "full": everything, once the game is over */
	ARCHIVE_SPECTATOR	/* "spectator": what a spectator may see */
};
#define ARCHIVE_SCOPE_FULL	"full"
#define ARCHIVE_SCOPE_SPECTATOR	"spectator"

struct archive_file {
	char		*name;		/* "cards.json", "setup.json" */
	unsigned char	 hash[32];	/* as recorded */
	char		*bytes;		/* NUL-terminated too */
	size_t		 len;
};

struct archive_seat {
	uint64_t	 no;		/* seat order, 1, 2, ... */
	char		*name;
	char		*faction;
	char		*key_type;	/* "muthur", "minisign" or "ssh" */
	char		*key;		/* canonical key text (pubkey_format) */
};

struct archive_order {
	char		*seat;
	char		*sig_type;	/* "muthur", "minisign" or "ssh" */
	int		 current;	/* 0: superseded by a later one */
	/* Read with ARCHIVE_ORDERS_LATER: seat is the seat's name in
	 * a->seats (ORDER_SEAT_BORROWED), sig_type a constant string
	 * (ORDER_TYPE_BORROWED), not copies; archive_free() knows */
	unsigned char	 borrowed;
	unsigned char	 nonce[RAND_NONCE_MAX];
	size_t		 nonce_len;
	char		*block;		/* the signed bytes */
	size_t		 block_len;
	char		*signature;	/* as received */
	size_t		 sig_len;
	/* Read with ARCHIVE_ORDERS_LATER: block and signature are NULL (their
	 * lengths set) and the order's text is at src_at (src_len bytes) in
	 * the archive's source, whose BLAKE2b-128 is src_hash
	 * (archive_order_text()). */
	size_t		 src_at, src_len;
	unsigned char	 src_hash[16];
};

#define ORDER_SEAT_BORROWED	0x1
#define ORDER_TYPE_BORROWED	0x2
#define PHASE_NAME_BORROWED	0x1
#define PHASE_OWING_BORROWED	0x2

struct archive_phase {
	uint64_t		 seq;
	uint64_t		 turn;
	char			*name;
	char			**owing;	/* seat names */
	size_t			 nowing;
	int			 open;
	/* Read with ARCHIVE_ORDERS_LATER: name is one of a->names' strings
	 * (PHASE_NAME_BORROWED), the owing names a->seats' (PHASE_OWING_
	 * BORROWED: the array is the phase's, its strings are not), not
	 * copies; archive_free() knows */
	unsigned char		 borrowed;
	struct archive_order	*orders;	/* in the order received; none in a
						   spectator archive */
	size_t			 norders;
};

struct archive_commitment {
	char		*domain;	/* read with ARCHIVE_ORDERS_LATER: one of
					   a->names' strings when borrowed */
	unsigned char	 borrowed;
	char		*secret_id;
	uint64_t	 created_phase;
	unsigned char	 c[COMMIT_BYTES];
	unsigned char	 sig[COMMIT_SIG_BYTES];
	int		 opened;
	/* only when opened: */
	uint64_t	 revealed_phase;
	unsigned char	*secret;
	size_t		 secret_len;
	unsigned char	 nonce[COMMIT_NONCE_BYTES];
};

struct archive_state {
	uint64_t	 after_phase;
	unsigned char	 hash[32];
};

/* In a spectator archive: seq counts the public events only, visibility is
 * "all", prev and hash are not part of the text (zero). */
struct archive_event {
	uint64_t	 seq;
	uint64_t	 phase;
	char		*type;
	char		*visibility;
	char		*payload;
	size_t		 payload_len;
	unsigned char	 prev[32];
	unsigned char	 hash[32];
	/* Read with ARCHIVE_ORDERS_LATER: type and visibility are a->names'
	 * strings (EVENT_TYPE_BORROWED, EVENT_VIS_BORROWED), not copies */
	unsigned char	 borrowed;
};
#define EVENT_TYPE_BORROWED	0x1
#define EVENT_VIS_BORROWED	0x2

/*
 * The few strings that recur through a long game's archive (phase names,
 * event types and visibilities, commitment domains), kept once and
 * borrowed by every record read with ARCHIVE_ORDERS_LATER that holds one;
 * at most ARCHIVE_NAMES_MAX, after which a record gets its own copy.
 * Owned by the archive.
 */
#define ARCHIVE_NAMES_MAX	128
struct archive_names {
	char		*v[ARCHIVE_NAMES_MAX];
	size_t		 n;
};

struct archive {
	char				*game;
	char				*rules;
	char				*rules_version;
	char				*scenario;
	char				*status;
	enum archive_scope		 scope;
	int				 format_1;	/* read from a format-1 text
							   (full; written back so) */
	unsigned char			 server_key[32];
	unsigned char			 card_hash[32];
	struct archive_file		*files;
	size_t				 nfiles;
	struct archive_seat		*seats;
	size_t				 nseats;
	struct archive_phase		*phases;
	size_t				 nphases;
	struct archive_commitment	*commitments;
	size_t				 ncommitments;
	struct archive_state		*states;	/* none in a spectator
							   archive */
	size_t				 nstates;
	struct archive_event		*events;
	size_t				 nevents;
	uint64_t			 head_count;	/* full archive only */
	unsigned char			 head_hash[32];	/* full archive only */
	/* The server's signature and what it covers (set by archive_parse). */
	unsigned char			 sig[64];
	unsigned char			 digest[32];
	/* The commitments' indexes sorted by (domain, secret_id, index), for
	 * archive_commitment_find() (set by archive_index(); NULL: it looks
	 * through them all) */
	size_t				*commit_order;
	/* The phases' indexes sorted by (turn, index), for
	 * archive_turn_phases(), and whether phases[i].seq is i + 1 for every
	 * i, for archive_phase_find() (set by archive_index()) */
	size_t				*turn_order;
	int				 phases_numbered;
	/* Read with ARCHIVE_ORDERS_LATER: the text read (borrowed; it must
	 * outlive a) and whether it is a read-only mapping of a file
	 * (ARCHIVE_SRC_MAPPED) */
	const char			*src;
	size_t				 src_len;
	int				 src_mapped;
	/* Read with ARCHIVE_ORDERS_LATER: the recurring strings the records
	 * borrow, those of the phases (read on a thread of their own) and
	 * those of the rest */
	struct archive_names		 names[2];
};

/*
 * The archive's canonical text, signed with the server's secret key sk
 * (seed ‖ public key, lib/keyfile.h); a->sig and a->digest are set. Fails
 * (-1, *cause) when a text field holds a NUL byte, which JSON strings of
 * this format cannot carry. A spectator archive's text leaves out the
 * orders, the states, the events' prev and hash and the head, whatever
 * a holds. *out (NUL-terminated) is the caller's.
 */
int archive_format(struct archive *a, const unsigned char sk[64], char **out,
    size_t *len, char **cause);
/*
 * Parse an archive (len bytes, need not be NUL-terminated). Returns NULL
 * with one line in *cause: not JSON, not the canonical form ("byte N
 * differs from the canonical form"), a missing, unknown or repeated field
 * or a value of the wrong kind, naming where ("phases[3].orders[0]: field
 * \"nonce\": expected 32 to 128 hex digits"), an unknown scope, a member a
 * spectator archive does not have. Signatures and hashes are
 * not checked here (that is the auditor's work); a->digest is computed.
 * A text laid out as archive_format() writes it is read an item of its big
 * arrays at a time (no tree of the whole document: what it costs beyond
 * the text is the struct archive itself), the phases (of 32 or more) on a
 * thread of their own while this one reads the rest; any other is read
 * whole, which names the fault. A text cut short says so and where it
 * ends ("inside phases[17]").
 */
struct archive *archive_parse(const char *text, size_t len, char **cause);
/*
 * archive_parse() with flags. ARCHIVE_ORDERS_LATER: the orders' blocks and
 * signatures (most of a long game's archive) are checked but not kept;
 * archive_order_text() reads them again from text, which a borrows and
 * must outlive it. ARCHIVE_SRC_MAPPED (with ARCHIVE_ORDERS_LATER): text
 * is a private read-only mapping of a file (mmap), whose pages are given
 * back to the kernel behind the reading (madvise MADV_DONTNEED; they are
 * read again from the file when needed), so that the resident part of
 * the file stays a few pages however long the game.
 */
#define ARCHIVE_ORDERS_LATER	0x1
#define ARCHIVE_SRC_MAPPED	0x2
struct archive *archive_parse_flags(const char *text, size_t len, unsigned flags,
    char **cause);
/*
 * An order's block and signature: borrowed from o, or of an archive read
 * with ARCHIVE_ORDERS_LATER read again from its text (the caller's, freed
 * with archive_order_text_clear()). -1 with *cause (may be NULL) when
 * those bytes are no longer the ones parsed (the file changed under the
 * reader). Safe from several threads at once.
 */
struct archive_order_text {
	const char	*block;
	size_t		 block_len;
	const char	*signature;
	size_t		 sig_len;
	char		*owned[2];
};
int archive_order_text(const struct archive *a, const struct archive_order *o,
    struct archive_order_text *t, char **cause);
void archive_order_text_clear(struct archive_order_text *t);
/* Of an archive read with ARCHIVE_SRC_MAPPED: give the pages of its text
 * back to the kernel (they are read again from the file when needed); a
 * reader of its orders calls it now and then. Otherwise nothing. */
void archive_src_release(const struct archive *a);
/* Does a->sig verify under a->server_key over a->digest? 0 yes, -1 no. */
int archive_sig_verify(const struct archive *a);
void archive_free(struct archive *a);

/* "full" or "spectator". */
const char *archive_scope_name(enum archive_scope scope);

/* The file called name, or NULL. */
const struct archive_file *archive_file_find(const struct archive *a, const char *name);
/* The commitment (domain, secret_id), or NULL. */
const struct archive_commitment *archive_commitment_find(const struct archive *a,
    const char *domain, const char *secret_id);
/*
 * The lookups below, so that a check of every phase or commitment does not
 * look through all the others: archive_parse() and the exporter call it;
 * whoever changes a's phases or commitments afterwards calls it again.
 */
void archive_index(struct archive *a);
/* The first phase numbered seq, or NULL. */
const struct archive_phase *archive_phase_find(const struct archive *a, uint64_t seq);
/* The indexes (into a->phases, ascending) of turn's phases: *n of them
 * (borrowed; none without archive_index()). */
const size_t *archive_turn_phases(const struct archive *a, uint64_t turn, size_t *n);

#endif

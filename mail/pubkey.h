/*
 * pubkey.h — a seat's public key, in any form `muthur seat --key` accepts
 * (doc/product.md §10). All three are Ed25519 keys:
 *
 *   muthur       "muthur-ed25519 <base64 of 32 bytes> [comment]"  (lib/keyfile.h,
 *                made by `muthur keygen`)
 *   minisign     the .pub file: "untrusted comment: ..." then the base64 line,
 *                or that "RW..." base64 line alone; it decodes to 42 bytes:
 *                "Ed" ‖ 8-byte key id ‖ 32-byte key
 *   OpenSSH      "ssh-ed25519 AAAA... [comment]" (one authorized_keys style
 *                line, without options); the base64 blob is
 *                string("ssh-ed25519") ‖ string(32-byte key). Other key types
 *                (ssh-rsa, ecdsa-*, sk-*) are refused, naming the type.
 *
 * The canonical text form (pubkey_format) is one line without a comment:
 *
 *   muthur-ed25519 <base64>        for a muthur key
 *   RW<base64>                     for a minisign key (what `minisign -P` takes)
 *   ssh-ed25519 AAAA<base64>       for an OpenSSH key
 *
 * It is what the store keeps and the views show, and pubkey_parse() reads
 * it back to the same key. Two keys are the same seat key when kind, key
 * bytes and (for minisign) key id are equal.
 *
 * A struct pubkey is a plain value: it owns no memory.
 */
#ifndef MUTHUR_MAIL_PUBKEY_H
#define MUTHUR_MAIL_PUBKEY_H

#include <stddef.h>

#define PUBKEY_BYTES 32		/* an Ed25519 public key */
#define PUBKEY_MINISIGN_ID_BYTES 8
#define PUBKEY_FILE_MAX 16384	/* bigger key files are refused */

enum pubkey_kind {
	PUBKEY_MUTHUR = 1,
	PUBKEY_MINISIGN,
	PUBKEY_SSH_ED25519,
};

struct pubkey {
	enum pubkey_kind kind;
	unsigned char	 key[PUBKEY_BYTES];
	/* minisign only (zero otherwise): the key id as stored in the file. */
	unsigned char	 minisign_id[PUBKEY_MINISIGN_ID_BYTES];
};

/*
 * Parse a public key in any of the forms above from text (len bytes, need
 * not be NUL-terminated; any line endings; blank lines around it are
 * allowed). Fills *out and returns 0, or returns -1 with a reason: a
 * secret key given by mistake, an unsupported OpenSSH key type (named), bad
 * base64 or length (with the line number), text after the key, or text
 * that is none of the forms.
 */
int pubkey_parse(const char *text, size_t len, struct pubkey *out, char **cause);

/* Read a key file (at most PUBKEY_FILE_MAX bytes) and parse it; the reason
 * on failure starts with the path. */
int pubkey_load(const char *path, struct pubkey *out, char **cause);

/*
 * A key given on a command line: the name of a key file when such a file
 * exists, otherwise the key text itself (a "RW..." line, or a quoted
 * "ssh-ed25519 ..." or "muthur-ed25519 ..." line).
 */
int pubkey_from_arg(const char *arg, struct pubkey *out, char **cause);

/* The canonical one-line form (no newline); caller frees. */
char *pubkey_format(const struct pubkey *pk);

/* "muthur", "minisign" or "ssh-ed25519". */
const char *pubkey_kind_name(enum pubkey_kind kind);

/* Same kind, key bytes and minisign key id? */
int pubkey_equal(const struct pubkey *a, const struct pubkey *b);

/*
 * The minisign key id as minisign prints it ("5B089C67D00B8C7F": the 8
 * bytes read as a little-endian number, in upper-case hex) into buf.
 */
void pubkey_minisign_id_hex(const unsigned char id[PUBKEY_MINISIGN_ID_BYTES], char buf[17]);

/*
 * The key id muthur signatures carry (doc/signatures.md): the first 8
 * bytes of BLAKE2b-256 over the 32 key bytes. Any kind of key has one.
 */
#define PUBKEY_MUTHUR_ID_BYTES 8
void pubkey_muthur_id(const unsigned char key[PUBKEY_BYTES],
    unsigned char id[PUBKEY_MUTHUR_ID_BYTES]);

/*
 * Base64 (the original alphabet, with padding) shared with the signature
 * parsers. mail_b64_encode returns a new string. mail_b64_decode decodes
 * len characters of s, ignoring spaces, tabs, CR and LF, into out (room
 * for max bytes); returns the number of bytes, or -1 when the text is not
 * base64 or decodes to more than max bytes.
 */
char *mail_b64_encode(const unsigned char *bin, size_t len);
long mail_b64_decode(const char *s, size_t len, unsigned char *out, size_t max);

/*
 * The OpenSSH wire format (RFC 4251 §5), shared with mail/sig-sshsig.c: a
 * cursor over a byte buffer it does not own. Each reader returns 0 and
 * advances, or -1 (cursor unchanged) when the buffer is too short.
 * ssh_buf_string points *s into the buffer (not NUL-terminated).
 */
struct ssh_buf {
	const unsigned char	*p;
	size_t			 left;
};
int ssh_buf_u32(struct ssh_buf *b, unsigned long *v);
int ssh_buf_string(struct ssh_buf *b, const unsigned char **s, size_t *len);
/* At most 64 printable ASCII bytes, so that a reason may quote them? */
int ssh_printable(const unsigned char *s, size_t len);
/* Append uint32 length ‖ bytes to sb (a struct strbuf *). */
struct strbuf;
void ssh_put_string(struct strbuf *sb, const void *s, size_t len);

/*
 * An OpenSSH public key blob: string(key type) ‖ string(32-byte key) for
 * ssh-ed25519. Returns 0 with the key, or -1 with a reason naming the key
 * type when it is not ssh-ed25519, or saying what is malformed.
 */
int pubkey_ssh_blob_parse(const unsigned char *blob, size_t len,
    unsigned char key[PUBKEY_BYTES], char **cause);

#endif

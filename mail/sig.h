/*
 * sig.h — verifying the signature of an orders block (doc/product.md §3),
 * with libsodium alone. Three formats, one file each:
 *
 *   mail/sig-minisign.c   minisign .minisig files: "ED" (BLAKE2b-512
 *                         prehashed, the default) and "Ed" (legacy, -l), with
 *                         the trusted comment's global signature
 *   mail/sig-sshsig.c     OpenSSH SSHSIG, the armored "-----BEGIN SSH
 *                         SIGNATURE-----" block of `ssh-keygen -Y sign -n
 *                         muthur`, ssh-ed25519 only, hash sha512 or sha256
 *   mail/sig-muthur.c     muthur's own "-----BEGIN MUTHUR SIGNATURE-----"
 *                         block made by `muthur sign`
 *
 * doc/signatures.md describes each format and every check. The signed
 * bytes are always the normalised orders block (mail/block.h).
 */
#ifndef MUTHUR_MAIL_SIG_H
#define MUTHUR_MAIL_SIG_H

#include <stddef.h>

#include "mail/pubkey.h"

enum sig_format {
	SIG_NONE = 0,
	SIG_MINISIGN,
	SIG_SSHSIG,
	SIG_MUTHUR,
};

/* A signature format: one instance per format file. */
struct sig_driver {
	enum sig_format	 format;
	const char	*name;		/* "minisign", "sshsig", "muthur" */
	const char	*label;		/* "minisign signature", ... for reasons */
	/*
	 * Find the first signature of this format in text: 1 with *off at the
	 * start of its first line and *span its length through the line ending
	 * of its last line (to the end of text when it is cut short, so that
	 * verify can say what is missing); 0 when there is none.
	 */
	int	(*find)(const char *text, size_t len, size_t *off, size_t *span);
	/*
	 * Check the signature text sig (as find() delimits it) over msg with
	 * the seat's key. 0 when valid; -1 with the check that failed.
	 */
	int	(*verify)(const struct pubkey *pk, const char *msg, size_t msglen,
		    const char *sig, size_t siglen, char **cause);
	/*
	 * verify() without the checks of what the signed bytes do not depend
	 * on (minisign: the global signature over the trusted comment, whose
	 * text nothing reads); NULL when verify() checks nothing else.
	 */
	int	(*verify_bytes)(const struct pubkey *pk, const char *msg, size_t msglen,
		    const char *sig, size_t siglen, char **cause);
};

extern const struct sig_driver sig_minisign;
extern const struct sig_driver sig_sshsig;
extern const struct sig_driver sig_muthur;

/*
 * Which signature does text hold? Looks for the three formats and returns
 * the one that starts first, with *off and *span as for sig_driver.find
 * (off and span may be NULL); SIG_NONE when there is none. For the MIME
 * intake: the body after the orders block (orders_block.end_off), a
 * *.minisig or *.sig attachment, or any text part.
 */
enum sig_format sig_detect(const char *text, size_t len, size_t *off, size_t *span);

/* The driver of a format, or NULL for SIG_NONE. */
const struct sig_driver *sig_driver_of(enum sig_format format);

/* "minisign", "sshsig", "muthur" or "none". */
const char *sig_format_name(enum sig_format format);

/*
 * Verify signature_text (which may hold other text around the signature:
 * the first signature found by sig_detect is used) over the signed bytes
 * with the seat's key. Returns 0 only when it is valid. Otherwise -1 and a
 * reason naming the format and the check that failed, such as
 * "minisign signature: the global signature over the trusted comment does
 * not verify (the trusted comment was changed)"; the caller adds the seat
 * ("signature does not verify for seat marines: ...").
 */
int sig_verify(const struct pubkey *pk, const char *signed_bytes, size_t len,
    const char *signature_text, size_t siglen, char **cause);
/*
 * sig_verify() with flags. SIG_BYTES_ONLY: only that the seat's key signed
 * the bytes (every check of the signature text and the signature over
 * the bytes), not what the signature says besides: a minisign trusted
 * comment's global signature is not verified (one Ed25519 verify fewer).
 * For the offline auditor, which reads no trusted comment.
 */
#define SIG_BYTES_ONLY	0x1
int sig_verify_flags(const struct pubkey *pk, const char *signed_bytes, size_t len,
    const char *signature_text, size_t siglen, unsigned flags, char **cause);

/*
 * muthur's own signature: sign msg with a libsodium Ed25519 secret key
 * (seed ‖ public key, as lib/keyfile.h loads it). Returns the armored
 * block with a final LF; caller frees.
 */
#define SIG_MUTHUR_BEGIN "-----BEGIN MUTHUR SIGNATURE-----"
#define SIG_MUTHUR_END "-----END MUTHUR SIGNATURE-----"
#define SIG_MUTHUR_DOMAIN "muthur-orders-v1"	/* signed: domain ‖ NUL ‖ bytes */
char *sig_muthur_sign(const unsigned char sk[64], const char *msg, size_t len);

/*
 * Line helpers for the format files. Lines end at LF, CRLF or CR.
 * sig_line_next: the line starting at p ends at *eol (before its line
 * ending); returns where the next line starts (end when none).
 * sig_line_trim: narrow [*s, *e) by the blanks around it.
 */
const char *sig_line_next(const char *p, const char *end, const char **eol);
void sig_line_trim(const char **s, const char **e);
/* Is the line [p, eol), without the blanks around it, equal to word? */
int sig_line_is(const char *p, const char *eol, const char *word);

/*
 * Armored blocks (SSH and muthur): find the first line equal to begin and
 * the span through the next line equal to end (to the end of text when
 * there is none). sig_armor_body gives the lines between, or -1 with a
 * reason when the END line is missing.
 */
int sig_armor_find(const char *text, size_t len, const char *begin, const char *end,
    size_t *off, size_t *span);
int sig_armor_body(const char *sig, size_t len, const char *begin, const char *end,
    const char **body, size_t *bodylen, char **cause);

#endif

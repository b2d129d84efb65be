/*
 * mime-sigtext.h — recognising the three signature shapes of doc/product.md §3
 * in decoded text by their first lines, without verifying anything:
 *
 *   minisign  "untrusted comment: ..." and the three lines after it
 *             (signature, "trusted comment: ...", global signature);
 *   SSH       "-----BEGIN SSH SIGNATURE-----" .. "-----END SSH SIGNATURE-----";
 *   muthur    "-----BEGIN MUTHUR SIGNATURE-----" .. "-----END MUTHUR SIGNATURE-----".
 *
 * The text handed back is normalised like the signed bytes (mail/block.h:
 * LF line endings, no trailing blanks, a final LF). A minisign signature
 * or global-signature line that a mail client wrapped (a base64 line of
 * 60 or more characters followed by more base64, up to the 100 or 88
 * characters those lines have) is joined into one line again. A truncated signature
 * (fewer than four minisign lines before an empty line or the end, an
 * armored block without its END line) is still handed back, cut at the
 * first empty line, so that the verifier can say what is missing.
 */
#ifndef MUTHUR_MAIL_MIME_SIGTEXT_H
#define MUTHUR_MAIL_MIME_SIGTEXT_H

#include <stddef.h>

#define SIGTEXT_SSH_BEGIN "-----BEGIN SSH SIGNATURE-----"
#define SIGTEXT_SSH_END "-----END SSH SIGNATURE-----"
#define SIGTEXT_MUTHUR_BEGIN "-----BEGIN MUTHUR SIGNATURE-----"
#define SIGTEXT_MUTHUR_END "-----END MUTHUR SIGNATURE-----"
#define SIGTEXT_MINISIGN_FIRST "untrusted comment:"
#define SIGTEXT_MINISIGN_TRUSTED "trusted comment:"

enum sig_shape {
	SIG_SHAPE_NONE = 0,
	SIG_SHAPE_MINISIGN,
	SIG_SHAPE_SSH,
	SIG_SHAPE_MUTHUR,
	SIG_SHAPE_UNKNOWN,	/* a *.sig / *.minisig attachment of no known shape */
};

/* "minisign", "ssh", "muthur", "unknown" or "none". */
const char *sig_shape_name(enum sig_shape shape);

/*
 * The signature starting at the first non-blank line of text (as right
 * after an orders block's END line). Returns its shape and the normalised
 * signature text in *out (caller frees), or SIG_SHAPE_NONE (*out NULL)
 * when that line starts none of the shapes.
 */
enum sig_shape sigtext_at(const char *text, size_t len, char **out, size_t *outlen);

/*
 * The first signature of any of the three shapes that starts at the
 * beginning of a line anywhere in text (as in an attachment). Same result
 * as sigtext_at().
 */
enum sig_shape sigtext_find(const char *text, size_t len, char **out, size_t *outlen);

#endif

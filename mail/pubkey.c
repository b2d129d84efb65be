/* pubkey.c — a seat's public key in muthur, minisign or OpenSSH form (pubkey.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/pubkey.h"

#define MINISIGN_PK_BYTES (2 + PUBKEY_MINISIGN_ID_BYTES + PUBKEY_BYTES)
#define SSH_ED25519 "ssh-ed25519"
#define MAX_LINES 8	/* non-blank lines looked at; a key has at most 2 */

char *
mail_b64_encode(const unsigned char *bin, size_t len)
{
	size_t n = sodium_base64_ENCODED_LEN(len, sodium_base64_VARIANT_ORIGINAL);
	char *s = xmalloc(n);

	sodium_bin2base64(s, n, bin, len, sodium_base64_VARIANT_ORIGINAL);
	return s;
}

long
mail_b64_decode(const char *s, size_t len, unsigned char *out, size_t max)
{
	size_t got;

	if (sodium_base642bin(out, max, s, len, " \t\r\n", &got, NULL,
	    sodium_base64_VARIANT_ORIGINAL) != 0)
		return -1;
	return (long)got;
}

int
ssh_buf_u32(struct ssh_buf *b, unsigned long *v)
{
	if (b->left < 4)
		return -1;
	*v = ((unsigned long)b->p[0] << 24) | ((unsigned long)b->p[1] << 16) |
	    ((unsigned long)b->p[2] << 8) | b->p[3];
	b->p += 4;
	b->left -= 4;
	return 0;
}

int
ssh_buf_string(struct ssh_buf *b, const unsigned char **s, size_t *len)
{
	struct ssh_buf save = *b;
	unsigned long n;

	if (ssh_buf_u32(b, &n) == -1 || n > b->left) {
		*b = save;
		return -1;
	}
	*s = b->p;
	*len = n;
	b->p += n;
	b->left -= n;
	return 0;
}

void
ssh_put_string(struct strbuf *sb, const void *s, size_t len)
{
	unsigned char n[4];

	n[0] = (unsigned char)(len >> 24);
	n[1] = (unsigned char)(len >> 16);
	n[2] = (unsigned char)(len >> 8);
	n[3] = (unsigned char)len;
	strbuf_add(sb, n, 4);
	strbuf_add(sb, s, len);
}

int
ssh_printable(const unsigned char *s, size_t len)
{
	size_t i;

	if (len > 64)
		return 0;
	for (i = 0; i < len; i++)
		if (s[i] < 0x20 || s[i] > 0x7e)
			return 0;
	return 1;
}

int
pubkey_ssh_blob_parse(const unsigned char *blob, size_t len, unsigned char key[PUBKEY_BYTES],
    char **cause)
{
	struct ssh_buf b = { blob, len };
	const unsigned char *type, *k;
	size_t tlen, klen;

	if (ssh_buf_string(&b, &type, &tlen) == -1)
		return cause_set(cause, "the OpenSSH key blob is truncated before its key type");
	if (tlen != strlen(SSH_ED25519) || memcmp(type, SSH_ED25519, tlen) != 0) {
		if (tlen > 0 && ssh_printable(type, tlen))
			return cause_set(cause, "the key is an OpenSSH %.*s key: only ssh-ed25519 "
			    "keys are accepted", (int)tlen, (const char *)type);
		return cause_set(cause, "the OpenSSH key blob has an unreadable key type "
		    "(expected ssh-ed25519)");
	}
	if (ssh_buf_string(&b, &k, &klen) == -1)
		return cause_set(cause, "the ssh-ed25519 key blob is truncated before its key");
	if (klen != PUBKEY_BYTES)
		return cause_set(cause, "the ssh-ed25519 key is %zu bytes (expected %d)", klen,
		    PUBKEY_BYTES);
	if (b.left != 0)
		return cause_set(cause, "%zu bytes follow the ssh-ed25519 key in its blob "
		    "(expected none)", b.left);
	memcpy(key, k, PUBKEY_BYTES);
	return 0;
}

struct line {
	const char	*s;	/* trimmed of surrounding blanks */
	size_t		 len;
	int		 no;	/* 1-based line number in the text */
};

/* Up to max non-blank lines of text; returns how many (capped at max+1
 * meaning "more than max"). */
static size_t
split_lines(const char *text, size_t len, struct line *lines, size_t max)
{
	const char *p = text, *end = text + len, *eol, *s, *e;
	size_t n = 0;
	int no = 1;

	while (p < end) {
		for (eol = p; eol < end && *eol != '\n' && *eol != '\r'; eol++)
			;
		s = p;
		e = eol;
		while (s < e && isspace((unsigned char)*s))
			s++;
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
		if (e > s) {
			if (n == max)
				return max + 1;
			lines[n].s = s;
			lines[n].len = (size_t)(e - s);
			lines[n].no = no;
			n++;
		}
		p = eol;
		if (p < end)
			p += (*p == '\r' && p + 1 < end && p[1] == '\n') ? 2 : 1;
		no++;
	}
	return n;
}

static int
starts(const struct line *l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l->len >= n && memcmp(l->s, prefix, n) == 0;
}

/* The first blank-separated word of l. */
static size_t
word_len(const struct line *l)
{
	size_t i = 0;

	while (i < l->len && !isspace((unsigned char)l->s[i]))
		i++;
	return i;
}

static int
parse_minisign_line(const struct line *l, struct pubkey *out, char **cause)
{
	unsigned char bin[MINISIGN_PK_BYTES + 1];
	size_t w = word_len(l);
	long n;

	if (w != l->len)
		return cause_set(cause, "line %d: text after the minisign public key (expected "
		    "the base64 line alone)", l->no);
	n = mail_b64_decode(l->s, l->len, bin, sizeof bin);
	if (n == -1 || n > MINISIGN_PK_BYTES)
		return cause_set(cause, "line %d: not a minisign public key (expected %d bytes in "
		    "base64: \"Ed\", the key id and the key)", l->no, MINISIGN_PK_BYTES);
	if (n != MINISIGN_PK_BYTES)
		return cause_set(cause, "line %d: the minisign public key is %ld bytes (expected "
		    "%d: \"Ed\", the key id and the key)", l->no, n, MINISIGN_PK_BYTES);
	if (bin[0] != 'E' || bin[1] != 'd')
		return cause_set(cause, "line %d: the minisign key's algorithm is not Ed25519 "
		    "(expected \"Ed\")", l->no);
	memset(out, 0, sizeof *out);
	out->kind = PUBKEY_MINISIGN;
	memcpy(out->minisign_id, bin + 2, PUBKEY_MINISIGN_ID_BYTES);
	memcpy(out->key, bin + 2 + PUBKEY_MINISIGN_ID_BYTES, PUBKEY_BYTES);
	return 0;
}

static int
parse_ssh_line(const struct line *l, struct pubkey *out, char **cause)
{
	unsigned char blob[256];
	size_t w = word_len(l), b, e;
	long n;

	if (w != strlen(SSH_ED25519) || memcmp(l->s, SSH_ED25519, w) != 0)
		return cause_set(cause, "line %d: the key is an OpenSSH %.*s key: only "
		    "ssh-ed25519 keys are accepted", l->no, (int)(w > 64 ? 64 : w), l->s);
	for (b = w; b < l->len && isspace((unsigned char)l->s[b]); b++)
		;
	for (e = b; e < l->len && !isspace((unsigned char)l->s[e]); e++)
		;
	if (b == e)
		return cause_set(cause, "line %d: no key after \"ssh-ed25519\" (expected its "
		    "base64 blob)", l->no);
	n = mail_b64_decode(l->s + b, e - b, blob, sizeof blob);
	if (n == -1)
		return cause_set(cause, "line %d: the ssh-ed25519 key is not valid base64", l->no);
	memset(out, 0, sizeof *out);
	out->kind = PUBKEY_SSH_ED25519;
	if (pubkey_ssh_blob_parse(blob, (size_t)n, out->key, cause) == -1)
		return cause_prefix(cause, "line %d", l->no);
	return 0;
}

/* Does the first word look like an OpenSSH key type (ssh-rsa, ecdsa-...)? */
static int
looks_ssh(const struct line *l)
{
	size_t w = word_len(l);

	return starts(l, "ssh-") || starts(l, "ecdsa-") || starts(l, "sk-") ||
	    (w > 12 && memmem(l->s, w, "@openssh.com", 12) != NULL);
}

int
pubkey_parse(const char *text, size_t len, struct pubkey *out, char **cause)
{
	struct line lines[MAX_LINES];
	size_t n, used = 1;
	char *copy;
	int rc;

	if (memchr(text, '\0', len) != NULL)
		return cause_set(cause, "the key contains a NUL byte (expected text)");
	n = split_lines(text, len, lines, MAX_LINES);
	if (n == 0)
		return cause_set(cause, "no key: the text is empty (expected a muthur, "
		    "minisign or ssh-ed25519 public key)");
	if (starts(&lines[0], "-----BEGIN") && memmem(lines[0].s, lines[0].len,
	    "PRIVATE KEY", 11) != NULL)
		return cause_set(cause, "line %d: this is a secret key: give the public key "
		    "(the .pub file) instead", lines[0].no);
	if (starts(&lines[0], KEY_SECRET_PREFIX))
		return cause_set(cause, "line %d: this is a muthur secret key: give the public "
		    "key (the NAME.pub file made by muthur keygen) instead", lines[0].no);
	if (starts(&lines[0], KEY_PUBLIC_PREFIX " ") ||
	    starts(&lines[0], KEY_PUBLIC_PREFIX "\t")) {
		copy = xstrndup(lines[0].s, lines[0].len);
		memset(out, 0, sizeof *out);
		out->kind = PUBKEY_MUTHUR;
		rc = key_public_parse(copy, out->key, cause);
		free(copy);
		if (rc == -1)
			return cause_prefix(cause, "line %d", lines[0].no);
	} else if (starts(&lines[0], "untrusted comment:")) {
		if (memmem(lines[0].s, lines[0].len, "signature", 9) != NULL)
			return cause_set(cause, "line %d: this is a minisign signature, not a "
			    "public key (expected the minisign.pub file)", lines[0].no);
		if (memmem(lines[0].s, lines[0].len, "secret key", 10) != NULL)
			return cause_set(cause, "line %d: this is a minisign secret key: give "
			    "the public key (minisign.pub) instead", lines[0].no);
		if (n < 2)
			return cause_set(cause, "line %d: the minisign public key line (RW...) "
			    "is missing after the untrusted comment", lines[0].no + 1);
		if (parse_minisign_line(&lines[1], out, cause) == -1)
			return -1;
		used = 2;
	} else if (looks_ssh(&lines[0])) {
		if (parse_ssh_line(&lines[0], out, cause) == -1)
			return -1;
	} else if (starts(&lines[0], "RW")) {
		if (parse_minisign_line(&lines[0], out, cause) == -1)
			return -1;
	} else
		return cause_set(cause, "line %d: not a public key (expected \"muthur-ed25519 "
		    "...\", a minisign public key file or its RW... line, or an \"ssh-ed25519 "
		    "AAAA...\" line)", lines[0].no);
	if (n > used)
		return cause_set(cause, "line %d: text after the key (expected one key)",
		    lines[used].no);
	return 0;
}

int
pubkey_load(const char *path, struct pubkey *out, char **cause)
{
	char *data;
	size_t len;
	int rc;

	if (fs_read_file(path, PUBKEY_FILE_MAX, &data, &len, cause) == -1)
		return -1;
	rc = pubkey_parse(data, len, out, cause);
	if (rc == -1)
		cause_prefix(cause, "%s", path);
	free(data);
	return rc;
}

int
pubkey_from_arg(const char *arg, struct pubkey *out, char **cause)
{
	struct stat st;

	if (stat(arg, &st) == 0)
		return pubkey_load(arg, out, cause);
	if (strncmp(arg, "RW", 2) == 0 || strncmp(arg, KEY_PUBLIC_PREFIX " ",
	    strlen(KEY_PUBLIC_PREFIX) + 1) == 0 || strncmp(arg, "ssh-", 4) == 0)
		return pubkey_parse(arg, strlen(arg), out, cause);
	return cause_set(cause, "%s: %s (expected a public key file, or the key itself)",
	    arg, strerror(errno));
}

char *
pubkey_format(const struct pubkey *pk)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned char bin[MINISIGN_PK_BYTES];
	char *b64, *line;

	switch (pk->kind) {
	case PUBKEY_MINISIGN:
		bin[0] = 'E';
		bin[1] = 'd';
		memcpy(bin + 2, pk->minisign_id, PUBKEY_MINISIGN_ID_BYTES);
		memcpy(bin + 2 + PUBKEY_MINISIGN_ID_BYTES, pk->key, PUBKEY_BYTES);
		return mail_b64_encode(bin, sizeof bin);
	case PUBKEY_SSH_ED25519:
		ssh_put_string(&sb, SSH_ED25519, strlen(SSH_ED25519));
		ssh_put_string(&sb, pk->key, PUBKEY_BYTES);
		b64 = mail_b64_encode((const unsigned char *)sb.s, sb.len);
		line = xasprintf("%s %s", SSH_ED25519, b64);
		free(b64);
		strbuf_free(&sb);
		return line;
	case PUBKEY_MUTHUR:
		break;
	}
	return key_public_format(pk->key, NULL);
}

const char *
pubkey_kind_name(enum pubkey_kind kind)
{
	switch (kind) {
	case PUBKEY_MUTHUR:
		return "muthur";
	case PUBKEY_MINISIGN:
		return "minisign";
	case PUBKEY_SSH_ED25519:
		return "ssh-ed25519";
	}
	return "unknown";
}

int
pubkey_equal(const struct pubkey *a, const struct pubkey *b)
{
	return a->kind == b->kind && sodium_memcmp(a->key, b->key, PUBKEY_BYTES) == 0 &&
	    sodium_memcmp(a->minisign_id, b->minisign_id, PUBKEY_MINISIGN_ID_BYTES) == 0;
}

void
pubkey_minisign_id_hex(const unsigned char id[PUBKEY_MINISIGN_ID_BYTES], char buf[17])
{
	static const char hex[] = "0123456789ABCDEF";
	int i;

	for (i = 0; i < PUBKEY_MINISIGN_ID_BYTES; i++) {
		buf[2 * i] = hex[id[PUBKEY_MINISIGN_ID_BYTES - 1 - i] >> 4];
		buf[2 * i + 1] = hex[id[PUBKEY_MINISIGN_ID_BYTES - 1 - i] & 0xf];
	}
	buf[16] = '\0';
}

void
pubkey_muthur_id(const unsigned char key[PUBKEY_BYTES], unsigned char id[PUBKEY_MUTHUR_ID_BYTES])
{
	unsigned char h[32];

	crypto_generichash(h, sizeof h, key, PUBKEY_BYTES, NULL, 0);
	memcpy(id, h, PUBKEY_MUTHUR_ID_BYTES);
}

/* test-helpers.c — lib/: allocation, reasons, buffers, files, key files. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "tests/tap.h"

/* Run fn in a child; return its exit status (for the wrappers that abort). */
static int
child_status(void (*fn)(void))
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		freopen("/dev/null", "w", stderr);
		fn();
		_exit(0);
	}
	waitpid(pid, &st, 0);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static void calloc_overflow(void) { (void)xcalloc(SIZE_MAX / 2, 4); }
static void realloc_overflow(void) { (void)xreallocarray(NULL, SIZE_MAX / 8, 16); }

static void
test_xmalloc(void)
{
	char *s = xasprintf("%s-%d", "seat", 4), *d;

	is_str(s, "seat-4", "xasprintf formats");
	d = xstrndup("marines", 4);
	is_str(d, "mari", "xstrndup cuts at n");
	free(d);
	d = xstrndup("ab", 10);
	is_str(d, "ab", "xstrndup stops at NUL");
	free(d);
	d = xmemdup("a\0b", 3);
	ok(d[0] == 'a' && d[1] == '\0' && d[2] == 'b' && d[3] == '\0', "xmemdup copies and terminates");
	free(d);
	free(s);
	ok(size_mul_ok(1000, 1000) && !size_mul_ok(SIZE_MAX / 2, 3), "size_mul_ok detects overflow");
	is_int(child_status(calloc_overflow), 1, "xcalloc overflow exits 1, never returns NULL");
	is_int(child_status(realloc_overflow), 1, "xreallocarray overflow exits 1");
	s = xcalloc(0, 0);
	ok(s != NULL, "xcalloc(0, 0) gives a pointer");
	free(s);
}

static void
test_cause(void)
{
	char *cause = NULL;

	is_int(cause_set(&cause, "bad %s", "thing"), -1, "cause_set returns -1");
	is_str(cause, "bad thing", "cause_set stores the reason");
	cause_prefix(&cause, "file %d", 3);
	is_str(cause, "file 3: bad thing", "cause_prefix prepends");
	free(cause);
	is_int(cause_set(NULL, "ignored"), -1, "cause_set accepts NULL");
}

static void
test_strbuf(void)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	char *s;
	int i;

	is_str(strbuf_str(&sb), "", "empty strbuf reads as \"\"");
	for (i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%d,", i);
	strbuf_addc(&sb, '!');
	ok(sb.len == strlen(sb.s) && sb.s[sb.len - 1] == '!', "strbuf grows and terminates");
	ok(strncmp(sb.s, "0,1,2,", 6) == 0, "strbuf keeps order");
	strbuf_reset(&sb);
	strbuf_add(&sb, "x\0y", 3);
	is_int(sb.len, 3, "strbuf_add keeps NUL bytes");
	s = strbuf_detach(&sb, &len);
	is_int(len, 3, "strbuf_detach hands over the length");
	ok(sb.s == NULL && sb.len == 0, "strbuf_detach resets");
	free(s);
	{
		static const char *const w[] = { "a", "b", "c" };
		size_t k, n;
		char want[3][16] = { "a", "a and b", "a, b and c" };

		for (n = 1; n <= 3; n++) {
			for (k = 0; k < n; k++)
				strbuf_add_listed(&sb, k, n, w[k]);
			is_str(strbuf_str(&sb), want[n - 1], "strbuf_add_listed: %zu item%s",
			    n, n > 1 ? "s" : "");
			strbuf_reset(&sb);
		}
		strbuf_free(&sb);
	}
}

static void
test_fsutil(const char *tmp)
{
	char *cause = NULL, *data, *path, *d;
	size_t len;
	struct stat st;

	path = xasprintf("%s/a/b/c", tmp);
	is_int(fs_mkdir_p(path, 0700, &cause), 0, "fs_mkdir_p makes nested folders");
	is_int(fs_mkdir_p(path, 0700, &cause), 0, "fs_mkdir_p is idempotent");
	free(path);
	path = xasprintf("%s/a/file", tmp);
	is_int(fs_write_file_atomic(path, "hello\n", 6, 0640, &cause), 0, "atomic write");
	is_int(fs_read_file(path, 100, &data, &len, &cause), 0, "read back");
	is_str(data, "hello\n", "contents survive");
	free(data);
	stat(path, &st);
	is_int(st.st_mode & 0777, 0640, "atomic write sets the mode");
	is_int(fs_read_file(path, 3, &data, &len, &cause), -1, "size limit refuses big files");
	ok(cause != NULL && strstr(cause, "larger than 3 bytes") != NULL, "and says so: %s", cause);
	free(cause);
	cause = NULL;
	is_int(fs_write_file_excl(path, "x", 1, 0600, &cause), -1, "exclusive write refuses an existing file");
	free(cause);
	cause = NULL;
	free(path);
	path = xasprintf("%s/a/b/c/file", tmp);
	is_int(fs_mkdir_p(path, 0700, &cause), 0, "mkdir_p leaf");
	free(path);
	path = xasprintf("%s/a/file/x", tmp);
	is_int(fs_mkdir_p(path, 0700, &cause), -1, "mkdir_p through a file fails");
	ok(cause != NULL && strstr(cause, "not a folder") != NULL, "with a reason: %s", cause);
	free(cause);
	free(path);
	d = fs_dirname("var/muthur.db");
	is_str(d, "var", "fs_dirname");
	free(d);
	d = fs_dirname("muthur.db");
	is_str(d, ".", "fs_dirname without a folder");
	free(d);
	d = fs_path_join("/etc/muthur", "var/x");
	is_str(d, "/etc/muthur/var/x", "fs_path_join relative");
	free(d);
	d = fs_path_join("/etc/muthur", "/abs");
	is_str(d, "/abs", "fs_path_join absolute");
	free(d);
}

static void
test_keyfile(const char *tmp)
{
	unsigned char pk[KEY_PUBLIC_BYTES], sk[KEY_SECRET_BYTES];
	unsigned char pk2[KEY_PUBLIC_BYTES], sk2[KEY_SECRET_BYTES], sig[64];
	char *cause = NULL, *sec = xasprintf("%s/k.key", tmp), *pub = xasprintf("%s/k.pub", tmp);
	char *line;
	struct stat st;

	key_generate(pk, sk);
	is_int(key_secret_write(sec, sk, "test", &cause), 0, "write secret key");
	stat(sec, &st);
	is_int(st.st_mode & 0777, 0600, "secret key file has mode 0600");
	is_int(key_secret_write(sec, sk, "test", &cause), -1, "an existing key is never overwritten");
	free(cause);
	cause = NULL;
	is_int(key_secret_load(sec, pk2, sk2, &cause), 0, "load secret key");
	ok(memcmp(pk, pk2, sizeof pk) == 0 && memcmp(sk, sk2, sizeof sk) == 0, "same key back");
	crypto_sign_ed25519_detached(sig, NULL, (const unsigned char *)"m", 1, sk2);
	ok(crypto_sign_ed25519_verify_detached(sig, (const unsigned char *)"m", 1, pk) == 0,
	    "loaded key signs for the public key");
	chmod(sec, 0640);
	is_int(key_secret_load(sec, pk2, sk2, &cause), -1, "group-readable key refused");
	ok(cause != NULL && strstr(cause, "mode 0640") != NULL, "reason names the mode: %s", cause);
	free(cause);
	cause = NULL;
	is_int(key_public_write(pub, pk, "alice", &cause), 0, "write public key");
	is_int(key_public_load(pub, pk2, &cause), 0, "load public key");
	ok(memcmp(pk, pk2, sizeof pk) == 0, "same public key back");
	line = key_public_format(pk, NULL);
	ok(strncmp(line, "muthur-ed25519 ", 15) == 0, "public line starts with the prefix");
	line[20] = line[20] == 'A' ? 'B' : 'A';
	is_int(key_public_parse(line, pk2, &cause), 0, "an edited line still parses");
	ok(memcmp(pk, pk2, sizeof pk) != 0, "but gives another key");
	is_int(key_public_parse("ssh-ed25519 AAAA", pk2, &cause), -1, "other formats refused");
	ok(cause != NULL && strstr(cause, "muthur-ed25519") != NULL, "reason: %s", cause);
	free(cause);
	cause = NULL;
	is_int(key_public_parse("muthur-ed25519 QUJD", pk2, &cause), -1, "short key refused");
	free(cause);
	free(line);
	free(sec);
	free(pub);
}

int
main(void)
{
	char tmpl[] = "/tmp/muthur-test.XXXXXX";
	char *tmp, *cmd;

	if (sodium_init() < 0)
		skip_all("libsodium does not initialise");
	if ((tmp = mkdtemp(tmpl)) == NULL)
		skip_all("no temporary folder");
	test_xmalloc();
	test_cause();
	test_strbuf();
	test_fsutil(tmp);
	test_keyfile(tmp);
	cmd = xasprintf("rm -rf '%s'", tmp);
	if (system(cmd) != 0)
		diag("could not remove %s", tmp);
	free(cmd);
	return done_testing();
}

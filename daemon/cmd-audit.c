/*
 * cmd-audit.c — `muthur audit [--json] [--explain PHASE] ARCHIVE`: verify an
 * archive offline, or explain one phase's randomness
 * (daemon/audit.h). One line per failure and a summary (or the JSON
 * report); exit 0 when everything holds, 1 otherwise, 2 misuse (including
 * an unreadable file). Needs no configuration.
 */
#include "config.h"

#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/audit.h"
#include "daemon/cli.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "store/archive.h"

/*
 * The archive file at path mapped read-only (audit.h AUDIT_SRC_MAPPED: the
 * audit reads it a part at a time and gives back what it has read): 0
 * with *text and *len (munmap() them), 1 when it is no regular file to
 * map (read it instead), -1 with *cause.
 */
static int
map_archive(const char *path, char **text, size_t *len, char **cause)
{
	struct stat sb;
	void *p;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return cause_set(cause, "%s: %s", path, strerror(errno));
	if (fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode) || sb.st_size == 0) {
		close(fd);
		return 1;
	}
	if ((uintmax_t)sb.st_size > ARCHIVE_MAX) {
		close(fd);
		return cause_set(cause, "%s: larger than %u bytes", path, ARCHIVE_MAX);
	}
	p = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return 1;
	(void)madvise(p, (size_t)sb.st_size, MADV_SEQUENTIAL);
	*text = p;
	*len = (size_t)sb.st_size;
	return 0;
}

int
cmd_audit(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct audit_report r;
	const char *path = NULL;
	char *text = NULL, *cause = NULL, *json;
	size_t len;
	int i, as_json = 0, status, mapped = 0;
	unsigned long long explain = 0;
	char *end;

	(void)cli;
	if (cli_wants_help(v, argc, argv, &status))
		return status;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			as_json = 1;
		else if (strcmp(argv[i], "--explain") == 0) {
			if (i + 1 == argc || (explain = strtoull(argv[i + 1], &end, 10)) == 0 ||
			    *end != '\0')
				return cli_usage_error(v, "--explain takes a phase number");
			i++;
		}
		else if (argv[i][0] == '-' && strcmp(argv[i], "-") != 0)
			return cli_usage_error(v, "unknown option \"%s\"", argv[i]);
		else if (path != NULL)
			return cli_usage_error(v, "one archive is expected");
		else
			path = argv[i];
	}
	if (path == NULL)
		return cli_usage_error(v, "the archive to audit is required");
	if (strcmp(path, "-") != 0 && (mapped = map_archive(path, &text, &len,
	    &cause)) == -1) {
		fprintf(stderr, "muthur audit: %s\n", cause);
		free(cause);
		return EXIT_MISUSE;
	}
	mapped = mapped == 0 && text != NULL;
	if (!mapped && fs_read_file(strcmp(path, "-") == 0 ? "/dev/stdin" : path,
	    ARCHIVE_MAX, &text, &len, &cause) == -1) {
		fprintf(stderr, "muthur audit: %s\n", cause);
		free(cause);
		return EXIT_MISUSE;
	}
	if (explain > 0) {
		if ((status = audit_explain(text, len, explain, stdout, &cause)) == -1) {
			fprintf(stderr, "muthur audit: %s\n", cause);
			free(cause);
			status = EXIT_MISUSE;
		}
		if (mapped)
			munmap(text, len);
		else
			free(text);
		return status;
	}
	status = audit_archive(text, len, mapped ? AUDIT_SRC_MAPPED : 0, &r) == 0 ? 0 : 1;
	if (as_json) {
		json = audit_report_json(&r);
		fputs(json, stdout);
		free(json);
	} else
		audit_report_print(&r, stdout);
	audit_report_clear(&r);
	if (mapped)
		munmap(text, len);
	else
		free(text);
	return status;
}

/*
 * fsutil.h — small, careful file-system helpers.
 *
 * All return 0 on success and -1 with a reason in *cause (lib/cause.h).
 */
#ifndef MUTHUR_FSUTIL_H
#define MUTHUR_FSUTIL_H

#include <stddef.h>
#include <sys/types.h>

/* mkdir -p with the given mode for created folders. */
int fs_mkdir_p(const char *path, mode_t mode, char **cause);
/*
 * Read a whole file into a new NUL-terminated buffer (*data, caller frees).
 * Files larger than max bytes are refused.
 */
int fs_read_file(const char *path, size_t max, char **data, size_t *len, char **cause);
/*
 * Write data to path atomically: a temporary file in the same folder,
 * fsync, rename over path, fsync of the folder. The file gets mode.
 */
int fs_write_file_atomic(const char *path, const void *data, size_t len, mode_t mode, char **cause);
/*
 * Create path exclusively (fails if it exists) with mode and write data,
 * fsync'd. Used for secrets that must never be overwritten.
 */
int fs_write_file_excl(const char *path, const void *data, size_t len, mode_t mode, char **cause);
/*
 * The same, except the folder is not synced: the file's bytes are durable,
 * its name is not. For files the caller links or renames elsewhere and
 * syncs there (a Maildir's tmp/ to new/).
 */
int fs_write_file_excl_data(const char *path, const void *data, size_t len, mode_t mode,
    char **cause);
/*
 * Refuse a file whose mode grants any access to group or others (a secret:
 * a key, the database), naming it as what ("key file") and the mode found.
 * A missing file is an error unless missing_ok.
 */
int fs_check_private(const char *path, const char *what, int missing_ok, char **cause);
/*
 * Take an exclusive advisory lock (flock) on the lock file path, created
 * with mode 0600 if missing, without waiting. 0 and *fd (keep it open for
 * as long as the lock is held; closing it, or exiting, releases it), 1
 * when another process holds the lock, -1 with a reason.
 */
int fs_lock_try(const char *path, int *fd, char **cause);
/* fsync the folder that holds path. */
int fs_sync_parent(const char *path, char **cause);
/* rel if absolute, else dir/rel; a new string. */
char *fs_path_join(const char *dir, const char *rel);
/* The folder part of path ("." if none); a new string. */
char *fs_dirname(const char *path);

#endif

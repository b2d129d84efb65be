/*
 * password.h — read a mail password from a file (doc/product.md §2: secrets
 * come from files with mode checks, never from argv).
 */
#ifndef MUTHUR_MAIL_PASSWORD_H
#define MUTHUR_MAIL_PASSWORD_H

#define PASSWORD_FILE_MAX 4096

/*
 * Read the password: the first line of path, without its line ending.
 * Refused, with a reason naming the file: a file that is not a regular
 * file, that group or others may read or write (mode & 077; "chmod 600"
 * mends it), that is larger than PASSWORD_FILE_MAX bytes, or whose first
 * line is empty. On success *password is a new string the caller releases
 * with password_free().
 */
int password_read(const char *path, char **password, char **cause);
/* Wipe and free a password from password_read(); NULL is fine. */
void password_free(char *password);

#endif

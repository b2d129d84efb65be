/*
 * sig-memo.h — sig_verify() with a memory of what verified (issue 28): a
 * daemon checks the same signature more than once (a mail's orders when
 * they arrive, then the plan sections they carry as each phase of the turn
 * opens, daemon/game-plans.c), and an Ed25519 check costs more than the
 * rest of opening a phase.
 *
 * Verification is a function of its inputs alone, so a valid answer is
 * remembered by the BLAKE2b-256 of all of them (the key, the signed bytes
 * and the signature text, each with its length): a hit is as strong as
 * checking again. Only successes are remembered; a failure is checked
 * afresh every time, so its reason stays exact. At most SIG_MEMO_SLOTS
 * answers, the oldest forgotten first; one thread only (the daemon's).
 */
#ifndef MUTHUR_MAIL_SIG_MEMO_H
#define MUTHUR_MAIL_SIG_MEMO_H

#include <stddef.h>

struct pubkey;

#define SIG_MEMO_SLOTS 256

/* As sig_verify() (mail/sig.h): 0 when valid, -1 with a reason. */
int sig_verify_memo(const struct pubkey *pk, const char *signed_bytes, size_t len,
    const char *signature_text, size_t siglen, char **cause);

/* Forget every answer (tests). */
void sig_memo_clear(void);

/* Answers found remembered since the start (tests, bench). */
unsigned long sig_memo_hits(void);

#endif

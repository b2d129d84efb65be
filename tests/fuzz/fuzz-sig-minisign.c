/* fuzz-sig-minisign.c — libFuzzer harness for minisign signatures (mail/sig-minisign.c). */
#include "config.h"

#include <stdint.h>

#include "tests/fuzz/fuzz-sig.h"

/* tests/data/sig/minisign.pub */
#define KEY "RWRfx3WdVOZSVwdioq3S7yOJbs9GoD7n6yCmYw3yeKh5Tnx+7T6y1gFC"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size <= 65536)
		fuzz_sig_run(&sig_minisign, KEY, (const char *)data, size);
	return 0;
}

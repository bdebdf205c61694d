/*
 * fuzz_udpbw - libFuzzer harness for bw_udp's server: a datagram from
 * anyone, read as the server reads it (udpbw_request), under the cookie
 * its sender has and under another; a request it takes must be one of
 * the caps' (the datagrams, bytes and sizes it promises never to pass).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib_udp.h"
#include "lib_udpbw.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* The cookie the request carries (bytes 20-27 of a 28-byte one),
	 * then one that differs. */
	uint32_t want[2] = { 0, 0 };
	struct udpbw_ask a;
	int pass;

	if (size >= 28)
		memcpy(want, data + 20, sizeof(want));
	for (pass = 0; pass < 2; pass++) {
		int kind = udpbw_request(data, (ssize_t)size, want, &a);

		if (kind == UDPBW_SEND &&
		    (pass == 1 || a.count < 1 || a.count > UDPBW_MAX_COUNT ||
		     a.msize < UDPBW_HDR || a.msize > UDP_MAX_MSG ||
		     (uint64_t)a.count * a.msize > UDPBW_MAX_BYTES))
			abort(); /* a request past the caps, or a wrong cookie */
		want[0] ^= 1;
	}
	return 0;
}

/* test_mem.c - unit tests of the pointer chains in lib_mem: every
 * builder must give exactly one cycle through every slot. */
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "check.h"

/* Every slot visited once: count the distinct slots on one lap. */
static int
covers_all(void **start, const char *buf, size_t count, size_t stride)
{
	char *seen = calloc(count, 1);
	void **p = start;
	size_t i, n = 0;
	int ok = 1;

	if (seen == NULL)
		return 0;
	do {
		size_t slot = (size_t)((const char *)p - buf) / stride;

		if (slot >= count || seen[slot])
			ok = 0;
		else
			seen[slot] = 1;
		p = (void **)*p;
		n++;
	} while (p != start && ok && n <= count);
	for (i = 0; i < count; i++)
		if (!seen[i])
			ok = 0;
	free(seen);
	return ok;
}

/* Share of hops that stay on the same page. */
static double
same_page_share(void **start, const char *buf, size_t count, size_t page)
{
	void **p = start;
	size_t same = 0, i;

	for (i = 0; i < count; i++) {
		void **q = (void **)*p;

		if ((size_t)((const char *)p - buf) / page ==
		    (size_t)((const char *)q - buf) / page)
			same++;
		p = q;
	}
	return (double)same / (double)count;
}

int
main(void)
{
	static const size_t counts[] = { 1, 2, 3, 7, 48, 96, 100, 1000, 4097 };
	static const size_t strides[] = { 8, 16, 64, 128, 4096, 8192 };
	size_t ci, si;
	char *buf;

	for (si = 0; si < sizeof(strides) / sizeof(strides[0]); si++) {
		for (ci = 0; ci < sizeof(counts) / sizeof(counts[0]); ci++) {
			size_t n = counts[ci], st = strides[si];
			void **p;

			buf = mem_alloc(n * st);
			CHECK(buf != NULL);
			if (buf == NULL)
				continue;
			p = mem_chain_stride(buf, n, st);
			CHECK(mem_chain_check(p, buf, n, st) == 0);
			CHECK(covers_all(p, buf, n, st));
			p = mem_chain_random(buf, n, st, 4096, 42 + n);
			CHECK(p != NULL);
			CHECK(mem_chain_check(p, buf, n, st) == 0);
			CHECK(covers_all(p, buf, n, st));
			mem_free(buf, n * st);
		}
	}
	/* The random ring changes page on (almost) every hop. */
	buf = mem_alloc(4 << 20);
	CHECK(buf != NULL);
	if (buf != NULL) {
		size_t n = (4 << 20) / 64;
		void **p = mem_chain_random(buf, n, 64, 4096, 7);

		CHECK(same_page_share(p, buf, n, 4096) < 0.01);
		/* A broken ring is caught: a slot pointing at itself. */
		*(void **)(buf + (size_t)64 * 10) = buf + (size_t)64 * 10;
		CHECK(mem_chain_check(p, buf, n, 64) != 0);
		p = mem_chain_stride(buf, n, 64);
		*(void **)(buf + (size_t)64 * 5) =
		    buf + (size_t)64 * 3; /* a short loop */
		CHECK(mem_chain_check(p, buf, n, 64) != 0);
		mem_chain_stride(buf, n, 64);
		*(void **)(buf + (size_t)64 * 5) = buf + 7; /* misaligned */
		CHECK(mem_chain_check(p, buf, n, 64) != 0);
		mem_free(buf, 4 << 20);
	}
	return check_done("test_mem");
}

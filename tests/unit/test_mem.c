/* test_mem.c - unit tests of lib_mem: every pointer-chain builder must
 * give exactly one cycle through every slot, and the buffer placement
 * never puts two buffers a power of two apart unless asked to; lib_load's
 * traffic threads stream through memory of their own. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_bw.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "check.h"

/* A read kernel sums every word of the buffer once a pass: words i + 1
 * over `size` bytes, two passes, against the closed form.  Sizes that
 * split into streams unevenly, or end in a part block, included. */
static int
reads_all(int (*kernel)(void *, uint64_t), size_t size)
{
	size_t words = size / 8, i;
	/* (aligned_alloc wants a whole number of alignments) */
	uint64_t *buf = aligned_alloc(64, (words * 8 + 127) / 64 * 64);
	struct bw_buf b = { size, buf, NULL, 0, 0 };
	int ok;

	if (buf == NULL)
		return 0;
	for (i = 0; i < words; i++)
		buf[i] = i + 1;
	ok = kernel(&b, 2) == 0 && b.sum == (uint64_t)words * (words + 1);
	free(buf);
	return ok;
}

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

static int
power_of_two(size_t v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

/* The spread rule for one buffer size: no two buffers of a full set a
 * power of two apart (nor a multiple of a 2 MB huge page), none
 * overlapping, little memory wasted; the worst case when asked. */
static void
check_distances(size_t len)
{
	size_t ps = mem_pagesize(), d = mem_set_distance(len, MEM_SPREAD, -1);
	size_t a = mem_set_distance(len, MEM_ALIGNED, -1), j;
	int ok = d >= len && d - len <= 5 * ps + ps - 1 && d % ps == 0;

	for (j = 1; j < MEM_SET_MAX; j++)
		if (power_of_two(j * d) || (j * d) % ((size_t)2 << 20) == 0)
			ok = 0;
	if (!ok)
		fprintf(stderr, "FAIL: spread distance %zu for %zu bytes\n", d,
			len);
	CHECK(ok);
	/* lmbench's conflict: the same pages, the destination 1920 bytes
	 * into its page. */
	CHECK(mem_set_distance(len, MEM_SPREAD, 1920) == d + 1920);
	CHECK(power_of_two(a) && a >= len && a / 2 < (len > ps ? len : ps));
}

/* A real set: n buffers in one mapping, each d after the last, every
 * byte of each writable without touching another. */
static void
check_set(int n, size_t len, enum mem_place place)
{
	struct mem_set s;
	int i;

	CHECK(mem_set_alloc(&s, n, len, place, -1) == 0);
	if (s.map == NULL)
		return;
	CHECK(s.n == n && s.distance == mem_set_distance(len, place, -1));
	for (i = 0; i < n; i++) {
		CHECK(s.buf[i] >= s.map &&
		      s.buf[i] + len <= s.map + s.maplen);
		memset(s.buf[i], 'a' + i, len);
	}
	for (i = 1; i < n; i++)
		CHECK(s.buf[i] - s.buf[i - 1] == (ptrdiff_t)s.distance);
	for (i = 0; i < n; i++)
		CHECK(s.buf[i][0] == 'a' + i && s.buf[i][len - 1] == 'a' + i);
	if (place == MEM_ALIGNED)
		CHECK((uintptr_t)s.buf[0] % ((uintptr_t)2 << 20) == 0);
	mem_set_free(&s);
	CHECK(s.map == NULL);
}

static void
test_placement(void)
{
	static const size_t sizes[] = {
		512,	  1000,	       (size_t)1 << 20,	 ((size_t)1 << 20) - 4096,
		8000000,  24000000,    (size_t)64 << 20, ((size_t)256 << 20) - 12288,
		(size_t)256 << 20,     ((size_t)256 << 20) - 16384,
		(size_t)1 << 30,       ((size_t)3 << 29) + 1,
	};
	size_t i, ps = mem_pagesize();
	char note[64] = "DEFAULT cpus=0", small[23] = "DEFAULT cpus=0";
	struct mem_set s;
	char *pair[4];

	/* Every size of 1 to 4096 pages, a byte under and over. */
	for (i = 1; i <= 4096; i++) {
		check_distances(i * ps - 1);
		check_distances(i * ps);
		check_distances(i * ps + 1);
	}
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		check_distances(sizes[i]);
	check_set(2, (size_t)1 << 20, MEM_SPREAD);
	check_set(3, 100000, MEM_SPREAD);
	check_set(MEM_SET_MAX, 5000, MEM_SPREAD);
	check_set(2, (size_t)1 << 20, MEM_ALIGNED);
	/* Buffers asked for one by one are no closer to a power of two. */
	for (i = 0; i < 4; i++)
		pair[i] = mem_alloc((size_t)1 << 20);
	for (i = 0; i < 4; i++) {
		size_t k;

		CHECK(pair[i] != NULL);
		for (k = 0; k < i; k++) {
			ptrdiff_t dd = pair[i] - pair[k];

			CHECK(!power_of_two((size_t)(dd < 0 ? -dd : dd)));
		}
	}
	for (i = 0; i < 4; i++)
		mem_free(pair[i], (size_t)1 << 20);
	/* Refused: no buffers, too many. */
	CHECK(mem_set_alloc(&s, 0, 4096, MEM_SPREAD, -1) != 0);
	CHECK(mem_set_alloc(&s, MEM_SET_MAX + 1, 4096, MEM_SPREAD, -1) != 0);
	mem_set_free(&s); /* harmless on a set that was never made */
	mem_set_note(note, sizeof(note), MEM_SPREAD, 268447744);
	CHECK(strcmp(note, "DEFAULT cpus=0 buffers=SPREAD+268447744") == 0);
	/* A full text is cut, not overrun. */
	mem_set_note(small, sizeof(small), MEM_ALIGNED, 268435456);
	CHECK(strcmp(small, "DEFAULT cpus=0 buffers") == 0);
}

/* This process's resident memory, in KB (-1: unknown). */
static long
rss_kb(void)
{
	char line[256];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "VmRSS:", 6) == 0)
			kb = strtol(line + 6, NULL, 10);
	if (f != NULL)
		fclose(f);
	return kb;
}

/* A traffic thread's buffers are its own memory once it has started: a
 * page never written maps the kernel's one zero page, and reads of it
 * stream from the first-level cache (lat_mem_load's "rd" traffic once
 * reached 47 GB/s so, and most of the time only the page walks). */
static void
test_load_touch(void)
{
	struct load_gen g;
	struct load_kind k;
	cpu_set_t set;
	long before, after;
	int cpu = 0;

	memset(&g, 0, sizeof(g));
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		while (cpu < CPU_SETSIZE - 1 && !CPU_ISSET(cpu, &set))
			cpu++;
	CHECK(load_kind_parse("rd", &k) == 0);
	before = rss_kb();
	CHECK(load_start(&g, &k, (size_t)32 << 20, &cpu, 1, 1000000) == 0);
	after = rss_kb();
	CHECK(before > 0 && after - before >= 30L * 1024);
	CHECK(load_stop(&g) == 0);
}

int
main(void)
{
	static const size_t counts[] = { 1, 2, 3, 7, 48, 96, 100, 1000, 4097 };
	static const size_t strides[] = { 8, 16, 64, 128, 4096, 8192 };
	size_t ci, si, i;
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
	/* The builder's marks are the walk's. */
	{
		size_t mcounts[] = { 16, 1000, 10007, 65536 }, k, j;

		for (k = 0; k < sizeof(mcounts) / sizeof(mcounts[0]); k++) {
			size_t n = mcounts[k];
			char *b = mem_alloc(n * 64);
			void **m1[16] = { 0 }, **m2[16] = { 0 }, **p;
			int same = 1;

			CHECK(b != NULL);
			if (b == NULL)
				continue;
			p = mem_chain_random_marks(b, n, 64, 4096, 3 + n, m1,
			                           16);
			CHECK(p != NULL &&
			      mem_chain_walk(p, b, n, 64, m2, 16) == 0);
			for (j = 0; j < 16; j++)
				same &= m1[j] == m2[j];
			CHECK(same && m1[0] == p);
			mem_free(b, n * 64);
		}
	}
	/* The linked check: a ring above MEM_CHAIN_WALK_MAX slots is
	 * checked in one pass; each fault above is caught there too. */
	{
		size_t n = MEM_CHAIN_WALK_MAX + 4099, st = 8;
		char *b = mem_alloc(n * st);

		CHECK(b != NULL);
		if (b != NULL) {
			void **p = mem_chain_random(b, n, st, 4096, 9);

			CHECK(p != NULL && mem_chain_check_linked(p, b, n, st) == 0);
			CHECK(mem_chain_check(p, b, n, st) == 0);
			*(void **)(b + st * 10) = b + st * 10; /* itself */
			CHECK(mem_chain_check_linked(p, b, n, st) != 0);
			p = mem_chain_stride(b, n, st);
			CHECK(mem_chain_check_linked(p, b, n, st) == 0);
			*(void **)(b + st * 5) = b + st * 3; /* a short loop */
			CHECK(mem_chain_check_linked(p, b, n, st) != 0);
			p = mem_chain_stride(b, n, st);
			*(void **)(b + st * 5) = b + 7; /* misaligned */
			CHECK(mem_chain_check_linked(p, b, n, st) != 0);
			p = mem_chain_stride(b, n, st);
			*(void **)(b + st * (n - 1)) = b + st * n; /* past the end */
			CHECK(mem_chain_check_linked(p, b, n, st) != 0);
			p = mem_chain_stride(b, n, st);
			CHECK(mem_chain_check_linked((void **)(b + 4), b, n, st) != 0);
			/* at or under the bound it is the walk itself */
			CHECK(mem_chain_check_linked(p, b, MEM_CHAIN_WALK_MAX, st) != 0);
			mem_free(b, n * st);
		}
	}
	test_placement();
	test_load_touch();
	/* The wide read kernels: 1 to 9 blocks of 512 bytes, with and
	 * without a tail of words, and a large even buffer. */
	for (i = 0; i < 10; i++) {
		CHECK(reads_all(bw_rdv, i * 512 + 512));
		CHECK(reads_all(bw_rdv, i * 512 + 8 * i + 8));
		CHECK(reads_all(bw_rd64, i * 512 + 8 * i + 8));
	}
	CHECK(reads_all(bw_rdv, (size_t)1 << 20));
	return check_done("test_mem");
}

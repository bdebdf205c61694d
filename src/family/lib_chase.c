/*
 * lib_chase - random pointer chases over a buffer: the latency of one
 * chase and the memory-level parallelism of up to 16 at once (par_mem,
 * cache).
 *
 * The buffer holds one slot per line, laid as one random cycle through
 * every slot (lib_mem, checked).  k chases start at evenly spaced points
 * of the cycle and advance in lockstep, each load depending only on its
 * own chase's previous one, 10 steps per iteration; the chases live in
 * registers (one function per k), so no store-to-load forwarding slows
 * them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_chase.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_util.h"

int
chase_setup(struct mem_chase *c, size_t size, size_t line, int flags,
	    uint64_t seed)
{
	/* Huge pages keep TLB misses out of what is meant to be cache and
	 * memory latency. */
	return chase_setup_pages(c, size, line, flags, seed,
				 (flags & CHASE_HUGE) ? MEM_PAGES_THP
						      : MEM_PAGES_DEFAULT);
}

int
chase_setup_pages(struct mem_chase *c, size_t size, size_t line, int flags,
		  uint64_t seed, enum mem_pages pages)
{
	size_t count = size / line, i;
	void **p;

	memset(c, 0, sizeof(*c));
	c->size = size;
	c->line = line;
	if (count < CHASE_MAXK) {
		util_err("internal error: a chase of %zu slots", count);
		return -1;
	}
	c->alloc = size;
	c->pages = pages;
	c->base = mem_alloc_pages(c->alloc, pages);
	if (c->base == NULL)
		return -1;
	c->buf = c->base;
	/* With "page" = line every hop may land anywhere: a plain random
	 * cycle; otherwise consecutive hops change page. */
	/* The builder notes the start points; the check is a walk up to
	 * MEM_CHAIN_WALK_MAX slots, one pass in address order above (a
	 * walk of a large ring costs a miss a slot: seconds). */
	p = mem_chain_random_marks(c->buf, count, line,
			           (flags & CHASE_ANYWHERE) ? line
			                                    : mem_pagesize(),
			           seed, c->start, CHASE_MAXK);
	if (p == NULL ||
	    mem_chain_check_linked(p, c->buf, count, line) != 0) {
		util_err("internal error: the chain is not one cycle");
		chase_release(c);
		return -1;
	}
	for (i = 1; i < CHASE_MAXK; i++)
		if (c->start[i] == NULL)
			c->start[i] = c->start[i - 1];
	return 0;
}

void
chase_release(struct mem_chase *c)
{
	mem_free_pages(c->base, c->alloc, c->pages);
	c->base = c->buf = NULL;
	memset(c->start, 0, sizeof(c->start));
}

#define S(i) p##i = (void **)*p##i;
#define S1 S(0)
#define S2 S1 S(1)
#define S3 S2 S(2)
#define S4 S3 S(3)
#define S5 S4 S(4)
#define S6 S5 S(5)
#define S7 S6 S(6)
#define S8 S7 S(7)
#define S9 S8 S(8)
#define S10 S9 S(9)
#define S11 S10 S(10)
#define S12 S11 S(11)
#define S13 S12 S(12)
#define S14 S13 S(13)
#define S15 S14 S(14)
#define S16 S15 S(15)

/* One function per k: the k chases in registers, 10 steps an iteration. */
#define CHASE(K)                                                            \
	static void chase##K(void ***st, uint64_t n)                        \
	{                                                                   \
		void **p0 = st[0], **p1 = st[1], **p2 = st[2], **p3 = st[3]; \
		void **p4 = st[4], **p5 = st[5], **p6 = st[6], **p7 = st[7]; \
		void **p8 = st[8], **p9 = st[9], **p10 = st[10];            \
		void **p11 = st[11], **p12 = st[12], **p13 = st[13];        \
		void **p14 = st[14], **p15 = st[15];                        \
		while (n-- > 0) {                                           \
			S##K S##K S##K S##K S##K S##K S##K S##K S##K S##K   \
		}                                                           \
		st[0] = p0; st[1] = p1; st[2] = p2; st[3] = p3;             \
		st[4] = p4; st[5] = p5; st[6] = p6; st[7] = p7;             \
		st[8] = p8; st[9] = p9; st[10] = p10; st[11] = p11;         \
		st[12] = p12; st[13] = p13; st[14] = p14; st[15] = p15;     \
	}
CHASE(1)
CHASE(2)
CHASE(3)
CHASE(4)
CHASE(5)
CHASE(6)
CHASE(7)
CHASE(8)
CHASE(9)
CHASE(10)
CHASE(11)
CHASE(12)
CHASE(13)
CHASE(14)
CHASE(15)
CHASE(16)

static void (*const chases[CHASE_MAXK + 1])(void ***, uint64_t) = {
	NULL,	 chase1,  chase2,  chase3,  chase4,  chase5,
	chase6,	 chase7,  chase8,  chase9,  chase10, chase11,
	chase12, chase13, chase14, chase15, chase16,
};

static int
chase_iter(void *sp, uint64_t n)
{
	struct mem_chase *c = sp;

	chases[c->k](c->start, n);
	timing_use_ptr(c->start[0]);
	return 0;
}

/* ns per iteration of k chases (the fastest interval); -1 after a
 * message. */
static double
timed(struct mem_chase *c, int k, const struct bench_opts *o)
{
	struct bench_opts fast = *o;
	struct bench_desc d = { .run = chase_iter, .state = c };
	struct bench_result r;
	double ns;

	/* Interference only slows a chase: the fastest interval is the
	 * truest. */
	fast.stat = BENCH_MINIMUM;
	fast.parallel = 1;
	c->k = k;
	if (bench_run(&d, &fast, &r) != 0)
		return -1;
	ns = r.ns_per_iter;
	bench_result_free(&r);
	return ns;
}

int
chase_latency(struct mem_chase *c, const struct bench_opts *o, double *ns)
{
	double t = timed(c, 1, o);

	if (t < 0)
		return -1;
	*ns = t / 10;
	return 0;
}

int
chase_parallelism(struct mem_chase *c, const struct bench_opts *o, double *par)
{
	double t1, t, p, best = 0;
	int k;

	for (k = 1; k <= CHASE_MAXK; k++) {
		if ((t = timed(c, k, o)) < 0)
			return -1;
		if (k == 1)
			t1 = t;
		/* k chases cannot overlap more than k ways: a larger ratio
		 * is a slow t(1), not parallelism. */
		p = k * t1 / t;
		if (p > k)
			p = k;
		if (p > best)
			best = p;
	}
	/* A second look at one chase, now that the others ran: the smaller
	 * t(1) counts. */
	if ((t = timed(c, 1, o)) < 0)
		return -1;
	if (t < t1)
		best *= t / t1;
	*par = best;
	return 0;
}

#define LOAD p = (void **)*p;
#define TEN LOAD LOAD LOAD LOAD LOAD LOAD LOAD LOAD LOAD LOAD

void **
chase100(void **p, uint64_t n)
{
	while (n-- > 0) {
		TEN TEN TEN TEN TEN TEN TEN TEN TEN TEN
	}
	return p;
}

int
chase_run100(void *state, uint64_t n)
{
	void ***pp = state;

	*pp = chase100(*pp, n);
	timing_use_ptr(*pp);
	return 0;
}

size_t
chase_next_size(size_t size)
{
	size_t p = 4096;

	if (size < 2048)
		return size * 2;
	if (size < 4096)
		return size + 1024;
	while (p * 2 <= size)
		p *= 2;
	return size == p ? p + p / 2 : 2 * p;
}

int
chase_parse_len(const char *a, uint64_t *len)
{
	char buf[64];
	const char *why;
	size_t l = 0;

	while (l < sizeof(buf) - 1 && a[l]) {
		char ch = a[l];

		buf[l++] = ch == 'M' ? 'm' : ch == 'K' ? 'k' : ch == 'G' ? 'g' : ch;
	}
	buf[l] = '\0';
	why = util_parse_size(buf, 1048576, len);
	if (why != NULL) {
		util_err("bad len '%s': %s (megabytes)", a, why);
		return -1;
	}
	why = mem_beyond(*len);
	if (why != NULL) {
		util_err("bad len '%s': %s", a, why);
		return -1;
	}
	if (*len < 512) {
		util_err("bad len '%s': too small (at least 512 bytes)", a);
		return -1;
	}
	return 0;
}

int
chase_parse_strides(int n, char **argv, uint64_t len, uint64_t *strides, int max)
{
	const char *why;
	uint64_t stride;
	int i, k = 0;

	for (i = 0; i < n; i++) {
		why = util_parse_size(argv[i], 1, &stride);
		if (why == NULL &&
		    (stride < sizeof(void *) || stride % sizeof(void *) != 0))
			why = "must be a multiple of the pointer size";
		if (why == NULL && stride > len)
			why = "larger than len";
		if (why != NULL) {
			util_err("bad stride '%s': %s", argv[i], why);
			return -1;
		}
		if (k == max) {
			util_err("too many strides (at most %d)", max);
			return -1;
		}
		strides[k++] = stride;
	}
	if (k == 0)
		strides[k++] = 512 / sizeof(void *);
	return k;
}

/*
 * line_latency.c - line's second method (line.h): a chain of pairs of
 * loads D bytes apart through chunks in random order, timed for each D,
 * the line read from where the time per pair stops rising
 * (lib_analysis, line_from_latency).
 */
#include <stddef.h>
#include <stdint.h>

#include "lib_analysis.h"
#include "lib_chase.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "line.h"

#define NDIST 8		/* distances 8 ... 1024 */
#define CHUNK 2048	/* one pair of loads per chunk */
#define CHUNKS 2048

/* The latency method's chain: one pair of loads per chunk. */
struct pairs {
	void **p;       /* first: chase_run100 */
	char *buf;      /* the chunks */
	size_t dist;    /* D: bytes between a pair's words */
	uint64_t rng;   /* the draws' state */
};

static int
pairs_init(void *sp, struct copy_ctx *cx)
{
	struct pairs *c = sp;
	size_t order[CHUNKS], k = c->dist / sizeof(void *), i;
	size_t words = CHUNK / sizeof(void *);
	void **first = NULL, **prev = NULL;

	(void)cx;
	for (i = 0; i < CHUNKS; i++)
		order[i] = i;
	for (i = CHUNKS; i > 1; i--) {
		size_t j = (size_t)(mem_rand(&c->rng) % i), t = order[i - 1];

		order[i - 1] = order[j];
		order[j] = t;
	}
	/* Chunk order[i]: words w and w + k, either first; the second
	 * points on to the next chunk's first. */
	for (i = 0; i < CHUNKS; i++) {
		void **base = (void **)(void *)(c->buf + order[i] * CHUNK);
		size_t w = (size_t)(mem_rand(&c->rng) % (words - k));
		void **a = base + w, **b = base + w + k;

		if (mem_rand(&c->rng) & 1) {
			void **t = a;

			a = b;
			b = t;
		}
		*a = b;
		if (prev != NULL)
			*prev = a;
		else
			first = a;
		prev = b;
	}
	*prev = first;
	c->p = first;
	return 0;
}

long
latency_line(const struct bench_opts *o)
{
	struct pairs c = { NULL, NULL, 0, 0x6c696e65ULL };
	struct bench_desc d = { .init = pairs_init,
				.run = chase_run100,
				.state = &c };
	struct bench_opts fast = *o;
	struct bench_result r;
	size_t dist[NDIST];
	double t[NDIST];
	int i, round;

	c.buf = mem_alloc((size_t)CHUNKS * CHUNK);
	if (c.buf == NULL)
		return -1;
	/* Interference only slows a chase: the fastest interval, and the
	 * fastest of three sweeps. */
	fast.stat = BENCH_MINIMUM;
	for (round = 0; round < 3; round++)
		for (i = 0; i < NDIST; i++) {
			double ns;

			dist[i] = (size_t)8 << i;
			c.dist = dist[i];
			if (bench_run(&d, &fast, &r) != 0) {
				mem_free(c.buf, (size_t)CHUNKS * CHUNK);
				return -1;
			}
			ns = r.ns_per_iter / 50; /* 50 pairs an iteration */
			bench_result_free(&r);
			if (round == 0 || ns < t[i])
				t[i] = ns;
		}
	mem_free(c.buf, (size_t)CHUNKS * CHUNK);
	return (long)line_from_latency(NDIST, dist, t);
}

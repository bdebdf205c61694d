/*
 * lat_ctx_overhead.c - what lat_ctx subtracts from a switch (lat_ctx.h):
 * one process doing a ring's pipe operations on pipes of its own and
 * summing its working set as often, with no switch at all.
 */
#include <stdlib.h>

#include "lat_ctx.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_ring.h"

/* The overhead: the same pipe operations and sums, in one process. */
static int
ovr_init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	(void)cx;
	if (ring_solo_start(&s->solo, s->nprocs) != 0)
		return -1;
	s->buf = ring_working_set(s->size);
	return s->size > 0 && s->buf == NULL ? -1 : 0;
}

static int
ovr_run(void *sp, uint64_t n)
{
	struct state *s = sp;
	uint64_t sum = 0;
	int token = 1, i;

	while (n-- > 0)
		for (i = 0; i < s->nprocs; i++) {
			if (ring_solo_hop(&s->solo, i, &token) != 0)
				return -1;
			sum += mem_sum(s->buf, s->size);
		}
	timing_use(sum);
	return 0;
}

static void
ovr_cleanup(void *sp)
{
	struct state *s = sp;

	ring_solo_stop(&s->solo);
	free(s->buf);
	s->buf = NULL;
}

double
ctx_overhead_us(struct state *s, const struct bench_opts *o, uint64_t maxn)
{
	struct bench_desc ovr = { .init = ovr_init, .run = ovr_run,
		                  .cleanup = ovr_cleanup, .state = s };
	struct bench_opts oo = *o;
	struct bench_result r;
	double us;

	oo.parallel = 1;
	s->nprocs = (int)maxn;
	if (bench_run(&ovr, &oo, &r) != 0)
		return -1;
	us = r.ns_per_iter / (double)maxn / 1000.0;
	bench_result_free(&r);
	return us;
}

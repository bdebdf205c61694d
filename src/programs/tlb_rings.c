/*
 * tlb_rings.c - tlb's rings (tlb.h): each made in random order over
 * pages or lines, chased 100 loads an iteration (chase_run100), and the
 * search for the count where the TLB ring grows dearer.
 */
#include <stdlib.h>

#include "lib_analysis.h"
#include "lib_chase.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_util.h"
#include "tlb.h"

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	size_t ps = s->page, i, *slot;
	uint64_t rng = 0x746c62ULL + (uint64_t)cx->copy + s->count;

	s->len = s->by_page ? s->count * ps : s->count * s->line;
	s->buf = mem_alloc_pages(s->len, s->pages);
	if (s->buf == NULL)
		return -1;
	slot = malloc(s->count * sizeof(*slot));
	if (slot == NULL) {
		util_err("out of memory");
		return -1;
	}
	for (i = 0; i < s->count; i++)
		slot[i] = s->by_page
				  ? i * ps + (size_t)(mem_rand(&rng) % (ps / s->line)) *
						     s->line
				  : i * s->line;
	/* Random order: a shuffle of the slots, then a ring through them. */
	for (i = s->count; i > 1; i--) {
		size_t j = (size_t)(mem_rand(&rng) % i), t = slot[i - 1];

		slot[i - 1] = slot[j];
		slot[j] = t;
	}
	for (i = 0; i < s->count; i++)
		*(void **)(s->buf + slot[i]) = s->buf + slot[(i + 1) % s->count];
	s->p = (void **)(s->buf + slot[0]);
	free(slot);
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	mem_free_pages(s->buf, s->len, s->pages);
	s->buf = NULL;
}

/* ns per load of one ring of `count` pointers. */
static int
ring_ns(struct state *s, const struct bench_opts *o, size_t count,
	int by_page, double *ns)
{
	struct bench_desc d = {
		.init = init, .run = chase_run100, .cleanup = cleanup, .state = s
	};
	struct bench_result r;

	s->count = count;
	s->by_page = by_page;
	if (bench_run(&d, o, &r) != 0)
		return -1;
	*ns = r.ns_per_iter / 100;
	bench_result_free(&r);
	return 0;
}

int
rings_measure(struct state *s, const struct bench_opts *o, size_t count,
              double *t, double *c)
{
	return ring_ns(s, o, count, 1, t) != 0 || ring_ns(s, o, count, 0, c) != 0
	       ? -1 : 0;
}

/* The ratio of the two rings at count pages for tlb_search; -1 on
 * failure (after a message). */
struct ring_pair {
	struct state *s;
	const struct bench_opts *o;
};

static double
ring_ratio(void *cp, size_t count)
{
	struct ring_pair *rp = cp;
	double t, c;

	if (rings_measure(rp->s, rp->o, count, &t, &c) != 0)
		return -1;
	/* (no time for the cache ring: an effect, as t > 1.15 c was) */
	return c > 0 ? t / c : t > 0 ? 2 * TLB_EFFECT : 1;
}

int
rings_search(struct state *s, const struct bench_opts *o, size_t maxn,
             size_t *pages)
{
	struct ring_pair rp = { s, o };

	switch (tlb_search(ring_ratio, &rp, maxn, pages)) {
	case 0:
		return 0;
	case 1:
		util_err("no TLB effect up to %zu pages (-M %llu bytes)", maxn,
			 (unsigned long long)maxn * s->page);
		return -1;
	case 2:
		util_err("a TLB effect already at 8 pages, three times: the "
			 "machine is too noisy; no result");
		return -1;
	default:
		return -1;
	}
}

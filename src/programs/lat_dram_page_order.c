/*
 * lat_dram_page_order.c - lat_dram_page's chases (lat_dram_page.h): the
 * pages and the slots of a page in random order, linked as one cycle in
 * the hit or the miss order and chased 100 loads an iteration.
 */
#include <stdlib.h>

#include "lat_dram_page.h"
#include "lib_chase.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_util.h"

struct state {
	void **start; /* first: chase_run100 */
};

static void
shuffle(size_t *a, size_t n, uint64_t *rng)
{
	size_t i, j, t;

	for (i = n; i > 1; i--) {
		j = (size_t)(mem_rand(rng) % i);
		t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}

/* Link the slots in the order given (slot numbers), as one cycle. */
static void **
link_order(char *buf, const size_t *order, size_t n, size_t line)
{
	size_t i;

	for (i = 0; i < n; i++)
		*(void **)(buf + order[i] * line) = buf + order[(i + 1) % n] * line;
	return (void **)(buf + order[0] * line);
}

int
dram_order(size_t *order, size_t npages, size_t per, size_t group,
           uint64_t seed)
{
	size_t *pages = calloc(npages + 1, sizeof(*pages));
	size_t *slots = calloc(per + 1, sizeof(*slots));
	size_t p, s, g, k = 0, gn;
	uint64_t rng = seed;

	if (pages == NULL || slots == NULL) {
		free(pages);
		free(slots);
		util_err("out of memory");
		return -1;
	}
	for (p = 0; p < npages; p++)
		pages[p] = p;
	shuffle(pages, npages, &rng);
	for (s = 0; s < per; s++)
		slots[s] = s;
	if (group == 0) {
		for (p = 0; p < npages; p++) {
			shuffle(slots, per, &rng);
			for (s = 0; s < per; s++)
				order[k++] = pages[p] * per + slots[s];
		}
	} else {
		for (g = 0; g < npages; g += group) {
			gn = npages - g < group ? npages - g : group;
			shuffle(slots, per, &rng);
			for (s = 0; s < per; s++)
				for (p = 0; p < gn; p++)
					order[k++] = pages[g + p] * per + slots[s];
		}
	}
	free(pages);
	free(slots);
	return 0;
}

int
dram_chase_ns(char *buf, size_t *order, size_t n, size_t line,
              const struct bench_opts *o, double *ns)
{
	struct state s;
	struct bench_desc d = { .run = chase_run100, .state = &s };
	struct bench_result r;

	s.start = link_order(buf, order, n, line);
	if (mem_chain_check(s.start, buf, n, line) != 0) {
		util_err("internal error: the chain is not one cycle");
		return -1;
	}
	if (bench_run(&d, o, &r) != 0)
		return -1;
	*ns = r.ns_per_iter / 100;
	bench_result_free(&r);
	return 0;
}

/*
 * lat_dram_page - what a DRAM page (row) miss costs over a page hit.
 *
 * Two pointer chases over the same -M bytes (default 64 MB, well past the
 * caches), one slot per line (-L, default the system's line), each load a
 * line no other load of the pass touches, so both miss the caches alike
 * and differ only in order:
 *   hit:  every slot of a 4 KB page (in random order) before the next
 *         page (pages in random order): consecutive loads fall in the
 *         DRAM row just opened;
 *   miss: one slot in each of a group of -T pages (default 16, random
 *         pages), then the next slot of each, ...: consecutive loads fall
 *         in different rows.
 * The buffer is on transparent huge pages where the system gives them,
 * so both chases hit the TLB alike.  The result is miss - hit in
 * nanoseconds per load (each the fastest of -N intervals).  Where the two
 * are within 5 % no page effect is found (lmbench printed "0.0"): this
 * says so and exits 1.  Hardware prefetchers and the adjacent-line
 * prefetch help the hit chase too, and a virtual page says nothing sure
 * about physical rows, banks and channels: read the figure as the cost of
 * scattering loads over rows, not as a datasheet tRCD + tRP.
 *
 * Usage: lat_dram_page [-v] [-L <line size>] [-T <pages per group>]
 *                      [-W <warmup>] [-N <repetitions>] [-M len[K|M]]
 * Output (stderr): the difference, e.g. "10.53"; -v: "DRAM page hit:
 * 88.10 nanoseconds" and "DRAM page miss: 98.63 nanoseconds" first.
 */
#define _DEFAULT_SOURCE /* madvise */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_util.h"

#define PAGE 4096
#define HUGE ((size_t)2 << 20)

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

/* The hit (group == 0) or miss order of every slot. */
static int
make_order(size_t *order, size_t npages, size_t per, size_t group,
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

struct opts {
	uint64_t max, line, group;
	int verbose;
};

static int
option(void *sp, int c, const char *arg)
{
	struct opts *op = sp;
	const char *why = NULL;

	switch (c) {
	case 'v':
		op->verbose = 1;
		return 0;
	case 'M':
		why = util_parse_size(arg, 1, &op->max);
		if (why == NULL)
			why = mem_beyond(op->max);
		break;
	case 'L':
		why = mem_parse_line(arg, PAGE, &op->line);
		break;
	default: /* 'T' */
		why = util_parse_u64(arg, 2, 4096, &op->group);
		break;
	}
	if (why != NULL) {
		util_err("bad -%c '%s': %s", c, arg, why);
		return -1;
	}
	return 0;
}

/* ns per load of the chase in the given order. */
static int
chase_ns(char *buf, size_t *order, size_t n, size_t line,
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

/* The difference as a bare number, with its record. */
static int
report_miss_hit(const struct bench_ident *id, double ns)
{
	if (report_valid("DRAM page miss - hit", ns) != 0)
		return -1;
	report_text("%.2f\n", ns);
	report_derived(id, "DRAM page miss - hit", "ns", -1, ns);
	return 0;
}

int
main(int argc, char **argv)
{
	struct opts op = { 64ULL << 20, 64, 16, 0 };
	const struct bench_prog prog = {
		.usage = "[-v] [-L <line size>] [-T <pages per group>] "
		         "[-W <warmup>] [-N <repetitions>] [-M len[K|M]]",
		.help = "-v                also the hit and miss latencies\n"
		        "-L <line size>    bytes between the chase's slots\n"
		        "-T <pages>        pages per group of the miss chase "
		        "(default 16)\n"
		        "-M len            the buffer (default 64 MB)",
		.option = option, .ctx = &op,
	};
	struct bench_opts o;
	size_t npages, per, n, alloc;
	size_t *order;
	char *base, *buf;
	double hit, miss;
	int rc;

	op.line = mem_line_size();
	(void)bench_begin(argc, argv, &prog, &o);
	o.stat = BENCH_MINIMUM;
	npages = (size_t)(op.max / PAGE);
	if (npages < 2 * op.group) {
		util_err("bad -M: at least %llu KB (two groups of -T pages)",
			 (unsigned long long)(2 * op.group * PAGE / 1024));
		return EXIT_USAGE;
	}
	per = PAGE / (size_t)op.line;
	n = npages * per;
	alloc = (npages * PAGE + HUGE - 1) / HUGE * HUGE + HUGE;
	base = mem_alloc(alloc);
	if (base == NULL)
		return EXIT_FAILED;
	buf = base + (HUGE - (uintptr_t)base % HUGE) % HUGE;
#ifdef MADV_HUGEPAGE
	madvise(buf, alloc - HUGE, MADV_HUGEPAGE);
#endif
	order = calloc(n, sizeof(*order));
	if (order == NULL) {
		util_err("out of memory");
		mem_free(base, alloc);
		return EXIT_FAILED;
	}
	rc = make_order(order, npages, per, 0, 0x68697400ULL) != 0 ||
	     chase_ns(buf, order, n, (size_t)op.line, &o, &hit) != 0 ||
	     make_order(order, npages, per, (size_t)op.group, 0x6d697300ULL) != 0 ||
	     chase_ns(buf, order, n, (size_t)op.line, &o, &miss) != 0;
	free(order);
	mem_free(base, alloc);
	if (rc != 0)
		return EXIT_FAILED;
	if (op.verbose) {
		report_text("DRAM page hit: %.2f nanoseconds\n", hit);
		report_text("DRAM page miss: %.2f nanoseconds\n", miss);
	}
	if (!(hit < 0.95 * miss)) {
		util_err("no DRAM page effect found: page hits %.2f ns, misses "
			 "%.2f ns (less than 5 %% apart)",
			 hit, miss);
		return EXIT_FAILED;
	}
	return report_miss_hit(&o.id, miss - hit) == 0
		       ? 0
		       : EXIT_FAILED;
}

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

#include "lat_dram_page.h"
#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_util.h"

#define PAGE 4096
#define HUGE ((size_t)2 << 20)

struct opts {
	uint64_t max;   /* -M: the buffer's bytes */
	uint64_t line;  /* -L: bytes between slots */
	uint64_t group; /* -T: pages per group of the miss chase */
	int verbose;    /* -v: the hit and miss figures too */
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
	rc = dram_order(order, npages, per, 0, 0x68697400ULL) != 0 ||
	     dram_chase_ns(buf, order, n, (size_t)op.line, &o, &hit) != 0 ||
	     dram_order(order, npages, per, (size_t)op.group,
	                0x6d697300ULL) != 0 ||
	     dram_chase_ns(buf, order, n, (size_t)op.line, &o, &miss) != 0;
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

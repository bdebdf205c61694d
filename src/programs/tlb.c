/*
 * tlb - how many pages the first-level data TLB maps, and (-c) what a
 * miss in it costs.
 *
 * For a count of N pages two rings of N pointers are chased, 100 loads
 * per iteration:
 *   TLB ring    one pointer in each of N pages, pages in random order,
 *               each at a random line of its page (so the pointers spread
 *               over the cache sets)
 *   cache ring  N pointers one line apart in N lines, in random order
 * Both touch N lines; only the TLB ring touches N pages.  While N pages
 * fit in the TLB the two cost the same; past it every TLB-ring load also
 * misses the TLB.  A TLB effect is a TLB ring at least 15 % slower.  N
 * doubles from 8 until an effect shows (twice at N, then at 2N), then a binary
 * search finds the largest count below half of the effect at N
 * (lib_analysis's tlb_search: where misses begin before the TLB is full
 * and rise over a range of counts, half way is where most of the rise
 * is; lmbench's first 15 % fell anywhere in it): "tlb: N pages".  -c adds
 * the difference between the rings at 2N pages, the cost of a miss.
 * Where the processor states its first-level data TLB for those pages
 * (x86 cpuid: lib_cpuid), a count off it by more than a quarter either
 * way is said on stderr with the stated figure; -v says the stated
 * figure (or that there is none) in any case.
 * Transparent huge pages are turned off for the buffers (they would hide
 * the effect).  -L is the line (default: the coherency line sysfs
 * reports, else 64; lmbench's default of 8 bytes made cache misses look
 * like TLB misses); -M the most memory the TLB ring may span (default
 * 64 MB).
 *
 * Usage: tlb [-c] [-v] [-L <line size>] [-M len[K|M]] [-W <warmup>]
 *        [-N <repetitions>]
 * Output (stderr): "tlb: 64 pages"; -c: "tlb: 64 pages 2.51234 nanoseconds";
 * -v first: "tlb: stated: 64 entries for 4096-byte pages (cpuid 0x18)"
 */
#include <string.h>

#include "lib_bench.h"
#include "lib_cpuid.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_util.h"
#include "tlb.h"

struct opts {
	int cost;          /* -c */
	int verbose;       /* -v */
	struct mem_opts m; /* -L, -M, -H */
};

static int
option(void *sp, int c, const char *arg)
{
	struct opts *op = sp;

	if (c == 'c') {
		op->cost = 1;
		return 0;
	}
	if (c == 'v') {
		op->verbose = 1;
		return 0;
	}
	if (mem_option(&op->m, c, arg) != 0)
		return -1;
	if (c == 'M' && op->m.max < 16 * mem_pagesize()) {
		util_err("bad -M '%s': too small (at least 16 pages)", arg);
		return -1;
	}
	return 0;
}

/* "tlb: N pages" (and " %.5f nanoseconds" with the cost). */
static int
report_tlb(const struct bench_ident *id, size_t pages, int with_cost,
           double cost_ns)
{
	if (pages == 0 || (with_cost && !(cost_ns > 0))) {
		util_err("no valid TLB result");
		return -1;
	}
	if (with_cost)
		report_text("tlb: %zu pages %.5f nanoseconds\n", pages, cost_ns);
	else
		report_text("tlb: %zu pages\n", pages);
	report_derived(id, "tlb", "pages", -1, (double)pages);
	if (with_cost)
		report_derived(id, "tlb miss", "ns", -1, cost_ns);
	return 0;
}

/* What the processor states of the TLB of `page`-byte pages: with -v
 * the figure (or that there is none); a found count more than a quarter
 * off it either way is said in any case, with what it may mean.  The
 * stated entries, 0 for none. */
static unsigned
say_stated(size_t page, size_t found, int verbose)
{
	const char *src;
	unsigned st = cpuid_dtlb_entries(page, &src);

	if (verbose && st == 0)
		util_err("the processor states no first-level data TLB "
			 "size for %zu-byte pages here", page);
	if (verbose && st != 0)
		report_text("tlb: stated: %u entries for %zu-byte pages (%s)\n",
			    st, page, src);
	if (cpuid_off_stated(found, st))
		util_err("warning: found %zu pages, the processor states %u "
			 "first-level data TLB entries for %zu-byte pages "
			 "(%s): the count printed is what this CPU saw (on a "
			 "virtual machine a neighbour on the same core can "
			 "take a share)",
			 found, st, page, src);
	return st;
}

int
main(int argc, char **argv)
{
	struct opts op = { 0, 0, { 64, 0, MEM_PAGES_DEFAULT } };
	struct bench_opts o;
	const struct bench_prog prog = {
		.usage = "[-c] [-v] [-L <line size>] [-M len[K|M]] "
		         "[-H thp|huge|none] [-W <warmup>] [-N <repetitions>]",
		.help = "-c                also the cost of a miss, in ns\n"
		        "-v                also the size the processor states "
		        "(cpuid)\n"
		        "-L <line size>    bytes between the cache ring's "
		        "pointers (default: the line sysfs states)\n"
		        "-M len            the most memory the TLB ring spans "
		        "(default 64 MB; 1 GB with -H thp or huge)\n"
		        "-H thp|huge|none  the TLB of those pages: transparent "
		        "huge, hugetlbfs or base pages (the default)",
		.option = option, .ctx = &op,
	};
	struct state s;
	size_t lo, page_bytes, got;
	unsigned stated = 0;
	double diff = 0;
	int e, rc;

	memset(&s, 0, sizeof(s));
	op.m.line = mem_line_size();
	(void)bench_begin(argc, argv, &prog, &o);
	s.line = (size_t)op.m.line;
	/* Huge pages hide the effect the default measures: base pages,
	 * unless -H asks for huge ones. */
	s.pages = op.m.pages == MEM_PAGES_DEFAULT ? MEM_PAGES_NONE : op.m.pages;
	s.page = mem_pages_size(s.pages);
	if (op.m.max == 0)
		op.m.max = s.page > mem_pagesize() ? 1ULL << 30 : 64ULL << 20;
	if (op.m.max < 16 * (uint64_t)s.page) {
		util_err("bad -M: at least 16 pages (%llu bytes)",
			 16ULL * (unsigned long long)s.page);
		return EXIT_USAGE;
	}
	rc = mem_pages_require(op.m.pages, op.m.max, &page_bytes);
	if (rc != 0)
		return rc;
	if (rings_search(&s, &o, (size_t)(op.m.max / s.page), &lo) != 0)
		return EXIT_FAILED;
	/* The cost: the difference at twice the reach; a noisy machine can
	 * hide it in one try. */
	for (e = 0; op.cost && e < 3; e++) {
		double t, c;

		if (rings_measure(&s, &o, 2 * lo, &t, &c) != 0)
			return EXIT_FAILED;
		diff = t - c;
		if (diff > 0)
			break;
	}
	/* Stated for the pages the kernel gave (smaps, where -H asked),
	 * else the base pages asked for. */
	got = page_bytes != 0 ? page_bytes : s.page;
	stated = say_stated(got, lo, op.verbose);
	if (report_tlb(&o.id, lo, op.cost, diff) != 0)
		return EXIT_FAILED;
	/* The stated figure travels with the result (a fact, not a
	 * measurement: size_bytes the page size it is for). */
	if (stated != 0)
		report_derived(&o.id, "tlb stated", "pages", (double)got,
			       (double)stated);
	if (op.m.pages != MEM_PAGES_DEFAULT)
		report_derived(&o.id, "page size", "bytes", (double)page_bytes,
			       (double)page_bytes);
	return 0;
}

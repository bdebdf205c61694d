/*
 * par_mem - memory-level parallelism: how many independent loads the
 * memory system overlaps, by working-set size.
 *
 * For each size (16 lines, doubling up to -M, default 64 MB), one random
 * cycle through every line of the buffer is laid (lib_mem, checked to be
 * one cycle).  k chases (k = 1 .. 16) start at evenly spaced points of
 * the cycle and advance in lockstep (lib_chase), each load depending only on its own
 * chase's previous one, 10 steps per iteration.  With t(k) the time per
 * step of all k, the parallelism at k is k * t(1) / t(k): k if the k
 * loads overlap completely, 1 if they run one after another.  The result
 * for the size is the largest over k, from the fastest of -N intervals
 * (lmbench used whichever sample came last); t(1) is measured before and
 * after the others and the smaller counts, and no k counts for more
 * than k (a higher ratio comes from a noisy t(1)).  The chases live in
 * registers (one function per k), so no store-to-load forwarding slows
 * them.  -L is the line (default: the coherency line in sysfs, else 64).
 *
 * Usage: par_mem [-L <line size>] [-M len[K|M]] [-W <warmup>]
 *        [-N <repetitions>]
 * Output (stderr): per size "%.6f %.2f" (MB of 10^6 bytes, parallelism)
 */
#include <stdio.h>
#include <stdlib.h>

#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_util.h"

/* "%.6f %.2f": the size in MB (10^6), the parallelism. */
static int
report_par(const struct bench_ident *id, double size_bytes,
           double parallelism)
{
	if (report_valid("parallelism", parallelism) != 0)
		return -1;
	report_text("%.6f %.2f\n", size_bytes / 1e6, parallelism);
	report_derived(id, "parallelism", "loads", size_bytes, parallelism);
	return 0;
}

int
main(int argc, char **argv)
{
	struct mem_opts op = { 64, 64ULL << 20, MEM_PAGES_DEFAULT };
	const struct bench_prog prog = {
		.usage = "[-L <line size>] [-M len[K|M]] [-H thp|huge|none] "
		         "[-W <warmup>] "
		         "[-N <repetitions>]",
		.help = "-N <repetitions>  timed intervals per chase count, "
		        "exactly; the fastest counts (without -N: 3 to 11, until "
		        "the two fastest agree within 0.5 %)\n"
		        "-L <line size>    bytes between the chases' slots "
		        "(default: the line sysfs states)\n"
		        "-M len            the largest size (default 64 MB)\n"
		        "-H thp|huge|none  the buffers' pages: transparent huge, "
		        "hugetlbfs or base pages only",
		.option = mem_option, .ctx = &op,
	};
	struct mem_chase c;
	struct bench_opts o;
	double par;
	size_t size, page_bytes;
	int rc;

	op.line = mem_line_size();
	(void)bench_begin(argc, argv, &prog, &o);
	o.settle = 1; /* fewer intervals where each minimum repeats */
	if (op.max < 16 * op.line) {
		util_err("bad -M: at least 16 lines (%llu bytes)",
			 16ULL * (unsigned long long)op.line);
		return EXIT_USAGE;
	}
	rc = mem_pages_require(op.pages, op.max, &page_bytes);
	if (rc != 0)
		return rc;
	for (size = 16 * (size_t)op.line; size <= op.max; size *= 2) {
		if (chase_setup_pages(&c, size, (size_t)op.line, 0, 0x706172ULL,
				      op.pages) != 0)
			return EXIT_FAILED;
		rc = chase_parallelism(&c, &o, &par);
		chase_release(&c);
		if (rc != 0 || report_par(&o.id, (double)size, par) != 0)
			return EXIT_FAILED;
	}
	if (op.pages != MEM_PAGES_DEFAULT)
		report_derived(&o.id, "page size", "bytes", (double)page_bytes,
			       (double)page_bytes);
	return 0;
}

/*
 * memsize - how much memory can be allocated and touched.
 *
 * MAX megabytes (default: three quarters of the memory the kernel
 * reports available) are mapped and their pages written from the start;
 * each power of two of megabytes reached is reported on stderr ("NMB OK")
 * and the largest size touched on stdout.  No page is touched twice.  The bound keeps the program from running the
 * machine out of memory (lmbench's could, and could loop a long time on a
 * large machine); a size whose pages take more than five seconds per
 * gigabyte to touch (the machine has started to swap) ends the search.
 *
 * Usage: memsize [max MB]
 * Output (stdout): "1024"; progress (stderr): "1MB OK", "2MB OK" ...
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_util.h"

int
main(int argc, char **argv)
{
	uint64_t cap = mem_available() / 4 * 3 >> 20, max = cap, mb, next,
		 best = 0, t0;
	size_t ps = mem_pagesize(), len;
	const char *why;
	char *p;
	double s;

	static const struct bench_prog prog = {
		.usage = "[max MB]",
		.help = "max MB  the most memory to try, in megabytes (default: "
		        "3/4 of what is available)",
		.max_operands = 1,
	};
	struct bench_opts o;

	(void)bench_begin(argc, argv, &prog, &o);
	if (argc == 2) {
		why = util_parse_u64(argv[1], 1, 1ULL << 40, &max);
		if (why != NULL) {
			util_err("bad max '%s': %s (megabytes)", argv[1], why);
			return EXIT_USAGE;
		}
		if (max > cap) {
			util_err("%llu MB: more than the %llu MB this program "
				 "may touch (3/4 of the memory available); "
				 "using %llu",
				 (unsigned long long)max,
				 (unsigned long long)cap,
				 (unsigned long long)cap);
			max = cap;
		}
	}
	/* One mapping of max megabytes, touched from the start: each power
	 * of two reached is reported, so no page is touched twice. */
	len = (size_t)max << 20;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		util_syserr("cannot map %llu MB", (unsigned long long)max);
		return EXIT_FAILED;
	}
	t0 = timing_now_ns();
	for (mb = 1, next = 1; mb <= max; mb++) {
		size_t i, end = (size_t)mb << 20;

		for (i = end - (1 << 20); i < end; i += ps)
			p[i] = 1;
		if (mb != next && mb != max)
			continue;
		fprintf(stderr, "%lluMB OK\n", (unsigned long long)mb);
		best = mb;
		next *= 2;
		/* Five seconds per gigabyte for the last doubling: the
		 * machine has started to swap. */
		s = (double)(timing_now_ns() - t0) / 1e9;
		if (mb >= 1024 && s > 5.0 * (double)mb / 2048.0)
			break;
		t0 = timing_now_ns();
	}
	munmap(p, len);
	if (best == 0) {
		util_err("could not touch even 1 MB");
		return EXIT_FAILED;
	}
	return report_stdout(&o.id, "memory", "MB", 0, (double)best) == 0
	               ? 0
	               : EXIT_FAILED;
}

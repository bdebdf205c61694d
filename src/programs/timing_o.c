/*
 * timing_o - print the timer overhead: the cost of one read of the
 * monotonic clock, in microseconds (the best of 11 loops of 1000 reads),
 * or $TIMING_O if set.  The harness subtracts it once per interval.
 *
 * Usage: timing_o
 * Output (stdout): "0.01950"
 */
#include <stdlib.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_report.h"
#include "lib_util.h"

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = { .usage = "" };
	struct bench_opts o;

	(void)bench_begin(argc, argv, &prog, &o);
	return report_stdout(&o.id, "timing_o", "us", 5,
	                     timing_overhead_ns() / 1000.0) == 0
	           ? 0
	           : EXIT_FAILED;
}

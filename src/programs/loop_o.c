/*
 * loop_o - print the loop overhead: the cost of one iteration of an
 * empty benchmark loop, in microseconds, or $LOOP_O if set.  As lmbench
 * measures it: t1 is a loop of one dependent load, t2 a loop of two, each
 * the best of 11 intervals of ENOUGH; the overhead is 2*t1 - t2 per
 * iteration, never below zero (on out-of-order processors it is usually
 * zero).  The harness subtracts it once per iteration.
 *
 * Usage: loop_o
 * Output (stdout): "0.00000000"
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
	return report_stdout(&o.id, "loop_o", "us", 8,
	                     timing_loop_overhead_ns() / 1000.0) == 0
	           ? 0
	           : EXIT_FAILED;
}

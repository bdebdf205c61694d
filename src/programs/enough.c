/*
 * enough - print ENOUGH: the shortest timing interval, in microseconds,
 * that this machine's clock measures to within 0.5 % (twice the work
 * takes twice the time, comparing the best of five runs), or $ENOUGH if
 * set.  The suite stores it in its configuration and passes it to every
 * program.
 *
 * Usage: enough
 * Output (stdout): "1000"
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
	double e;

	static const struct bench_prog prog = { .usage = "" };
	struct bench_opts o;

	(void)bench_begin(argc, argv, &prog, &o);
	e = timing_enough_ns();
	if (e < 0)
		return EXIT_USAGE;
	return report_stdout(&o.id, "enough", "us", 0, e / 1000.0) == 0
	               ? 0
	               : EXIT_FAILED;
}

/*
 * msleep - sleep for the given number of milliseconds, then exit 0.
 * lmbench's crashed when given no argument; this one prints its usage.
 *
 * Usage: msleep milliseconds
 * Output: none
 */
#include <errno.h>
#include <time.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_util.h"

int
main(int argc, char **argv)
{
	struct timespec ts;
	uint64_t ms;
	const char *why;

	static const struct bench_prog prog = {
		.usage = "milliseconds",
		.help = "milliseconds  how long to sleep (0 to 86400000)",
		.min_operands = 1,
		.max_operands = 1,
	};
	struct bench_opts o;

	(void)bench_begin(argc, argv, &prog, &o);
	why = util_parse_u64(argv[1], 0, 86400000ULL, &ms);
	if (why != NULL) {
		util_err("bad milliseconds '%s': %s", argv[1], why);
		return EXIT_USAGE;
	}
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)(ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
	return 0;
}

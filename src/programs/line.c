/*
 * line - the cache line size: the unit in which cores hand memory to each
 * other, and in which a load brings it in.
 *
 * First, false sharing.  Two processes on two different CPUs share a
 * page; a helper keeps adding atomically to the word at offset D, the
 * program times atomic adds to the word at offset 0.  An atomic add needs
 * its line held alone, so while D is inside the program's line the two
 * CPUs pass the line back and forth and every add waits for it; from the
 * next line on they share nothing.  (Plain stores do not show this: the
 * store buffer forwards each value to the next load and drains many
 * stores per visit of the line, so the fight hardly slows them.)  The
 * adds are timed in batches of 512, and a batch counts only when the
 * helper made progress during it, so a helper that a busy machine left
 * without a CPU does not pass for "no fight"; the time per add is the
 * median of 20 x -N such batches.  The decision (lib_analysis,
 * line_from_sharing): the first offset from which the adds run within
 * twice the time with the helper a page away, every smaller offset alike
 * (within 1.5 times each other) and at least twice it and twice the
 * faster ones (Intel's Emerald Rapids: 32 against 6.3 ns; AMD's Zen 5:
 * 15.6 against 5.1 ns).  Two CPUs that share a first-level cache
 * (hyperthreads of one core) do not fight: this method then cannot
 * decide, and says nothing.
 *
 * Second, latency, with loads within a line against loads across lines.
 * A chain visits 4096 one-kilobyte chunks of a 4 MB buffer in random
 * order; in each it loads two words D bytes apart (D = 8 ... 512, the
 * first word at a random place, the order of the two random), the second
 * load depending on the first.  Once the chunks' lines sit in the second
 * level, the first load of each pair misses the first level; the second
 * hits it when the two words share a line (a chance of 1 - D/line below
 * the line) and otherwise comes from the second level, so the time per
 * pair rises along D up to the line and stays flat from it on.  Random
 * chunks and random order within a pair leave nothing for stride,
 * stream or adjacent-line prefetchers to follow (the pair's other line
 * is already in the second level, so fetching it early gains nothing).
 * The decision (line_from_latency): the line whose ramp fits the times
 * clearly best; none when no ramp fits, or a prefetcher shows.
 *
 * Last, the coherency line the system states (sysfs), labelled "from
 * sysfs", and said on stderr without -v; with no such file, exit 1.
 *
 * Usage: line [-v] [-W <warmup>] [-N <repetitions>] [-M len[K|M]]
 * (-M is accepted for lmbench's sake and checked; the latency method's
 * buffer is fixed at 4 MB.)
 * Output (stdout): "64"; -v: "cache line size: 64 bytes (false sharing)"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_share.h"
#include "lib_util.h"
#include "line.h"

#define M_SHARING "false sharing"
#define M_LATENCY "latency of loads within and across lines"
#define M_SYSFS "from sysfs; neither false sharing nor latency decided"

static int
option(void *sp, int c, const char *arg)
{
	int *verbose = sp;
	const char *why;
	uint64_t mlen;

	if (c == 'v') {
		*verbose = 1;
		return 0;
	}
	why = util_parse_size(arg, 1, &mlen);
	if (why == NULL && mlen < (1 << 20))
		why = "too small (at least 1 MB)";
	if (why == NULL)
		why = mem_beyond(mlen);
	if (why != NULL) {
		util_err("bad -M '%s': %s", arg, why);
		return -1;
	}
	return 0;
}

static int
print_line(const struct bench_ident *id, long bytes, int verbose,
           const char *method)
{
	if (verbose) {
		printf("cache line size: %ld bytes (%s)\n", bytes, method);
		fflush(stdout);
		return 0;
	}
	return report_stdout(id, "cache line", "bytes", 0, (double)bytes) == 0
		       ? 0
		       : EXIT_FAILED;
}

int
main(int argc, char **argv)
{
	const char *why = NULL;
	struct bench_opts o;
	int verbose = 0;
	long line;
	const struct bench_prog prog = {
		.option = option, .ctx = &verbose,
		.usage = "[-v] [-W <warmup>] [-N <repetitions>] [-M len[K|M]]",
		.help = "-v                say which method decided\n"
		        "-M len            accepted for lmbench's sake (the "
		        "latency method uses 4 MB)",
	};

	(void)bench_begin(argc, argv, &prog, &o);
	line = share_line(&o, &why);
	if (line > 0)
		return print_line(&o.id, line, verbose, M_SHARING);
	if (line < 0)
		return EXIT_FAILED;
	line = latency_line(&o);
	if (line > 0)
		return print_line(&o.id, line, verbose, M_LATENCY);
	if (line < 0)
		return EXIT_FAILED;
	line = (long)mem_line_stated();
	if (line == 0) {
		util_err("no line size found (false sharing: %s; latency: no "
			 "clear ramp) and the system states none",
			 why);
		return EXIT_FAILED;
	}
	if (!verbose)
		util_err("the line size is the one sysfs states (false sharing: "
			 "%s; latency: no clear ramp)",
			 why);
	return print_line(&o.id, line, verbose, M_SYSFS);
}

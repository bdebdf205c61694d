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

#include "lib_analysis.h"
#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_share.h"
#include "lib_util.h"

#define NDIST 8		/* distances 8 ... 1024 */
#define CHUNK 2048	/* one pair of loads per chunk */
#define CHUNKS 2048

#define M_SHARING "false sharing"
#define M_LATENCY "latency of loads within and across lines"
#define M_SYSFS "from sysfs; neither false sharing nor latency decided"

/* The latency method's chain: one pair of loads per chunk. */
struct pairs {
	void **p; /* first: chase_run100 */
	char *buf;
	size_t dist;
	uint64_t rng;
};

static int
pairs_init(void *sp, struct copy_ctx *cx)
{
	struct pairs *c = sp;
	size_t order[CHUNKS], k = c->dist / sizeof(void *), i;
	size_t words = CHUNK / sizeof(void *);
	void **first = NULL, **prev = NULL;

	(void)cx;
	for (i = 0; i < CHUNKS; i++)
		order[i] = i;
	for (i = CHUNKS; i > 1; i--) {
		size_t j = (size_t)(mem_rand(&c->rng) % i), t = order[i - 1];

		order[i - 1] = order[j];
		order[j] = t;
	}
	/* Chunk order[i]: words w and w + k, either first; the second
	 * points on to the next chunk's first. */
	for (i = 0; i < CHUNKS; i++) {
		void **base = (void **)(void *)(c->buf + order[i] * CHUNK);
		size_t w = (size_t)(mem_rand(&c->rng) % (words - k));
		void **a = base + w, **b = base + w + k;

		if (mem_rand(&c->rng) & 1) {
			void **t = a;

			a = b;
			b = t;
		}
		*a = b;
		if (prev != NULL)
			*prev = a;
		else
			first = a;
		prev = b;
	}
	*prev = first;
	c->p = first;
	return 0;
}

/* The line by latency; 0 when this method cannot decide, -1 after a
 * message. */
static long
by_latency(const struct bench_opts *o)
{
	struct pairs c = { NULL, NULL, 0, 0x6c696e65ULL };
	struct bench_desc d = { .init = pairs_init,
				.run = chase_run100,
				.state = &c };
	struct bench_opts fast = *o;
	struct bench_result r;
	size_t dist[NDIST];
	double t[NDIST];
	int i, round;

	c.buf = mem_alloc((size_t)CHUNKS * CHUNK);
	if (c.buf == NULL)
		return -1;
	/* Interference only slows a chase: the fastest interval, and the
	 * fastest of three sweeps. */
	fast.stat = BENCH_MINIMUM;
	for (round = 0; round < 3; round++)
		for (i = 0; i < NDIST; i++) {
			double ns;

			dist[i] = (size_t)8 << i;
			c.dist = dist[i];
			if (bench_run(&d, &fast, &r) != 0) {
				mem_free(c.buf, (size_t)CHUNKS * CHUNK);
				return -1;
			}
			ns = r.ns_per_iter / 50; /* 50 pairs an iteration */
			bench_result_free(&r);
			if (round == 0 || ns < t[i])
				t[i] = ns;
		}
	mem_free(c.buf, (size_t)CHUNKS * CHUNK);
	return (long)line_from_latency(NDIST, dist, t);
}

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
	line = by_latency(&o);
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

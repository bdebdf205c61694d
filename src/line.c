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
 * twice the time with the helper a page away, every smaller offset at
 * least three times it.  Two CPUs that share a first-level cache
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
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_analysis.h"
#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_stats.h"
#include "lib_super.h"
#include "lib_util.h"

#define REGION 8192
#define FAR 4096	/* the helper's word when nothing is shared */
#define READY (REGION - 64) /* the helper's "I am running" flag */
#define BATCH 512	/* atomic adds per timed batch */
#define NOFF 8		/* offsets 8 ... 1024 */
#define NDIST 8		/* distances 8 ... 1024 */
#define CHUNK 2048	/* one pair of loads per chunk */
#define CHUNKS 2048

#define M_SHARING "false sharing"
#define M_LATENCY "latency of loads within and across lines"
#define M_SYSFS "from sysfs; neither false sharing nor latency decided"

/* Pin the calling process to one CPU. */
static int
pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* The first two CPUs this program may use; -1 if there is one. */
static int
two_cpus(int cpus[2])
{
	cpu_set_t set;
	int i, n = 0;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return -1;
	for (i = 0; i < CPU_SETSIZE && n < 2; i++)
		if (CPU_ISSET(i, &set))
			cpus[n++] = i;
	return n == 2 ? 0 : -1;
}

static atomic_ullong *
word(char *shared, size_t off)
{
	return (atomic_ullong *)(void *)(shared + off);
}

static void
stop(pid_t pid)
{
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

/*
 * The median time of one atomic add at offset 0 while the helper on
 * cpus[1] adds at `off`: 1 with *ns set, 0 when the helper did not run
 * alongside often enough to tell, -1 after a message.
 */
static int
fight(char *shared, const int cpus[2], size_t off, const struct bench_opts *o,
      double *ns)
{
	atomic_ullong *mine = word(shared, 0), *theirs = word(shared, off);
	atomic_int *ready = (atomic_int *)(void *)(shared + READY);
	int want = 20 * o->repetitions, n = 0, i;
	uint64_t start, limit = 200000000ULL + o->warmup_us * 1000;
	double *v;
	pid_t pid;

	memset(shared, 0, REGION);
	v = malloc((size_t)want * sizeof(*v));
	if (v == NULL) {
		util_err("out of memory");
		return -1;
	}
	pid = super_fork(NULL, 1);
	if (pid < 0) {
		free(v);
		return -1;
	}
	if (pid == 0) {
		if (pin(cpus[1]) != 0)
			_exit(EXIT_FAILED);
		atomic_store(ready, 1);
		for (;;)
			atomic_fetch_add_explicit(theirs, 1, memory_order_relaxed);
	}
	start = timing_now_ns();
	while (atomic_load(ready) == 0 && timing_now_ns() - start < limit)
		sched_yield();
	while (timing_now_ns() - start < o->warmup_us * 1000)
		atomic_fetch_add_explicit(mine, 1, memory_order_relaxed);
	while (n < want && timing_now_ns() - start < limit) {
		unsigned long long h0 = atomic_load(theirs), h1;
		uint64_t t0 = timing_now_ns(), t1;

		for (i = 0; i < BATCH; i++)
			atomic_fetch_add_explicit(mine, 1, memory_order_relaxed);
		t1 = timing_now_ns();
		h1 = atomic_load(theirs);
		/* The helper ran during the batch. */
		if (h1 - h0 >= BATCH / 4)
			v[n++] = (double)(t1 - t0) / BATCH;
	}
	stop(pid);
	if (n < want / 4) {
		free(v);
		return 0;
	}
	*ns = stats_median(v, (size_t)n);
	free(v);
	return 1;
}

/* The line by false sharing; 0 when this method cannot decide (why, in
 * *why), -1 after a message. */
static long
by_sharing(const struct bench_opts *o, const char **why)
{
	size_t off[NOFF];
	double ns[NOFF] = { 0 }, alone = 0;
	int cpus[2], i, rc;
	char *shared;
	long line;

	if (two_cpus(cpus) != 0) {
		*why = "one CPU";
		return 0;
	}
	shared = mmap(NULL, REGION, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) {
		util_syserr("mmap");
		return -1;
	}
	if (pin(cpus[0]) != 0) {
		util_syserr("sched_setaffinity");
		munmap(shared, REGION);
		return -1;
	}
	rc = fight(shared, cpus, FAR, o, &alone);
	for (i = 0; i < NOFF && rc == 1; i++) {
		off[i] = (size_t)8 << i;
		rc = fight(shared, cpus, off[i], o, &ns[i]);
	}
	munmap(shared, REGION);
	if (rc < 0)
		return -1;
	if (rc == 0) {
		*why = "the other CPU seldom ran alongside";
		return 0;
	}
	line = (long)line_from_sharing(NOFF, off, ns, alone);
	if (line == 0)
		*why = ns[0] < 3 * alone ? "the two CPUs do not fight over a line"
					 : "no clear edge";
	return line;
}

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
	if (why != NULL) {
		util_err("bad -M '%s': %s", arg, why);
		return -1;
	}
	return 0;
}

static int
print_line(long bytes, int verbose, const char *method)
{
	if (verbose) {
		printf("cache line size: %ld bytes (%s)\n", bytes, method);
		fflush(stdout);
		return 0;
	}
	return report_stdout("cache line", "bytes", 0, (double)bytes) == 0
		       ? 0
		       : EXIT_FAILED;
}

int
main(int argc, char **argv)
{
	int verbose = 0;
	const struct bench_prog prog = {
		.usage = "[-v] [-W <warmup>] [-N <repetitions>] [-M len[K|M]]",
		.help = "-v                say which method decided\n"
		        "-M len            accepted for lmbench's sake (the "
		        "latency method uses 4 MB)",
		.option = option, .ctx = &verbose,
	};
	struct bench_opts o;
	const char *why = NULL;
	long line;

	(void)bench_begin(argc, argv, &prog, &o);
	line = by_sharing(&o, &why);
	if (line > 0)
		return print_line(line, verbose, M_SHARING);
	if (line < 0)
		return EXIT_FAILED;
	line = by_latency(&o);
	if (line > 0)
		return print_line(line, verbose, M_LATENCY);
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
	return print_line(line, verbose, M_SYSFS);
}

/*
 * lat_ctx - context switch time against the number of processes and
 * their working set.
 *
 * For each count N, N processes (this one and N-1 helpers) form a ring
 * of N pipes around which a 4-byte token circulates.  Each process, on
 * receiving the token, sums its own private buffer of -s KB (default 0:
 * no work), then passes the token on.  One iteration is one lap, N
 * hand-offs.  The overhead is measured once, in one process, over N pipes
 * of the largest count: per hop it writes and reads the same pipe and
 * sums one buffer of the same size (hot in the cache).  The result per
 * count is lap / N less that overhead: the cost of a switch plus that of
 * bringing the next process's working set back into the cache, as
 * lmbench reports it.  Counts beyond RLIMIT_NPROC or the descriptor
 * limit fail with a message; large counts work (the ring is built with
 * three descriptors open at a time).
 *
 * Unless LMBENCH_SCHED says otherwise, every process of a ring runs on
 * one CPU (policy SAME: copy i's ring on CPU i), so the figure is a
 * switch, not a cross-CPU wake-up.
 *
 * Usage: lat_ctx [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        [-s kbytes] processes [processes ...]
 * (The ring itself is lib_ring.)
 * Output (stderr): a blank line, "size=16k ovr=1.50, then per count
 * "N T" (processes, microseconds per switch, %.2f).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lat_ctx.h"
#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_ring.h"
#include "lib_task.h"
#include "lib_util.h"

#define MAX_PROCS 100000

static int
ring_init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->buf = NULL;
	if (ring_start(&s->ring, cx, s->nprocs, ring_summer, &s->size) != 0)
		return -1;
	s->buf = ring_working_set(s->size);
	if (s->size > 0 && s->buf == NULL) {
		ring_stop(&s->ring);
		return -1;
	}
	return 0;
}

static int
ring_run(void *sp, uint64_t n)
{
	struct state *s = sp;
	uint64_t sum = 0;
	int token = 1;

	while (n-- > 0) {
		if (ring_lap(&s->ring, &token) != 0)
			return -1;
		sum += mem_sum(s->buf, s->size);
	}
	timing_use(sum);
	return 0;
}

static void
ring_cleanup(void *sp)
{
	struct state *s = sp;

	ring_stop(&s->ring);
	free(s->buf);
	s->buf = NULL;
}

/* "N T": per switch, the lap time / N less the overhead, in
 * microseconds; -1 after a message (and no line) when not positive. */
static int
report_ctx(const struct bench_result *r, int nprocs, double ovr_ns,
           uint64_t kb)
{
	char metric[96];
	struct report_fig f = { metric, "us", REPORT_US, nprocs, -1,
		                ovr_ns * nprocs };
	double v = (r->ns_per_iter / nprocs - ovr_ns) / 1000.0;

	if (!(v > 0) || !isfinite(v)) {
		util_err("%d processes: %.2f us per switch is not above the "
		         "%.2f us overhead; left out",
		         nprocs, r->ns_per_iter / nprocs / 1000.0,
		         ovr_ns / 1000.0);
		return -1;
	}
	snprintf(metric, sizeof(metric), "ctx size=%lluk procs=%d",
	         (unsigned long long)kb, nprocs);
	return report_emit(r, &f, v, "%d %.2f\n", nprocs, v);
}

/* -s: the working set per process, in kilobytes. */
static int
option(void *sp, int c, const char *arg)
{
	const char *why = util_parse_u64(arg, 0, 1048576, (uint64_t *)sp);

	(void)c;
	if (why != NULL) {
		util_err("bad -s '%s': %s (kilobytes, to 1048576)", arg, why);
		return -1;
	}
	return 0;
}

/* Process count arg (1..MAX_PROCS) into *n; -1 after a message. */
static int
count_arg(const char *arg, uint64_t *n)
{
	const char *why = util_parse_u64(arg, 1, MAX_PROCS, n);

	if (why == NULL)
		return 0;
	util_err("bad process count '%s': %s (1 to %d)", arg, why, MAX_PROCS);
	return -1;
}

/* A ring of each count (checked by count_arg): a line each where the
 * switch is above the overhead.  How many lines, -1 after a message. */
static int
rings(struct state *s, struct bench_opts *o, char **counts, int n,
      double ovr_us, uint64_t kb)
{
	struct bench_desc ring = { .init = ring_init, .run = ring_run,
		                   .cleanup = ring_cleanup, .state = s };
	struct bench_result r;
	uint64_t v;
	int i, printed = 0;

	for (i = 0; i < n; i++) {
		(void)count_arg(counts[i], &v);
		s->nprocs = (int)v;
		o->helpers = s->nprocs - 1;
		if (bench_run(&ring, o, &r) != 0)
			return -1;
		if (report_ctx(&r, s->nprocs, ovr_us * 1000.0, kb) == 0)
			printed++;
		bench_result_free(&r);
	}
	return printed;
}

static const struct bench_prog prog = {
	.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	         "[-s kbytes] processes [processes ...]",
	.help = "-s kbytes         the working set each process sums per "
	        "hand-off (default 0)\n"
	        "processes         processes in a ring (1 to 100000), a "
	        "line each",
	.min_operands = 1,
	.max_operands = -1,
	.option = option,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	uint64_t kb = 0, maxn = 0, v;
	double ovr_us;
	int a, first;
	struct bench_prog p = prog;
	char what[48];

	memset(&s, 0, sizeof(s));
	p.ctx = &kb;
	first = bench_begin(argc, argv, &p, &o);
	o.placement = "SAME";
	for (a = first; a < argc; a++) {
		if (count_arg(argv[a], &v) != 0)
			return EXIT_USAGE;
		maxn = v > maxn ? v : maxn;
	}
	snprintf(what, sizeof(what), "a ring of %llu processes",
		 (unsigned long long)maxn);
	if (task_room(maxn, what) != 0)
		return EXIT_FAILED;
	s.size = (size_t)kb * 1024;
	ovr_us = ctx_overhead_us(&s, &o, maxn);
	if (ovr_us < 0)
		return EXIT_FAILED;
	report_text("\n\"size=%lluk ovr=%.2f\n", (unsigned long long)kb, ovr_us);
	return rings(&s, &o, argv + first, argc - first, ovr_us, kb) > 0
	               ? 0
	               : EXIT_FAILED;
}

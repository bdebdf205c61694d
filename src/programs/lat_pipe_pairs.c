/*
 * lat_pipe_pairs - lat_pipe's round trip run by N pairs at once: the
 * scheduler carrying many ping-pongs (perf bench sched pipe as N
 * parallel pairs).
 *
 * A pair is lat_pipe's: a process and its helper, two pipes, one byte
 * written, echoed and read back per iteration.  For each count N given,
 * N pairs are started, calibrated, released together and sampled -N
 * times each; the figure is the median over every pair's samples, in
 * microseconds per round trip within one pair.  With N pairs on fewer
 * CPUs the pairs share them, so the time grows with N.
 *
 * Placement: unless LMBENCH_SCHED says otherwise, pair i and its helper
 * share CPU i (modulo the CPUs; policy SAME, as lat_pipe), so the figure
 * at N=1 is lat_pipe's; LMBENCH_SCHED=CROSS puts each pair's ends on two
 * CPUs.  Where every party ran is recorded.
 *
 * Usage: lat_pipe_pairs [-W <warmup>] [-N <repetitions>] pairs [pairs ...]
 * Output (stderr): "pipe pairs (a marker), then "PAIRS MICROSECONDS" per
 * count, e.g. "4 9.6123".
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_fd.h"
#include "lib_harness.h"
#include "lib_ipc.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_task.h"
#include "lib_util.h"

struct state {
	struct ipc_peer peer; /* this copy's ends and its helper */
	char buf[1];
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	int to[2], from[2];

	s->peer = (struct ipc_peer){ -1, -1, -1 };
	if (fd_pipes(to, from) != 0)
		return -1;
	s->peer.out = to[1];
	s->peer.in = from[0];
	return ipc_spawn(&s->peer, cx, to[0], from[1], IPC_ECHO, 1);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	return ipc_roundtrips(s->peer.out, s->peer.in, s->buf, 1, n);
}

static void
cleanup(void *sp)
{
	ipc_stop(&((struct state *)sp)->peer);
}

/* One count's line, "PAIRS MICROSECONDS"; 0, or -1 after a message. */
static int
measure(struct bench_opts *o, int pairs)
{
	struct state s;
	struct bench_desc d = { .init = init, .run = run, .cleanup = cleanup,
		                .state = &s };
	char metric[64];
	struct report_fig f = { metric, "us", REPORT_US, 1, -1, 0 };
	struct bench_result r;
	double v;
	int rc;

	o->parallel = pairs;
	snprintf(metric, sizeof(metric), "pipe pairs=%d", pairs);
	if (bench_run(&d, o, &r) != 0)
		return -1;
	rc = report_measured(&r, &f, &v) == 0
		? report_emit(&r, &f, v, "%d %.4f\n", pairs, v) : -1;
	bench_result_free(&r);
	return rc;
}

static const struct bench_prog prog = {
	.usage = "[-W <warmup>] [-N <repetitions>] pairs [pairs ...]",
	.help = "pairs  ping-pong pairs running at once; a line per count",
	.min_operands = 1,
	.max_operands = -1,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	int first, i, n, *counts, rc = 0;
	uint64_t most;
	char what[32];

	first = bench_begin(argc, argv, &prog, &o);
	o.placement = "SAME";
	n = argc - first;
	counts = calloc((size_t)n, sizeof(*counts));
	if (counts == NULL) {
		util_err("out of memory");
		return EXIT_FAILED;
	}
	most = task_counts("pairs", n, argv + first, BENCH_MAX_PARALLEL, counts);
	snprintf(what, sizeof(what), "%llu pairs", (unsigned long long)most);
	if (most == 0 || task_room(2 * most, what) != 0) {
		free(counts);
		return most == 0 ? EXIT_USAGE : EXIT_FAILED;
	}
	o.helpers = 1;
	report_text("\"pipe pairs\n");
	for (i = 0; i < n && rc == 0; i++)
		rc = measure(&o, counts[i]);
	free(counts);
	return rc == 0 ? 0 : EXIT_FAILED;
}

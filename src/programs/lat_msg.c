/*
 * lat_msg - the scheduler under a messaging load, as hackbench and perf
 * bench sched messaging make it: the time for groups of senders and
 * receivers to exchange their messages.
 *
 * A group is -f receivers and -f senders (default 20 each); each receiver
 * has its own channel (a UNIX stream socket pair, or a pipe: -t pipe);
 * each sender writes -l messages (default 100) of -s bytes (default 100)
 * to every receiver in turn.  The workers, processes (or threads: -m
 * thread), are made and waiting before the clock starts; one byte
 * releases them all; the interval ends when the last has been reaped
 * (joined).  Each of the -N samples has new workers; the figure is their
 * median, microseconds for the whole exchange, one line per count.  The
 * workers are not pinned unless LMBENCH_SCHED says so; every CPU they
 * ran on is recorded (the "child" party).  A group's channels and
 * workers are made in lat_msg_group.c.
 *
 * Usage: lat_msg [-W <warmup>] [-N <repetitions>] [-t unix|pipe]
 *        [-m process|thread] [-f <fds>] [-l <loops>] [-s <message size>]
 *        groups [groups ...]
 * Output (stderr): "messaging unix process fds=20 loops=100 size=100
 * (a marker), then "GROUPS MICROSECONDS" per count, e.g. "10 86543.21".
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lat_msg.h"
#include "lib_bench.h"
#include "lib_fd.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_task.h"
#include "lib_util.h"

#define MAX_GROUPS 10000

/* Close the n descriptors at fd that are open (-1: closed). */
static void
close_all(int *fd, int n)
{
	int k;

	for (k = 0; k < n; k++)
		fd_close(&fd[k]);
}

/* Stop what is left: workers killed (processes) or cancelled (threads),
 * then reaped; nothing open. */
static void
stop_all(struct state *s)
{
	int k;

	task_crew_stop(&s->crew);
	/* (the crew counts no members once they are reaped: every slot) */
	for (k = 0; s->wk != NULL && k < s->crew.cap; k++) {
		free(s->wk[k].buf);
		s->wk[k].buf = NULL;
	}
	close_all(s->ends, 2 * s->fds * s->groups);
	close_all(s->wake, 2);
}

/* Untimed, before each sample: every group's channels and workers,
 * all of them set up and waiting.  0, or -1 after a message. */
static int
before(void *sp, uint64_t n)
{
	struct state *s = sp;
	size_t per = 2 * (size_t)s->fds;
	int g;
	char c;

	(void)n;
	if (pipe(s->wake) != 0) {
		util_syserr("pipe");
		return -1;
	}
	for (g = 0; g < s->groups; g++) {
		if (msg_group(s, s->ends + (size_t)g * per) != 0) {
			stop_all(s);
			return -1;
		}
		if (!s->threads)
			close_all(s->ends + (size_t)g * per, (int)per);
	}
	for (g = 0; g < s->crew.n; g++)
		if (util_readn(s->ready[0], &c, 1) != 1) {
			util_err("a worker did not start");
			stop_all(s);
			return -1;
		}
	return 0;
}

/* The exchange: release every worker, wait for the last. */
static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	char c = 1;

	(void)n;
	if (util_writen(s->wake[1], &c, 1) != 1) {
		util_syserr("write");
		return -1;
	}
	if (task_crew_wait(&s->crew) != 0) {
		util_err("a worker did not finish its messages");
		return -1;
	}
	return 0;
}

/* Untimed, after each sample: the channels and the start pipe closed. */
static int
after(void *sp, uint64_t n)
{
	(void)n;
	stop_all(sp);
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	size_t nw = (size_t)s->groups * 2 * (size_t)s->fds;

	s->cx = cx;
	s->crew.m = NULL;
	s->ready[0] = s->ready[1] = s->wake[0] = s->wake[1] = -1;
	s->ends = malloc(nw * sizeof(*s->ends));
	s->wk = calloc(nw, sizeof(*s->wk));
	if (s->ends == NULL || s->wk == NULL) {
		util_err("out of memory for %zu workers", nw);
		return -1;
	}
	if (task_crew_init(&s->crew, s->threads, (int)nw) != 0)
		return -1;
	memset(s->ends, -1, nw * sizeof(*s->ends));
	if (pipe(s->ready) != 0) {
		util_syserr("pipe");
		return -1;
	}
	return party_track_children(cx);
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->ends != NULL)
		stop_all(s);
	close_all(s->ready, 2);
	task_crew_free(&s->crew);
	free(s->ends);
	free(s->wk);
	s->wk = NULL;
	s->ends = NULL;
}

static const struct { const char *name; } transports[] = { { "unix" },
	                                                   { "pipe" } };
static const struct { const char *name; } kinds[] = { { "process" },
	                                              { "thread" } };

/* -t, -m, -f, -l and -s. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;
	const char *why = NULL;
	uint64_t v;

	switch (c) {
	case 't':
		s->pipes = (int)bench_lookup("transport", arg, transports, 2,
		                             sizeof(transports[0]));
		return 0;
	case 'm':
		s->threads = (int)bench_lookup("worker kind", arg, kinds, 2,
		                               sizeof(kinds[0]));
		return 0;
	case 'f':
		why = util_parse_u64(arg, 1, 1000, &v);
		s->fds = (int)v;
		break;
	case 'l':
		why = util_parse_u64(arg, 1, 1000000000, &s->loops);
		break;
	default:
		return util_size_arg("message size", arg, 1, 65536, &v) != 0
		               ? -1 : (s->size = (size_t)v, 0);
	}
	if (why != NULL)
		util_err("bad -%c '%s': %s (1 to %s)", c, arg, why,
		         c == 'f' ? "1000" : "1000000000");
	return why != NULL ? -1 : 0;
}

/* One count: its line "GROUPS MICROSECONDS"; the exit status. */
static int
measure(struct state *s, const struct bench_opts *o)
{
	struct bench_desc d = { .init = init, .run = run, .cleanup = cleanup,
		                .state = s, .before = before, .after = after };
	char metric[160];
	struct report_fig f = { metric, "us", REPORT_US, 1, (double)s->size, 0 };
	struct bench_result r;
	double v;
	int rc;

	snprintf(metric, sizeof(metric),
	         "messaging %s %s groups=%d fds=%d loops=%llu",
	         transports[s->pipes].name, kinds[s->threads].name, s->groups,
	         s->fds, (unsigned long long)s->loops);
	if (bench_run(&d, o, &r) != 0)
		return EXIT_FAILED;
	rc = report_measured(&r, &f, &v) == 0
		? report_emit(&r, &f, v, "%d %.2f\n", s->groups, v) : -1;
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

static const struct bench_prog prog = {
	.usage = "[-W <warmup>] [-N <repetitions>] [-t unix|pipe] "
	         "[-m process|thread] [-f <fds>] [-l <loops>] "
	         "[-s <message size>] groups [groups ...]",
	.help = "-t unix|pipe  the channel to each receiver: a UNIX stream "
	        "socket pair (default) or a pipe\n"
	        "-m process|thread  workers are processes (default) or "
	        "threads\n"
	        "-f <fds>  receivers, and senders, per group (default 20)\n"
	        "-l <loops>  messages from each sender to each receiver "
	        "(default 100)\n"
	        "-s <message size>  bytes per message (default 100)\n"
	        "groups  groups of senders and receivers; a line per count",
	.min_operands = 1,
	.max_operands = -1,
	.option = option,
};

int
main(int argc, char **argv)
{
	struct state s = { .fds = 20, .loops = 100, .size = 100 };
	struct bench_opts o;
	struct bench_prog p = prog;
	char what[48];
	uint64_t most;
	int first, a, rc = 0, *counts;

	p.ctx = &s;
	first = bench_begin(argc, argv, &p, &o);
	counts = calloc((size_t)(argc - first), sizeof(*counts));
	if (counts == NULL) {
		util_err("out of memory");
		return EXIT_FAILED;
	}
	most = task_counts("groups", argc - first, argv + first, MAX_GROUPS,
	                   counts);
	snprintf(what, sizeof(what), "%llu groups", (unsigned long long)most);
	if (most == 0)
		rc = EXIT_USAGE;
	else if (task_room(most * 2 * (uint64_t)s.fds, what) != 0 ||
	         task_fds((s.threads ? most : 1) * 2 * (uint64_t)s.fds,
	                  what) != 0)
		rc = EXIT_FAILED;
	o.fixed_iterations = 1;
	o.helpers = 1;
	if (rc == 0)
		report_text("\"messaging %s %s fds=%d loops=%llu size=%zu\n",
		            transports[s.pipes].name, kinds[s.threads].name,
		            s.fds, (unsigned long long)s.loops, s.size);
	for (a = 0; a < argc - first && rc == 0; a++) {
		s.groups = counts[a];
		rc = measure(&s, &o);
	}
	free(counts);
	return rc;
}

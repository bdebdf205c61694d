/*
 * lat_msg - the scheduler under a messaging load, as hackbench (and
 * perf bench sched messaging) makes it: the time for groups of senders
 * and receivers to exchange their messages.
 *
 * Each group is -f receivers and -f senders (default 20 of each); every
 * receiver has its own channel (a UNIX stream socket pair, or a pipe with
 * -t pipe), and every sender writes -l messages (default 100) of -s bytes
 * (default 100) to every receiver, a message to each in turn, while each
 * receiver reads its -f times -l messages.  The workers are processes
 * (or threads with -m thread), made and waiting before the clock starts;
 * one start byte releases them all, and the interval ends when the last
 * has finished and been reaped (joined).  That is one sample; -N samples
 * per count, each with new workers; the figure is their median, in
 * microseconds for the whole exchange.  For each count of groups given,
 * one line: the groups, the time.
 *
 * The workers are not pinned unless LMBENCH_SCHED says so (they are
 * there to load the scheduler); every CPU each ran on is recorded as
 * the "child" party of the placement.
 *
 * Usage: lat_msg [-W <warmup>] [-N <repetitions>] [-t unix|pipe]
 *        [-m process|thread] [-f <fds>] [-l <loops>] [-s <message size>]
 *        groups [groups ...]
 * Output (stderr): "messaging unix process fds=20 loops=100 size=100
 * (a marker), then "GROUPS MICROSECONDS" per count, e.g. "10 86543.21".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_sched.h"
#include "lib_super.h"
#include "lib_task.h"
#include "lib_util.h"

#define MAX_GROUPS 10000

/* One worker: a sender (out: fds ends) or a receiver (out NULL, in). */
struct worker {
	const struct state *s;
	int in;
	const int *out;
};

struct state {
	int pipes;       /* -t pipe: pipes, else socket pairs */
	int threads;     /* -m thread: threads, else processes */
	int fds;         /* receivers (and senders) per group */
	uint64_t loops;  /* messages from each sender to each receiver */
	size_t size;     /* bytes per message */
	int groups;      /* groups in this measurement */
	int ready[2];    /* workers write a byte here when set up */
	int wake[2];     /* one byte here releases them */
	int nwork;       /* workers started */
	pid_t *pids;     /* processes: the workers */
	pthread_t *tids; /* threads: the workers */
	int *ends;       /* every channel end (-1: closed), 2 x fds a group */
	int *wr;         /* each group's writing ends, for its senders */
	struct worker *wk; /* what each worker is */
	struct copy_ctx *cx;
};

/* Ready, then wait for the start byte; 0, or -1 (the program went). */
static int
await_start(const struct state *s)
{
	struct pollfd p = { .fd = s->wake[0], .events = POLLIN };
	char c = 1;

	if (util_writen(s->ready[1], &c, 1) != 1)
		return -1;
	while (poll(&p, 1, -1) < 0)
		if (errno != EINTR)
			return -1;
	return (p.revents & POLLIN) ? 0 : -1;
}

/* A worker's whole life: 0 when every message went (or came). */
static int
work(const struct worker *w)
{
	const struct state *s = w->s;
	char buf[65536];
	uint64_t i;
	int j;

	party_child_start(s->cx);
	if (await_start(s) != 0)
		return -1;
	memset(buf, 0x5a, s->size);
	for (i = 0; i < s->loops; i++)
		for (j = 0; j < s->fds; j++)
			if (w->out != NULL ? util_writen(w->out[j], buf, s->size)
			                   != (ssize_t)s->size
			                   : util_readn(w->in, buf, s->size)
			                   != (ssize_t)s->size)
				return -1;
	party_child_start(s->cx);
	return 0;
}

static void *
thread_body(void *wp)
{
	return work(wp) == 0 ? NULL : wp;
}

/* Start one worker; 0, or -1 after a message.  A process closes the
 * ends of its group's channels (chan) it does not use: a receiver all
 * but its own, a sender the reading ends. */
static int
start(struct state *s, int in, const int *out, const int *chan, int nchan)
{
	struct worker *w = &s->wk[s->nwork];
	struct copy_ctx quiet;
	int k, rc;

	*w = (struct worker){ s, in, out };
	if (s->threads) {
		rc = pthread_create(&s->tids[s->nwork], NULL, thread_body, w);
		if (rc != 0) {
			errno = rc;
			util_syserr("cannot start thread %d", s->nwork + 1);
			return -1;
		}
		s->nwork++;
		return 0;
	}
	/* The workers are the "child" party, not helpers. */
	quiet = *s->cx;
	quiet.in_timed = 1;
	s->pids[s->nwork] = super_fork(&quiet, 1);
	if (s->pids[s->nwork] == 0) {
		for (k = 0; k < nchan; k++)
			if (out == NULL ? chan[k] != in : k % 2 == 0)
				close(chan[k]);
		close(s->ready[0]);
		_exit(work(w) == 0 ? 0 : EXIT_FAILED);
	}
	if (s->pids[s->nwork] < 0)
		return -1;
	s->nwork++;
	return 0;
}

/* One group's channels (chan[2j] receiver j's reading end, chan[2j+1]
 * its writing end) and workers.  0, or -1 after a message. */
static int
group(struct state *s, int *chan, int *wr)
{
	int j, p[2];

	for (j = 0; j < s->fds; j++) {
		if ((s->pipes ? pipe(p)
		              : socketpair(AF_UNIX, SOCK_STREAM, 0, p)) != 0) {
			util_syserr("cannot make channel %d of a group", j + 1);
			return -1;
		}
		chan[2 * j] = p[0];
		chan[2 * j + 1] = wr[j] = p[1];
	}
	for (j = 0; j < s->fds; j++)
		if (start(s, chan[2 * j], NULL, chan, 2 * s->fds) != 0)
			return -1;
	for (j = 0; j < s->fds; j++)
		if (start(s, -1, wr, chan, 2 * s->fds) != 0)
			return -1;
	return 0;
}

static void
close_ends(struct state *s, int from, int to)
{
	int k;

	for (k = from; s->ends != NULL && k < to; k++)
		if (s->ends[k] >= 0) {
			close(s->ends[k]);
			s->ends[k] = -1;
		}
}

/* Stop what is left: workers killed (processes) or released to fail
 * (threads: the ends closed under them), then reaped; nothing open. */
static void
stop_all(struct state *s)
{
	int k;

	for (k = 0; !s->threads && k < s->nwork; k++)
		if (s->pids[k] > 0) {
			kill(s->pids[k], SIGKILL);
			while (waitpid(s->pids[k], NULL, 0) < 0 && errno == EINTR)
				;
			s->pids[k] = -1;
		}
	/* threads wait in poll, read or write: cancellation points */
	for (k = 0; s->threads && k < s->nwork; k++)
		pthread_cancel(s->tids[k]);
	for (k = 0; s->threads && k < s->nwork; k++)
		pthread_join(s->tids[k], NULL);
	s->nwork = 0;
	close_ends(s, 0, 2 * s->fds * s->groups);
	for (k = 0; k < 2; k++) {
		if (s->wake[k] >= 0)
			close(s->wake[k]);
		s->wake[k] = -1;
	}
}

/* Untimed, before each sample: every group's channels and workers,
 * all of them set up and waiting.  0, or -1 after a message. */
static int
before(void *sp, uint64_t n)
{
	struct state *s = sp;
	int g, per = 2 * s->fds;
	char c;

	(void)n;
	if (pipe(s->wake) != 0) {
		util_syserr("pipe");
		return -1;
	}
	for (g = 0; g < s->groups; g++) {
		if (group(s, s->ends + g * per, s->wr + g * s->fds) != 0) {
			stop_all(s);
			return -1;
		}
		if (!s->threads)
			close_ends(s, g * per, (g + 1) * per);
	}
	for (g = 0; g < s->nwork; g++)
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
	int k, status, bad = 0;
	void *ret;
	char c = 1;

	(void)n;
	if (util_writen(s->wake[1], &c, 1) != 1) {
		util_syserr("write");
		return -1;
	}
	for (k = 0; k < s->nwork; k++)
		if (s->threads) {
			pthread_join(s->tids[k], &ret);
			bad |= ret != NULL;
		} else {
			while (waitpid(s->pids[k], &status, 0) < 0)
				if (errno != EINTR) {
					status = -1;
					break;
				}
			s->pids[k] = -1;
			bad |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
		}
	s->nwork = 0;
	if (bad)
		util_err("a worker did not finish its messages");
	return bad ? -1 : 0;
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
	s->ready[0] = s->ready[1] = s->wake[0] = s->wake[1] = -1;
	s->ends = malloc(nw * sizeof(*s->ends));
	s->wr = malloc(nw / 2 * sizeof(*s->wr));
	s->pids = s->threads ? NULL : calloc(nw, sizeof(*s->pids));
	s->tids = s->threads ? calloc(nw, sizeof(*s->tids)) : NULL;
	s->wk = calloc(nw, sizeof(*s->wk));
	if (s->ends == NULL || s->wr == NULL || s->wk == NULL ||
	    (s->pids == NULL && s->tids == NULL)) {
		util_err("out of memory for %zu workers", nw);
		return -1;
	}
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
	int k;

	if (s->ends != NULL)
		stop_all(s);
	for (k = 0; k < 2; k++)
		if (s->ready[k] >= 0)
			close(s->ready[k]);
	free(s->ends);
	free(s->wr);
	free(s->pids);
	free(s->tids);
	free(s->wk);
	s->wk = NULL;
	s->ends = s->wr = NULL;
	s->pids = NULL;
	s->tids = NULL;
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

/* The largest count of groups (operands), 0 after a message. */
static uint64_t
largest(int argc, char **argv, int first)
{
	uint64_t v, most = 0;
	const char *why;
	int a;

	for (a = first; a < argc; a++) {
		why = util_parse_u64(argv[a], 1, MAX_GROUPS, &v);
		if (why != NULL) {
			util_err("bad groups '%s': %s (1 to %d)", argv[a], why,
			         MAX_GROUPS);
			return 0;
		}
		if (v > most)
			most = v;
	}
	return most;
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
	int first, a, rc = 0;

	p.ctx = &s;
	first = bench_begin(argc, argv, &p, &o);
	most = largest(argc, argv, first);
	if (most == 0)
		return EXIT_USAGE;
	snprintf(what, sizeof(what), "%llu groups", (unsigned long long)most);
	if (task_room(most * 2 * (uint64_t)s.fds, what) != 0 ||
	    task_fds(s.threads ? most * 2 * (uint64_t)s.fds : 2 * (uint64_t)s.fds,
	             what) != 0)
		return EXIT_FAILED;
	o.fixed_iterations = 1;
	o.helpers = 1;
	report_text("\"messaging %s %s fds=%d loops=%llu size=%zu\n",
	            transports[s.pipes].name, kinds[s.threads].name, s.fds,
	            (unsigned long long)s.loops, s.size);
	for (a = first; a < argc && rc == 0; a++) {
		s.groups = (int)strtol(argv[a], NULL, 10);
		rc = measure(&s, &o);
	}
	return rc;
}

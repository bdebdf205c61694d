/*
 * lat_pipe - round-trip latency through a pair of pipes.
 *
 * Two processes and two pipes: each iteration the program writes one
 * byte into the first pipe; a helper process reads it and writes it
 * back on the second; the program reads it.  The reported time is one
 * full round trip (two one-way hand-offs, each a wake-up of the other
 * side), as lmbench reports it.
 *
 * Placement matters more than anything else here (a round trip between
 * two CPUs can cost ten times one on a single CPU), so both ends are
 * placed on purpose: unless LMBENCH_SCHED says otherwise, each copy and
 * its helper share one CPU (policy BALANCED; copy i on CPU i).
 *
 * Usage: lat_pipe [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 * Output (stderr): "Pipe latency: 4.8123 microseconds"
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

struct state {
	int to_helper[2];   /* pipe: program -> helper */
	int from_helper[2]; /* pipe: helper -> program */
	pid_t helper;	    /* the echoing process */
};

/* The helper: echo every byte until the program closes its pipe. */
static void __attribute__((noreturn))
echo(int in, int out)
{
	char c;

	for (;;) {
		ssize_t r = read(in, &c, 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r != 1 || write(out, &c, 1) != 1)
			_exit(0);
	}
}

static int
init(void *sp, int copy)
{
	struct state *s = sp;

	s->helper = -1;
	if (pipe(s->to_helper) != 0 || pipe(s->from_helper) != 0) {
		util_syserr("pipe");
		return -1;
	}
	s->helper = bench_fork(copy, 1);
	if (s->helper < 0)
		return -1;
	if (s->helper == 0) {
		close(s->to_helper[1]);
		close(s->from_helper[0]);
		echo(s->to_helper[0], s->from_helper[1]);
	}
	close(s->to_helper[0]);
	close(s->from_helper[1]);
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	char c = 'x';

	while (n-- > 0) {
		if (write(s->to_helper[1], &c, 1) != 1) {
			util_syserr("write to the helper");
			return -1;
		}
		if (read(s->from_helper[0], &c, 1) != 1) {
			util_err("the helper process died");
			return -1;
		}
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	close(s->to_helper[1]);
	close(s->from_helper[0]);
	if (s->helper > 0) {
		/* EOF ends the helper; the kill covers one that is stuck. */
		kill(s->helper, SIGKILL);
		waitpid(s->helper, NULL, 0);
	}
}

static void __attribute__((noreturn))
usage(void)
{
	util_usage("[-P <parallelism>] [-W <warmup>] [-N <repetitions>]");
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	struct bench_desc d = {init, run, cleanup, &s};
	struct bench_result r;
	int c, rc;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	o.helpers = 1;
	sched_set_default("BALANCED");
	opterr = 0;
	while ((c = getopt(argc, argv, "hP:W:N:")) != -1) {
		rc = bench_opt(&o, c, optarg);
		if (rc < 0)
			return EXIT_USAGE;
		if (rc == 0)
			usage();
	}
	if (optind != argc)
		usage();
	if (timing_check_env() != 0)
		return EXIT_USAGE;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	rc = report_us(&r, "Pipe latency", 1);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

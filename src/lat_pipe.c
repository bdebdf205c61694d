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
 * its helper share one CPU (policy SAME; copy i on CPU i).
 *
 * Usage: lat_pipe [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 * Output (stderr): "Pipe latency: 4.8123 microseconds"
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_ipc.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_sched.h"
#include "lib_util.h"

struct state {
	struct ipc_peer peer; /* pipes to the echoing helper */
	char byte;            /* the message */
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	int to[2], from[2];

	s->peer.helper = -1;
	if (pipe(to) != 0) {
		util_syserr("pipe");
		return -1;
	}
	if (pipe(from) != 0) {
		util_syserr("pipe");
		close(to[0]);
		close(to[1]);
		return -1;
	}
	s->peer.out = to[1];
	s->peer.in = from[0];
	return ipc_spawn(&s->peer, cx, to[0], from[1], IPC_ECHO, 1);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	return ipc_roundtrips(s->peer.out, s->peer.in, &s->byte, 1, n);
}

static void
cleanup(void *sp)
{
	ipc_stop(&((struct state *)sp)->peer);
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
	struct state s = { { -1, -1, -1 }, 'x' };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	int rc;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	o.helpers = 1;
	sched_set_default("SAME");
	rc = opts_getopt(argc, argv, "", &o, NULL, NULL);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc)
		usage();
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	return bench_measure_us(&d, &o, "Pipe latency", 1);
}

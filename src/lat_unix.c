/*
 * lat_unix - round-trip latency over a UNIX-domain stream socket.
 *
 * The program and a helper process hold the two ends of a socketpair
 * (AF_UNIX, SOCK_STREAM).  Each iteration the program writes a message
 * of -m bytes (default 1), the helper reads all of it and writes it back,
 * and the program reads all of it: one round trip, reported as lmbench
 * reports it.  As for lat_pipe, each copy and its helper share one CPU
 * unless LMBENCH_SCHED says otherwise (policy SAME).
 *
 * Usage: lat_unix [-m <message size>] [-P <parallelism>] [-W <warmup>]
 *        [-N <repetitions>]
 * Output (stderr): "AF_UNIX sock stream latency: 6.1044 microseconds"
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_ipc.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_sched.h"
#include "lib_unix.h"
#include "lib_util.h"

#define MAX_MSG (64ULL << 20)

struct state {
	struct ipc_peer peer; /* the socket to the echoing helper */
	size_t msize;         /* bytes per message */
	char *buf;            /* the message */
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	int sv[2];

	s->peer.helper = -1;
	s->buf = calloc(1, s->msize);
	if (s->buf == NULL) {
		util_err("out of memory for a %zu-byte message", s->msize);
		return -1;
	}
	if (unix_pair(sv) != 0)
		return -1;
	s->peer.out = s->peer.in = sv[0];
	return ipc_spawn(&s->peer, cx, sv[1], sv[1], IPC_ECHO, s->msize);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	return ipc_roundtrips(s->peer.out, s->peer.in, s->buf, s->msize, n);
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	ipc_stop(&s->peer);
	free(s->buf);
	s->buf = NULL;
}

/* -m: the message size. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;
	uint64_t v;

	(void)c;
	if (util_size_arg("-m", arg, 1, MAX_MSG, &v) != 0)
		return -1;
	s->msize = (size_t)v;
	return 0;
}

static void __attribute__((noreturn))
usage(void)
{
	util_usage("[-m <message size>] [-P <parallelism>] [-W <warmup>] "
	           "[-N <repetitions>]");
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { { -1, -1, -1 }, 1, NULL };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	int rc;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	o.helpers = 1;
	sched_set_default("SAME");
	rc = opts_getopt(argc, argv, "m:", &o, option, &s);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc)
		usage();
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	return bench_measure_us(&d, &o, "AF_UNIX sock stream latency", 1);
}

/*
 * bw_pipe - bandwidth of data moved through a pipe.
 *
 * A helper process writes -m byte messages (default 64 KB) into a pipe
 * without pause; the program reads.  One iteration reads -M bytes
 * (default 10 MB, rounded up to whole messages), in reads of at most one
 * message.  The rate is -M / median interval in MB/s (10^6 bytes),
 * summed over the -P copies.  Unless LMBENCH_SCHED says otherwise the
 * reader and the writer run on different CPUs (policy UNIQUE), so the
 * copies through the kernel on both sides overlap.
 *
 * Usage: bw_pipe [-m <message size>] [-M <total bytes>] [-P <parallelism>]
 *        [-W <warmup>] [-N <repetitions>]
 * Output (stderr): "Pipe bandwidth: 4567.89 MB/sec"
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"

struct state {
	struct ipc_peer peer; /* the pipe from the writing helper */
	size_t msize;         /* bytes per message */
	uint64_t total;       /* bytes per iteration */
	char *buf;            /* the read buffer */
};

static int
init(void *sp, int copy)
{
	struct state *s = sp;
	int p[2];

	s->peer.helper = -1;
	s->buf = malloc(s->msize);
	if (s->buf == NULL) {
		util_err("out of memory for a %zu-byte message", s->msize);
		return -1;
	}
	if (pipe(p) != 0) {
		util_syserr("pipe");
		return -1;
	}
	s->peer.in = p[0];
	s->peer.out = -1;
	return ipc_spawn(&s->peer, copy, -1, p[1], IPC_SOURCE, s->msize);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0)
		if (ipc_drain(s->peer.in, s->buf, s->msize, s->total) != 0)
			return -1;
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	ipc_stop(&s->peer);
	free(s->buf);
	s->buf = NULL;
}

/* -m and -M: message size and bytes per iteration. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;

	return ipc_parse_sizes(c, arg, &s->msize, &s->total);
}

static void __attribute__((noreturn))
usage(void)
{
	util_usage("[-m <message size>] [-M <total bytes>] [-P <parallelism>] "
	           "[-W <warmup>] [-N <repetitions>]");
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { { -1, -1, -1 }, 65536, 10ULL << 20, NULL };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	int rc;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	o.helpers = 1;
	sched_set_default("UNIQUE");
	rc = bench_getopt(argc, argv, "m:M:", &o, option, &s);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc)
		usage();
	ipc_round_total(s.msize, &s.total);
	if (timing_check_env() != 0)
		return EXIT_USAGE;
	return bench_measure_mbs(&d, &o, "Pipe bandwidth", (double)s.total);
}

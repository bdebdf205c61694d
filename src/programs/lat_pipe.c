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
#include <unistd.h>

#include "lib_fd.h"
#include "lib_ipc.h"
#include "lib_party.h"
#include "lib_util.h"

/* Two pipes: the program writes the first and reads the second. */
static int
pipes(struct copy_ctx *cx, int ends[4])
{
	int to[2], from[2];

	(void)cx;
	if (fd_pipes(to, from) != 0)
		return -1;
	ends[0] = to[1];
	ends[1] = from[0];
	ends[2] = to[0];
	ends[3] = from[1];
	return 0;
}

int
main(int argc, char **argv)
{
	return ipc_latency_main(argc, argv, pipes, 0, "Pipe latency");
}

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

#include "lib_ipc.h"
#include "lib_party.h"
#include "lib_unix.h"

/* A UNIX stream socket pair: the program's end and the helper's. */
static int
pair(struct copy_ctx *cx, int ends[4])
{
	int sv[2];

	(void)cx;
	if (unix_pair(sv) != 0)
		return -1;
	ends[0] = ends[1] = sv[0];
	ends[2] = ends[3] = sv[1];
	return 0;
}

int
main(int argc, char **argv)
{
	return ipc_latency_main(argc, argv, pair, 1,
	                        "AF_UNIX sock stream latency");
}

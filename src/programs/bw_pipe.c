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
#include <unistd.h>

#include "lib_ipc.h"
#include "lib_util.h"

static int
channel(int fd[2])
{
	if (pipe(fd) != 0) {
		util_syserr("pipe");
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	return ipc_bandwidth_main(argc, argv, channel, "Pipe bandwidth");
}

/*
 * bw_unix - bandwidth of data moved through a UNIX-domain stream socket.
 *
 * A helper process writes -m byte messages (default 64 KB) into one end
 * of a socketpair (AF_UNIX, SOCK_STREAM) without pause; the program reads
 * the other end.  One iteration reads -M bytes (default 10 MB, rounded up
 * to whole messages), in reads of at most one message.  The rate is -M / median
 * interval in MB/s (10^6 bytes), summed over the -P copies.  Unless
 * LMBENCH_SCHED says otherwise the reader and the writer run on different CPUs
 * (policy UNIQUE), so the copies through the kernel on both sides overlap.
 *
 * Usage: bw_unix [-m <message size>] [-M <total bytes>] [-P <parallelism>]
 *        [-W <warmup>] [-N <repetitions>]
 * Output (stderr): "AF_UNIX sock stream bandwidth: 12345.67 MB/sec"
 */
#include "lib_ipc.h"
#include "lib_unix.h"

int
main(int argc, char **argv)
{
	return ipc_bandwidth_main(argc, argv, unix_pair,
				  "AF_UNIX sock stream bandwidth");
}

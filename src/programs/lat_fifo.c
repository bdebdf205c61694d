/*
 * lat_fifo - round-trip latency through a pair of named pipes (FIFOs).
 *
 * As lat_pipe, with two FIFOs made by mkfifo in the program's private
 * temporary directory (unique names, never a fixed /tmp path; removed as
 * soon as they are open, and the directory goes when the program ends,
 * however it ends).  Each iteration is one round trip of
 * one byte.  Each copy and its helper share one CPU unless LMBENCH_SCHED
 * says otherwise.
 *
 * Usage: lat_fifo [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 * Output (stderr): "Fifo latency: 5.1234 microseconds"
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib_ipc.h"
#include "lib_party.h"
#include "lib_super.h"
#include "lib_util.h"

/* Open a FIFO for reading without waiting for a writer, then make the
 * descriptor blocking again. */
static int
open_reader(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK);

	if (fd >= 0 && fcntl(fd, F_SETFL, 0) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* Two FIFOs in the private directory, unlinked once all four ends are
 * open. */
static int
fifos(struct copy_ctx *cx, int ends[4])
{
	const char *dir = super_tmpdir(cx->run);
	char to[4096], from[4096];
	int to_r, from_w, out, in;

	if (dir == NULL)
		return -1;
	snprintf(to, sizeof(to), "%s/fifo.%d.%d.to", dir, cx->copy,
	         (int)getpid());
	snprintf(from, sizeof(from), "%s/fifo.%d.%d.from", dir, cx->copy,
	         (int)getpid());
	if (mkfifo(to, 0600) != 0 || mkfifo(from, 0600) != 0) {
		util_syserr("mkfifo in %s", dir);
		return -1;
	}
	/* All four ends are opened here, before the helper exists, so no
	 * open can wait for a process that died: each FIFO first gets its
	 * reader (which does not wait), then its writer (which has one). */
	to_r = open_reader(to);
	out = to_r < 0 ? -1 : open(to, O_WRONLY);
	in = out < 0 ? -1 : open_reader(from);
	from_w = in < 0 ? -1 : open(from, O_WRONLY);
	unlink(to);
	unlink(from);
	if (from_w < 0) {
		util_syserr("cannot open the FIFOs in %s", dir);
		if (to_r >= 0)
			close(to_r);
		if (out >= 0)
			close(out);
		if (in >= 0)
			close(in);
		return -1;
	}
	ends[0] = out;
	ends[1] = in;
	ends[2] = to_r;
	ends[3] = from_w;
	return 0;
}

int
main(int argc, char **argv)
{
	return ipc_latency_main(argc, argv, fifos, 0, "Fifo latency");
}

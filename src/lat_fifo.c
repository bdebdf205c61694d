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

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_ipc.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_sched.h"
#include "lib_super.h"
#include "lib_util.h"

struct state {
	struct ipc_peer peer; /* the FIFOs to the echoing helper */
	char byte;            /* the message */
};

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

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	const char *dir = super_tmpdir();
	char to[4096], from[4096];
	int to_r, from_w;

	s->peer.in = s->peer.out = s->peer.helper = -1;
	if (dir == NULL)
		return -1;
	snprintf(to, sizeof(to), "%s/fifo.%d.%d.to", dir, cx->copy, (int)getpid());
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
	s->peer.out = to_r < 0 ? -1 : open(to, O_WRONLY);
	s->peer.in = s->peer.out < 0 ? -1 : open_reader(from);
	from_w = s->peer.in < 0 ? -1 : open(from, O_WRONLY);
	unlink(to);
	unlink(from);
	if (from_w < 0) {
		util_syserr("cannot open the FIFOs in %s", dir);
		if (to_r >= 0)
			close(to_r);
		return -1;
	}
	return ipc_spawn(&s->peer, cx, to_r, from_w, IPC_ECHO, 1);
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
	return bench_measure_us(&d, &o, "Fifo latency", 1);
}

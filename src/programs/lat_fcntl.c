/*
 * lat_fcntl - the cost of handing a file lock back and forth between two
 * processes.
 *
 * The program and a helper take turns on three fcntl() byte-range locks
 * of a file in the program's private temporary directory.  The program
 * starts holding locks 0 and 1, the helper lock 2.  At step i the
 * program releases lock i mod 3 and asks (F_SETLKW) for lock (i + 2) mod 3,
 * which the helper holds; the helper asks for lock i mod 3, which the
 * program just released, then releases (i + 2) mod 3.  Each process only
 * ever waits for a lock the other holds, so the turns alternate strictly
 * (with two locks a process could take back the lock it just released).
 * One iteration is one step: a hand-off each way, the median time per
 * iteration.  Both run on one CPU unless LMBENCH_SCHED says otherwise
 * (policy SAME).  A helper that dies is noticed after the interval
 * (untimed) and reported.
 *
 * Usage: lat_fcntl [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 * Output (stderr): "Fcntl lock latency: 3.5678 microseconds"
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_fd.h"
#include "lib_file.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_super.h"
#include "lib_util.h"

struct state {
	int fd;	      /* the locked file */
	pid_t helper; /* the other process */
	uint64_t step; /* the program's next step */
};

/* Lock (F_WRLCK, waiting) or unlock byte `which`; 0 or -1. */
static int
lock(int fd, int which, short type)
{
	struct flock fl;

	fl.l_type = type;
	fl.l_whence = SEEK_SET;
	fl.l_start = which;
	fl.l_len = 1;
	while (fcntl(fd, type == F_UNLCK ? F_SETLK : F_SETLKW, &fl) != 0)
		if (errno != EINTR)
			return -1;
	return 0;
}

static void __attribute__((noreturn))
helper(int fd, int ready)
{
	uint64_t j;

	if (lock(fd, 2, F_WRLCK) != 0 || write(ready, "r", 1) != 1)
		_exit(EXIT_FAILED);
	close(ready);
	for (j = 0;; j++)
		if (lock(fd, (int)(j % 3), F_WRLCK) != 0 ||
		    lock(fd, (int)((j + 2) % 3), F_UNLCK) != 0)
			_exit(EXIT_FAILED);
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	char path[4096], c;
	int p[2];

	s->helper = -1;
	s->step = 0;
	s->fd = file_scratch(cx->run, path, sizeof(path), "lat_fcntl.%d.%d",
	                     cx->copy, (int)getpid());
	if (s->fd < 0)
		return -1;
	unlink(path);
	if (write(s->fd, "lck", 3) != 3 || lock(s->fd, 0, F_WRLCK) != 0 ||
	    lock(s->fd, 1, F_WRLCK) != 0) {
		util_syserr("cannot lock %s", path);
		return -1;
	}
	if (pipe(p) != 0) {
		util_syserr("pipe");
		return -1;
	}
	s->helper = super_fork(cx, 1);
	if (s->helper < 0)
		return -1;
	if (s->helper == 0) {
		close(p[0]);
		helper(s->fd, p[1]);
	}
	close(p[1]);
	if (read(p[0], &c, 1) != 1) {
		util_err("the helper process could not take its lock");
		close(p[0]);
		return -1;
	}
	close(p[0]);
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		if (lock(s->fd, (int)(s->step % 3), F_UNLCK) != 0 ||
		    lock(s->fd, (int)((s->step + 2) % 3), F_WRLCK) != 0) {
			util_syserr("fcntl");
			return -1;
		}
		s->step++;
	}
	return 0;
}

/* After each interval, untimed: a dead helper frees its lock, and the
 * turns would go on alone and look fast. */
static int
check_helper(void *sp, uint64_t n)
{
	struct state *s = sp;

	(void)n;
	return fd_alive(&s->helper, 1);
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	super_reap(&s->helper);
	fd_close(&s->fd);
}

static const struct bench_prog prog = {
	.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>]",
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { -1, -1, 0 };
	struct bench_desc d = { .init = init, .run = run, .after = check_helper,
		                .cleanup = cleanup, .state = &s };

	(void)bench_begin(argc, argv, &prog, &o);
	bench_same_cpu(&o, 1);
	return bench_measure_us(&d, &o, "Fcntl lock latency", 1);
}

/*
 * lat_sem - round-trip latency of a semaphore hand-off between two
 * processes.
 *
 * Two POSIX semaphores in memory shared with a helper process (unnamed,
 * so nothing is left behind, unlike lmbench's System V set): each
 * iteration the program posts the first and waits on the second; the
 * helper waits on the first and posts the second.  One iteration is one
 * round trip, two hand-offs.  Each copy and its helper share one CPU
 * unless LMBENCH_SCHED says otherwise (policy SAME).  A helper that
 * dies is noticed within a second and reported.
 *
 * Usage: lat_sem [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 * Output (stderr): "Semaphore latency: 3.1234 microseconds"
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <semaphore.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_fd.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_super.h"
#include "lib_util.h"

struct shared_sems {
	sem_t ping;	      /* program -> helper */
	sem_t pong;	      /* helper -> program */
	volatile int stop;    /* set before the last ping: helper exits */
};

struct state {
	struct shared_sems *sh; /* in shared memory */
	pid_t helper;		/* the other process */
	struct timespec deadline; /* when a wait checks the helper */
};

/* Wait on sem.  The deadline is read from the clock only when a wait
 * runs past it (about once a second), not on every hand-off; then the
 * program reaps a dead helper (kill(pid, 0) would succeed on a zombie)
 * and the helper checks that its parent is still the one that made it. */
static int
wait_for(sem_t *sem, struct timespec *deadline, pid_t *other, pid_t parent)
{
	for (;;) {
		if (sem_timedwait(sem, deadline) == 0)
			return 0;
		if (errno == EINTR)
			continue;
		if (errno != ETIMEDOUT) {
			util_syserr("sem_timedwait");
			return -1;
		}
		if (other != NULL && fd_alive(other, 0) != 0)
			return -1; /* reaped, or gone */
		if (other == NULL && getppid() != parent)
			return -1;
		clock_gettime(CLOCK_REALTIME, deadline);
		deadline->tv_sec += 1;
	}
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	pid_t parent;

	s->helper = -1;
	s->sh = mmap(NULL, sizeof(*s->sh), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s->sh == MAP_FAILED) {
		s->sh = NULL;
		util_syserr("mmap");
		return -1;
	}
	if (sem_init(&s->sh->ping, 1, 0) != 0 ||
	    sem_init(&s->sh->pong, 1, 0) != 0) {
		util_syserr("sem_init");
		return -1;
	}
	parent = getpid();
	s->helper = super_fork(cx, 1);
	if (s->helper < 0)
		return -1;
	if (s->helper == 0) {
		struct timespec deadline = { 0, 0 };

		for (;;) {
			if (wait_for(&s->sh->ping, &deadline, NULL, parent) != 0 ||
			    s->sh->stop)
				_exit(0);
			sem_post(&s->sh->pong);
		}
	}
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		sem_post(&s->sh->ping);
		if (wait_for(&s->sh->pong, &s->deadline, &s->helper, 0) != 0) {
			util_err("the helper process died");
			return -1;
		}
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->helper > 0) {
		s->sh->stop = 1;
		sem_post(&s->sh->ping);
	}
	super_reap(&s->helper);
	if (s->sh != NULL)
		munmap(s->sh, sizeof(*s->sh));
	s->sh = NULL;
}

static const struct bench_prog prog = {
	.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>]",
};

int
main(int argc, char **argv)
{
	struct state s = { NULL, -1, { 0, 0 } };
	const struct bench_desc d = { .init = init, .run = run,
		                      .cleanup = cleanup, .state = &s };
	struct bench_opts o;

	(void)bench_begin(argc, argv, &prog, &o);
	bench_same_cpu(&o, 1);
	return bench_measure_us(&d, &o, "Semaphore latency", 1);
}

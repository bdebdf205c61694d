/*
 * lib_threads.h - teams of worker threads pinned one to a CPU (by
 * lib_place, which also owns the CPUs they may use and the lists naming
 * them) and released together (lat_mem_load, bw_mem_peak, lat_c2c).
 *
 * A team's threads die with the process: a program ended by a signal
 * (the supervisor kills the worker's process group) leaves none behind,
 * and an error exit takes them with it.
 */
#ifndef LIB_THREADS_H
#define LIB_THREADS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* One worker of a team, as its function sees it. */
struct thr_worker {
	struct thr_team *team; /* the team it belongs to */
	int index;             /* 0..n-1 */
	int cpu;               /* the CPU it is pinned to */
	void *arg;             /* the caller's per-worker argument */
	int rc;                /* what the function returned */
	pthread_t tid;
};

/* Threads pinned one to a CPU: each pins itself, runs its set-up
 * (allocations placed by its CPU's memory policy), waits until every
 * one is ready, then all are released together into their work. */
struct thr_team {
	int n;                   /* workers */
	struct thr_worker *w;    /* the workers */
	int (*fn)(struct thr_worker *);
	atomic_int ready;        /* workers pinned and set up */
	atomic_int failed;       /* workers whose pin or set-up failed */
	atomic_int go;           /* 1: released */
	atomic_int stop;         /* 1: asked to stop */
};

/* Start n workers, worker k pinned to cpus[k] with args[k] (args may be
 * NULL), each running fn, which calls thr_wait_go once its set-up is
 * done and should return soon after thr_stopping is true; waits until
 * all are ready and releases them.  0, or -1 after a message (every
 * started thread joined). */
int thr_team_start(struct thr_team *t, int n, const int *cpus, void **args,
		   int (*fn)(struct thr_worker *));
/* In a worker: report ready (or failed, rc != 0) and wait for the
 * release; 0 when released, -1 when the team is being torn down. */
int thr_wait_go(struct thr_worker *w, int rc);
/* Whether the team was asked to stop. */
int thr_stopping(const struct thr_team *t);
/* Join every worker without asking it to stop (workers with a fixed
 * amount of work): as thr_team_stop. */
int thr_team_join(struct thr_team *t);
/* Ask every worker to stop and join them: 0, or -1 when any worker's
 * function returned non-zero (it said why). */
int thr_team_stop(struct thr_team *t);

/* A spin of n turns of an empty loop the compiler keeps (no pause
 * instruction, whose cost differs tenfold between processors). */
void thr_spin(uint64_t n);

#endif

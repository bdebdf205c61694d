/*
 * lat_pthread.h - what lat_pthread's files share: the state, a helper
 * thread's slot, sysbench's draw state, the mutex mode
 * (lat_pthread_mutex.c: the lock+unlock loop as sysbench's mutex test
 * runs it) and the helper threads' start and end
 * (lat_pthread_helpers.c).  Private to lat_pthread.
 */
#ifndef LAT_PTHREAD_H
#define LAT_PTHREAD_H

#include <pthread.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib_party.h"

/* xoroshiro128+'s state: the generator sysbench draws its locks with. */
struct draw {
	uint64_t a, b;
};

/* One helper thread: its state, handle and kernel id. */
struct slot {
	struct state *s;
	pthread_t t;
	pid_t tid;
};

struct state {
	int threads;        /* threads running the loop (mutex) */
	int mutexes;        /* mutexes they pick from */
	int pick;           /* -m given: a draw before every lock */
	int threads_given;  /* -t given (mutex only) */
	struct lock *locks;
	struct slot *slots; /* the helper threads, 1.. (0 unused) */
	struct draw seed;   /* the main thread's draws */
	int started;        /* helper threads created */
	uint32_t gen;       /* mutex: bumped to ready an interval */
	uint32_t go;        /* and set to gen to start it */
	uint32_t awake;     /* helpers awake for it */
	uint32_t done;      /* helpers finished with it (or started) */
	uint32_t stop;      /* helpers end */
	uint32_t turn;      /* futex: 1 the helper's, 0 the main thread's */
	uint64_t iters;     /* the interval's iterations */
	uint64_t spent;     /* mutex: the threads' own times, summed (ns) */
	struct copy_ctx *cx;
	struct sb_line *sb; /* -m: sysbench's layout (a line of its own) */
};

static inline uint32_t
load(uint32_t *w)
{
	return __atomic_load_n(w, __ATOMIC_ACQUIRE);
}

/* The mutexes (-m of them, else one) and sysbench's line, with the main
 * thread's draw seeded; 0, or -1 after a message (mutex_free frees what
 * was made). */
int mutex_setup(struct state *s);
/* Destroy and free what mutex_setup made, once no thread runs. */
void mutex_free(struct state *s);
/* A mutex helper thread's body (slot *sp): each new generation, an
 * interval's loop, until stop. */
void *mutex_helper(void *sp);
/* The harness's callbacks of the mutex mode (struct bench_desc's before,
 * run and interval_ns). */
int before_mutex(void *sp, uint64_t n);
int run_mutex(void *sp, uint64_t n);
uint64_t mutex_ns(void *sp);

/* Helper threads 1..n running body, each pinned where the policy puts
 * helper k and recorded as a party once it runs (lat_pthread_helpers.c).
 * 0, or -1 after a message (helpers_stop joins what was started). */
int helpers_start(struct state *s, struct copy_ctx *cx, int n,
                  void *(*body)(void *));
/* Stop and join the helpers started, and free what the mode made
 * (struct bench_desc's cleanup). */
void helpers_stop(void *sp);

#endif

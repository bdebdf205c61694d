/*
 * lat_pthread_mutex.c - lat_pthread's mutex mode, as sysbench's mutex
 * test runs it (lat_pthread.h): the mutexes and their counter laid out
 * as sysbench's globals lie, its xoroshiro128+ draw of a mutex before
 * each lock (-m), the loop every thread runs and times on its own, and
 * the helper threads' start of each interval together.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lat_pthread.h"
#include "lib_clock.h"
#include "lib_mem.h"
#include "lib_task.h"
#include "lib_util.h"

/* A mutex and its counter on lines of their own: two lines, as sysbench. */
struct lock {
	pthread_mutex_t m __attribute__((aligned(128)));
	uint64_t count __attribute__((aligned(128)));
};

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* A draw's state from a seed: two steps of lib_mem's splitmix64. */
static struct draw
draw_seed(uint64_t x)
{
	uint64_t a = mem_rand(&x);

	return (struct draw){ a, mem_rand(&x) | 1 };
}

/* One of n, uniformly: the next number's top 52 bits as a double in
 * [0, 1), times n.  Not inlined, and the state in memory: a call and a
 * load and store per lock, as sysbench's sb_rand_uniform costs. */
static __attribute__((noinline)) uint32_t
draw_one(struct draw *r, uint32_t n)
{
	uint64_t s0 = r->a, s1 = r->b;
	union {
		uint64_t u;
		double d;
	} f = { ((s0 + s1) >> 12) | 0x3ff0000000000000ULL };

	s1 ^= s0;
	r->a = rotl(s0, 55) ^ s1 ^ (s1 << 14);
	r->b = rotl(s1, 36);
	return (uint32_t)((f.d - 1.0) * (double)n);
}

/* -m, laid out as sysbench's globals are: one counter for every mutex,
 * on the line the loop reads the count and the array from before each
 * lock (its global_var beside mutex_num and thread_locks), so that
 * contended, the waiting threads' reads meet the holder's add there. */
struct sb_line {
	uint64_t count;
	struct lock *locks;
	uint32_t mutexes;
};

/* n lock+unlock pairs: on the one mutex, or (-m) on one drawn each time. */
static void
lock_loop(struct state *s, uint64_t n, struct draw *seed)
{
	/* read once: the lock calls would make the loop read them again */
	struct lock *one = s->locks;
	struct sb_line *sb = s->sb;
	int pick = s->pick;

	for (; !pick && n > 0; n--) {
		pthread_mutex_lock(&one->m);
		one->count++;
		pthread_mutex_unlock(&one->m);
	}
	/* read every time, as sysbench's loop does; the add under whichever
	 * mutex was drawn, so relaxed atomics (sysbench's plain add races) */
	while (n-- > 0) {
		uint32_t k = draw_one(seed, __atomic_load_n(&sb->mutexes,
		                                            __ATOMIC_RELAXED));
		struct lock *l = &__atomic_load_n(&sb->locks,
		                                  __ATOMIC_RELAXED)[k];

		pthread_mutex_lock(&l->m);
		__atomic_store_n(&sb->count,
		                 __atomic_load_n(&sb->count, __ATOMIC_RELAXED) + 1,
		                 __ATOMIC_RELAXED);
		pthread_mutex_unlock(&l->m);
	}
}

/* lock_loop, its time (from this thread's start to its last unlock)
 * added to the interval's sum: as sysbench's event latency, each
 * thread's own. */
static void
timed_loop(struct state *s, uint64_t n, struct draw *seed)
{
	uint64_t t0 = timing_now_ns();

	lock_loop(s, n, seed);
	__atomic_add_fetch(&s->spent, timing_now_ns() - t0, __ATOMIC_RELAXED);
}

void *
mutex_helper(void *sp)
{
	struct slot *me = sp;
	struct state *s = me->s;
	uint32_t seen = 0, g;
	struct draw seed;

	me->tid = (pid_t)syscall(SYS_gettid);
	seed = draw_seed((uint64_t)me->tid);
	task_arrive(&s->done, (uint32_t)s->started);
	for (;;) {
		while ((g = load(&s->gen)) == seen)
			task_futex_wait(&s->gen, seen);
		seen = g;
		if (load(&s->stop))
			return NULL;
		/* awake before the clock starts: the start is a store, not a
		 * wake-up (yielding, for a main thread on the same CPU) */
		task_arrive(&s->awake, (uint32_t)s->started);
		while (load(&s->go) != g)
			sched_yield();
		timed_loop(s, s->iters, &seed);
		task_arrive(&s->done, (uint32_t)s->started);
	}
}

/* Untimed: every helper woken for the next interval and waiting for
 * its start. */
int
before_mutex(void *sp, uint64_t n)
{
	struct state *s = sp;

	s->iters = n;
	s->spent = 0;
	__atomic_store_n(&s->done, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&s->awake, 0, __ATOMIC_RELEASE);
	__atomic_add_fetch(&s->gen, 1, __ATOMIC_ACQ_REL);
	if (s->started > 0)
		task_futex_wake(&s->gen, INT_MAX);
	task_await(&s->awake, (uint32_t)s->started);
	return 0;
}

int
run_mutex(void *sp, uint64_t n)
{
	struct state *s = sp;
	/* on this thread's stack, as each helper's: the state's line is
	 * read by every helper, and a draw stores at every lock */
	struct draw d = s->seed;

	__atomic_store_n(&s->go, load(&s->gen), __ATOMIC_RELEASE);
	timed_loop(s, n, &d);
	task_await(&s->done, (uint32_t)s->started);
	s->seed = d;
	return 0;
}

/* The mean of the threads' own times, not the wall time to the last
 * one's end: sysbench's avg.  Where a thread is left to finish alone
 * (four threads on two CPUs) the wall time is 2-6 % above the mean
 * (sysbench's max against its avg, Intel Emerald Rapids). */
uint64_t
mutex_ns(void *sp)
{
	const struct state *s = sp;

	return __atomic_load_n(&s->spent, __ATOMIC_RELAXED) /
	       (uint64_t)s->threads;
}

int
mutex_setup(struct state *s)
{
	int k;

	s->locks = aligned_alloc(sizeof(*s->locks),
	                         (size_t)s->mutexes * sizeof(*s->locks));
	if (s->locks == NULL) {
		util_err("out of memory for %d mutexes", s->mutexes);
		return -1;
	}
	for (k = 0; k < s->mutexes; k++) {
		pthread_mutex_init(&s->locks[k].m, NULL);
		s->locks[k].count = 0;
	}
	s->sb = aligned_alloc(128, 128);
	if (s->sb == NULL) {
		util_err("out of memory");
		return -1;
	}
	*s->sb = (struct sb_line){ 0, s->locks, (uint32_t)s->mutexes };
	s->seed = draw_seed(2463534242u);
	return 0;
}

void
mutex_free(struct state *s)
{
	int k;

	for (k = 0; s->locks != NULL && k < s->mutexes; k++)
		pthread_mutex_destroy(&s->locks[k].m);
	free(s->locks);
	s->locks = NULL;
	free(s->sb);
	s->sb = NULL;
}

/*
 * lat_pthread - thread primitives: a mutex lock and unlock, alone and
 * contended; a thread's creation and join; a futex wake-up.
 *
 * Modes:
 *   mutex   -t threads (default 1: uncontended) each run the same loop
 *           at once, as sysbench mutex does: with -m, pick one of that
 *           many mutexes by a uniform draw as sysbench makes it (a call
 *           per lock: xoroshiro128+, its top 52 bits as a double in
 *           [0, 1) times the count), even of one, lock it, add one to
 *           the one counter, unlock it, the counter on the line the
 *           count and the mutexes' address are read from each time (as
 *           sysbench's globals lie); without -m, the one mutex with no
 *           draw, its own counter on a line of its own (the lock and
 *           unlock alone).  Every thread does an interval's
 *           iterations and times its own loop; the figure is the mean
 *           of those times per lock+unlock, in nanoseconds (sysbench's
 *           avg event latency over its locks).  "Mutex lock+unlock
 *           threads=1 mutexes=1"
 *   create  pthread_create of a thread that returns at once, then
 *           pthread_join; microseconds per pair.  "Thread create+join"
 *   futex   two threads hand a turn back and forth through one futex
 *           word (FUTEX_WAKE, the other asleep in FUTEX_WAIT); the
 *           figure is half the round trip: microseconds from one
 *           thread's wake to the other running.  "Futex wake-to-run"
 *
 * Placement: every thread is pinned where LMBENCH_SCHED puts its party
 * (thread k as helper k) and recorded.  Unless it says otherwise the
 * futex pair shares one CPU (SAME) and LMBENCH_SCHED=CROSS puts it on
 * two (status 77 with one CPU); the mutex threads each get a CPU of
 * their own in turn (UNIQUE); create stays where it starts (SAME).
 *
 * Usage: lat_pthread [-W <warmup>] [-N <repetitions>] [-t <threads>]
 *        [-m <mutexes>] mutex|create|futex
 * Output (stderr): "Mutex lock+unlock threads=4 mutexes=1: 123.45
 * nanoseconds", "Thread create+join: 12.3456 microseconds", "Futex
 * wake-to-run: 2.3456 microseconds".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_sched.h"
#include "lib_task.h"
#include "lib_util.h"

#define MAX_THREADS 1000000
/* Contended (-t above 1), an interval lasts at least this long, whatever
 * ENOUGH says: the threads' turns at the mutex settle over many
 * scheduler slices, and an interval of a few milliseconds, within one
 * slice, often catches a spell in which one thread has the lock to
 * itself.  AMD Zen 5 guest, 2 CPUs, -t 4 -m 1 floating, 5 runs each:
 * 48-161 ns at the calibrated ENOUGH (1 ms), 148-176 at 100 ms,
 * sysbench mutex 145-182. */
#define CONTENDED_NS 100000000ULL

/* A mutex and its counter on lines of their own: two lines, as sysbench. */
struct lock {
	pthread_mutex_t m __attribute__((aligned(128)));
	uint64_t count __attribute__((aligned(128)));
};

/* xoroshiro128+'s state: the generator sysbench draws its locks with. */
struct draw {
	uint64_t a, b;
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

/* One helper thread: its state, handle and kernel id. */
struct slot {
	struct state *s;
	pthread_t t;
	pid_t tid;
};

/* -m, laid out as sysbench's globals are: one counter for every mutex,
 * on the line the loop reads the count and the array from before each
 * lock (its global_var beside mutex_num and thread_locks), so that
 * contended, the waiting threads' reads meet the holder's add there. */
struct sb_line {
	uint64_t count;
	struct lock *locks;
	uint32_t mutexes;
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

static uint32_t
load(uint32_t *w)
{
	return __atomic_load_n(w, __ATOMIC_ACQUIRE);
}

/* A mutex helper: each new generation, an interval's loop. */
static void *
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

/* The futex helper: wait for its turn, give it back. */
static void *
futex_helper(void *sp)
{
	struct slot *me = sp;
	struct state *s = me->s;

	me->tid = (pid_t)syscall(SYS_gettid);
	task_arrive(&s->done, (uint32_t)s->started);
	for (;;) {
		while (load(&s->turn) == 0)
			task_futex_wait(&s->turn, 0);
		if (load(&s->stop))
			return NULL;
		__atomic_store_n(&s->turn, 0, __ATOMIC_RELEASE);
		task_futex_wake(&s->turn, 1);
	}
}

static void *
nothing(void *p)
{
	return p;
}

/* Untimed: every helper woken for the next interval and waiting for
 * its start. */
static int
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

static int
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
static uint64_t
mutex_ns(void *sp)
{
	const struct state *s = sp;

	return __atomic_load_n(&s->spent, __ATOMIC_RELAXED) /
	       (uint64_t)s->threads;
}

static int
run_futex(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		__atomic_store_n(&s->turn, 1, __ATOMIC_RELEASE);
		task_futex_wake(&s->turn, 1);
		while (load(&s->turn) == 1)
			task_futex_wait(&s->turn, 1);
	}
	return 0;
}

static int
run_create(void *sp, uint64_t n)
{
	pthread_t t;
	int rc;

	(void)sp;
	while (n-- > 0) {
		rc = pthread_create(&t, NULL, nothing, NULL);
		if (rc != 0) {
			errno = rc;
			util_syserr("pthread_create");
			return -1;
		}
		pthread_join(t, NULL);
	}
	return 0;
}

/* Stop and join the helpers started. */
static void
cleanup(void *sp)
{
	struct state *s = sp;
	int k;

	__atomic_store_n(&s->stop, 1, __ATOMIC_RELEASE);
	__atomic_add_fetch(&s->gen, 1, __ATOMIC_ACQ_REL);
	__atomic_store_n(&s->turn, 1, __ATOMIC_RELEASE);
	task_futex_wake(&s->gen, INT_MAX);
	task_futex_wake(&s->turn, INT_MAX);
	for (k = 1; k <= s->started; k++)
		pthread_join(s->slots[k].t, NULL);
	s->started = 0;
	free(s->slots);
	s->slots = NULL;
	for (k = 0; s->locks != NULL && k < s->mutexes; k++)
		pthread_mutex_destroy(&s->locks[k].m);
	free(s->locks);
	s->locks = NULL;
	free(s->sb);
	s->sb = NULL;
}

/* Helpers 1..n running body, each pinned where the policy puts helper
 * k and recorded as a party once it runs.  0, or -1 after a message. */
static int
helpers(struct state *s, struct copy_ctx *cx, int n, void *(*body)(void *))
{
	int k, rc;

	s->slots = calloc((size_t)n + 1, sizeof(*s->slots));
	if (s->slots == NULL) {
		util_err("out of memory for %d threads", n);
		return -1;
	}
	for (k = 1; k <= n; k++) {
		s->slots[k].s = s;
		rc = pthread_create(&s->slots[k].t, NULL, body, &s->slots[k]);
		if (rc != 0) {
			errno = rc;
			util_syserr("cannot start thread %d of %d", k + 1, n + 1);
			return -1;
		}
		s->started = k;
		if (task_pin(s->slots[k].t, sched_target(cx->policy, cx->copy, k, n)) != 0)
			return -1;
	}
	task_await(&s->done, (uint32_t)s->started);
	for (k = 1; k <= n; k++)
		party_add(cx, s->slots[k].tid, k, sched_target(cx->policy, cx->copy, k, n));
	return 0;
}

static int
init_mutex(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
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
	/* glibc locks without the bus lock while a process has never had a
	 * second thread; a mutex is there for threads, so one is made (and
	 * joined) before the uncontended loop too. */
	if (s->threads == 1 && run_create(s, 1) != 0)
		return -1;
	return helpers(s, cx, s->threads - 1, mutex_helper);
}

static int
init_futex(void *sp, struct copy_ctx *cx)
{
	return helpers(sp, cx, 1, futex_helper);
}

/* The modes: name, label, unit, the default placement, the callbacks,
 * operations per iteration. */
static const struct mode {
	const char *name;
	const char *label;
	const char *policy;
	int (*init)(void *, struct copy_ctx *);
	int (*run)(void *, uint64_t);
	double per_iter;
} modes[] = {
	{ "mutex", "Mutex lock+unlock", "UNIQUE", init_mutex, run_mutex, 1 },
	{ "create", "Thread create+join", "SAME", NULL, run_create, 1 },
	{ "futex", "Futex wake-to-run", "SAME", init_futex, run_futex, 2 },
};

/* -t and -m. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;
	uint64_t v;
	const char *why = util_parse_u64(arg, 1, c == 't' ? MAX_THREADS : 65536,
	                                 &v);

	if (why != NULL) {
		util_err("bad -%c '%s': %s (1 to %d)", c, arg, why,
		         c == 't' ? MAX_THREADS : 65536);
		return -1;
	}
	if (c == 't') {
		s->threads = (int)v;
		s->threads_given = 1;
	} else {
		s->mutexes = (int)v;
		s->pick = 1;
	}
	return 0;
}

static const struct bench_prog prog = {
	.usage = "[-W <warmup>] [-N <repetitions>] [-t <threads>] "
	         "[-m <mutexes>] mutex|create|futex",
	.help = "-t <threads>  mutex: threads locking at once (default 1)\n"
	        "-m <mutexes>  mutex: mutexes each lock draws one of, as "
	        "sysbench (default: one, no draw)\n"
	        "mutex|create|futex  what is timed",
	.min_operands = 1,
	.max_operands = 1,
	.option = option,
};

int
main(int argc, char **argv)
{
	struct state s = { .threads = 1, .mutexes = 1 };
	struct bench_desc d = { .cleanup = cleanup, .state = &s };
	struct bench_prog p = prog;
	struct bench_opts o;
	struct bench_result r;
	const struct mode *m;
	char label[96], what[32];
	struct report_fig f = { label, "ns", REPORT_NS, 1, -1, 0 };
	double v;
	int rc;

	p.ctx = &s;
	m = &modes[bench_lookup("mode", argv[bench_begin(argc, argv, &p, &o)],
	                        modes, 3, sizeof(modes[0]))];
	if (m->run != run_mutex && (s.threads_given || s.pick)) {
		util_err("-t and -m apply to mutex only");
		return EXIT_USAGE;
	}
	snprintf(what, sizeof(what), "%d threads", s.threads);
	if (m->run == run_mutex && task_room((uint64_t)s.threads, what) != 0)
		return EXIT_FAILED;
	o.placement = m->policy;
	if (m->run == run_mutex && s.threads > 1)
		o.min_interval_ns = CONTENDED_NS;
	d.init = m->init;
	d.run = m->run;
	d.before = m->run == run_mutex ? before_mutex : NULL;
	d.interval_ns = m->run == run_mutex ? mutex_ns : NULL;
	o.helpers = m->run == run_mutex ? s.threads - 1 : m->run == run_futex;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	if (m->run == run_mutex)
		snprintf(label, sizeof(label), "%s threads=%d mutexes=%d%s",
		         m->label, s.threads, s.mutexes, s.pick ? " drawn" : "");
	else {
		snprintf(label, sizeof(label), "%s", m->label);
		f = (struct report_fig){ label, "us", REPORT_US, m->per_iter,
			                 -1, 0 };
	}
	rc = report_measured(&r, &f, &v);
	if (rc == 0)
		rc = m->run == run_mutex
			? report_emit(&r, &f, v, "%s: %.2f nanoseconds\n", label, v)
			: report_emit(&r, &f, v, "%s: %.4f microseconds\n", label, v);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

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
 *           threads=1 mutexes=1" (its loop: lat_pthread_mutex.c)
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
#include <pthread.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lat_pthread.h"
#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_report.h"
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

static int
init_mutex(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	if (mutex_setup(s) != 0)
		return -1;
	/* glibc locks without the bus lock while a process has never had a
	 * second thread; a mutex is there for threads, so one is made (and
	 * joined) before the uncontended loop too. */
	if (s->threads == 1 && run_create(s, 1) != 0)
		return -1;
	return helpers_start(s, cx, s->threads - 1, mutex_helper);
}

static int
init_futex(void *sp, struct copy_ctx *cx)
{
	return helpers_start(sp, cx, 1, futex_helper);
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
	struct bench_desc d = { .cleanup = helpers_stop, .state = &s };
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

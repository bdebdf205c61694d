/*
 * lib_clock.c - the clock, the sinks that keep work alive, and the
 * calibration of ENOUGH, TIMING_O and LOOP_O (lib_clock.h).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "lib_clock.h"
#include "lib_util.h"

uint64_t
timing_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static volatile uint64_t sink_u64;
static const void *volatile sink_ptr;

int
timing_procedure(int v)
{
	return v + 1;
}

void
timing_use(uint64_t v)
{
	sink_u64 = v;
}

void
timing_use_ptr(const void *p)
{
	sink_ptr = p;
}

/* ------------------------------------------------------------------ */
/* Calibration.                                                        */

#if defined(__clang__)
#define NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define NO_UNROLL _Pragma("GCC unroll 1")
#endif

/* The reference work: dependent loads of a pointer to itself. */
static void *self_ptr = &self_ptr;

static __attribute__((noinline)) void
loop_one(uint64_t n)
{
	void **p = (void **)self_ptr;

	NO_UNROLL
	while (n-- > 0)
		p = (void **)*p;
	timing_use_ptr(p);
}

static __attribute__((noinline)) void
loop_two(uint64_t n)
{
	void **p = (void **)self_ptr;

	NO_UNROLL
	while (n-- > 0) {
		p = (void **)*p;
		p = (void **)*p;
	}
	timing_use_ptr(p);
}

static uint64_t
time_loop(void (*f)(uint64_t), uint64_t n)
{
	uint64_t t0 = timing_now_ns();

	f(n);
	return timing_now_ns() - t0;
}

/* Minimum over k runs of f(n), in ns. */
static uint64_t
min_loop(void (*f)(uint64_t), uint64_t n, int k)
{
	uint64_t best = UINT64_MAX;
	int i;

	for (i = 0; i < k; i++) {
		uint64_t t = time_loop(f, n);

		if (t < best)
			best = t;
	}
	return best;
}

/* Iterations of f that take about target ns. */
static uint64_t
size_loop(void (*f)(uint64_t), uint64_t target)
{
	uint64_t n = 1, t;

	for (;;) {
		t = min_loop(f, n, 3);
		if (t >= target / 4 && t > 0)
			break;
		n *= t < target / 64 ? 16 : 2;
		if (n > (1ULL << 40))
			break;
	}
	return (uint64_t)((double)n * (double)target / (double)(t ? t : 1)) + 1;
}

double
timing_granularity_ns(void)
{
	static double gran = -1;
	uint64_t best = UINT64_MAX;
	int i;

	if (gran >= 0)
		return gran;
	for (i = 0; i < 100; i++) {
		uint64_t a = timing_now_ns(), b;

		while ((b = timing_now_ns()) == a)
			;
		if (b - a < best)
			best = b - a;
	}
	gran = (double)best;
	return gran;
}

double
timing_overhead_ns(void)
{
	static double cost = -1;
	double env;
	int i, j;

	if (cost >= 0)
		return cost;
	if (util_env_double("TIMING_O", &env) > 0) {
		cost = env * 1000.0; /* lmbench keeps it in microseconds */
		return cost;
	}
	cost = 1e30;
	for (i = 0; i < 11; i++) {
		uint64_t t0 = timing_now_ns(), t1;

		for (j = 0; j < 1000; j++)
			(void)timing_now_ns();
		t1 = timing_now_ns();
		if ((double)(t1 - t0) / 1001.0 < cost)
			cost = (double)(t1 - t0) / 1001.0;
	}
	return cost;
}

double
timing_enough_ns(void)
{
	static double enough = -1;
	static const uint64_t candidates_ms[] = { 1, 2, 5, 10, 20, 50, 100 };
	uint64_t env;
	size_t i;
	int rc;

	if (enough >= 0)
		return enough;
	rc = util_env_u64("ENOUGH", 1, 3600000000ULL, &env);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		enough = (double)env * 1000.0;
		return enough;
	}
	/* The shortest interval at which the clock is linear: twice the
	 * work must take twice the time, within 1 %, comparing the best of
	 * seven runs of each.  The runs alternate, so that a slow drift of
	 * the machine's speed (common on shared virtual machines) moves both
	 * minimums alike instead of failing every candidate. */
	for (i = 0; i < sizeof(candidates_ms) / sizeof(candidates_ms[0]); i++) {
		uint64_t target = candidates_ms[i] * 1000000ULL;
		uint64_t n = size_loop(loop_one, target);
		uint64_t t1 = UINT64_MAX, t2 = UINT64_MAX, t;
		int k;

		for (k = 0; k < 7; k++) {
			t = time_loop(loop_one, n);
			if (t < t1)
				t1 = t;
			t = time_loop(loop_one, 2 * n);
			if (t < t2)
				t2 = t;
		}
		if (t1 > 0 &&
		    fabs((double)t2 / (2.0 * (double)t1) - 1.0) < 0.01 &&
		    (double)t1 > 1000 * timing_granularity_ns()) {
			enough = (double)target;
			return enough;
		}
	}
	enough = 100e6;
	return enough;
}

double
timing_loop_overhead_ns(void)
{
	static double cost = -1;
	double env, enough;
	uint64_t n;
	double t1, t2;

	if (cost >= 0)
		return cost;
	if (util_env_double("LOOP_O", &env) > 0) {
		cost = env * 1000.0;
		return cost;
	}
	enough = timing_enough_ns();
	if (enough < 0)
		enough = 1e6;
	/* As lmbench: a loop of one load and a loop of two; the cost of the
	 * loop itself is 2*t1 - t2 per iteration, never below zero. */
	n = size_loop(loop_one, (uint64_t)enough);
	t1 = (double)min_loop(loop_one, n, 11) - timing_overhead_ns();
	t2 = (double)min_loop(loop_two, n, 11) - timing_overhead_ns();
	cost = (2 * t1 - t2) / (double)n;
	if (cost < 0 || !isfinite(cost))
		cost = 0;
	return cost;
}

int
timing_check_env(void)
{
	double d;
	uint64_t u;

	if (util_env_u64("ENOUGH", 1, 3600000000ULL, &u) < 0)
		return -1;
	if (util_env_double("TIMING_O", &d) < 0)
		return -1;
	if (util_env_double("LOOP_O", &d) < 0)
		return -1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Others' load.                                                       */


static int
load_now(struct timing_load *l)
{
	unsigned long long v[8] = { 0 };
	struct rusage ru;
	struct timespec ts;
	char text[256], *p = text + 3, *end;
	FILE *f = fopen("/proc/stat", "r");
	int got = 0;

	if (f == NULL)
		return -1;
	if (fgets(text, sizeof(text), f) == NULL ||
	    strncmp(text, "cpu ", 4) != 0)
		text[0] = p[0] = '\0';
	fclose(f);
	for (; got < 8 && *p != '\0'; got++, p = end) {
		v[got] = strtoull(p, &end, 10);
		if (end == p)
			break;
	}
	if (got != 8 || getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	/* user, nice, system, irq, softirq, steal (not idle, iowait) */
	l->others = (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) /
		    (double)sysconf(_SC_CLK_TCK);
	l->own = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
		 (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	l->wall = (double)ts.tv_sec + ts.tv_nsec / 1e9;
	return 0;
}

void
timing_load_start(struct timing_load *l)
{
	if (load_now(l) != 0)
		l->wall = 0;
}

double
timing_load_share(const struct timing_load *l)
{
	struct timing_load now;
	double share;

	if (l->wall == 0 || load_now(&now) != 0 || now.wall <= l->wall)
		return 0;
	share = (now.others - l->others - (now.own - l->own)) /
		(now.wall - l->wall);
	return share > 0 ? share : 0;
}

/*
 * lib_harness.c - the measurement (lib_harness.h).
 *
 * bench_run follows lmbench's benchmp, re-thought:
 *  - one interval is `n` calls' worth of the benchmark's run callback,
 *    timed with CLOCK_MONOTONIC in nanoseconds; n is calibrated so that
 *    an interval lasts at least ENOUGH;
 *  - each interval is corrected: minus one clock read (TIMING_O) and
 *    minus n times the cost of an empty loop iteration (LOOP_O);
 *  - -W runs the benchmark untimed for that long before sampling;
 *  - -N intervals are kept per copy, all of them;
 *  - -P copies are processes that each set up, calibrate and report
 *    ready; they are released together, sample, and keep running (so the
 *    load stays) until every copy is done;
 *  - the merged samples of all copies give the statistic (median unless
 *    the program asks for the minimum), as lmbench combines them.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_harness_impl.h"
#include "lib_party.h"
#include "lib_sched.h"
#include "lib_stats.h"
#include "lib_util.h"

void
bench_opts_init(struct bench_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->parallel = 1;
	o->repetitions = 11;
	o->stat = BENCH_MEDIAN;
}



/* One call of run with n iterations, timed, between the untimed
 * before and after hooks; ns may be NULL. */
int
bench_timed(struct copy_run *c, uint64_t n, uint64_t *ns)
{
	const struct bench_desc *d = c->d;
	uint64_t t0;
	int rc;

	if (d->before && d->before(d->state, n) != 0)
		return -1;
	c->cx.in_timed = 1;
	t0 = timing_now_ns();
	rc = d->run(d->state, n);
	if (ns) {
		*ns = d->interval_ns ? d->interval_ns(d->state)
		                     : timing_now_ns() - t0;
	}
	c->cx.in_timed = 0;
	if (d->after && d->after(d->state, n) != 0)
		return -1;
	return rc;
}

/* Find n such that one interval lasts at least the target. */
int
bench_calibrate(struct copy_run *c)
{
	double target = c->enough_ns;
	uint64_t n = 1, t;
	int tries;

	if (c->o->fixed_iterations) {
		c->iters = c->o->fixed_iterations;
		return 0;
	}
	for (tries = 0; tries < 200; tries++) {
		if (bench_timed(c, n, &t) != 0)
			return -1;
		/* The very first interval pays for cold starts (page faults,
		 * a connection's first data): it must show twice. */
		if (tries == 0 && (double)t >= 0.95 * target &&
		    bench_timed(c, n, &t) != 0)
			return -1;
		if ((double)t >= 0.95 * target) {
			c->iters = n;
			return 0;
		}
		/* Scale from a trustworthy interval; grow by 8 from one
		 * too short to trust. */
		if ((double)t > target / 64)
			n = (uint64_t)ceil((double)n * 1.1 * target /
			                   (double)t);
		else
			n *= 8;
		if (n > (1ULL << 50))
			break;
	}
	util_err("the benchmark takes no measurable time "
	         "(no interval reached %.0f us)",
	         target / 1000);
	return -1;
}

int
bench_measure_copy(struct copy_run *c)
{
	int k;

	if (c->o->warmup_us) {
		uint64_t end = timing_now_ns() + c->o->warmup_us * 1000;

		do {
			if (bench_timed(c, c->iters, NULL) != 0)
				return -1;
		} while (timing_now_ns() < end);
	}
	party_begin(&c->cx);
	c->taken = 0;
	for (k = 0; k < c->o->repetitions; k++) {
		uint64_t t;
		double v;

		party_sample(&c->cx);
		if (bench_timed(c, c->iters, &t) != 0)
			return -1;
		party_sample(&c->cx);
		v = (double)t - c->timing_o - (double)c->iters * c->loop_o;
		c->out[k].ns_per_iter = v > 0 ? v / (double)c->iters : 0;
		c->out[k].iters = c->iters;
		c->taken = k + 1;
		if (bench_settles(c->o) && bench_settled(c->out, k + 1))
			break;
	}
	return 0;
}

int
bench_settles(const struct bench_opts *o)
{
	return o->settle && !o->repetitions_set && o->stat == BENCH_MINIMUM &&
	       o->parallel <= 1;
}

int
bench_settled(const struct bench_sample *s, int n)
{
	double a = HUGE_VAL, b = HUGE_VAL;
	int i;

	if (n < BENCH_SETTLE_LEAST)
		return 0;
	for (i = 0; i < n; i++) {
		double v = s[i].ns_per_iter;

		if (v < a) {
			b = a;
			a = v;
		} else if (v < b) {
			b = v;
		}
	}
	return a > 0 && b - a <= BENCH_SETTLE_TOLERANCE * a;
}

/* -P 1: this process is the only copy.  0, or -1 after a message. */
static int
run_single(struct copy_run *c, char *where, size_t wherelen)
{
	const struct bench_desc *d = c->d;
	int rc = -1;

	party_reset(&c->cx, c->policy, 0, c->o->helpers);
	if (sched_place(c->policy, 0, 0, c->o->helpers) == -1)
		return -1;
	/* cleanup also undoes whatever a failed init did */
	if ((d->init == NULL || d->init(d->state, &c->cx) == 0) &&
	    bench_calibrate(c) == 0 && bench_measure_copy(c) == 0) {
		party_report(where, wherelen, c->policy, &c->cx.parties, 1);
		rc = 0;
	}
	if (d->cleanup)
		d->cleanup(d->state);
	party_free(&c->cx);
	return rc;
}

/* The statistic the options ask for over r's samples, and the rest of
 * r from the run c.  0, or -1 after a message. */
static int
summarize(const struct copy_run *c, struct bench_result *r, size_t n)
{
	const struct bench_opts *o = c->o;
	double *v = malloc(n * sizeof(*v));
	size_t i;

	if (v == NULL) {
		util_err("out of memory");
		return -1;
	}
	r->nsamples = n;
	for (i = 0; i < n; i++)
		v[i] = r->samples[i].ns_per_iter;
	r->ns_per_iter =
	    o->stat == BENCH_MINIMUM ? stats_min(v, n) : stats_median(v, n);
	free(v);
	r->stat = o->stat;
	r->parallel = o->parallel;
	r->repetitions = (int)(n / (size_t)o->parallel);
	r->warmup_us = o->warmup_us;
	r->iterations = c->iters;
	r->enough_ns = c->enough_ns;
	r->timing_o_ns = c->timing_o;
	r->loop_o_ns = c->loop_o;
	r->policy = c->policy;
	r->id = o->id;
	return 0;
}

int
bench_run(const struct bench_desc *d, const struct bench_opts *o,
          struct bench_result *r)
{
	struct copy_run c;
	size_t n = (size_t)o->parallel * (size_t)o->repetitions;
	int rc;

	memset(r, 0, sizeof(*r));
	memset(&c, 0, sizeof(c));
	c.d = d;
	c.o = o;
	c.policy = sched_policy(o->placement);
	c.enough_ns = timing_enough_ns();
	if (c.enough_ns < 0)
		return -1;
	if ((double)o->min_interval_ns > c.enough_ns)
		c.enough_ns = (double)o->min_interval_ns;
	c.timing_o = timing_overhead_ns();
	c.loop_o = timing_loop_overhead_ns();

	r->samples = calloc(n, sizeof(*r->samples));
	if (r->samples == NULL) {
		util_err("out of memory for %zu samples", n);
		return -1;
	}
	c.out = r->samples;
	if (o->parallel <= 1)
		rc = run_single(&c, r->placement, sizeof(r->placement));
	else if (o->threads)
		rc = bench_run_threads(&c, r->samples, r->placement,
		                       sizeof(r->placement) - 16);
	else
		rc = bench_run_parallel(&c, r->samples, r->placement,
		                        sizeof(r->placement));
	if (rc == 0 && o->parallel > 1 && o->threads)
		strcat(r->placement, " copies=threads");
	/* one copy may have settled before its last repetition */
	if (rc == 0 && o->parallel <= 1)
		n = (size_t)c.taken;
	if (rc != 0 || summarize(&c, r, n) != 0) {
		bench_result_free(r);
		return -1;
	}
	return 0;
}

void
bench_result_free(struct bench_result *r)
{
	free(r->samples);
	r->samples = NULL;
	r->nsamples = 0;
}

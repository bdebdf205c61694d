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
#include "lib_place.h"
#include "lib_stats.h"
#include "lib_util.h"

void
bench_opts_init(struct bench_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->parallel = 1;
	o->repetitions = 11;
	o->stat = BENCH_MEDIAN;
	o->run.timeout_s = SUPER_DEFAULT_TIMEOUT_S;
}

/* -P 1: this process is the only copy.  0, or -1 after a message. */
static int
run_single(struct copy_run *c, char *where, size_t wherelen)
{
	const struct bench_desc *d = c->d;
	int rc = -1;

	party_reset(&c->cx, c->policy, 0, c->o->helpers, &c->o->run);
	if (place_party(c->policy, 0, 0, c->o->helpers) == -1)
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
	c.policy = place_policy(o->placement);
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

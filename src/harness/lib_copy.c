/*
 * lib_copy.c - one copy's measurement (lib_harness_impl.h): an interval
 * timed, the iterations calibrated to ENOUGH, the warm-up and the
 * repetitions, and the rule that stops them early (bench_settled).  The
 * harness (lib_harness.c) and the parallel copies (lib_parallel.c,
 * lib_parallel_threads.c) run a copy through these; none of them calls
 * back, so the calls between the three go one way.
 */
#include <math.h>
#include <stdint.h>

#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_harness_impl.h"
#include "lib_party.h"
#include "lib_util.h"

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

/*
 * lib_sample.c - results from a program's own samples.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_clock.h"
#include "lib_sample.h"
#include "lib_stats.h"
#include "lib_util.h"

static int
cmp_sample(const void *a, const void *b)
{
	double x = ((const struct bench_sample *)a)->ns_per_iter;
	double y = ((const struct bench_sample *)b)->ns_per_iter;

	return (x > y) - (x < y);
}

int
sample_result(struct bench_result *r, const double *ns, int n, uint64_t iters,
	      enum bench_stat stat, const struct bench_ident *id,
	      const char *placement)
{
	int i;

	memset(r, 0, sizeof(*r));
	r->samples = calloc((size_t)n, sizeof(*r->samples));
	if (r->samples == NULL) {
		util_err("out of memory for %d samples", n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		r->samples[i].ns_per_iter = ns[i];
		r->samples[i].iters = iters;
	}
	qsort(r->samples, (size_t)n, sizeof(*r->samples), cmp_sample);
	r->nsamples = (size_t)n;
	r->ns_per_iter = stat == BENCH_MINIMUM ? stats_min(ns, (size_t)n)
					       : stats_median(ns, (size_t)n);
	r->stat = stat;
	r->parallel = 1;
	r->repetitions = n;
	r->iterations = iters;
	r->enough_ns = timing_enough_ns();
	r->timing_o_ns = timing_overhead_ns();
	snprintf(r->placement, sizeof(r->placement), "%s", placement);
	r->id = *id;
	return 0;
}

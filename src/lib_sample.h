/*
 * lib_sample.h - results from samples a program times itself (its own
 * threads, not the harness's copies), and a pointer chase timed in
 * intervals while traffic runs (lat_mem_load, numa_mem, lat_c2c,
 * bw_mem_peak).
 */
#ifndef LIB_SAMPLE_H
#define LIB_SAMPLE_H

#include <stdint.h>

#include "lib_chase.h"
#include "lib_harness.h"
#include "lib_load.h"

/*
 * A result made of samples the program timed itself: ns[i] is the
 * time per iteration of interval i (iterations: iters).  Sorted, the
 * statistic stat, the run id (bench_begin's o->id, which its records
 * name) and placement as given; free with bench_result_free.
 * 0, or -1 after a message.
 */
int sample_result(struct bench_result *r, const double *ns, int n,
		  uint64_t iters, enum bench_stat stat,
		  const struct bench_ident *id, const char *placement);
/* A chase (lib_chase) timed in intervals, from c->start[0]: the turns
 * of 100 loads that last about interval_ns (a timed trial, scaled). */
uint64_t sample_chase_turns(struct mem_chase *c, double interval_ns);
/* reps intervals of `turns` turns: ns per load in ns[], and, when g is
 * not NULL, the traffic's ns per 10^6 bytes over each in bw[]. */
void sample_chase(struct mem_chase *c, uint64_t turns, int reps,
			double *ns, struct load_gen *g, double *bw);
#endif

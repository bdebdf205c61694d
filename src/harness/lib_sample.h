/*
 * lib_sample.h - results from samples a program times itself (its own
 * threads, not the harness's copies: lat_mem_load, numa_mem, lat_c2c,
 * bw_mem_peak).
 */
#ifndef LIB_SAMPLE_H
#define LIB_SAMPLE_H

#include <stdint.h>

#include "lib_harness.h"

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
#endif

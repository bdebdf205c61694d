/*
 * lib_bench.h - a program's use of the harness: its start, the early
 * check of the environment it reads, and a measurement with its report
 * in one call.
 */
#ifndef LIB_BENCH_H
#define LIB_BENCH_H

#include "lib_harness.h"

/*
 * Start a program: remember its name and arguments for messages and
 * records, then split into a supervisor and a worker (super_start).
 * Returns 0 in the worker; -1 (after a message) if the split fails.
 */
int bench_start(int argc, char **argv);

/* Check the environment every measurement reads (ENOUGH, TIMING_O,
 * LOOP_O, LMBENCH_SCHED, LMBENCH_JSON) before anything runs; -1 after a
 * message. */
int bench_check_env(void);

/* bench_run, then report_us / report_mbs with the label; the exit status
 * for main(): 0, or 1 after a message. */
int bench_measure_us(const struct bench_desc *d, const struct bench_opts *o,
                     const char *label, double ops_per_iter);
int bench_measure_mbs(const struct bench_desc *d, const struct bench_opts *o,
                      const char *label, double bytes_per_iter);
/* A figure less a baseline measured the same way (report_us_diff):
 * choose(d, 0) readies d for the baseline, choose(d, 1) for the figure.
 * Measured again, up to three times, while a busy spell puts the
 * baseline at or above the figure. */
int bench_measure_diff(struct bench_desc *d, const struct bench_opts *o,
                       void (*choose)(struct bench_desc *d, int figure),
                       const char *label, double ops_per_iter);

#endif

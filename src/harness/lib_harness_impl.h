/*
 * lib_harness_impl.h - what the harness's files share among themselves
 * (lib_copy.c: one copy's measurement; lib_parallel.c: -P copies;
 * lib_parallel_threads.c: -P copies as threads; lib_harness.c: bench_run
 * over them).  The calls go one way: bench_run to the parallel copies
 * and to one copy, the parallel copies to one copy.
 * Not for programs.
 */
#ifndef LIB_HARNESS_IMPL_H
#define LIB_HARNESS_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "lib_harness.h"
#include "lib_party.h"

/* Everything one copy needs to measure. */
struct copy_run {
	const struct bench_desc *d;
	const struct bench_opts *o;
	const char *policy;       /* place_policy(o->placement) */
	double enough_ns;         /* target interval */
	double timing_o;          /* ns subtracted per interval */
	double loop_o;            /* ns subtracted per iteration */
	uint64_t iters;           /* calibrated iterations per interval */
	struct bench_sample *out; /* o->repetitions samples */
	int taken;                /* of them taken (bench_measure_copy) */
	struct copy_ctx cx;       /* the copy as init sees it */
};

/* One call of run with n iterations, timed, between the untimed before
 * and after hooks; ns may be NULL.  The benchmark's status. */
int bench_timed(struct copy_run *c, uint64_t n, uint64_t *ns);
/* Find the iterations per interval (c->iters) for which one interval
 * lasts at least the target.  0, or -1 after a message. */
int bench_calibrate(struct copy_run *c);
/* The warm-up, then o->repetitions timed intervals into c->out (fewer
 * where they settle: bench_settles), their count in c->taken. */
int bench_measure_copy(struct copy_run *c);
/* -P copies in processes released together: every copy's samples into
 * all, the placement of every party into where.  0, or -1 after a
 * message. */
int bench_run_parallel(struct copy_run *c, struct bench_sample *all,
                       char *where, size_t wherelen);

/* The same with the copies threads of this process, each on its own
 * copy of the state (d->state_size bytes; no helpers). */
int bench_run_threads(struct copy_run *c, struct bench_sample *all,
                      char *where, size_t wherelen);

#endif

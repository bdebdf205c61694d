/*
 * lib_harness.h - the measurement: a benchmark's init / timed run /
 * cleanup on a state pointer, calibrated intervals, warm-up,
 * repetitions, -P copies released together, every sample kept, the
 * placement of every party recorded.
 */
#ifndef LIB_HARNESS_H
#define LIB_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "lib_party.h"
#include "lib_super.h"

#define BENCH_MAX_PARALLEL    1024  /* most -P copies accepted */
#define BENCH_MAX_REPETITIONS 10000 /* most -N repetitions accepted */

/* Which statistic of the samples the classic line shows. */
enum bench_stat {
	BENCH_MEDIAN = 0, /* lmbench's default */
	BENCH_MINIMUM     /* lat_mem_rd, par_ops, stream, calibration */
};

/*
 * The run as every record names it (doc/lmbench-ng-json.5): the
 * program's arguments (main's, so they live as long as the program) and
 * its command line's parameters as "KEY=VALUE" words (params_line).
 * bench_begin fills it; all zero: no arguments, no parameters.
 */
struct bench_ident {
	int argc;
	char **argv;
	char params[256];
};

/* Options of one measurement; bench_opts_init() gives the defaults. */
struct bench_opts {
	int parallel;              /* -P: copies running at once, >= 1 */
	uint64_t warmup_us;        /* -W: untimed running before sampling */
	int repetitions;           /* -N: timed intervals per copy, >= 1 */
	uint64_t min_interval_ns;  /* floor on the interval (0 = ENOUGH) */
	int settle;                /* a minimum of one copy: stop early once
	                            * it repeats (bench_settled); set by the
	                            * program, void when -N was given */
	int repetitions_set;       /* -N given: exactly that many */
	enum bench_stat stat;      /* statistic shown by the classic line */
	int helpers;               /* processes each copy forks (placement) */
	uint64_t fixed_iterations; /* >0: no calibration, use this count */
	int threads;               /* -T: -P copies as threads, not
	                            * processes (needs d->state_size) */
	const char *placement;     /* the program's placement policy where
	                            * LMBENCH_SCHED is unset (the programs
	                            * with helpers: "SAME"); NULL: DEFAULT */
	struct bench_ident id;     /* what the records name (bench_begin) */
	struct super_run run;      /* the run's bound and private directory
	                            * (super_start, through bench_begin) */
};

/* The defaults: -P 1, -W 0, -N 11, median, no placement of its own, no
 * arguments, the default run-time bound (bench_begin fills them). */
void bench_opts_init(struct bench_opts *o);

/*
 * Repetitions chosen by the precision reached: with o->settle, the
 * statistic the minimum, one copy and no -N, sampling stops after at
 * least BENCH_SETTLE_LEAST intervals once the two fastest agree within
 * BENCH_SETTLE_TOLERANCE of the fastest (the floor seen twice:
 * interference only slows an interval), else after o->repetitions.  The
 * record's repetitions are the intervals taken.  bench_settled: whether
 * the n samples so far have settled.
 */
#define BENCH_SETTLE_LEAST 3
#define BENCH_SETTLE_TOLERANCE 0.005
struct bench_sample;
int bench_settles(const struct bench_opts *o);
int bench_settled(const struct bench_sample *s, int n);

/*
 * A benchmark as the harness sees it.  Each copy (the process itself for
 * -P 1, a forked process otherwise) calls init once, then run many times,
 * then cleanup once.  Only run is timed.
 */
struct bench_desc {
	/* untimed set-up of one copy, given the copy's context (cx->copy
	 * is its number; helpers are forked with super_fork(cx, k)); 0 or
	 * -1 after a message (may be NULL) */
	int (*init)(void *state, struct copy_ctx *cx);
	/* the timed loop: do `iters` iterations; 0 or -1 after a message */
	int (*run)(void *state, uint64_t iters);
	/* untimed tear-down of one copy (may be NULL); also called after an
	 * init that failed, so it must undo a partial init */
	void (*cleanup)(void *state);
	/* the program's state, given to the callbacks */
	void *state;
	/* untimed work just before / after each timed call of run with the
	 * same count (lat_fs makes and removes its files); may be NULL */
	int (*before)(void *state, uint64_t iters);
	int (*after)(void *state, uint64_t iters);
	/* the bytes of *state: with o->threads each copy runs on its own
	 * copy of them, made before its init (0: no threads) */
	size_t state_size;
	/* the interval's time, where the benchmark times its parties
	 * itself (lat_pthread mutex: the mean of its threads' own times),
	 * asked after run; NULL: the wall time around run */
	uint64_t (*interval_ns)(void *state);
};

/* One timed interval. */
struct bench_sample {
	double ns_per_iter; /* corrected interval / iterations */
	uint64_t iters;     /* iterations in the interval */
};

/* What bench_run measured. */
struct bench_result {
	struct bench_sample *samples; /* parallel * repetitions, in the order
	                               * taken (copy by copy) */
	size_t nsamples;              /* number of samples */
	double ns_per_iter;           /* the chosen statistic */
	enum bench_stat stat;         /* which statistic that is */
	int parallel;                 /* copies that ran */
	int repetitions;              /* intervals per copy */
	uint64_t warmup_us;           /* warm-up per copy */
	uint64_t iterations;          /* iterations per interval (copy 0) */
	double enough_ns;             /* target interval length */
	double timing_o_ns;  /* timer overhead subtracted per interval */
	double loop_o_ns;    /* loop overhead subtracted per iteration */
	/* "POLICY cpus=... main=... helper=...": the CPUs every party was
	 * seen on during the timed intervals (doc/lmbench-ng-json.5) */
	char placement[1024];
	const char *policy;       /* the policy in force (place_policy);
	                           * NULL: LMBENCH_SCHED, else DEFAULT */
	struct bench_ident id;    /* the run, for the record (o->id) */
};

/*
 * Measure: calibrate the iteration count until an interval lasts at
 * least ENOUGH (or o->min_interval_ns), run the warm-up, then take
 * o->repetitions intervals in each of o->parallel copies, which start
 * together.  Every interval is corrected by the timer and loop overhead.
 * Fills *r (free with bench_result_free).  Returns 0, or -1 after a
 * message (a copy failed or died, or the benchmark takes no time).
 */
int bench_run(const struct bench_desc *d, const struct bench_opts *o,
              struct bench_result *r);
void bench_result_free(struct bench_result *r);

#endif

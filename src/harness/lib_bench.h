/*
 * lib_bench.h - a program's use of the harness: its start, the early
 * check of the environment it reads, and a measurement with its report
 * in one call.
 */
#ifndef LIB_BENCH_H
#define LIB_BENCH_H

#include "lib_harness.h"

/*
 * A program's shape, as bench_begin takes it: the usage line (after
 * the name; it is the option table, lib_opts.h), what its own options
 * and operands mean for --help (lines "-x <value>  meaning"; NULL:
 * only what the usage line shows), how many operands it takes, and
 * its own options' handler.
 */
struct bench_prog {
	const char *usage;
	const char *help;
	int min_operands, max_operands; /* max_operands -1: no limit */
	int first_operand;              /* options end at the first operand */
	int (*option)(void *ctx, int c, const char *arg); /* 0, or -1 after
	                                                   * a message */
	void *ctx;
	uint64_t warmup_us; /* -W's default here (bw_tcp: 0.1 s) */
};

/*
 * The start every program makes: --help and --version (exit 0), the
 * split into a supervisor and a worker (super_start), the options into o
 * (bench_opts_init first), the count of operands, the environment check,
 * the run's identity in o->id (its arguments and parameters, which every
 * record names) and its context record.  Returns the index of the first
 * operand; on a usage error it prints one line (or the usage; for an
 * unknown option or a missing value, the line naming it, then the
 * usage) and exits 2, on a failed start it exits 2 after a message (77
 * for LMBENCH_SCHED=CROSS where the process may use one CPU only).
 * These exits, bench_usage's and bench_lookup's are the harness's own,
 * the one documented exit outside main(): the library's other modules
 * return a status for main to exit with (opts_parse's OPTS_DONE after
 * --help, bench_check_env's 2 or 77, server_begin's after -s or -S,
 * mem_pages_require's 77).  A forked child ends with _exit().
 */
int bench_begin(int argc, char **argv, const struct bench_prog *p,
                struct bench_opts *o);
/* After bench_begin, for a program whose copies each have `helpers`
 * helper processes (or children) that should share the copy's CPU:
 * o->helpers, and o->placement SAME (LMBENCH_SCHED overrides it). */
void bench_same_cpu(struct bench_opts *o, int helpers);
/* The usage line of p on stderr, then exit 2. */
void bench_usage(const struct bench_prog *p) __attribute__((noreturn));

/*
 * The entry of a table of n entries of size bytes each whose first
 * member is its name (const char *) that is called name: its index;
 * none: "PROG: unknown WHAT 'name' (see -h)" and exit 2.
 */
size_t bench_lookup(const char *what, const char *name, const void *table,
                    size_t n, size_t size);

/* Check the environment every measurement reads (ENOUGH, TIMING_O,
 * LOOP_O, LMBENCH_SCHED, LMBENCH_JSON) before anything runs: 0, or the
 * exit status after a message (2 for a bad value; 77 for CROSS where
 * the process may use one CPU only). */
int bench_check_env(void);

/* bench_run, then report_us / report_mbs with the label; the exit status
 * for main(): 0, or 1 after a message. */
int bench_measure_us(const struct bench_desc *d, const struct bench_opts *o,
                     const char *label, double ops_per_iter);
int bench_measure_mbs(const struct bench_desc *d, const struct bench_opts *o,
                      const char *label, double bytes_per_iter);
/* A figure less a baseline measured the same way (report_us_diff):
 * choose(d, 0) readies d for the baseline, choose(d, 1) for the figure.
 * Measured again, up to five times and each time with twice the
 * intervals (at most 64, or -N if more), while a busy spell or the
 * noise puts the baseline at or above the figure. */
int bench_measure_diff(struct bench_desc *d, const struct bench_opts *o,
                       void (*choose)(struct bench_desc *d, int figure),
                       const char *label, double ops_per_iter);

#endif

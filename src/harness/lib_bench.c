/*
 * lib_bench.c - a program's use of the harness (lib_bench.h).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_params.h"
#include "lib_report.h"
#include "lib_place.h"
#include "lib_super.h"
#include "lib_task.h"
#include "lib_util.h"

void
bench_usage(const struct bench_prog *p)
{
	opts_usage(p->usage);
	exit(EXIT_USAGE);
}

int
bench_begin(int argc, char **argv, const struct bench_prog *p,
            struct bench_opts *o)
{
	int rc, n, status;

	rc = opts_standard(argc, argv, p->usage, p->help, p->first_operand);
	if (rc > 0)
		exit(0);
	if (rc == -2)
		bench_usage(p);
	if (rc < 0)
		exit(EXIT_USAGE);
	bench_opts_init(o);
	if (super_start(&o->run) != 0)
		exit(EXIT_USAGE);
	o->warmup_us = p->warmup_us;
	o->id.argc = argc;
	o->id.argv = argv;
	rc = opts_parse(argc, argv, p->usage, p->first_operand, o, p->option,
	                p->ctx);
	if (rc == OPTS_DONE)
		exit(0);
	if (rc == -1)
		exit(EXIT_USAGE);
	if (rc < 0)
		bench_usage(p);
	n = argc - rc;
	if (n < p->min_operands || (p->max_operands >= 0 && n > p->max_operands))
		bench_usage(p);
	params_line(argc, argv, p->usage, rc, o->id.params,
	            sizeof(o->id.params));
	status = bench_check_env();
	if (status != 0)
		exit(status);
	report_context(&o->id);
	return rc;
}

void
bench_same_cpu(struct bench_opts *o, int helpers)
{
	o->helpers = helpers;
	o->placement = "SAME";
}

size_t
bench_lookup(const char *what, const char *name, const void *table, size_t n,
             size_t size)
{
	const char *entry = table;
	size_t i;

	for (i = 0; i < n; i++) {
		const char *entry_name;

		memcpy(&entry_name, entry + i * size, sizeof(entry_name));
		if (strcmp(name, entry_name) == 0)
			return i;
	}
	util_err("unknown %s '%s' (see -h)", what, name);
	exit(EXIT_USAGE);
}

int
bench_check_env(void)
{
	int sched = timing_check_env() < 0 ? -1 : place_check_env();

	if (sched == -2)
		return EXIT_UNSUPPORTED;
	if (sched < 0 || report_check_env() < 0 || task_check_env() < 0)
		return EXIT_USAGE;
	return 0;
}

/* bench_run, then the report rep of the result: the exit status. */
static int
measure(const struct bench_desc *d, const struct bench_opts *o,
        int (*rep)(const struct bench_result *, const char *, double),
        const char *label, double per_iter)
{
	struct bench_result r;
	int rc;

	if (bench_run(d, o, &r) != 0)
		return EXIT_FAILED;
	rc = rep(&r, label, per_iter);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

int
bench_measure_us(const struct bench_desc *d, const struct bench_opts *o,
                 const char *label, double ops_per_iter)
{
	return measure(d, o, report_us, label, ops_per_iter);
}

int
bench_measure_mbs(const struct bench_desc *d, const struct bench_opts *o,
                  const char *label, double bytes_per_iter)
{
	return measure(d, o, report_mbs, label, bytes_per_iter);
}

#define DIFF_TRIES 5 /* pairs measured at most */
#define DIFF_MOST 64 /* intervals a retry grows to (or -N, if more) */

int
bench_measure_diff(struct bench_desc *d, const struct bench_opts *o,
                   void (*choose)(struct bench_desc *d, int figure),
                   const char *label, double ops_per_iter)
{
	struct bench_result r, base;
	struct bench_opts more = *o;
	int tries, rc;

	/* A busy spell during the baseline alone, or a figure within the
	 * noise of its baseline (a protection fault costs a few percent
	 * more than a signal on AMD Zen 5: 0.1 of 2.2 us, intervals
	 * scattered by 0.15), can put the baseline at or above the figure:
	 * the pair is measured again, up to five times, each time with
	 * twice the intervals (the medians' noise shrinks with their
	 * square root). */
	for (tries = 0; tries < DIFF_TRIES; tries++) {
		choose(d, 0);
		if (bench_run(d, &more, &base) != 0)
			return EXIT_FAILED;
		choose(d, 1);
		if (bench_run(d, &more, &r) != 0) {
			bench_result_free(&base);
			return EXIT_FAILED;
		}
		if (r.ns_per_iter > base.ns_per_iter || tries == DIFF_TRIES - 1)
			break;
		if (more.repetitions < DIFF_MOST)
			more.repetitions = more.repetitions * 2 < DIFF_MOST
			                   ? more.repetitions * 2 : DIFF_MOST;
		bench_result_free(&r);
		bench_result_free(&base);
	}
	rc = report_us_diff(&r, &base, label, ops_per_iter);
	bench_result_free(&r);
	bench_result_free(&base);
	return rc == 0 ? 0 : EXIT_FAILED;
}

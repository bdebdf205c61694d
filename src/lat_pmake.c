/*
 * lat_pmake - the time to run N jobs at once, each doing a given amount
 * of work: how well the system spreads a parallel make.
 *
 * For each usecs argument the work is calibrated first: a chase of a
 * pointer that points to itself (one dependent load after another, in
 * the first-level cache), enough of it to take usecs microseconds on one
 * CPU with nothing else running.  One iteration then forks Njobs
 * processes that each do that work and exit, and waits for all of them;
 * the figure is microseconds per iteration (median).  With Njobs at most
 * the number of CPUs the ideal is usecs plus the fork and exit costs;
 * more jobs than CPUs show the scheduler sharing them.  A job that does
 * not exit normally ends the run with a message and status 1 (lmbench's
 * noted it could not tell).  Jobs are placed by LMBENCH_SCHED as helpers
 * 1..Njobs of each copy.
 *
 * Usage: lat_pmake [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *                  Njobs usecs...
 * Output (stderr): "pmake jobs=4 (a line starting with a quote), then
 * "USECS TIME" per usecs argument, e.g. "1000 1135.42".
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_super.h"
#include "lib_util.h"

#define MAX_JOBS 4096

static void *volatile sink; /* where each chase ends */

struct state {
	int jobs;
	uint64_t work;	  /* chase steps per job */
	void *cell;	  /* points to itself */
	pid_t *pids;
	struct copy_ctx *cx; /* the copy measuring: its jobs are placed */
};

/* n steps of the self-pointing chase, 10 per round. */
static void *
chase(void *p, uint64_t n)
{
	void **q = p;

	while (n >= 10) {
		q = *q; q = *q; q = *q; q = *q; q = *q;
		q = *q; q = *q; q = *q; q = *q; q = *q;
		n -= 10;
	}
	while (n-- > 0)
		q = *q;
	return q;
}

static int
work_run(void *sp, uint64_t n)
{
	struct state *s = sp;

	sink = chase(s->cell, n * 100);
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	int i;

	s->cx = cx;
	s->pids = malloc((size_t)s->jobs * sizeof(*s->pids));
	if (s->pids == NULL) {
		util_err("out of memory");
		return -1;
	}
	for (i = 0; i < s->jobs; i++)
		s->pids[i] = -1;
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;
	int i;

	for (i = 0; s->pids != NULL && i < s->jobs; i++)
		if (s->pids[i] > 0) {
			kill(s->pids[i], SIGKILL);
			waitpid(s->pids[i], NULL, 0);
		}
	free(s->pids);
	s->pids = NULL;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	int i, status;

	while (n-- > 0) {
		for (i = 0; i < s->jobs; i++) {
			s->pids[i] = super_fork(s->cx, i + 1);
			if (s->pids[i] < 0)
				return -1;
			if (s->pids[i] == 0) {
				sink = chase(s->cell, s->work);
				_exit(0);
			}
		}
		for (i = 0; i < s->jobs; i++) {
			if (waitpid(s->pids[i], &status, 0) < 0 ||
			    !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
				s->pids[i] = -1;
				util_err("a job did not finish normally");
				return -1;
			}
			s->pids[i] = -1;
		}
	}
	return 0;
}

/* A count (lmbench's suffixes allowed, as its bytes() took them); -1
 * after a message. */
static int
count_arg(const char *what, const char *v, uint64_t hi, uint64_t *n)
{
	const char *why = util_parse_size(v, 1, n);

	if (why == NULL && (*n < 1 || *n > hi))
		why = "out of range";
	if (why == NULL)
		return 0;
	util_err("bad %s '%s': %s (1 to %llu)", what, v, why,
		 (unsigned long long)hi);
	return -1;
}

/* The usage line, which also says which options are taken. */
#define USAGE "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] Njobs usecs..."

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

/* "KEY %.2f": microseconds per operation after a key. */
static int
report_key_us(const struct bench_result *r, const char *metric,
              const char *key, double ops_per_iter)
{
	struct report_fig f = { metric, "us", REPORT_US, ops_per_iter, -1, 0 };
	double v;

	if (report_measured(r, &f, &v) != 0)
		return -1;
	return report_emit(r, &f, v, "%s %.2f\n", key, v);
}

int
main(int argc, char **argv)
{
	struct state s;
	struct bench_opts o, wo;
	struct bench_desc work = { .run = work_run, .state = &s };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	struct bench_result r;
	uint64_t jobs, usecs;
	int rc, a;

	memset(&s, 0, sizeof(s));
	s.cell = &s.cell;
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	rc = opts_parse(argc, argv, USAGE, 0, &o, NULL, NULL);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0 || argc - optind < 2)
		usage();
	if (count_arg("Njobs", argv[optind], MAX_JOBS, &jobs) != 0)
		return EXIT_USAGE;
	for (a = optind + 1; a < argc; a++)
		if (count_arg("usecs", argv[a], 100000000, &usecs) != 0)
			return EXIT_USAGE;
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	s.jobs = (int)jobs;
	o.helpers = s.jobs;
	bench_opts_init(&wo);
	wo.stat = BENCH_MINIMUM;
	/* Steps per microsecond, once: the chase runs at a fixed rate. */
	if (bench_run(&work, &wo, &r) != 0)
		return EXIT_FAILED;
	report_text("\"pmake jobs=%d\n", s.jobs);
	for (a = optind + 1; a < argc; a++) {
		count_arg("usecs", argv[a], 100000000, &usecs);
		s.work = (uint64_t)((double)usecs * 1000.0 /
				    (r.ns_per_iter / 100.0));
		{
			struct bench_result t;
			char key[32], metric[64];

			if (bench_run(&d, &o, &t) != 0) {
				bench_result_free(&r);
				return EXIT_FAILED;
			}
			snprintf(key, sizeof(key), "%llu",
				 (unsigned long long)usecs);
			snprintf(metric, sizeof(metric), "pmake jobs=%d usecs=%s",
				 s.jobs, key);
			rc = report_key_us(&t, metric, key, 1);
			bench_result_free(&t);
			if (rc != 0) {
				bench_result_free(&r);
				return EXIT_FAILED;
			}
		}
	}
	bench_result_free(&r);
	return 0;
}

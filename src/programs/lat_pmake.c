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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_super.h"
#include "lib_task.h"
#include "lib_util.h"

#define MAX_JOBS 4096

struct state {
	int jobs;
	uint64_t work;	  /* chase rounds (of 100 steps) per job */
	void **cell;	  /* points to itself (a chase of one step) */
	pid_t *pids;
	struct copy_ctx *cx; /* the copy measuring: its jobs are placed */
};

static int
work_run(void *sp, uint64_t n)
{
	struct state *s = sp;

	timing_use_ptr(chase100(s->cell, n));
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
		super_reap(&s->pids[i]);
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
				timing_use_ptr(chase100(s->cell, s->work));
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

/* The jobs of usecs microseconds each, at ns_per_step: one line; 0, or
 * -1 after a message. */
static int
one_work(struct state *s, const struct bench_opts *o, uint64_t usecs,
         double ns_per_step)
{
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = s
	};
	struct bench_result t;
	char key[32], metric[64];
	int rc;

	s->work = (uint64_t)((double)usecs * 1000.0 / ns_per_step / 100.0 +
	                     0.5);
	if (bench_run(&d, o, &t) != 0)
		return -1;
	snprintf(key, sizeof(key), "%llu", (unsigned long long)usecs);
	snprintf(metric, sizeof(metric), "pmake jobs=%d usecs=%s", s->jobs,
	         key);
	rc = report_key_us(&t, metric, key, 1);
	bench_result_free(&t);
	return rc;
}

static const struct bench_prog prog = {
	.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	         "Njobs usecs...",
	.help = "Njobs             jobs run at once (1 to 4096)\n"
	        "usecs...          the work of each job, in microseconds on "
	        "one CPU; a line each",
	.min_operands = 2,
	.max_operands = -1,
};

int
main(int argc, char **argv)
{
	struct state s;
	struct bench_opts o, wo;
	struct bench_desc work = { .run = work_run, .state = &s };
	struct bench_result r;
	uint64_t jobs, usecs;
	char what[32];
	int a, rc = 0, first = bench_begin(argc, argv, &prog, &o);

	memset(&s, 0, sizeof(s));
	s.cell = (void **)&s.cell;
	if (count_arg("Njobs", argv[first], MAX_JOBS, &jobs) != 0)
		return EXIT_USAGE;
	for (a = first + 1; a < argc; a++)
		if (count_arg("usecs", argv[a], 100000000, &usecs) != 0)
			return EXIT_USAGE;
	s.jobs = (int)jobs;
	o.helpers = s.jobs;
	/* every copy and its jobs at once: refused before any starts */
	snprintf(what, sizeof(what), "%d jobs", s.jobs);
	if (task_room((uint64_t)o.parallel * (jobs + 1), what) != 0)
		return EXIT_FAILED;
	bench_opts_init(&wo);
	wo.stat = BENCH_MINIMUM;
	/* Steps per microsecond, once: the chase runs at a fixed rate. */
	if (bench_run(&work, &wo, &r) != 0)
		return EXIT_FAILED;
	report_text("\"pmake jobs=%d\n", s.jobs);
	for (a = first + 1; a < argc && rc == 0; a++) {
		count_arg("usecs", argv[a], 100000000, &usecs);
		rc = one_work(&s, &o, usecs, r.ns_per_iter / 100.0);
	}
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

/* test_mixed.c - unit tests of the mixed-samples rule (stats_mixed), and
 * of what the emitter does with a mixed result: one warning line on
 * stderr, "mixed":[LOW,HIGH] in the JSON record. */
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_harness.h"
#include "lib_report.h"
#include "lib_stats.h"
#include "check.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* The whole of file path (at most len - 1 bytes) into buf; "" if none. */
static void
slurp(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t r = fd < 0 ? 0 : read(fd, buf, len - 1);

	buf[r > 0 ? r : 0] = '\0';
	if (fd >= 0)
		close(fd);
}

/* Lines of s that hold word (start with it: at_start). */
static int
lines_with(const char *s, const char *word, int at_start)
{
	int n = 0;

	while (s != NULL && *s) {
		const char *e = strchr(s, '\n'), *w = strstr(s, word);

		n += w != NULL && (e == NULL || w < e) && (!at_start || w == s);
		s = e != NULL ? e + 1 : NULL;
	}
	return n;
}

/* A result, its samples, and what its report wrote. */
struct fixture {
	struct bench_sample smp[16];
	struct bench_result r;
	char err[4096], json[4096];
};

/* x->r over samples us[0..n-1] (sorted, microseconds) recorded with
 * placement pl: 0, or -1 when n is more than x holds. */
static int
make_result(struct fixture *x, const double *us, size_t n, const char *pl)
{
	struct bench_result *r = &x->r;
	struct bench_sample *smp = x->smp;
	size_t i;

	CHECK(n <= N(x->smp));
	if (n > N(x->smp))
		return -1;
	memset(r, 0, sizeof(*r));
	for (i = 0; i < n; i++)
		smp[i] = (struct bench_sample){ us[i] * 1000.0, 1000 };
	r->samples = smp;
	r->nsamples = n;
	r->ns_per_iter = smp[n / 2].ns_per_iter;
	r->stat = BENCH_MEDIAN;
	r->parallel = 1;
	r->repetitions = (int)n;
	r->iterations = 1000;
	snprintf(r->placement, sizeof(r->placement), "%s", pl);
	return 0;
}

/* report_us of x->r, then (extra) report_derived's two records, one of
 * its run and one of none: what went to stderr in x->err, the records
 * in x->json. */
static void
capture(struct fixture *x, int extra)
{
	const struct bench_result *r = &x->r;
	char *err = x->err, *json = x->json;
	char errp[] = "/tmp/test_mixed.err.XXXXXX";
	char jsonp[] = "/tmp/test_mixed.json.XXXXXX";
	int efd = mkstemp(errp), jfd = mkstemp(jsonp), saved;

	err[0] = json[0] = '\0';
	CHECK(efd >= 0 && jfd >= 0);
	if (efd < 0 || jfd < 0)
		return;
	close(jfd);
	setenv("LMBENCH_JSON", jsonp, 1);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(efd, STDERR_FILENO);
	CHECK(report_us(r, "Pipe latency", 1) == 0);
	if (extra) {
		report_derived(&r->id, "derived", "ns", -1, 1.5);
		report_derived(NULL, "bare", "ns", -1, 2.5);
	}
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	close(efd);
	unsetenv("LMBENCH_JSON");
	slurp(errp, err, sizeof(x->err));
	slurp(jsonp, json, sizeof(x->json));
	unlink(errp);
	unlink(jsonp);
}

/*
 * report_us over samples us[0..n-1] (sorted, microseconds) recorded with
 * placement pl: the classic line always; the warning (naming cause) and
 * the record's "mixed":[LOW,HIGH] exactly when the samples are mixed.
 */
static void
check_report(const double *us, size_t n, const char *pl, const char *mixed,
             const char *cause)
{
	struct fixture x;
	const char *err = x.err, *json = x.json;

	if (make_result(&x, us, n, pl) != 0)
		return;
	capture(&x, 0);
	CHECK(lines_with(err, "Pipe latency: ", 1) == 1);
	CHECK(lines_with(json, "\"metric\":\"Pipe latency\"", 0) == 1);
	if (mixed == NULL) {
		CHECK(strstr(err, "warning") == NULL);
		CHECK(strstr(json, "\"mixed\"") == NULL);
		return;
	}
	CHECK(lines_with(err, "warning: Pipe latency: the samples form", 0) ==
	      1);
	CHECK(strstr(err, cause) != NULL);
	CHECK(strstr(json, mixed) != NULL);
	if (strstr(err, cause) == NULL || strstr(json, mixed) == NULL)
		fprintf(stderr, "stderr: %s\nrecord: %s\n", err, json);
}

/* The records name the run they are given: r->id for a measurement
 * (placed by r->policy, not the environment's), the id argument for a
 * record of no measurement. */
static void
check_ident(const double *us, size_t n)
{
	static char *argv[] = { "lat_pipe", "-N", "11", NULL };
	struct fixture x;
	const char *json = x.json;

	if (make_result(&x, us, n, "SAME cpus=0 main=0 helper=0") != 0)
		return;
	x.r.policy = "SAME";
	x.r.id = (struct bench_ident){ 3, argv, "size_bytes=1" };
	capture(&x, 1);
	CHECK(strstr(x.err, "other load") != NULL);
	CHECK(lines_with(json, "\"args\":[\"-N\",\"11\"],\"metric\":", 0) ==
	      2);
	CHECK(lines_with(json, "\"size_bytes\":1}", 0) == 2);
	CHECK(lines_with(json, "\"args\":[],\"metric\":\"bare\"", 0) == 1);
}

int
main(void)
{
	/* One level with noise up to +-40 %: no 2x step between neighbours. */
	static const double noisy[] = { 5.0, 3.1, 4.4, 6.9, 3.6, 5.5,
		                        4.9, 6.2, 3.9, 5.1, 4.0 };
	/* lat_ctx's samples of the issue: 1.8 us and 14-18.5 us. */
	static const double bimodal[] = { 1.81,  1.82,  1.83,  14.14,
		                          15.55, 16.03, 16.11, 16.85,
		                          16.85, 17.39, 18.50 };
	/* Unsorted input gives the same answer. */
	static const double shuffled[] = { 16.85, 1.82, 18.50, 14.14,
		                           16.03, 1.81, 16.11, 17.39,
		                           15.55, 1.83, 16.85 };
	/* One slow interval is an outlier, not a group. */
	static const double outlier[] = { 2.9, 2.8, 3.0, 2.9, 2.9, 31.0 };
	static const double low_outlier[] = { 0.4, 2.8, 3.0, 2.9, 2.9, 3.1 };
	/* Two on each side is the least that counts. */
	static const double two_two[] = { 1.0, 1.1, 5.0, 5.2 };
	static const double three[] = { 1.0, 1.1, 5.0 };
	/* Exactly 2x is not more than 2x. */
	static const double at_two[] = { 1.0, 1.0, 2.0, 2.0 };
	/* Rates (bw_pipe: 3148 down to 731 MB/s) work the same. */
	static const double rates[] = { 731, 760, 790, 815, 820, 2900, 3148 };
	/* Three levels: split at the largest step. */
	static const double three_levels[] = { 1, 1, 3, 3, 30, 30 };
	static const double ctx[] = { 1.81,  1.82,  1.83,  14.14, 15.55, 16.03,
		                      16.11, 16.85, 16.85, 17.39, 18.50 };
	static const double flat[] = { 4.9, 5.0, 5.0, 5.1, 5.2, 5.6, 6.1 };
	double lo = -1, hi = -1;

	CHECK(!stats_mixed(noisy, N(noisy), &lo, &hi));
	CHECK(lo == -1 && hi == -1);
	CHECK(stats_mixed(bimodal, N(bimodal), &lo, &hi));
	CHECK_NEAR(lo, 1.82, 1e-9);
	CHECK_NEAR(hi, (16.11 + 16.85) / 2, 1e-9);
	CHECK(stats_mixed(shuffled, N(shuffled), &lo, &hi));
	CHECK_NEAR(lo, 1.82, 1e-9);
	CHECK(!stats_mixed(outlier, N(outlier), &lo, &hi));
	CHECK(!stats_mixed(low_outlier, N(low_outlier), &lo, &hi));
	CHECK(stats_mixed(two_two, N(two_two), &lo, &hi));
	CHECK_NEAR(lo, 1.05, 1e-9);
	CHECK_NEAR(hi, 5.1, 1e-9);
	CHECK(!stats_mixed(three, N(three), &lo, &hi));
	CHECK(!stats_mixed(at_two, N(at_two), &lo, &hi));
	CHECK(stats_mixed(rates, N(rates), &lo, &hi));
	CHECK_NEAR(lo, 790, 1e-9);
	CHECK_NEAR(hi, 3024, 1e-9);
	CHECK(stats_mixed(three_levels, N(three_levels), &lo, &hi));
	CHECK_NEAR(lo, 2, 1e-9);
	CHECK_NEAR(hi, 30, 1e-9);
	/* What a program's result line and record make of it. */
	check_report(ctx, N(ctx), "DEFAULT cpus=0 main=0 helper=0+1",
	             "\"mixed\":[1.82,16.48]", "were not placed");
	check_report(ctx, N(ctx), "SAME cpus=0 main=0 helper=0+1 moved=helper",
	             "\"mixed\":[1.82,16.48]", "moved between CPUs");
	/* Placed, and nothing moved: the cause is elsewhere. */
	setenv("LMBENCH_SCHED", "SAME", 1);
	check_report(ctx, N(ctx), "SAME cpus=0 main=0 helper=0", "\"mixed\":[",
	             "other load");
	unsetenv("LMBENCH_SCHED");
	check_report(flat, N(flat), "SAME cpus=0 main=0 helper=0", NULL, NULL);
	check_report(outlier, N(outlier), "SAME cpus=0 main=0 helper=0", NULL,
	             NULL);
	check_ident(ctx, N(ctx));
	return check_done("test_mixed");
}

/*
 * test_infer.c - unit tests of lib_infer against reference values from R
 * 4.2 (Debian 12's r-base-core), computed with options(digits = 17):
 *   pt(2.5, 4)           0.96661672759400596
 *   pt(-7.3, 8.5)        3.074792279665377e-05
 *   pt(0.3, 1)           0.59277357907774231
 *   pt(-40, 3)           1.719034039457927e-05
 *   qt(0.975, 8)         2.3060041352041658
 *   qt(1 - 0.05/800, 8)  6.8962544306555733
 *   qt(0.025, 3.7)       -2.867520707191193
 *   qt(0.999, 1)         318.30883898555015
 *   qt(0.975, 200)       1.9718962236339079
 *   x <- c(10.2, 9.8, 10.5, 10.1, 9.9); y <- c(11.0, 11.4, 10.8, 11.9, 11.2)
 *   t.test(log(y), log(x)): t = 5.2810145817692096, df = 7.3026052962868553,
 *     p = 0.001001325352454817, 95 % interval 0.060300038126484878
 *     .. 0.156616520525330927
 *   x2 <- c(1.0, 1.1, 0.9, 1.05, 0.98, 1.02); y2 <- 1.3
 *   t.test(log(y2), log(x2), var.equal = TRUE) (one run against six: the
 *     six's variance for both): t = 3.4850413571307945, df = 5,
 *     p = 0.017563532857019303, interval 0.067166531979109559
 *     .. 0.444782080857675621
 *   p.adjust(c(0.01, 0.04, 0.03, 0.005, 0.5, 0.2), "holm")
 *     0.05 0.12 0.12 0.03 0.5 0.4
 */
#include <math.h>

#include "lib_infer.h"
#include "check.h"

static void
check_t(void)
{
	CHECK_NEAR(infer_t_cdf(2.5, 4), 0.96661672759400596, 1e-12);
	CHECK_NEAR(infer_t_cdf(-7.3, 8.5) / 3.074792279665377e-05, 1, 1e-9);
	CHECK_NEAR(infer_t_cdf(0.3, 1), 0.59277357907774231, 1e-12);
	CHECK_NEAR(infer_t_cdf(-40, 3) / 1.719034039457927e-05, 1, 1e-9);
	CHECK(infer_t_cdf(0, 5) == 0.5);
	CHECK_NEAR(infer_t_cdf(1.959963984540054, INFINITY), 0.975, 1e-12);
	CHECK(isnan(infer_t_cdf(1, 0)) && isnan(infer_t_cdf(NAN, 3)));
	CHECK_NEAR(infer_t_quantile(0.975, 8), 2.3060041352041658, 1e-9);
	CHECK_NEAR(infer_t_quantile(1 - 0.05 / 800, 8), 6.8962544306555733,
	           1e-8);
	CHECK_NEAR(infer_t_quantile(0.025, 3.7), -2.867520707191193, 1e-9);
	CHECK_NEAR(infer_t_quantile(0.999, 1), 318.30883898555015, 1e-6);
	CHECK_NEAR(infer_t_quantile(0.975, 200), 1.9718962236339079, 1e-9);
	CHECK(infer_t_quantile(0.5, 3) == 0);
	CHECK(isnan(infer_t_quantile(1, 3)) && isnan(infer_t_quantile(0, 3)));
}

static void
check_welch(void)
{
	double x[5] = { 10.2, 9.8, 10.5, 10.1, 9.9 },
	       y[5] = { 11.0, 11.4, 10.8, 11.9, 11.2 };
	double x2[6] = { 1.0, 1.1, 0.9, 1.05, 0.98, 1.02 }, y2[1] = { 1.3 };
	const double same[3] = { 2, 2, 2 }, other[3] = { 3, 3, 3 };
	struct infer_welch w;
	int i;

	for (i = 0; i < 5; i++) {
		x[i] = log(x[i]);
		y[i] = log(y[i]);
	}
	for (i = 0; i < 6; i++)
		x2[i] = log(x2[i]);
	y2[0] = log(y2[0]);
	CHECK(infer_welch(x, 5, y, 5, 0.95, &w) == 0);
	CHECK_NEAR(w.t, 5.2810145817692096, 1e-10);
	CHECK_NEAR(w.df, 7.3026052962868553, 1e-10);
	CHECK_NEAR(w.p, 0.001001325352454817, 1e-12);
	CHECK_NEAR(w.lo, 0.060300038126484878, 1e-10);
	CHECK_NEAR(w.hi, 0.156616520525330927, 1e-10);
	CHECK(!w.pooled);
	/* The other way round: the same test, mirrored. */
	CHECK(infer_welch(y, 5, x, 5, 0.95, &w) == 0);
	CHECK_NEAR(w.t, -5.2810145817692096, 1e-10);
	CHECK_NEAR(w.p, 0.001001325352454817, 1e-12);
	CHECK_NEAR(w.hi, -0.060300038126484878, 1e-10);
	/* One run against six. */
	CHECK(infer_welch(x2, 6, y2, 1, 0.95, &w) == 0);
	CHECK(w.pooled && w.df == 5);
	CHECK_NEAR(w.t, 3.4850413571307945, 1e-10);
	CHECK_NEAR(w.p, 0.017563532857019303, 1e-12);
	CHECK_NEAR(w.lo, 0.067166531979109559, 1e-10);
	CHECK_NEAR(w.hi, 0.444782080857675621, 1e-10);
	/* The floor at 0.05 / 800 with the df and se of that test:
	 * qt(1 - 0.05/1600, 5) * se, se = diff / t. */
	CHECK_NEAR(infer_floor(w.se, w.df, 0.05 / 800),
	           infer_t_quantile(1 - 0.05 / 1600, 5) * w.diff / w.t, 1e-12);
	/* No test: one run a side, or none. */
	CHECK(infer_welch(y2, 1, y2, 1, 0.95, &w) == -1);
	CHECK(infer_welch(x, 0, y, 5, 0.95, &w) == -1);
	/* No spread: equal is p 1, different is p 0 and a floor of 0. */
	CHECK(infer_welch(same, 3, same, 3, 0.95, &w) == 0 && w.p == 1 &&
	      w.lo == 0);
	CHECK(infer_welch(same, 3, other, 3, 0.95, &w) == 0 && w.p == 0 &&
	      w.lo == 1 && w.hi == 1);
	CHECK(infer_floor(w.se, w.df, 0.05) == 0);
}

static void
check_holm(void)
{
	const double p[6] = { 0.01, 0.04, 0.03, 0.005, 0.5, 0.2 };
	const double want[6] = { 0.05, 0.12, 0.12, 0.03, 0.5, 0.4 };
	const double gaps[4] = { 0.01, -1, 0.02, -1 };
	double adj[6];
	int i;

	CHECK(infer_holm(p, 6, adj) == 0);
	for (i = 0; i < 6; i++)
		CHECK_NEAR(adj[i], want[i], 1e-15);
	/* No test is no member of the family: two tests, times 2 and 1. */
	CHECK(infer_holm(gaps, 4, adj) == 0);
	CHECK_NEAR(adj[0], 0.02, 1e-15);
	CHECK(adj[1] == -1 && adj[3] == -1);
	CHECK_NEAR(adj[2], 0.02, 1e-15);
	CHECK(infer_holm(p, 0, adj) == 0);
}

int
main(void)
{
	check_t();
	check_welch();
	check_holm();
	return check_done("test_infer");
}

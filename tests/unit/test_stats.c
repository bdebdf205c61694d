/* test_stats.c - unit tests of lib_stats. */
#include "lib_stats.h"
#include "check.h"

/*
 * The rank test against values known from elsewhere:
 * - published two-sided 5 % critical values of U (the tables in most
 *   statistics texts, e.g. n1 = n2 = 5: 2, 8: 13, 10: 23): U at the
 *   critical value has P(U <= u) <= 0.025 and the next one above it;
 * - R's wilcox.test(x, y) on small vectors.  1:3 against 4:6 gives
 *   W = 0, p-value = 0.1 (2 / C(6,3)); 1:5 against 6:10, 2 / C(10,5) =
 *   0.007937.  R's own example (?wilcox.test, Hollander & Wolfe:
 *   x <- c(0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46),
 *   y <- c(1.15, 0.88, 0.90, 0.74, 1.21)) prints W = 35 and, one-sided
 *   ("greater"), p = 0.1272: two-sided 0.2544122544 (382 of the 3003
 *   rank assignments have U <= 15, counted by enumerating them all).
 * - With ties, R's normal approximation: x = c(1,2,2,3), y = c(2,3,4,5,5)
 *   has W = 2.5, tie term sum(t^3 - t) = 6 + 6 + 6 = 18, sigma =
 *   sqrt(20/12 * (10 - 18/72)) = 4.0311, z = (2.5 - 10 + 0.5) / sigma =
 *   -1.7365, p = 2 pnorm(-1.7365) = 0.078546.
 */
static void
check_tests(void)
{
	const double a3[] = { 1, 2, 3 }, b3[] = { 4, 5, 6 };
	const double a5[] = { 1, 2, 3, 4, 5 }, b5[] = { 6, 7, 8, 9, 10 };
	const double hx[] = { 0.80, 0.83, 1.89, 1.04, 1.45,
		              1.38, 1.91, 1.64, 0.73, 1.46 };
	const double hy[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
	const double tx[] = { 1, 2, 2, 3 }, ty[] = { 2, 3, 4, 5, 5 };
	const double same[] = { 4, 4, 4 };
	struct stats_test t;

	CHECK(stats_mwu_cdf(5, 5, 2) <= 0.025 && stats_mwu_cdf(5, 5, 3) > 0.025);
	CHECK(stats_mwu_cdf(8, 8, 13) <= 0.025 && stats_mwu_cdf(8, 8, 14) > 0.025);
	CHECK(stats_mwu_cdf(10, 10, 23) <= 0.025 &&
	      stats_mwu_cdf(10, 10, 24) > 0.025);
	CHECK_NEAR(stats_mwu_cdf(10, 10, 23), 0.02162852627248912, 1e-15);
	CHECK(stats_mwu_cdf(10, 10, 100) == 1);
	/* A history's newest runs against many: all three below every one of
	 * 117 has probability 1 / C(120, 3). */
	CHECK_NEAR(stats_mwu_cdf(3, 117, 0), 1.0 / 280840, 1e-15);
	CHECK_NEAR(stats_mwu_cdf(3, 117, 351), 1, 1e-12);
	CHECK(isnan(stats_mwu_cdf(1000, 201, 3)));
	CHECK(isnan(stats_mwu_cdf(0, 5, 3)));

	CHECK(stats_mwu(a3, 3, b3, 3, &t) == 0);
	CHECK(t.exact && t.u == 0);
	CHECK_NEAR(t.p, 0.1, 1e-12);
	CHECK(stats_mwu(b3, 3, a3, 3, &t) == 0);
	CHECK(t.exact && t.u == 9);
	CHECK_NEAR(t.p, 0.1, 1e-12);
	CHECK(stats_mwu(a5, 5, b5, 5, &t) == 0);
	CHECK_NEAR(t.p, 2.0 / 252, 1e-12);
	CHECK(stats_mwu(hx, 10, hy, 5, &t) == 0);
	CHECK(t.exact && t.u == 35);
	CHECK_NEAR(t.p, 0.2544122544122544, 1e-12);
	CHECK(stats_mwu(tx, 4, ty, 5, &t) == 0);
	CHECK(!t.exact && t.u == 2.5);
	CHECK_NEAR(t.p, 0.0785458509511907, 1e-9);
	/* Every value equal: no evidence of a difference. */
	CHECK(stats_mwu(same, 3, same, 3, &t) == 0);
	CHECK(t.p == 1);
	CHECK(stats_mwu(same, 0, same, 3, &t) == -1);
}

/*
 * The median's interval from order statistics: [x(k), x(n-k+1)] covers
 * it with probability 1 - 2 P(B <= k-1), B ~ Bin(n, 1/2).  n = 5: the
 * full range covers 1 - 2/32 = 93.75 % < 95 %: none.  n = 6: the range,
 * 1 - 2/64.  n = 10: k = 2 (P(B <= 1) = 11/1024; P(B <= 2) = 56/1024 is
 * too much).  n = 11: k = 2, 1 - 24/2048.  These are the published
 * (2, 9) and (2, 10) of the sign-test tables.
 */
static void
check_ci(void)
{
	const double v5[] = { 5, 1, 4, 2, 3 };
	const double v6[] = { 6, 1, 5, 2, 4, 3 };
	double v10[10], v11[11], big[2000], lo = 0, hi = 0, cov = 0;
	int i;

	for (i = 0; i < 10; i++)
		v10[i] = 10 - i;
	for (i = 0; i < 11; i++)
		v11[i] = i + 1;
	for (i = 0; i < 2000; i++)
		big[i] = i + 1;
	CHECK(stats_median_ci(v5, 5, 0.95, &lo, &hi, &cov) == -1);
	CHECK(stats_median_ci(v6, 6, 0.95, &lo, &hi, &cov) == 0);
	CHECK(lo == 1 && hi == 6);
	CHECK_NEAR(cov, 1 - 2.0 / 64, 1e-12);
	CHECK(stats_median_ci(v10, 10, 0.95, &lo, &hi, &cov) == 0);
	CHECK(lo == 2 && hi == 9);
	CHECK_NEAR(cov, 1 - 22.0 / 1024, 1e-12);
	CHECK(stats_median_ci(v11, 11, 0.95, &lo, &hi, NULL) == 0);
	CHECK(lo == 2 && hi == 10);
	/* Large n: about n/2 -+ 1.96 sqrt(n)/2 (956.2 .. 1044.8), and the
	 * coverage at least what was asked. */
	CHECK(stats_median_ci(big, 2000, 0.95, &lo, &hi, &cov) == 0);
	CHECK(lo >= 954 && lo <= 958 && hi >= 1043 && hi <= 1047);
	CHECK(cov >= 0.95 && cov < 0.96);
	CHECK(v5[0] == 5);
}

int
main(void)
{
	const double one[] = { 7 };
	const double odd[] = { 5, 1, 3 };
	const double even[] = { 4, 1, 3, 2 };
	const double ties[] = { 2, 2, 2, 9, 1 };
	const double spread[] = { 1, 2, 3, 4, 100 };
	double big[1000], sorted[] = { 3, 1, 2 };
	int i;

	CHECK(stats_median(one, 1) == 7);
	CHECK(stats_min(one, 1) == 7 && stats_max(one, 1) == 7);
	CHECK(stats_stddev(one, 1) == 0);
	CHECK(stats_median(odd, 3) == 3);
	CHECK(stats_median(even, 4) == 2.5);
	CHECK(stats_median(ties, 5) == 2);
	CHECK(stats_min(odd, 3) == 1 && stats_max(odd, 3) == 5);
	CHECK(stats_mean(even, 4) == 2.5);
	CHECK(stats_percentile(even, 4, 0) == 1);
	CHECK(stats_percentile(even, 4, 100) == 4);
	CHECK_NEAR(stats_percentile(even, 4, 25), 1.75, 1e-12);
	CHECK(stats_mad(spread, 5) == 1); /* |x - 3| = 2 1 0 1 97 */
	CHECK_NEAR(stats_stddev(even, 4), 1.2909944487358056, 1e-12);
	/* The input is never reordered. */
	CHECK(odd[0] == 5 && odd[1] == 1 && odd[2] == 3);
	/* Larger than the on-stack copy. */
	for (i = 0; i < 1000; i++)
		big[i] = 1000 - i;
	CHECK(stats_median(big, 1000) == 500.5);
	CHECK(stats_percentile(big, 1000, 0) == 1);
	stats_sort(sorted, 3);
	CHECK(sorted[0] == 1 && sorted[1] == 2 && sorted[2] == 3);
	check_tests();
	check_ci();
	return check_done("test_stats");
}

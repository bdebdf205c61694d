/*
 * lib_stats.h - statistics: median, min, max, mean, percentiles, MAD, stddev,
 * the median's confidence interval, the Mann-Whitney U test, mixed
 * samples.  All functions take an array of n >= 1 values.  Those that
 * need order sort a private copy; the input is never changed.
 */
#ifndef LIB_STATS_H
#define LIB_STATS_H

#include <stddef.h>

/* Two-sample tests (lmbench-compare): both sets larger than this, or
 * ties, use the normal approximation instead of the exact distribution. */
#define STATS_EXACT_MAX 20
/* The outcome of a two-sided rank test. */
struct stats_test {
	double u; /* Mann-Whitney U of the first set (pairs x > y, ties 1/2) */
	double p; /* two-sided p-value */
	int exact; /* 1: exact distribution; 0: normal approximation */
};
/* Mann-Whitney U test of x[nx] against y[ny] (R's wilcox.test with its
 * defaults: exact without ties for small sets, else normal with tie and
 * continuity corrections).  0, or -1 for an empty set or no memory. */
int stats_mwu(const double *x, size_t nx, const double *y, size_t ny,
              struct stats_test *t);
/* The most m * n stats_mwu_cdf works out exactly (a history's newest
 * runs against a few thousand). */
#define STATS_MWU_CELLS 200000
/* P(U <= u) under the null for m and n untied samples, m * n at most
 * STATS_MWU_CELLS; NAN outside that or when out of memory. */
double stats_mwu_cdf(size_t m, size_t n, double u);
/* Confidence interval (conf, e.g. 0.95) of the median from two order
 * statistics, and its true coverage (may be NULL).  0, or -1 when no
 * pair of order statistics reaches conf (n < 6 at 95 %). */
int stats_median_ci(const double *v, size_t n, double conf, double *lo,
                    double *hi, double *coverage);

double stats_min(const double *v, size_t n);
double stats_max(const double *v, size_t n);
double stats_mean(const double *v, size_t n);
/* Median: the middle value, or the mean of the two middle values. */
double stats_median(const double *v, size_t n);
/* Percentile p in [0,100], linear interpolation between order stats. */
double stats_percentile(const double *v, size_t n, double p);
/* Median absolute deviation from the median (unscaled). */
double stats_mad(const double *v, size_t n);
/* Sample standard deviation (n-1 denominator); 0 for n == 1. */
double stats_stddev(const double *v, size_t n);
/* Sort v in place, ascending. */
void stats_sort(double *v, size_t n);
/* Mixed samples: do the n values (any order, all > 0) form two groups
 * far apart, i.e. is there a ratio above STATS_MIXED_RATIO between
 * neighbours in sorted order with STATS_MIXED_MIN values or more on each
 * side?  1 with the medians of the lower and upper groups in *low and
 * *high (split at the largest such ratio), else 0. */
#define STATS_MIXED_RATIO 2.0
#define STATS_MIXED_MIN   ((size_t)2)
int stats_mixed(const double *v, size_t n, double *low, double *high);

#endif

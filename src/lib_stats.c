/*
 * lib_stats.c - descriptive statistics over arrays of doubles.
 * Functions needing order work on a sorted private copy; for the small
 * sample counts of a benchmark (tens to thousands) that is cheap.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void
stats_sort(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
}

/* Sorted copy, on the stack for small n; the caller frees if != buf. */
static double *
sorted_copy(const double *v, size_t n, double *buf, size_t buflen)
{
	double *c = n <= buflen ? buf : malloc(n * sizeof(*c));

	if (c == NULL)
		return NULL;
	memcpy(c, v, n * sizeof(*c));
	stats_sort(c, n);
	return c;
}

double
stats_min(const double *v, size_t n)
{
	double m = v[0];
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

double
stats_max(const double *v, size_t n)
{
	double m = v[0];
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] > m)
			m = v[i];
	return m;
}

double
stats_mean(const double *v, size_t n)
{
	double s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s / (double)n;
}

double
stats_percentile(const double *v, size_t n, double p)
{
	double buf[256], *c, pos, frac, r;
	size_t lo;

	c = sorted_copy(v, n, buf, sizeof(buf) / sizeof(buf[0]));
	if (c == NULL)
		return NAN;
	if (p <= 0)
		p = 0;
	if (p >= 100)
		p = 100;
	pos = p / 100.0 * (double)(n - 1);
	lo = (size_t)pos;
	frac = pos - (double)lo;
	r = lo + 1 < n ? c[lo] + frac * (c[lo + 1] - c[lo]) : c[lo];
	if (c != buf)
		free(c);
	return r;
}

double
stats_median(const double *v, size_t n)
{
	return stats_percentile(v, n, 50.0);
}

double
stats_mad(const double *v, size_t n)
{
	double buf[256], *d, med, r;
	size_t i;

	med = stats_median(v, n);
	d = n <= 256 ? buf : malloc(n * sizeof(*d));
	if (d == NULL)
		return NAN;
	for (i = 0; i < n; i++)
		d[i] = fabs(v[i] - med);
	r = stats_median(d, n);
	if (d != buf)
		free(d);
	return r;
}

double
stats_stddev(const double *v, size_t n)
{
	double m, s = 0;
	size_t i;

	if (n < 2)
		return 0;
	m = stats_mean(v, n);
	for (i = 0; i < n; i++)
		s += (v[i] - m) * (v[i] - m);
	return sqrt(s / (double)(n - 1));
}

/*
 * Two groups far apart: a gap of more than 2x between sorted neighbours
 * with at least two values on each side.  A ratio, not a difference, so
 * it reads the same on times and on rates (their inverses), and at any
 * scale; two values a side, so that one outlier (a single slow interval,
 * an interrupt) is not a second group.  Noise around one level spreads
 * values but leaves no 2x step between neighbours.
 */
int
stats_mixed(const double *v, size_t n, double *low, double *high)
{
	double buf[256], *c, best = STATS_MIXED_RATIO;
	size_t i, cut = 0;

	if (n < 2 * STATS_MIXED_MIN)
		return 0;
	c = sorted_copy(v, n, buf, sizeof(buf) / sizeof(buf[0]));
	if (c == NULL)
		return 0;
	for (i = STATS_MIXED_MIN; i + STATS_MIXED_MIN <= n; i++)
		if (c[i - 1] > 0 && c[i] / c[i - 1] > best) {
			best = c[i] / c[i - 1];
			cut = i;
		}
	if (cut > 0) {
		*low = stats_median(c, cut);
		*high = stats_median(c + cut, n - cut);
	}
	if (c != buf)
		free(c);
	return cut > 0;
}

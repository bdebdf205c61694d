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

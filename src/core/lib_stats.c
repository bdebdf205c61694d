/*
 * lib_stats.c - descriptive statistics over arrays of doubles.
 * Functions needing order work on a sorted private copy; for the small
 * sample counts of a benchmark (tens to thousands) that is cheap.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib_stats.h"

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

/*
 * Two-sided tests and intervals for comparing two sets of samples
 * (lmbench-compare).
 */

/* Ascending by value; the group breaks no tie (ties are averaged). */
struct ranked {
	double v; /* the sample */
	int x;    /* 1: from the first sample set */
};

static int
cmp_ranked(const void *a, const void *b)
{
	const struct ranked *p = a, *q = b;

	return (p->v > q->v) - (p->v < q->v);
}

/*
 * P(U <= u) for the Mann-Whitney U of m and n untied samples under the
 * null hypothesis.  The count of arrangements with U = k is the
 * coefficient of q^k in the Gaussian binomial [m+n choose m]_q
 * = prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i): each step multiplies by
 * (1 - q^(n+i)) and divides by (1 - q^i), so the partial products stay
 * the integer polynomials [n+i choose i]_q.  With m, n <= 20 every
 * coefficient is below C(40,20) < 2^53: exact in a double.
 */
double
stats_mwu_cdf(size_t m, size_t n, double u)
{
	double *c, below = 0, all = 0;
	size_t deg = m * n, i, k;

	if (m == 0 || n == 0 || deg / m != n || deg > STATS_MWU_CELLS ||
	    (c = calloc(deg + 1, sizeof(*c))) == NULL)
		return NAN;
	c[0] = 1;
	for (i = 1; i <= m; i++) {
		for (k = deg; k >= n + i; k--)
			c[k] -= c[k - (n + i)];
		for (k = i; k <= deg; k++)
			c[k] += c[k - i];
	}
	for (k = 0; k <= deg; k++) {
		all += c[k];
		if ((double)k <= u + 1e-9)
			below += c[k];
	}
	free(c);
	return below / all;
}

int
stats_mwu(const double *x, size_t nx, const double *y, size_t ny,
          struct stats_test *t)
{
	struct ranked *r;
	size_t n = nx + ny, i, j;
	double rx = 0, ties = 0, mean, var, z, u;

	if (nx == 0 || ny == 0)
		return -1;
	r = malloc(n * sizeof(*r));
	if (r == NULL)
		return -1;
	for (i = 0; i < nx; i++)
		r[i] = (struct ranked){ x[i], 1 };
	for (i = 0; i < ny; i++)
		r[nx + i] = (struct ranked){ y[i], 0 };
	qsort(r, n, sizeof(*r), cmp_ranked);
	/* A run of equal values [i, j) shares the mean of ranks i+1 .. j. */
	for (i = 0; i < n; i = j) {
		size_t inx = 0;

		for (j = i; j < n && r[j].v == r[i].v; j++)
			inx += (size_t)r[j].x;
		rx += (double)inx * ((double)(i + 1 + j) / 2.0);
		if (j - i > 1)
			ties += (double)(j - i) * (double)(j - i) * (double)(j - i)
			        - (double)(j - i);
	}
	free(r);
	u = rx - (double)nx * (double)(nx + 1) / 2.0;
	t->u = u;
	mean = (double)nx * (double)ny / 2.0;
	if (ties == 0 && nx <= STATS_EXACT_MAX && ny <= STATS_EXACT_MAX) {
		/* The distribution is symmetric about mean: the two-sided p
		 * is twice the tail on the side u falls. */
		t->exact = 1;
		t->p = 2 * stats_mwu_cdf(nx, ny, u <= mean ? u : 2 * mean - u);
	} else {
		/* Normal approximation, variance reduced for ties, with a
		 * continuity correction of 1/2 towards the mean. */
		t->exact = 0;
		var = (double)nx * (double)ny / 12.0 *
		      ((double)(n + 1) - ties / ((double)n * (double)(n - 1)));
		if (var <= 0) {
			t->p = 1;
			return 0;
		}
		z = u - mean;
		z = (z > 0 ? z - 0.5 : z < 0 ? z + 0.5 : 0) / sqrt(var);
		t->p = erfc(fabs(z) / sqrt(2.0));
	}
	if (t->p > 1)
		t->p = 1;
	return 0;
}

/* P(B = k) for B ~ Binomial(n, 1/2), in logs (n may be large). */
static double
binom_half_pmf(size_t n, size_t k)
{
	return exp(lgamma((double)n + 1) - lgamma((double)k + 1) -
	           lgamma((double)(n - k) + 1) - (double)n * log(2.0));
}

int
stats_median_ci(const double *v, size_t n, double conf, double *lo,
                double *hi, double *coverage)
{
	double buf[256], *c, tail = (1 - conf) / 2, miss, next;
	size_t k;

	/* The interval [x(k), x(n-k+1)] misses the median when k-1 or
	 * fewer samples fall below it, or as few above: 2 P(B <= k-1).
	 * Take the largest k that keeps that within 1 - conf; there is none
	 * when even the full range (k = 1: 2 / 2^n) misses too often, which
	 * is n < 6 at 95 %. */
	if (n == 0)
		return -1;
	miss = binom_half_pmf(n, 0);
	if (miss > tail)
		return -1;
	for (k = 1; k < n / 2; k++) {
		next = miss + binom_half_pmf(n, k);
		if (next > tail)
			break;
		miss = next;
	}
	c = sorted_copy(v, n, buf, sizeof(buf) / sizeof(buf[0]));
	if (c == NULL)
		return -1;
	*lo = c[k - 1];
	*hi = c[n - k];
	if (coverage != NULL)
		*coverage = 1 - 2 * miss;
	if (c != buf)
		free(c);
	return 0;
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

/*
 * lib_infer.c - Student's t distribution, Welch's test, Holm's
 * adjustment (lib_infer.h).  The t distribution goes through the
 * regularized incomplete beta function, evaluated by its continued
 * fraction (modified Lentz); the tails are computed directly, never as
 * 1 - something, so p-values of 1e-12 keep their digits.
 */
#include <math.h>
#include <stdlib.h>

#include "lib_infer.h"
#include "lib_stats.h"

/* The continued fraction of I_x(a, b), good for x < (a + 1) / (a + b + 2). */
static double
beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), f;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	f = d;
	for (m = 1; m <= 300; m++) {
		double k, delta;
		int j;

		/* Two terms a step: the even one, then the odd one. */
		for (j = 0; j < 2; j++) {
			if (j == 0)
				k = m * (b - m) * x /
				    ((a + 2 * m - 1) * (a + 2 * m));
			else
				k = -(a + m) * (a + b + m) * x /
				    ((a + 2 * m) * (a + 2 * m + 1));
			d = 1 + k * d;
			if (fabs(d) < tiny)
				d = tiny;
			c = 1 + k / c;
			if (fabs(c) < tiny)
				c = tiny;
			d = 1 / d;
			delta = c * d;
			f *= delta;
			if (j == 1 && fabs(delta - 1) < 1e-15)
				return f;
		}
	}
	return f;
}

/* The regularized incomplete beta I_x(a, b), 0 <= x <= 1. */
static double
beta_inc(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
	            b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

/* P(T > t) for t >= 0. */
static double
t_upper(double t, double df)
{
	if (isinf(df))
		return 0.5 * erfc(t / sqrt(2.0));
	if (isinf(t))
		return 0;
	return 0.5 * beta_inc(df / 2, 0.5, df / (df + t * t));
}

double
infer_t_cdf(double t, double df)
{
	if (isnan(t) || isnan(df) || df <= 0)
		return NAN;
	return t >= 0 ? 1 - t_upper(t, df) : t_upper(-t, df);
}

double
infer_t_quantile(double p, double df)
{
	double q = p < 0.5 ? p : 1 - p, lo = 0, hi = 1;
	int i;

	if (isnan(p) || isnan(df) || df <= 0 || p <= 0 || p >= 1)
		return NAN;
	if (p == 0.5)
		return 0;
	/* The upper tail falls from 1/2 at 0: bracket, then bisect it. */
	while (t_upper(hi, df) > q && hi < 1e300) {
		lo = hi;
		hi *= 2;
	}
	for (i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (t_upper(mid, df) > q)
			lo = mid;
		else
			hi = mid;
	}
	return p < 0.5 ? -(lo + hi) / 2 : (lo + hi) / 2;
}

/* Mean and sample variance (n - 1) of v[n], n >= 1 (lib_stats). */
static void
moments(const double *v, size_t n, double *mean, double *var)
{
	double sd = stats_stddev(v, n);

	*mean = stats_mean(v, n);
	*var = sd * sd;
}

int
infer_welch(const double *x, size_t nx, const double *y, size_t ny, double conf,
            struct infer_welch *w)
{
	double mx, vx, my, vy, q;

	if (nx == 0 || ny == 0 || (nx == 1 && ny == 1))
		return -1;
	moments(x, nx, &mx, &vx);
	moments(y, ny, &my, &vy);
	w->diff = my - mx;
	w->pooled = nx == 1 || ny == 1;
	if (nx == 1) {
		w->se = sqrt(vy * (1.0 + 1.0 / (double)ny));
		w->df = (double)ny - 1;
	} else if (ny == 1) {
		w->se = sqrt(vx * (1.0 + 1.0 / (double)nx));
		w->df = (double)nx - 1;
	} else {
		double a = vx / (double)nx, b = vy / (double)ny;

		w->se = sqrt(a + b);
		w->df = a + b > 0 ? (a + b) * (a + b) /
		                        (a * a / (double)(nx - 1) +
		                         b * b / (double)(ny - 1))
		                  : (double)(nx + ny - 2);
	}
	if (!(w->se > 0)) {
		/* No spread at all: equal or not, nothing in between. */
		w->se = 0;
		w->t = w->diff == 0 ? 0 : w->diff > 0 ? INFINITY : -INFINITY;
		w->p = w->diff == 0 ? 1 : 0;
		w->lo = w->hi = w->diff;
		return 0;
	}
	w->t = w->diff / w->se;
	w->p = 2 * t_upper(fabs(w->t), w->df);
	if (w->p > 1)
		w->p = 1;
	q = infer_t_quantile(1 - (1 - conf) / 2, w->df);
	w->lo = w->diff - q * w->se;
	w->hi = w->diff + q * w->se;
	return 0;
}

double
infer_floor(double se, double df, double alpha)
{
	if (!(se > 0))
		return 0;
	return infer_t_quantile(1 - alpha / 2, df) * se;
}

struct ranked {
	double p;
	size_t at;
};

static int
cmp_ranked_p(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	if (x->p != y->p)
		return (x->p > y->p) - (x->p < y->p);
	return (x->at > y->at) - (x->at < y->at);
}

int
infer_holm(const double *p, size_t n, double *adj)
{
	struct ranked *r = malloc((n ? n : 1) * sizeof(*r));
	size_t i, m = 0;
	double run = 0;

	if (r == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		adj[i] = -1;
		if (p[i] >= 0) {
			r[m].p = p[i];
			r[m++].at = i;
		}
	}
	qsort(r, m, sizeof(*r), cmp_ranked_p);
	for (i = 0; i < m; i++) {
		double v = (double)(m - i) * r[i].p;

		if (v > 1)
			v = 1;
		if (v > run)
			run = v;
		adj[r[i].at] = run;
	}
	free(r);
	return 0;
}

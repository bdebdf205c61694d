/*
 * compare_hist_split.c - the history's split tests: prefix sums of a
 * series' points, the t test of a split, the rank test it must also
 * pass, the clipping that keeps a stray set from making a step, the best
 * split of a stretch and binary segmentation (compare_hist_detect.c has
 * why these tests).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_hist.h"
#include "lib_infer.h"
#include "lib_stats.h"

/* Where a split's t test clips the points, in robust sds (clip). */
#define CLIP 4
/* The rank test's level a step must also pass (best_split). */
#define RANK_LEVEL 0.001

double
hseg_mean(const struct psum *ps, size_t a, size_t b)
{
	return (ps->s1[b] - ps->s1[a]) / (double)(b - a);
}

/* The sum of squared deviations from the segment's mean. */
double
hseg_ss(const struct psum *ps, size_t a, size_t b)
{
	double s = ps->s1[b] - ps->s1[a], q = ps->s2[b] - ps->s2[a];
	double ss = q - s * s / (double)(b - a);

	return ss > 0 ? ss : 0;
}

/*
 * The pooled two-sample t test of [k, b) against [a, k): its two-sided
 * p; the difference of means into *d, its standard error into *se and
 * degrees of freedom into *df.  No spread at all: p 0 for a difference,
 * 1 for none.
 */
double
hsplit_test(const struct psum *ps, size_t a, size_t k, size_t b, double *d, double *se, double *df)
{
	double nl = (double)(k - a), nr = (double)(b - k);

	*d = hseg_mean(ps, k, b) - hseg_mean(ps, a, k);
	*df = nl + nr - 2;
	if (*df < 1) {
		*se = INFINITY;
		return 1;
	}
	if (b == ps->n && nr == 1 && ps->wvar > 0) {
		/* The newest set alone, its runs spread: its mean varies by
		 * the stretch's set-to-set variance or its runs' own over
		 * their number, the larger (a stray run in it is not a step). */
		double v = hseg_ss(ps, a, k) / (nl - 1);

		*df = nl - 1;
		*se = sqrt(v / nl + (v > ps->wvar ? v : ps->wvar));
	} else {
		*se = sqrt((hseg_ss(ps, a, k) + hseg_ss(ps, k, b)) / *df * (1 / nl + 1 / nr));
	}
	if (!(*se > 1e-12))
		return fabs(*d) > 1e-12 ? 0 : 1;
	return 2 * infer_t_cdf(-fabs(*d / *se), *df);
}

/* A run among those ranked: its log value and its place in order. */
struct ranked_run {
	double v;
	size_t at;
};

static int
cmp_rank(const void *x, const void *y)
{
	const struct ranked_run *a = x, *b = y;

	return (a->v > b->v) - (a->v < b->v);
}

/*
 * The ranks of the runs of points [a, b) among themselves (ties share
 * their mean rank), summed point by point from a: rsum[i - a] is the sum
 * over the runs of points [a, i), rn[i - a] their count.  The runs, not
 * the set values: the run is the unit (as compare counts it), and at a
 * few runs a set a step a few sets long can show.  0, or -1 when out of
 * memory.
 */
static int
rank_sums(const struct psum *ps, size_t a, size_t b, double *rsum, double *rn)
{
	const struct hseries *s = ps->s;
	size_t m = 0, i, j, r;
	struct ranked_run *o;
	double *rk;

	for (i = a; i < b; i++)
		m += s->pt[i].runs;
	o = malloc((m + 1) * sizeof(*o));
	rk = malloc((m + 1) * sizeof(*rk));
	if (o == NULL || rk == NULL) {
		free(o);
		free(rk);
		return -1;
	}
	for (i = a, m = 0; i < b; i++)
		for (r = 0; r < s->pt[i].runs; r++, m++) {
			o[m].v = s->runv[s->pt[i].run0 + r];
			o[m].at = m;
		}
	qsort(o, m, sizeof(*o), cmp_rank);
	for (i = 0; i < m;) {
		double mid;

		for (j = i + 1; j < m && o[j].v == o[i].v; j++)
			;
		mid = (double)(i + j + 1) / 2;
		for (; i < j; i++)
			rk[o[i].at] = mid;
	}
	rsum[0] = rn[0] = 0;
	for (i = a, m = 0; i < b; i++) {
		double sum = 0;

		for (r = 0; r < s->pt[i].runs; r++)
			sum += rk[m++];
		rsum[i - a + 1] = rsum[i - a] + sum;
		rn[i - a + 1] = rn[i - a] + s->pt[i].runs;
	}
	free(o);
	free(rk);
	return 0;
}

/* The rank-sum (Mann-Whitney) test of the runs of [a, k) against those
 * of [k, b): its two-sided p, the normal approximation with continuity
 * correction (at the small sides it can test, cautious: above the exact
 * p). */
static double
rank_test(const double *rsum, const double *rn, size_t a, size_t k, size_t b)
{
	double nl = rn[k - a], nr = rn[b - a] - nl;
	double u = rsum[k - a] - nl * (nl + 1) / 2, mu = nl * nr / 2;
	double sd = sqrt(nl * nr * (nl + nr + 1) / 12), z = sd > 0 ? (fabs(u - mu) - 0.5) / sd : 0;

	return z > 0 ? erfc(z / sqrt(2.0)) : 1;
}

/*
 * Points [a, b) clipped to their median +- CLIP robust sds (1.4826 times
 * the median absolute deviation), as prefix sums from 0 into c (its own
 * memory: free c->s1).  The t test of a split runs on them: a stray set
 * far off moves a short side's mean by what a plausible point would, not
 * by all its distance.  Under normal noise CLIP = 4 leaves 99.99 % of
 * points as they are.  0, or -1 when out of memory.
 */
static int
clip(const struct psum *ps, size_t a, size_t b, struct psum *c)
{
	size_t m = b - a, i;
	double med = stats_median(ps->y + a, m), lim = CLIP * 1.4826 * stats_mad(ps->y + a, m);

	memset(c, 0, sizeof(*c));
	c->n = m;
	c->s1 = malloc(2 * (m + 1) * sizeof(double));
	if (c->s1 == NULL)
		return -1;
	c->s2 = c->s1 + m + 1;
	c->s1[0] = c->s2[0] = 0;
	for (i = 0; i < m; i++) {
		double y = ps->y[a + i];

		if (lim > 0 && y > med + lim)
			y = med + lim;
		else if (lim > 0 && y < med - lim)
			y = med - lim;
		c->s1[i + 1] = c->s1[i] + y;
		c->s2[i + 1] = c->s2[i] + y * y;
	}
	return 0;
}

/*
 * The best split of [a, b) and its p corrected for the splits tried;
 * 0 when there is none to try.  The split is the t test's (the size of
 * the step against the noise), among those the rank test also finds at
 * RANK_LEVEL: a stray set or three at an end, which the t test on a
 * short side can take for a step under heavy-tailed noise, does not make
 * one (at 0.001 a side needs four sets of 40, eight of 16).
 * (The rank test carries no correction for the figures: at the set
 * counts of a short history it could never reach it, 2/C(16,8) being
 * its best p at 8 sets a side.)
 */
static int
best_split(const struct psum *ps, size_t a, size_t b, size_t *at, double *p)
{
	size_t k, tried = 0;
	double best = 2, *rsum, *rn;

	struct psum c;

	*at = a;
	if (b - a < 2 * (size_t)HIST_SEG_MIN || (rsum = malloc(2 * (b - a + 1) * sizeof(*rsum))) == NULL)
		return 0;
	rn = rsum + (b - a + 1);
	if (rank_sums(ps, a, b, rsum, rn) < 0 || clip(ps, a, b, &c) < 0) {
		free(rsum);
		return 0;
	}
	for (k = a + HIST_SEG_MIN; k + HIST_SEG_MIN <= b; k++) {
		double d, se, df, pk = hsplit_test(&c, 0, k - a, b - a, &d, &se, &df);

		tried++;
		if (pk < best && rank_test(rsum, rn, a, k, b) < RANK_LEVEL) {
			best = pk;
			*at = k;
		}
	}
	free(rsum);
	free(c.s1);
	if (tried == 0 || best > 1)
		return 0;
	*p = best * (double)tried < 1 ? best * (double)tried : 1;
	return 1;
}

/* Binary segmentation of [a, b): the change points into cp (sorted by
 * the caller), their p into cpp. */
void
hist_segment(const struct psum *ps, size_t a, size_t b, double level, size_t *cp, double *cpp,
        size_t *ncp, int depth)
{
	size_t k;
	double p;

	if (depth > 40 || *ncp >= HIST_MAX_CHANGES || !best_split(ps, a, b, &k, &p) || !(p < level))
		return;
	cp[*ncp] = k;
	cpp[(*ncp)++] = p;
	hist_segment(ps, a, k, level, cp, cpp, ncp, depth + 1);
	hist_segment(ps, k, b, level, cp, cpp, ncp, depth + 1);
}

double
hrank_tail(const struct hseries *s, size_t a, size_t k, size_t b, int up)
{
	size_t m = 0, n = 0, i, j, r, q;
	double u = 0, p;

	for (i = k; i < b; i++)
		for (r = 0; r < s->pt[i].runs; r++) {
			double x = s->runv[s->pt[i].run0 + r];

			m++;
			for (j = a, n = 0; j < k; j++)
				for (q = 0; q < s->pt[j].runs; q++, n++) {
					double y = s->runv[s->pt[j].run0 + q];

					/* U counts the pairs whose new run is not
					 * where the step would put it */
					u += up ? (x < y) + 0.5 * (x == y) : (x > y) + 0.5 * (x == y);
				}
		}
	if (m == 0 || n == 0)
		return 1;
	p = stats_mwu_cdf(m, n, u);
	if (isnan(p)) {
		double z = ((double)m * (double)n / 2 - u - 0.5) /
		           sqrt((double)m * (double)n * (double)(m + n + 1) / 12);

		p = z > 0 ? erfc(z / sqrt(2.0)) / 2 : 1;
	}
	return p;
}

/* The log values of the runs of points [a, b) into a new array, their
 * count into *n; NULL when out of memory. */
static double *
runs_of(const struct hseries *s, size_t a, size_t b, size_t *n)
{
	size_t i, r, m = 0;
	double *v;

	for (i = a; i < b; i++)
		m += s->pt[i].runs;
	v = malloc((m + 1) * sizeof(*v));
	if (v == NULL)
		return NULL;
	for (i = a, *n = 0; i < b; i++)
		for (r = 0; r < s->pt[i].runs; r++)
			v[(*n)++] = s->runv[s->pt[i].run0 + r];
	return v;
}

int
hbeyond(const struct hseries *s, size_t a, size_t k, size_t b, int up, double q)
{
	size_t nb = 0, nn = 0;
	double *before = runs_of(s, a, k, &nb), *after = runs_of(s, k, b, &nn), edge, mid;
	int yes = 0;

	if (before != NULL && after != NULL && nb > 0 && nn > 0) {
		edge = stats_percentile(before, nb, 100 * (up ? q : 1 - q));
		mid = stats_median(after, nn);
		yes = up ? mid > edge : mid < edge;
	}
	free(before);
	free(after);
	return yes;
}

/*
 * lib_analysis.c - the decisions of line and tlb, apart from their
 * measuring: each turns a measured sweep into an answer (or into "cannot
 * tell"), so that the unit tests can feed it sweeps recorded on other
 * machines.  Cache's are lib_analysis_cache.c.
 */
#include <math.h>
#include <stddef.h>

#include "lib_analysis.h"

/* Not slowed: under this many times the time alone. */
#define UNSLOWED 2.0
/* The slowed offsets agree: the slowest within this many times the
 * fastest (one line, one fight; a fight that fades is no edge). */
#define AGREE 1.5

size_t
line_from_sharing(int n, const size_t *off, const double *ns, double alone)
{
	int k, i;

	if (n < 2 || !(alone > 0))
		return 0;
	/* The line is off[k] when every offset below it is slowed, every
	 * one from it on is not, and the two groups are clearly apart. */
	for (k = 1; k < n; k++) {
		double lo_slow = HUGE_VAL, hi_slow = 0, hi_fast = 0;

		for (i = 0; i < k; i++) {
			lo_slow = fmin(lo_slow, ns[i]);
			hi_slow = fmax(hi_slow, ns[i]);
		}
		for (i = k; i < n; i++)
			hi_fast = fmax(hi_fast, ns[i]);
		if (lo_slow >= LINE_SLOWED * alone && hi_slow <= AGREE * lo_slow &&
		    hi_fast < UNSLOWED * alone && lo_slow >= 2 * hi_fast)
			return off[k];
	}
	return 0;
}

/* Least squares of t = h + x * min(d / line, 1); the root mean square
 * of what is left, and h and x. */
static double
ramp_fit(int n, const size_t *d, const double *t, double line, double *h,
	 double *x)
{
	double sf = 0, st = 0, sff = 0, sft = 0, det, sse = 0;
	int i;

	for (i = 0; i < n; i++) {
		double f = (double)d[i] < line ? (double)d[i] / line : 1.0;

		sf += f;
		st += t[i];
		sff += f * f;
		sft += f * t[i];
	}
	det = n * sff - sf * sf;
	if (!(det > 0))
		return HUGE_VAL;
	*x = (n * sft - sf * st) / det;
	*h = (st - *x * sf) / n;
	for (i = 0; i < n; i++) {
		double f = (double)d[i] < line ? (double)d[i] / line : 1.0;
		double r = t[i] - (*h + *x * f);

		sse += r * r;
	}
	return sqrt(sse / n);
}

size_t
line_from_latency(int n, const size_t *d, const double *t)
{
	double best = HUGE_VAL, second = HUGE_VAL, bh = 0, bx = 0;
	size_t line = 0, cand;
	int i;

	if (n < 5)
		return 0;
	for (i = 0; i < n; i++)
		if (!(t[i] > 0) || (i > 0 && d[i] != 2 * d[i - 1]))
			return 0;
	/* Without a prefetcher, doubling the distance at most doubles the
	 * loads that leave the line, so at most doubles the time: a larger
	 * jump means a prefetcher hid the shorter distance's misses, and
	 * then the curve does not show the line (AMD Zen 4 hides a 64-byte
	 * stride this way and shows its first big step at 128). */
	for (i = 1; i < n; i++)
		if (t[i] > 2.5 * t[i - 1])
			return 0;
	/* A line at most the third-largest distance, so that at least three
	 * distances show the flat part. */
	for (cand = 2 * d[0]; cand <= d[n - 3]; cand *= 2) {
		double h = 0, x = 0, rms = ramp_fit(n, d, t, (double)cand, &h, &x);

		if (rms < best) {
			second = best;
			best = rms;
			line = cand;
			bh = h;
			bx = x;
		} else if (rms < second) {
			second = rms;
		}
	}
	/* Accept only a clear answer: a time within the line that is a
	 * time (a ramp that needs a negative one does not fit), leaving the
	 * line costs something measurable (a fifth of that time), the ramp
	 * fits the points to a tenth of that cost, and no other line fits
	 * nearly as well. */
	if (line == 0 || !(bh > 0) || !(bx > 0.2 * bh) || !(best <= 0.1 * bx) ||
	    !(second >= 1.5 * best) || !(second >= 0.05 * bx))
		return 0;
	return line;
}

int
tlb_search(double (*ratio)(void *ctx, size_t n), void *ctx, size_t maxn,
	   size_t *pages)
{
	size_t n = 8, lo, hi;
	double rn = 0, r2, half;
	int tries;

	for (tries = 0; tries < 3 && n == 8; tries++)
		for (n = 8; n <= maxn; n *= 2) {
			if ((rn = ratio(ctx, n)) < 0)
				return -1;
			/* an effect at n shows twice: the smaller counts */
			if (rn > TLB_EFFECT) {
				double again = ratio(ctx, n);

				if (again < 0)
					return -1;
				if (again < rn)
					rn = again;
			}
			r2 = rn;
			if (rn > TLB_EFFECT && 2 * n <= maxn &&
			    (r2 = ratio(ctx, 2 * n)) < 0)
				return -1;
			if (rn > TLB_EFFECT && r2 > TLB_EFFECT)
				break;
		}
	if (n > maxn)
		return 1;
	if (n == 8)
		return 2;
	/* below half way at n / 2 (no effect there), above at n */
	half = 1 + (rn - 1) / 2;
	if (half < TLB_EFFECT)
		half = TLB_EFFECT;
	for (lo = n / 2, hi = n; hi - lo > 1;) {
		size_t mid = lo + (hi - lo) / 2;
		double r = ratio(ctx, mid);

		if (r < 0)
			return -1;
		if (r > half)
			hi = mid;
		else
			lo = mid;
	}
	*pages = lo;
	return 0;
}

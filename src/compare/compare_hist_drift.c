/*
 * compare_hist_drift.c - a history's drifts: neighbouring steps of a
 * series the same way become one drift where a flat-ramp-flat fits
 * their stretch better than the steps do (BIC), its rise with a 95 % t
 * interval clear of 0; and the % of a log difference in the figure's
 * sense, which the steps' report shares (compare_hist_detect.c).
 */
#include <math.h>
#include <string.h>

#include "compare_hist.h"
#include "lib_infer.h"

/* A log difference as % in the figure's sense (+ = better). */
double
hist_pct(const struct hseries *s, double d)
{
	return (exp(s->better < 0 ? -d : d) - 1) * 100;
}

/*
 * The least-squares ramp over points [lo, hi): flat until point a, a
 * straight line from a to b, flat after b (a line where a = lo and b =
 * hi - 1).  Its residual sum of squares; the rise from a to b into
 * *rise, its standard error into *se, the level before into *first.
 */
static double
ramp_fit(const struct hseries *s, double mean, size_t lo, size_t hi, size_t a, size_t b, double *rise,
         double *se, double *first)
{
	double n = (double)(hi - lo), mx = 0, my = 0, sxx = 0, sxy = 0, rss = 0, slope, c;
	size_t i;

	for (i = lo; i < hi; i++) {
		mx += (double)((i < a ? a : i > b ? b : i) - a);
		my += s->pt[i].y - mean;
	}
	mx /= n;
	my /= n;
	for (i = lo; i < hi; i++) {
		double x = (double)((i < a ? a : i > b ? b : i) - a) - mx;

		sxx += x * x;
		sxy += x * (s->pt[i].y - mean - my);
	}
	slope = sxx > 0 ? sxy / sxx : 0;
	c = my - slope * mx;
	for (i = lo; i < hi; i++) {
		double r = s->pt[i].y - mean - (c + slope * (double)((i < a ? a : i > b ? b : i) - a));

		rss += r * r;
	}
	*rise = slope * (double)(b - a);
	*se = n > 2 && sxx > 0 ? sqrt(rss / (n - 2) / sxx) * (double)(b - a) : INFINITY;
	*first = c;
	return rss;
}

/* BIC of a fit with k parameters and residual sum of squares rss over n. */
static double
bic(double rss, double n, double k)
{
	return n * log(rss / n + 1e-300) + k * log(n);
}

/* The fewest intervals between sets a ramp spans. */
#define RAMP_MIN 3
/* At most this many candidate starts and ends of a ramp are tried. */
#define RAMP_TRIES 16

/*
 * Changes [i, j) of s, steps all the same way, become one drift where
 * a ramp fits their range better than the steps do (BIC: the ramp has
 * four parameters, k steps 2k + 1); 1 when they did.
 */
static int
try_drift(struct hseries *s, const struct psum *ps, double mean, size_t i, size_t j)
{
	size_t lo = s->ch[i].from, hi = s->ch[j - 1].to, k, ka, kb, a, b;
	size_t sa = s->ch[i].at - lo + 1, sb = hi - s->ch[j - 1].at;
	double rss_steps = 0, best = INFINITY, rise = 0, se = 0, first = 0, n = (double)(hi - lo), q;
	size_t best_a = lo, best_b = hi - 1;
	struct hchange *c = &s->ch[i];

	for (k = i; k < j; k++)
		rss_steps += hseg_ss(ps, s->ch[k].from, s->ch[k].at);
	rss_steps += hseg_ss(ps, s->ch[j - 1].at, hi);
	/* The ramp starts where the first step's stretch does or later, and
	 * ends where the last step's stretch does or sooner. */
	for (ka = 0; ka < RAMP_TRIES && ka < sa; ka++)
		for (kb = 0; kb < RAMP_TRIES && kb < sb; kb++) {
			double r, e, f, rss;

			a = lo + ka * sa / (sa < RAMP_TRIES ? sa : RAMP_TRIES);
			b = hi - 1 - kb * sb / (sb < RAMP_TRIES ? sb : RAMP_TRIES);
			/* A ramp over fewer than three intervals is a step. */
			if (b < a + RAMP_MIN)
				continue;
			rss = ramp_fit(s, mean, lo, hi, a, b, &r, &e, &f);
			if (rss < best) {
				best = rss;
				best_a = a;
				best_b = b;
				rise = r;
				se = e;
				first = f;
			}
		}
	if (!isfinite(best) || bic(best, n, 4) > bic(rss_steps, n, 2.0 * (double)(j - i) + 1))
		return 0;
	q = isfinite(se) ? infer_t_quantile(0.975, n - 2) * se : INFINITY;
	/* A drift no surer than nothing keeps the steps it would replace. */
	if (!(fabs(rise) > q))
		return 0;
	c->kind = H_DRIFT;
	c->from = best_a;
	c->to = best_b + 1;
	c->at = best_a + (best_b - best_a) / 2;
	c->change = hist_pct(s, rise);
	c->lo = hist_pct(s, s->better < 0 ? rise + q : rise - q);
	c->hi = hist_pct(s, s->better < 0 ? rise - q : rise + q);
	c->p = isfinite(se) && se > 0 ? 2 * infer_t_cdf(-fabs(rise / se), n - 2) : 0;
	c->before = exp(first + mean);
	c->after = exp(first + rise + mean);
	memmove(&s->ch[i + 1], &s->ch[j], (s->nch - j) * sizeof(*s->ch));
	s->nch -= j - i - 1;
	return 1;
}

/* Group neighbouring steps the same way (but a step to the newest set
 * alone: a drift is not told from one set) and make each group a drift
 * where a ramp fits. */
void
hist_drifts(struct hseries *s, const struct psum *ps, double mean)
{
	size_t i = 0, j;

	while (i < s->nch) {
		int up = s->ch[i].after > s->ch[i].before;

		for (j = i; j < s->nch; j++) {
			const struct hchange *e = &s->ch[j];

			if ((e->after > e->before) != up || (e->to == s->n && e->to - e->at < 2))
				break;
		}
		if (j > i)
			try_drift(s, ps, mean, i, j);
		i++;
	}
}

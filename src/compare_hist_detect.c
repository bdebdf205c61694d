/*
 * compare_hist_detect.c - where each series stepped: binary segmentation
 * of the set values (log scale) with a two-sample t test at each split,
 * corrected for the splits tried (Bonferroni) and for the series judged
 * (Bonferroni over the family); a run of steps the same way that a line
 * fits better (BIC) is a drift; and the gate's own test of the newest
 * sets, Holm-corrected over the series as compare's gate is.
 *
 * Why this and not E-divisive with permutations (Hunter, MongoDB): the
 * points are set means of log run values, near normal; a t test at each
 * split has a closed-form p that reaches the levels a family of hundreds
 * of series needs (a permutation test would need tens of thousands of
 * shuffles per segment), and a segment's scan is O(n) on prefix sums.
 * The correction over splits is conservative (neighbouring splits are
 * nearly the same test), which costs power, never false alarms.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_hist.h"
#include "lib_infer.h"
#include "lib_util.h"

/* The shortest segment: two points, but the newest may stand alone
 * (the run a pipeline just made must be judged before the next). */
#define SEG_MIN 2
/* The shortest segments a drift is told from a step on. */
#define DRIFT_SEG_MIN 3
/* Most changes kept in one series. */
#define MAX_CHANGES 64

/* Prefix sums of a series' points (centred), for O(1) segment moments. */
struct psum {
	double *s1, *s2; /* sums of y and y*y over points [0, i) */
	size_t n;
};

static double
seg_mean(const struct psum *ps, size_t a, size_t b)
{
	return (ps->s1[b] - ps->s1[a]) / (double)(b - a);
}

/* The sum of squared deviations from the segment's mean. */
static double
seg_ss(const struct psum *ps, size_t a, size_t b)
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
static double
split_test(const struct psum *ps, size_t a, size_t k, size_t b, double *d, double *se, double *df)
{
	double nl = (double)(k - a), nr = (double)(b - k);

	*d = seg_mean(ps, k, b) - seg_mean(ps, a, k);
	*df = nl + nr - 2;
	if (*df < 1) {
		*se = INFINITY;
		return 1;
	}
	*se = sqrt((seg_ss(ps, a, k) + seg_ss(ps, k, b)) / *df * (1 / nl + 1 / nr));
	if (!(*se > 1e-12))
		return fabs(*d) > 1e-12 ? 0 : 1;
	return 2 * infer_t_cdf(-fabs(*d / *se), *df);
}

/* A log difference as % in the figure's sense (+ = better). */
static double
pct(const struct hseries *s, double d)
{
	return (exp(s->better < 0 ? -d : d) - 1) * 100;
}

/* Fill c for the step at k between [a, k) and [k, b); p as given. */
static void
step_at(const struct hseries *s, const struct psum *ps, double mean, size_t a, size_t k, size_t b,
        double p, struct hchange *c)
{
	double d, se, df, q, lo, hi;

	memset(c, 0, sizeof(*c));
	c->kind = H_STEP;
	c->from = a;
	c->at = k;
	c->to = b;
	c->p = p;
	split_test(ps, a, k, b, &d, &se, &df);
	q = isfinite(se) ? infer_t_quantile(0.975, df) * se : INFINITY;
	lo = d - q;
	hi = d + q;
	c->change = pct(s, d);
	c->lo = pct(s, s->better < 0 ? hi : lo);
	c->hi = pct(s, s->better < 0 ? lo : hi);
	c->before = exp(seg_mean(ps, a, k) + mean);
	c->after = exp(seg_mean(ps, k, b) + mean);
}

/*
 * The best split of [a, b) and its p corrected for the splits tried;
 * 0 when there is none to try.
 */
static int
best_split(const struct psum *ps, size_t a, size_t b, size_t *at, double *p)
{
	size_t k, tried = 0, right = b == ps->n ? 1 : SEG_MIN;
	double best = 2;

	if (b - a < SEG_MIN + right)
		return 0;
	for (k = a + SEG_MIN; k + right <= b; k++) {
		double d, se, df, pk = split_test(ps, a, k, b, &d, &se, &df);

		tried++;
		if (pk < best) {
			best = pk;
			*at = k;
		}
	}
	if (tried == 0 || best > 1)
		return 0;
	*p = best * (double)tried < 1 ? best * (double)tried : 1;
	return 1;
}

/* Binary segmentation of [a, b): the change points into cp (sorted by
 * the caller), their p into cpp. */
static void
segment(const struct psum *ps, size_t a, size_t b, double level, size_t *cp, double *cpp,
        size_t *ncp, int depth)
{
	size_t k;
	double p;

	if (depth > 40 || *ncp >= MAX_CHANGES || !best_split(ps, a, b, &k, &p) || !(p < level))
		return;
	cp[*ncp] = k;
	cpp[(*ncp)++] = p;
	segment(ps, a, k, level, cp, cpp, ncp, depth + 1);
	segment(ps, k, b, level, cp, cpp, ncp, depth + 1);
}

/* The residual sum of squares of a least-squares line over [a, b); its
 * slope into *slope and the slope's standard error into *se. */
static double
line_fit(const struct hseries *s, double mean, size_t a, size_t b, double *slope, double *se,
         double *first, double *last)
{
	double n = (double)(b - a), mx = (n - 1) / 2, my = 0, sxx = 0, sxy = 0, rss = 0, c;
	size_t i;

	for (i = a; i < b; i++)
		my += s->pt[i].y - mean;
	my /= n;
	for (i = a; i < b; i++) {
		double x = (double)(i - a) - mx;

		sxx += x * x;
		sxy += x * (s->pt[i].y - mean - my);
	}
	*slope = sxx > 0 ? sxy / sxx : 0;
	c = my - *slope * mx;
	for (i = a; i < b; i++) {
		double r = s->pt[i].y - mean - (c + *slope * (double)(i - a));

		rss += r * r;
	}
	*se = n > 2 && sxx > 0 ? sqrt(rss / (n - 2) / sxx) : INFINITY;
	*first = c;
	*last = c + *slope * (n - 1);
	return rss;
}

/* BIC of a fit with k parameters and residual sum of squares rss over n. */
static double
bic(double rss, double n, double k)
{
	return n * log(rss / n + 1e-300) + k * log(n);
}

/* Changes [i, j) of s, all steps the same way with segments long enough,
 * become one drift where a line fits their range better. */
static int
try_drift(struct hseries *s, const struct psum *ps, double mean, size_t i, size_t j)
{
	size_t a = s->ch[i].from, b = s->ch[j - 1].to, k;
	double rss_steps = 0, slope, se, first, last, n = (double)(b - a), q, df;
	struct hchange *c = &s->ch[i];

	for (k = i; k < j; k++)
		rss_steps += seg_ss(ps, s->ch[k].from, s->ch[k].at);
	rss_steps += seg_ss(ps, s->ch[j - 1].at, b);
	if (bic(line_fit(s, mean, a, b, &slope, &se, &first, &last), n, 2) >
	    bic(rss_steps, n, 2.0 * (double)(j - i) + 1))
		return 0;
	df = n - 2;
	q = isfinite(se) ? infer_t_quantile(0.975, df) * se * (n - 1) : INFINITY;
	c->kind = H_DRIFT;
	c->to = b;
	c->at = a + (b - a) / 2;
	c->change = pct(s, last - first);
	c->lo = pct(s, s->better < 0 ? last - first + q : last - first - q);
	c->hi = pct(s, s->better < 0 ? last - first - q : last - first + q);
	c->p = isfinite(se) && se > 0 ? 2 * infer_t_cdf(-fabs(slope / se), df) : 0;
	c->before = exp(first + mean);
	c->after = exp(last + mean);
	memmove(&s->ch[i + 1], &s->ch[j], (s->nch - j) * sizeof(*s->ch));
	s->nch -= j - i - 1;
	return 1;
}

/* Group neighbouring steps the same way (segments of DRIFT_SEG_MIN or
 * more on both sides) and make each group a drift where a line fits. */
static void
drifts(struct hseries *s, const struct psum *ps, double mean)
{
	size_t i = 0, j;

	while (i < s->nch) {
		const struct hchange *c = &s->ch[i];
		int up = c->after > c->before;

		if (c->at - c->from < DRIFT_SEG_MIN || c->to - c->at < DRIFT_SEG_MIN) {
			i++;
			continue;
		}
		for (j = i + 1; j < s->nch; j++) {
			const struct hchange *e = &s->ch[j];

			if ((e->after > e->before) != up || e->to - e->at < DRIFT_SEG_MIN)
				break;
		}
		try_drift(s, ps, mean, i, j);
		i++;
	}
}

static int
cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return (x > y) - (x < y);
}

/* Whether c is past the limit toward worse, its interval clear of 0. */
static int
toward_worse(const struct hseries *s, const struct hchange *c)
{
	if (s->better == 0)
		return fabs(c->change) >= s->limit && (c->lo > 0 || c->hi < 0);
	return c->change <= -s->limit && c->hi < 0;
}

/* The gate's test: a step starting at one of the sets [w, nsets) of
 * the newest, against the points since the last change before them. */
static void
gate_test(struct hseries *s, const struct psum *ps, double mean, size_t first_set, size_t window)
{
	size_t w = 0, a = 0, k, i, best_k = 0;
	double best = 2;

	s->gate_p = -1;
	while (w < s->n && s->pt[w].set < first_set)
		w++;
	if (w == s->n)
		return;
	for (i = 0; i < s->nch; i++)
		if (s->ch[i].kind == H_STEP && s->ch[i].at < w && s->ch[i].at > a)
			a = s->ch[i].at;
		else if (s->ch[i].kind == H_DRIFT && s->ch[i].to <= w && s->ch[i].to > a)
			a = s->ch[i].to;
	for (k = w; k < s->n; k++) {
		double d, se, df, pk;

		if (k - a < SEG_MIN)
			continue;
		pk = split_test(ps, a, k, s->n, &d, &se, &df);
		if (pk < best) {
			best = pk;
			best_k = k;
		}
	}
	if (best > 1)
		return;
	best *= (double)window;
	s->gate_p = best < 1 ? best : 1;
	step_at(s, ps, mean, a, best_k, s->n, s->gate_p, &s->gate);
	s->gate.worse = toward_worse(s, &s->gate);
}

/* Changes, noise and the gate's test of one series; 0, or -1 when out
 * of memory. */
static int
series_detect(struct hist *h, struct hseries *s, const struct hopts *o, double level)
{
	struct psum ps;
	size_t i, a, ncp = 0, cp[MAX_CHANGES];
	double cpp[MAX_CHANGES], mean = 0, ss = 0, df = 0;

	ps.n = s->n;
	ps.s1 = malloc(2 * (s->n + 1) * sizeof(double));
	if (ps.s1 == NULL)
		return -1;
	ps.s2 = ps.s1 + s->n + 1;
	for (i = 0; i < s->n; i++)
		mean += s->pt[i].y;
	mean /= (double)s->n;
	ps.s1[0] = ps.s2[0] = 0;
	for (i = 0; i < s->n; i++) {
		double y = s->pt[i].y - mean;

		ps.s1[i + 1] = ps.s1[i] + y;
		ps.s2[i + 1] = ps.s2[i] + y * y;
	}
	segment(&ps, 0, s->n, level, cp, cpp, &ncp, 0);
	if (ncp > 0) {
		size_t ord[MAX_CHANGES];
		double pp[MAX_CHANGES];

		memcpy(ord, cp, ncp * sizeof(*cp));
		qsort(ord, ncp, sizeof(*ord), cmp_size);
		for (i = 0; i < ncp; i++) {
			size_t j;

			for (j = 0; j < ncp && cp[j] != ord[i]; j++)
				;
			pp[i] = cpp[j];
		}
		s->ch = calloc(ncp, sizeof(*s->ch));
		if (s->ch == NULL) {
			free(ps.s1);
			return -1;
		}
		for (i = 0; i < ncp; i++)
			step_at(s, &ps, mean, i ? ord[i - 1] : 0, ord[i], i + 1 < ncp ? ord[i + 1] : s->n,
			        pp[i], &s->ch[i]);
		s->nch = ncp;
		drifts(s, &ps, mean);
	}
	/* The noise: the spread of set values about their level, over the
	 * flat stretches (between steps, outside drifts). */
	for (i = 0, a = 0; i <= s->nch; i++) {
		size_t b = i == s->nch ? s->n : s->ch[i].kind == H_STEP ? s->ch[i].at : s->ch[i].from;

		if (b > a + 1) {
			ss += seg_ss(&ps, a, b);
			df += (double)(b - a - 1);
		}
		if (i < s->nch)
			a = s->ch[i].kind == H_STEP ? s->ch[i].at : s->ch[i].to;
	}
	s->noise = df > 0 ? sqrt(ss / df) : -1;
	/* The smallest step the newest set could show against the flat
	 * stretch before it, at the family's level (Holm's first). */
	s->floor = -1;
	if (s->noise >= 0 && s->n > a + 2)
		s->floor = (exp(infer_floor(s->noise * sqrt(1 + 1 / (double)(s->n - 1 - a)), df, level)) - 1) * 100;
	for (i = 0; i < s->nch; i++) {
		s->ch[i].worse = toward_worse(s, &s->ch[i]);
		s->ch[i].listed = fabs(s->ch[i].change) >= s->limit;
		h->nsteps += s->ch[i].listed && s->ch[i].kind == H_STEP;
		h->ndrifts += s->ch[i].listed && s->ch[i].kind == H_DRIFT;
		h->nsmall += !s->ch[i].listed;
	}
	if (o->fail_on_step > 0)
		gate_test(s, &ps, mean, h->nsets > (size_t)o->fail_on_step ? h->nsets - (size_t)o->fail_on_step : 0,
		          (size_t)o->fail_on_step);
	free(ps.s1);
	return 0;
}

void
hist_detect(struct hist *h, const struct hopts *o)
{
	struct hseries *s;
	double level, *p, *adj;
	size_t n = 0, i;

	h->nfamily = 0;
	for (s = h->first; s != NULL; s = s->next_in_order)
		h->nfamily += s->n >= HIST_MIN_POINTS;
	h->nshort = h->nseries - h->nfamily;
	/* Many series, one verdict: each judged at alpha over their number. */
	level = o->alpha / (double)(h->nfamily ? h->nfamily : 1);
	p = malloc(2 * (h->nseries + 1) * sizeof(*p));
	if (p == NULL) {
		util_err("out of memory");
		exit(2);
	}
	adj = p + h->nseries + 1;
	for (s = h->first; s != NULL; s = s->next_in_order) {
		s->limit = o->cmp != NULL ? rule_limit(o->cmp, s->name, s->params, s->size) : o->threshold;
		s->gate_p = s->gate_adj = -1;
		s->noise = s->floor = -1;
		if (s->n >= HIST_MIN_POINTS && series_detect(h, s, o, level) < 0) {
			util_err("out of memory");
			exit(2);
		}
		p[n++] = s->gate_p;
	}
	/* The gate: Holm over every series tested, as compare's gate. */
	if (o->fail_on_step > 0 && infer_holm(p, n, adj) == 0) {
		i = 0;
		for (s = h->first; s != NULL; s = s->next_in_order, i++) {
			s->gate_adj = adj[i];
			s->failed = s->gate_p >= 0 && adj[i] < o->alpha && s->gate.worse;
			h->nfailed += s->failed;
		}
	}
	free(p);
}

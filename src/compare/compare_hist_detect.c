/*
 * compare_hist_detect.c - where each series stepped: binary segmentation
 * of the set values (log scale; compare_hist_split.c), each split a t
 * test on the stretch's points clipped at 4 robust sds, which a rank
 * test must back at 0.001, corrected for the splits tried (Bonferroni)
 * and for the series judged (Bonferroni over the family); a run of steps
 * the same way that a ramp fits better (BIC) is a drift; and the gate's
 * own test of the newest sets, Holm-corrected over the series as
 * compare's gate is.  The drifts are fitted in compare_hist_drift.c.
 *
 * Why this and not E-divisive with permutations (Hunter, MongoDB): the
 * points are set means of log run values, near normal; a t test at each
 * split has a closed-form p that reaches the levels a family of hundreds
 * of series needs (a permutation test would need tens of thousands of
 * shuffles per stretch), and a stretch is scanned in O(n) on prefix
 * sums.  The correction over splits is conservative (neighbouring splits
 * are nearly the same test), which costs power, never false alarms.
 * Real noise is not normal: some figures have modes, a run now and then
 * far off; the clipping and the rank test keep one or three such sets
 * at an end of a stretch from being taken for a step (tests/bench/
 * history.sh measures the false alarms with real runs' noise).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_hist.h"
#include "lib_infer.h"
#include "lib_util.h"

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
	hsplit_test(ps, a, k, b, &d, &se, &df);
	q = isfinite(se) ? infer_t_quantile(0.975, df) * se : INFINITY;
	lo = d - q;
	hi = d + q;
	c->change = hist_pct(s, d);
	c->lo = hist_pct(s, s->better < 0 ? hi : lo);
	c->hi = hist_pct(s, s->better < 0 ? lo : hi);
	c->before = exp(hseg_mean(ps, a, k) + mean);
	c->after = exp(hseg_mean(ps, k, b) + mean);
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

/*
 * The gate's test: the best split (t test) of the sets since the last
 * change; a step when it starts at one of the newest sets [first_set,
 * ...) and the runs' ranks agree, its p (the larger of the two tests')
 * corrected for those window splits.  (The best split may
 * lie before the window: then the step is older, reported, not failed.
 * Under no step at all, the window's smallest p times its size is
 * below alpha at most alpha of the time, whatever the other splits do.)
 */
static void
gate_test(struct hseries *s, const struct psum *ps, double mean, size_t first_set, size_t window)
{
	size_t w = 0, a = 0, k, i, best_k = 0;
	double best = 2, pr;
	int up;

	s->gate_p = s->gate_pt = -1;
	while (w < s->n && s->pt[w].set < first_set)
		w++;
	if (w == s->n)
		return;
	for (i = 0; i < s->nch; i++)
		if (s->ch[i].kind == H_STEP && s->ch[i].at < w && s->ch[i].at > a)
			a = s->ch[i].at;
		else if (s->ch[i].kind == H_DRIFT && s->ch[i].to <= w && s->ch[i].to > a)
			a = s->ch[i].to;
	for (k = a + HIST_SEG_MIN; k < s->n; k++) {
		double d, se, df, pk = hsplit_test(ps, a, k, s->n, &d, &se, &df);

		if (pk < best) {
			best = pk;
			best_k = k;
		}
	}
	if (best > 1)
		return;
	/* Tested all the same: a step before the window is no step in it,
	 * p 1, and the series counts in the gate's family (Holm over every
	 * series tested, never over those that happened to look likely). */
	if (best_k < w) {
		s->gate_p = s->gate_pt = 1;
		return;
	}
	/* The runs must agree: those since the split against those before
	 * it, by rank, the way the step goes (a set or two of runs drawn
	 * from a figure's rarer mode is not a step; one run a set can never
	 * show one this way: a stray run and a step look alike). */
	up = hseg_mean(ps, best_k, s->n) > hseg_mean(ps, a, best_k);
	pr = hrank_tail(s, a, best_k, s->n, up);
	s->gate_pt = best * (double)window < 1 ? best * (double)window : 1;
	if (pr > best)
		best = pr;
	/* And beyond what the runs before did: the median of the runs since
	 * the split past 95 % of those before it.  A step smaller than the
	 * gap between a figure's modes cannot be told from a set whose runs
	 * all fell in the rarer one. */
	if (!hbeyond(s, a, best_k, s->n, up, 0.95))
		best = 1;
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
	size_t win = o->fail_on_step > 0 ? (size_t)o->fail_on_step : 1;
	struct psum ps;
	size_t i, a, ncp = 0, cp[HIST_MAX_CHANGES];
	double cpp[HIST_MAX_CHANGES], mean = 0, ss = 0, df = 0, *yc;

	ps.s = s;
	ps.n = s->n;
	ps.wvar = s->pt[s->n - 1].sd > 0 ? s->pt[s->n - 1].sd * s->pt[s->n - 1].sd / s->pt[s->n - 1].runs : 0;
	ps.s1 = malloc(3 * (s->n + 1) * sizeof(double));
	if (ps.s1 == NULL)
		return -1;
	ps.s2 = ps.s1 + s->n + 1;
	ps.y = yc = ps.s2 + s->n + 1;
	for (i = 0; i < s->n; i++)
		mean += s->pt[i].y;
	mean /= (double)s->n;
	ps.s1[0] = ps.s2[0] = 0;
	for (i = 0; i < s->n; i++) {
		double y = yc[i] = s->pt[i].y - mean;

		ps.s1[i + 1] = ps.s1[i] + y;
		ps.s2[i + 1] = ps.s2[i] + y * y;
	}
	hist_segment(&ps, 0, s->n, level, cp, cpp, &ncp, 0);
	if (ncp > 0) {
		size_t ord[HIST_MAX_CHANGES];
		double pp[HIST_MAX_CHANGES];

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
		hist_drifts(s, &ps, mean);
	}
	/* The noise: the spread of set values about their level, over the
	 * flat stretches (between steps, outside drifts). */
	for (i = 0, a = 0; i <= s->nch; i++) {
		size_t b = i == s->nch ? s->n : s->ch[i].kind == H_STEP ? s->ch[i].at : s->ch[i].from;

		if (b > a + 1) {
			ss += hseg_ss(&ps, a, b);
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
	/* The gate's test runs without the gate too (the newest set alone):
	 * the segmentation cannot find a step there yet, the text says it. */
	gate_test(s, &ps, mean, h->nsets > win ? h->nsets - win : 0, win);
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
		s->gate_p = s->gate_pt = s->gate_adj = -1;
		s->noise = s->floor = -1;
		if (s->n >= HIST_MIN_POINTS && series_detect(h, s, o, level) < 0) {
			util_err("out of memory");
			exit(2);
		}
		p[n++] = s->gate_p;
	}
	/* The gate: Holm over every series tested, as compare's gate. */
	if (infer_holm(p, n, adj) == 0) {
		i = 0;
		for (s = h->first; s != NULL; s = s->next_in_order, i++) {
			s->gate_adj = adj[i];
			s->failed = s->gate_p >= 0 && adj[i] < o->alpha && s->gate.worse;
			h->nfailed += s->failed;
		}
	}
	/* The newest sets that stand apart by the t test alone (what one run
	 * a set can show): said, never failed. */
	i = 0;
	for (s = h->first; s != NULL; s = s->next_in_order)
		p[i++] = s->gate_pt;
	if (infer_holm(p, n, adj) == 0) {
		i = 0;
		for (s = h->first; s != NULL; s = s->next_in_order, i++) {
			s->apart_adj = adj[i];
			s->apart = s->gate_pt >= 0 && adj[i] < o->alpha && s->gate.worse;
			h->napart += s->apart;
		}
	}
	free(p);
}

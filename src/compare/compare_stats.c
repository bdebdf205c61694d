/*
 * compare_stats.c - the comparison: per metric each side's runs (one
 * value a run: its median, or the statistic its program reports), the
 * change between their geometric means with its 95 % interval, Welch's
 * test on log run values (lib_infer), Holm's correction over every
 * tested figure, the noise floor, the status, the summary and the gate.
 * A run's samples never count as observations: they only describe that
 * run (and, with one run a side, hint at what more runs could show).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib_infer.h"
#include "lib_stats.h"
#include "lib_util.h"

const char *const status_word[] = {
	"ok",         "~",       "improvement", "regression", "changed", "cannot tell",
	"unreliable", "missing", "failed",      "skipped",    "new"
};

int
row_compared(const struct row *r)
{
	return r->st <= S_UNRELIABLE;
}

double
rule_limit(const struct opts *o, const char *name, const char *params, const char *size)
{
	struct buf k = { 0 };
	double lim = o->threshold;
	size_t i;

	if (o->nrules == 0)
		return lim;
	buf_str(&k, name);
	if (*params) {
		buf_str(&k, " ");
		buf_str(&k, params);
	}
	if (*size) {
		buf_str(&k, " size=");
		buf_str(&k, size);
	}
	for (i = 0; i < o->nrules; i++)
		if (regexec(&o->rules[i].re, k.s, 0, NULL, 0) == 0) {
			lim = o->rules[i].limit;
			break;
		}
	free(k.s);
	return lim;
}

/* One side's run statistics; its log run values into lg (n of them). */
static void
stat_side(const struct part *p, struct stat1 *s, double *lg)
{
	size_t i;

	s->value = stats_median(p->runs.v, p->runs.n);
	s->n = p->runs.n;
	s->nsamples = p->samples.n;
	for (i = 0; i < p->runs.n; i++)
		lg[i] = log(p->runs.v[i]);
	s->spread = p->runs.n > 1 ? (exp(stats_stddev(lg, p->runs.n)) - 1) * 100 : -1;
}

/* The statistics of the one side a metric has. */
static void
one_side(const struct part *p, struct stat1 *s)
{
	double *lg = malloc((p->runs.n ? p->runs.n : 1) * sizeof(*lg));

	if (lg == NULL) {
		util_err("out of memory");
		exit(2);
	}
	stat_side(p, s, lg);
	free(lg);
}

/* A log change as % in the metric's sense (+ = better). */
static double
pct(const struct metric *m, double d)
{
	return (exp(m->better < 0 ? -d : d) - 1) * 100;
}

/*
 * The spread of a side's samples as the sd of their logs, from their
 * median absolute deviation (robust to a stray sample); < 0 without two.
 */
static double
sample_sd(const struct vec *v)
{
	double *lg, sd;
	size_t i;

	if (v->n < 2 || (lg = malloc(v->n * sizeof(*lg))) == NULL)
		return -1;
	for (i = 0; i < v->n; i++)
		lg[i] = log(v->v[i]);
	sd = 1.4826 * stats_mad(lg, v->n);
	free(lg);
	return sd;
}

static const struct record *
record_for(struct cmp *cx, const struct metric *m)
{
	const struct part *b = &m->part[BASE];
	const struct record *r;

	if (b->program == NULL)
		return NULL;
	for (r = cx->records; r != NULL; r = r->next)
		if (r->side == NEW && r->program != NULL && r->cross == m->cross &&
		    strcmp(r->program, b->program) == 0 &&
		    strcmp(r->args ? r->args : "", b->args ? b->args : "") == 0)
			return r;
	return NULL;
}

/* The row r of a metric both sides have: statistics, change, the test
 * over run values; the status is decided once every p is known. */
static void
measure_both(struct cmp *cx, struct row *r, struct summary *sum, double *geo)
{
	const struct metric *m = r->m;
	size_t nb = m->part[BASE].runs.n, nn = m->part[NEW].runs.n;
	double *lb = malloc((nb + nn) * sizeof(*lb)), *ln;
	struct infer_welch w;

	if (lb == NULL) {
		util_err("out of memory");
		exit(2);
	}
	ln = lb + nb;
	sum->rows++;
	if (m->part[BASE].policy != NULL && m->part[NEW].policy != NULL &&
	    strcmp(m->part[BASE].policy, m->part[NEW].policy) != 0 &&
	    cx->npolicy++ == 0)
		cx->policy_first = m;
	stat_side(&m->part[BASE], &r->s[BASE], lb);
	stat_side(&m->part[NEW], &r->s[NEW], ln);
	r->change = pct(m, stats_mean(ln, nn) - stats_mean(lb, nb));
	if (m->better != 0) {
		*geo += log1p(r->change / 100);
		sum->ngeo++;
	}
	if (infer_welch(lb, nb, ln, nn, 0.95, &w) == 0) {
		r->tested = 1;
		r->pooled = w.pooled;
		r->p = w.p;
		/* The interval in the metric's sense: lower is better turns
		 * it round. */
		r->lo = pct(m, m->better < 0 ? w.hi : w.lo);
		r->hi = pct(m, m->better < 0 ? w.lo : w.hi);
		r->se = w.se;
		r->df = w.df;
		sum->tested++;
	} else {
		double sb = sample_sd(&m->part[BASE].samples),
		       sn = sample_sd(&m->part[NEW].samples);

		/* No test; what five runs a side would see at best, if runs
		 * varied as much as one run's samples do. */
		r->hint = sb >= 0 && sn >= 0 ? (sb + sn) / 2 : sb >= 0 ? sb : sn;
		sum->untested++;
	}
	free(lb);
}

/* The status of a compared row, its p-values and the family's size known. */
static void
judge(struct row *r, const struct opts *o, size_t family, struct summary *sum)
{
	const struct metric *m = r->m;
	double level = o->alpha / (double)(family ? family : 1);
	int sig;

	if (r->tested) {
		/* The floor at the family's per-figure level (Holm's first). */
		r->floor = (exp(infer_floor(r->se, r->df, level)) - 1) * 100;
	} else {
		r->floor = -1;
		if (r->hint >= 0)
			r->hint = (exp(infer_floor(r->hint * sqrt(2.0 / RUNS_ADVISED),
			                           2 * RUNS_ADVISED - 2, level)) - 1) * 100;
	}
	if (m->part[BASE].mixed || m->part[NEW].mixed) {
		r->st = S_UNRELIABLE;
		sum->unreliable++;
		return;
	}
	/* No test, or runs too noisy to see the threshold: cannot tell,
	 * unless the change is significant past it all the same. */
	sig = r->tested && r->padj >= 0 && r->padj < o->alpha;
	if (m->better == 0 && sig && fabs(r->change) >= r->limit)
		r->st = S_CHANGED;
	else if (m->better != 0 && sig && r->change <= -r->limit && r->hi < 0)
		r->st = S_REGRESSED;
	else if (m->better != 0 && sig && r->change >= r->limit && r->lo > 0)
		r->st = S_IMPROVED;
	else if (!r->tested || r->floor > r->limit)
		r->st = S_CANNOT;
	else
		r->st = sig ? S_OK : S_SAME;
	sum->cannot += r->st == S_CANNOT;
	sum->regress += r->st == S_REGRESSED;
	sum->improve += r->st == S_IMPROVED;
}

/* The median of the untested rows' hints into sum->hint. */
static void
median_hint(const struct row *rows, size_t n, struct summary *sum)
{
	double *h = malloc((n ? n : 1) * sizeof(*h));
	size_t i, k = 0;

	sum->hint = -1;
	if (h == NULL)
		return;
	for (i = 0; i < n; i++)
		if (row_compared(&rows[i]) && !rows[i].tested && rows[i].hint >= 0)
			h[k++] = rows[i].hint;
	if (k > 0)
		sum->hint = stats_median(h, k);
	free(h);
}

struct row *
compare(struct cmp *cx, const struct opts *o, struct summary *sum)
{
	struct row *rows = calloc(cx->nmetrics ? cx->nmetrics : 1, sizeof(*rows));
	double *p = calloc((cx->nmetrics ? cx->nmetrics : 1) * 2, sizeof(*p)), *adj;
	struct metric *m;
	double geo = 0;
	size_t n = 0, i;

	if (rows == NULL || p == NULL) {
		util_err("out of memory");
		exit(2);
	}
	adj = p + (cx->nmetrics ? cx->nmetrics : 1);
	memset(sum, 0, sizeof(*sum));
	for (m = cx->first; m != NULL; m = m->next_in_order) {
		struct row *r = &rows[n++];
		int hb = m->part[BASE].runs.n > 0, hn = m->part[NEW].runs.n > 0;

		r->m = m;
		r->p = r->padj = r->floor = r->hint = -1;
		r->limit = rule_limit(o, m->name, m->params, m->size);
		if (!hn) {
			r->rec = record_for(cx, m);
			r->st = r->rec == NULL ? S_MISSING : r->rec->failed ? S_FAILED : S_SKIPPED;
			one_side(&m->part[BASE], &r->s[BASE]);
			if (r->st == S_FAILED)
				sum->failed++;
			else
				sum->missing++;
			continue;
		}
		if (!hb) {
			r->st = S_ADDED;
			one_side(&m->part[NEW], &r->s[NEW]);
			sum->added++;
			continue;
		}
		measure_both(cx, r, sum, &geo);
	}
	/* Many figures, one verdict: Holm over every tested figure. */
	for (i = 0; i < n; i++)
		p[i] = rows[i].st <= S_UNRELIABLE && rows[i].tested ? rows[i].p : -1;
	if (infer_holm(p, n, adj) < 0) {
		util_err("out of memory");
		exit(2);
	}
	for (i = 0; i < n; i++)
		if (rows[i].st <= S_UNRELIABLE && rows[i].s[BASE].n > 0 && rows[i].s[NEW].n > 0) {
			rows[i].padj = adj[i];
			judge(&rows[i], o, sum->tested ? sum->tested : sum->rows, sum);
		}
	free(p);
	median_hint(rows, n, sum);
	sum->geo = sum->ngeo ? (exp(geo / (double)sum->ngeo) - 1) * 100 : 0;
	sum->fail = sum->regress > 0 || cx->sides[NEW].nrecords[1] > 0 ||
	            (!o->allow_missing && sum->missing > 0) ||
	            (o->strict && (sum->unreliable > 0 || sum->cannot > 0));
	return rows;
}

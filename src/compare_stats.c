/*
 * compare_stats.c - the comparison: per metric the sides' medians, intervals and rank test (lib_stats), the status, the summary and the gate.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib_stats.h"
#include "lib_util.h"

const char *const status_word[] = {
	"ok",      "~",          "improvement", "regression", "changed",
	"unreliable", "missing", "failed",      "skipped",    "new"
};

static double
limit_for(const struct opts *o, const struct metric *m)
{
	struct buf k = { 0 };
	double lim = o->threshold;
	size_t i;

	if (o->nrules == 0)
		return lim;
	buf_str(&k, m->name);
	if (*m->params) {
		buf_str(&k, " ");
		buf_str(&k, m->params);
	}
	if (*m->size) {
		buf_str(&k, " size=");
		buf_str(&k, m->size);
	}
	for (i = 0; i < o->nrules; i++)
		if (regexec(&o->rules[i].re, k.s, 0, NULL, 0) == 0) {
			lim = o->rules[i].limit;
			break;
		}
	free(k.s);
	return lim;
}

static void
stat_side(const struct part *p, struct stat1 *s, const struct vec **set)
{
	/* The samples when the records had them, else the runs' values. */
	*set = p->samples.n > 0 ? &p->samples : &p->runs;
	s->value = stats_median(p->runs.v, p->runs.n);
	s->n = (*set)->n;
	s->mid = stats_median((*set)->v, (*set)->n);
	s->ci = stats_median_ci((*set)->v, (*set)->n, 0.95, &s->lo, &s->hi, NULL) == 0;
}

/* The smallest two-sided p any rank test of n1 and n2 samples can give
 * (complete separation): 2 / C(n1 + n2, n1). */
static double
pmin(size_t n1, size_t n2)
{
	double l = 0;
	size_t i;

	for (i = 1; i <= n1; i++)
		l += log((double)(n2 + i)) - log((double)i);
	return 2 * exp(-l);
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

/* The row r of a metric both sides have: statistics, change, status;
 * counted in sum, its log-ratio added to *lg when it is judged. */
static void
compare_both(struct cmp *cx, const struct opts *o, struct row *r,
             struct summary *sum, double *lg)
{
	const struct metric *m = r->m;
	const struct vec *xs, *ys;
	struct stats_test t;
	double ratio;

	sum->rows++;
	if (m->part[BASE].policy != NULL && m->part[NEW].policy != NULL &&
	    strcmp(m->part[BASE].policy, m->part[NEW].policy) != 0 &&
	    cx->npolicy++ == 0)
		cx->policy_first = m;
	stat_side(&m->part[BASE], &r->s[BASE], &xs);
	stat_side(&m->part[NEW], &r->s[NEW], &ys);
	if ((r->s[BASE].n > 1 && r->s[BASE].n < 6) ||
	    (r->s[NEW].n > 1 && r->s[NEW].n < 6))
		sum->fewci++;
	if (stats_mwu(xs->v, xs->n, ys->v, ys->n, &t) == 0 &&
	    pmin(xs->n, ys->n) <= o->alpha) {
		r->p = t.p;
		r->exact = t.exact;
	}
	ratio = r->s[NEW].value / r->s[BASE].value;
	if (m->better < 0)
		ratio = 1 / ratio;
	r->change = (ratio - 1) * 100;
	if (m->part[BASE].mixed || m->part[NEW].mixed) {
		r->st = S_UNRELIABLE;
		sum->unreliable++;
		return;
	}
	if (r->p >= 0 && r->p >= o->alpha)
		r->st = S_SAME;
	else if (m->better == 0)
		r->st = fabs(r->change) >= r->limit ? S_CHANGED : S_OK;
	else if (r->change <= -r->limit)
		r->st = S_REGRESSED;
	else if (r->change >= r->limit)
		r->st = S_IMPROVED;
	else
		r->st = S_OK;
	if (r->p < 0 && (r->st == S_REGRESSED || r->st == S_IMPROVED ||
	                 r->st == S_CHANGED)) {
		r->unknown = 1;
		sum->unknown++;
	}
	if (r->st == S_REGRESSED)
		sum->regress++;
	if (r->st == S_IMPROVED)
		sum->improve++;
	if (m->better != 0) {
		*lg += log(ratio);
		sum->ngeo++;
	}
}

struct row *
compare(struct cmp *cx, const struct opts *o, struct summary *sum)
{
	struct row *rows = calloc(cx->nmetrics ? cx->nmetrics : 1, sizeof(*rows));
	struct metric *m;
	double lg = 0;
	size_t n = 0;

	if (rows == NULL) {
		util_err("out of memory");
		exit(2);
	}
	memset(sum, 0, sizeof(*sum));
	for (m = cx->first; m != NULL; m = m->next_in_order) {
		struct row *r = &rows[n++];
		int hb = m->part[BASE].runs.n > 0, hn = m->part[NEW].runs.n > 0;
		const struct vec *xs, *ys;

		r->m = m;
		r->p = -1;
		r->limit = limit_for(o, m);
		if (!hn) {
			r->rec = record_for(cx, m);
			r->st = r->rec == NULL ? S_MISSING : r->rec->failed ? S_FAILED : S_SKIPPED;
			stat_side(&m->part[BASE], &r->s[BASE], &xs);
			if (r->st == S_FAILED)
				sum->failed++;
			else
				sum->missing++;
			continue;
		}
		if (!hb) {
			r->st = S_ADDED;
			stat_side(&m->part[NEW], &r->s[NEW], &ys);
			sum->added++;
			continue;
		}
		compare_both(cx, o, r, sum, &lg);
	}
	sum->geo = sum->ngeo ? (exp(lg / (double)sum->ngeo) - 1) * 100 : 0;
	sum->fail = sum->regress > 0 || cx->sides[NEW].nrecords[1] > 0 ||
	            (!o->allow_missing && sum->missing > 0) ||
	            (o->strict && sum->unreliable > 0);
	return rows;
}

/*
 * compare_hist_out.c - the history as text or markdown: the changes
 * newest first with the set each starts at, the sets they name, the
 * noise, the counts and the gate's verdict.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_hist.h"
#include "lib_stats.h"

static int
newest_first(const void *a, const void *b)
{
	const struct hitem *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? 1 : -1;
	return fabs(x->c->change) < fabs(y->c->change) ? 1 : fabs(x->c->change) > fabs(y->c->change) ? -1 : 0;
}

void
hist_change_text(char *out, size_t len, const struct hchange *c)
{
	if (isfinite(c->lo) && isfinite(c->hi))
		snprintf(out, len, "%+.1f %% [%+.1f, %+.1f]", c->change, c->lo, c->hi);
	else
		snprintf(out, len, "%+.1f %% [?]", c->change);
}

const char *
hist_verdict(const struct hseries *s, const struct hchange *c)
{
	if (s->better == 0)
		return "changed";
	return c->change < 0 ? "worse" : "better";
}

void
hist_figure(const struct hist *h, const struct hseries *s, char *out, size_t len)
{
	snprintf(out, len, "%s%s%s%s%s%s%s", h->nhosts > 1 ? s->host : "", h->nhosts > 1 ? ": " : "",
	         s->name, *s->params ? " " : "", s->params, *s->size ? " size=" : "", s->size);
}

void
hist_where(const struct hseries *s, const struct hchange *c, char *out, size_t len)
{
	if (c->kind == H_DRIFT)
		snprintf(out, len, "%u-%u", s->pt[c->from].set + 1, s->pt[c->to - 1].set + 1);
	else
		snprintf(out, len, "%u", s->pt[c->at].set + 1);
}

struct hitem *
hist_items(const struct hist *h, size_t *n, unsigned char *named)
{
	const struct hseries *s;
	struct hitem *it = malloc((h->nsteps + h->ndrifts + 1) * sizeof(*it));
	size_t i;

	*n = 0;
	if (it == NULL)
		return NULL;
	for (s = h->first; s != NULL; s = s->next_in_order)
		for (i = 0; i < s->nch; i++)
			if (s->ch[i].listed && *n < h->nsteps + h->ndrifts) {
				const struct hchange *c = &s->ch[i];

				it[*n].s = s;
				it[*n].c = c;
				it[*n].start = s->pt[c->kind == H_DRIFT ? c->from : c->at].set;
				named[it[*n].start] = 1;
				if (c->kind == H_DRIFT)
					named[s->pt[c->to - 1].set] = 1;
				(*n)++;
			}
	qsort(it, *n, sizeof(*it), newest_first);
	return it;
}

static void
noise_line(const struct hist *h, const struct hopts *o, FILE *f, const char *pre)
{
	const struct hseries *s;
	double *v = malloc((h->nseries + 1) * sizeof(*v)), *fl;
	size_t n = 0, nf = 0, over = 0;

	if (v == NULL)
		return;
	fl = malloc((h->nseries + 1) * sizeof(*fl));
	if (fl == NULL) {
		free(v);
		return;
	}
	for (s = h->first; s != NULL; s = s->next_in_order) {
		if (s->noise >= 0)
			v[n++] = (exp(s->noise) - 1) * 100;
		if (s->floor >= 0) {
			fl[nf++] = s->floor;
			over += s->floor > s->limit;
		}
	}
	if (n > 0)
		fprintf(f, "%sNoise: the set-to-set spread of a figure is %.1f %% (median over %zu figures)", pre,
		        stats_median(v, n), n);
	if (nf > 0)
		fprintf(f, "; the newest set could show a step of %.1f %% or more (median), %zu figure%s too noisy to see %g %% (cannot tell)",
		        stats_median(fl, nf), over, over == 1 ? " is" : "s are", o->threshold);
	if (n > 0)
		fputs(".\n", f);
	free(v);
	free(fl);
}

void
hist_gate_text(const struct hist *h, const struct hopts *o, char *out, size_t len)
{
	int n = o->fail_on_step;

	if (h->nfailed)
		snprintf(out, len, "Gate (--fail-on-step=%d): FAIL: %zu figure%s stepped worse past the threshold in the newest %d set%s (Holm over %zu figures at %g)",
		         n, h->nfailed, h->nfailed == 1 ? "" : "s", n, n == 1 ? "" : "s", h->nfamily, o->alpha);
	else
		snprintf(out, len, "Gate (--fail-on-step=%d): pass: no step toward worse past the threshold starts in the newest %d set%s (Holm over %zu figures at %g)",
		         n, n, n == 1 ? "" : "s", h->nfamily, o->alpha);
}

/* One gate line of a series: its set, name, change and levels. */
static void
gate_one(const struct hist *h, const struct hseries *s, FILE *f, const char *pre, double p)
{
	char fig[600], ch[96];

	hist_figure(h, s, fig, sizeof(fig));
	hist_change_text(ch, sizeof(ch), &s->gate);
	fprintf(f, "%s  set %u: %s %s (%.4g -> %.4g %s; adjusted p %.2g)\n", pre, s->pt[s->gate.at].set + 1, fig, ch,
	        s->gate.before, s->gate.after, s->unit, p);
}

/*
 * The gate's verdict and the figures it failed; without the gate, the
 * figures it would fail ("Newest set"); in both, those whose newest sets
 * stand apart by the t test while their runs' ranks cannot confirm it.
 */
static void
gate_lines(const struct hist *h, const struct hopts *o, FILE *f, const char *pre)
{
	const struct hseries *s;
	char line[256];
	size_t unconfirmed = 0;

	if (o->fail_on_step > 0) {
		hist_gate_text(h, o, line, sizeof(line));
		fprintf(f, "%s%s\n", pre, line);
	} else if (h->nfailed > 0) {
		fprintf(f, "%sNewest set: %zu figure%s stepped worse past the threshold in it (what --fail-on-step would fail):\n",
		        pre, h->nfailed, h->nfailed == 1 ? "" : "s");
	}
	for (s = h->first; s != NULL; s = s->next_in_order) {
		if (s->failed)
			gate_one(h, s, f, pre, s->gate_adj);
		unconfirmed += s->apart && !s->failed;
	}
	if (unconfirmed == 0)
		return;
	fprintf(f, "%sNewest set, cannot tell: %zu figure%s stand%s apart, worse past the threshold, by the t test, but too few runs to confirm it by their ranks (a stray run and a step look alike: keep three runs or more a set):\n",
	        pre, unconfirmed, unconfirmed == 1 ? "" : "s", unconfirmed == 1 ? "s" : "");
	for (s = h->first; s != NULL; s = s->next_in_order)
		if (s->apart && !s->failed)
			gate_one(h, s, f, pre, s->apart_adj);
}

void
hist_text(const struct hist *h, const struct hopts *o, FILE *f)
{
	unsigned char *named = calloc(h->nsets + 1, 1);
	size_t n = 0, i, last = h->nsets ? h->nsets - 1 : 0;
	struct hitem *it = named ? hist_items(h, &n, named) : NULL;
	char fig[600], ch[96], at[48];

	if (it == NULL) {
		free(named);
		return;
	}
	fprintf(f, "%sHistory: %zu set%s (%zu read from the cache, %zu unreadable), %zu figure%s on %zu host%s\n",
	        o->markdown ? "## " : "", h->nsets, h->nsets == 1 ? "" : "s", h->ncached, h->nbad, h->nseries,
	        h->nseries == 1 ? "" : "s", h->nhosts, h->nhosts == 1 ? "" : "s");
	if (o->markdown)
		fputs("\n", f);
	fprintf(f, "%zu step%s and %zu drift%s at or past the %g %% threshold, newest first (95 %% intervals; each found at %g over %zu figure%s, corrected for the splits tried)%s\n",
	        h->nsteps, h->nsteps == 1 ? "" : "s", h->ndrifts, h->ndrifts == 1 ? "" : "s", o->threshold,
	        o->alpha, h->nfamily, h->nfamily == 1 ? "" : "s", n ? ":" : ".");
	if (n > 0 && o->markdown)
		fputs("\n| Set | Kind | Change | 95 % interval | Before | After | Figure |\n| ---: | --- | ---: | --- | ---: | ---: | --- |\n", f);
	else if (n > 0)
		fprintf(f, "  %-9s %-13s %-26s %-23s %s\n", "SET", "KIND", "CHANGE", "BEFORE -> AFTER", "FIGURE");
	for (i = 0; i < n; i++) {
		const struct hchange *c = it[i].c;
		char kind[32], lv[64];

		hist_figure(h, it[i].s, fig, sizeof(fig));
		hist_where(it[i].s, c, at, sizeof(at));
		snprintf(kind, sizeof(kind), "%s %s", c->kind == H_DRIFT ? "drift" : "step", hist_verdict(it[i].s, c));
		if (o->markdown) {
			fprintf(f, "| %s | %s | %+.1f %% | [%+.1f, %+.1f] | %.4g | %.4g %s | ", at, kind, c->change, c->lo,
			        c->hi, c->before, c->after, it[i].s->unit);
			put(f, fig, E_MD);
			fputs(" |\n", f);
		} else {
			hist_change_text(ch, sizeof(ch), c);
			snprintf(lv, sizeof(lv), "%.4g -> %.4g %s", c->before, c->after, it[i].s->unit);
			fprintf(f, "  %-9s %-13s %-26s %-23s %s\n", at, kind, ch, lv, fig);
		}
	}
	if (h->nsmall)
		fprintf(f, "%s%zu smaller change%s (significant, under the threshold) not listed.\n",
		        o->markdown ? "\n" : "", h->nsmall, h->nsmall == 1 ? "" : "s");
	named[last] = 1;
	named[0] = 1;
	fprintf(f, "%sSets%s:\n", o->markdown ? "\n" : "", n ? " named above, the first and the newest" : ", the first and the newest");
	for (i = 0; i < h->nsets; i++)
		if (named[i] || h->sets[i].bad) {
			const struct hset *s = &h->sets[i];

			fprintf(f, "%s%4zu  ", o->markdown ? "- " : "  ", i + 1);
			put(f, s->label, o->markdown ? E_MD : E_TEXT);
			if (s->bad)
				fputs("  (unreadable: skipped)", f);
			else if (s->date != NULL)
				fprintf(f, "  %s%s%s", s->date, h->nhosts > 1 ? "  " : "", h->nhosts > 1 ? s->host : "");
			fputs("\n", f);
		}
	if (h->nshort)
		fprintf(f, "%s%zu figure%s in fewer than %d sets: not judged.\n", o->markdown ? "\n" : "", h->nshort,
		        h->nshort == 1 ? "" : "s", HIST_MIN_POINTS);
	noise_line(h, o, f, o->markdown ? "\n" : "");
	gate_lines(h, o, f, o->markdown ? "\n" : "");
	free(it);
	free(named);
}

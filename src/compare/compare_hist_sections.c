/*
 * compare_hist_sections.c - the history page's figures (compare_hist_html.c):
 * in sections, one per program that measured them (or, for classic
 * files that do not say, the first word of their names), in order of
 * first appearance, the figures that changed first in each; each with a
 * line of its facts and its plot (compare_hist_svg.c).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_hist.h"

static int
by_section(const void *a, const void *b)
{
	const struct hfig *x = a, *y = b;

	if (x->gno != y->gno)
		return x->gno < y->gno ? -1 : 1;
	if (x->changed != y->changed)
		return x->changed ? -1 : 1;
	return (x->no > y->no) - (x->no < y->no);
}

static int
by_series(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct hfig *)a)->s, y = (uintptr_t)((const struct hfig *)b)->s;

	return (x > y) - (x < y);
}

int
hist_figs(const struct hist *h, struct hfig **bys, struct hfig **byp)
{
	const struct hseries *s;
	struct hfig *v = calloc(h->nseries + 1, sizeof(*v)), *w = malloc((h->nseries + 1) * sizeof(*w));
	size_t n = 0, i, k, ngroups = 0;

	if (v == NULL || w == NULL) {
		free(v);
		free(w);
		return -1;
	}
	for (s = h->first; s != NULL && n < h->nseries; s = s->next_in_order, n++) {
		v[n].s = s;
		v[n].no = n;
		v[n].group = *s->program ? s->program : s->name;
		v[n].glen = *s->program ? strlen(s->program) : strcspn(s->name, " ");
		v[n].changed = s->failed;
		for (i = 0; i < s->nch; i++)
			v[n].changed |= s->ch[i].listed;
		for (k = 0; k < n; k++)
			if (v[k].glen == v[n].glen && memcmp(v[k].group, v[n].group, v[n].glen) == 0)
				break;
		v[n].gno = k < n ? v[k].gno : ngroups++;
	}
	memcpy(w, v, n * sizeof(*v));
	qsort(v, n, sizeof(*v), by_section);
	qsort(w, n, sizeof(*w), by_series);
	*bys = v;
	*byp = w;
	return 0;
}

size_t
hist_fig_no(const struct hist *h, const struct hfig *byp, const struct hseries *s)
{
	struct hfig key = { .s = s };
	const struct hfig *f = bsearch(&key, byp, h->nseries, sizeof(*byp), by_series);

	return f != NULL ? f->no : 0;
}

/* The section of v[i]'s name, escaped (it may be a word of a name). */
static void
put_group(FILE *f, const struct hfig *x)
{
	char *g = strndup(x->group, x->glen);

	put(f, g != NULL && *g ? g : "(unnamed)", E_XML);
	free(g);
}

/* The end of the section starting at v[i]; the figures it has that
 * changed into *nch. */
static size_t
section_end(const struct hist *h, const struct hfig *v, size_t i, size_t *nch)
{
	size_t j;

	for (j = i, *nch = 0; j < h->nseries && v[j].gno == v[i].gno; j++)
		*nch += (size_t)v[j].changed;
	return j;
}

/* A figure's unit, its better side, its noise and the gate's verdict. */
static void
meta(FILE *f, const struct hseries *s)
{
	fputs("<p class=\"meta\">", f);
	put(f, s->unit, E_XML);
	fprintf(f, ", %s; %zu set%s", s->better > 0 ? "higher is better" : s->better < 0 ? "lower is better" : "no better side",
	        s->n, s->n == 1 ? "" : "s");
	if (s->n < HIST_MIN_POINTS)
		fprintf(f, ", fewer than %d: not judged", HIST_MIN_POINTS);
	if (s->noise >= 0)
		fprintf(f, "; noise %.1f %%", (exp(s->noise) - 1) * 100);
	if (s->failed)
		fputs("; <strong class=\"bad\">the gate fails on it</strong>", f);
	fputs("</p>\n", f);
}

void
hist_sections(FILE *f, const struct hist *h, const struct hfig *v)
{
	size_t i, j, nch;
	char fig[600];

	fputs("<h2 id=\"figures\">Figures</h2>\n", f);
	hist_svg_key(f);
	fputs("<ul>\n", f);
	for (i = 0; i < h->nseries; i = j) {
		j = section_end(h, v, i, &nch);
		fprintf(f, "<li><a href=\"#g%zu\">", v[i].gno);
		put_group(f, &v[i]);
		fprintf(f, "</a>: %zu figure%s, %zu changed</li>\n", j - i, j - i == 1 ? "" : "s", nch);
	}
	fputs("</ul>\n", f);
	for (i = 0; i < h->nseries; i++) {
		if (i == 0 || v[i].gno != v[i - 1].gno) {
			j = section_end(h, v, i, &nch);
			fprintf(f, "<h2 id=\"g%zu\">", v[i].gno);
			put_group(f, &v[i]);
			fprintf(f, "</h2>\n<p>%zu figure%s, %zu changed.</p>\n", j - i, j - i == 1 ? "" : "s", nch);
		}
		hist_figure(h, v[i].s, fig, sizeof(fig));
		fprintf(f, "<section id=\"f%zu\">\n<h3>", v[i].no);
		put(f, fig, E_XML);
		fputs("</h3>\n", f);
		meta(f, v[i].s);
		hist_svg(f, h, v[i].s);
		fputs("</section>\n", f);
	}
}


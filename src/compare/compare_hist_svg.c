/*
 * compare_hist_svg.c - one figure's history drawn as an inline SVG for
 * the history's page (compare_hist_html.c): its set values with their
 * runs' spread, the level of each flat stretch with its noise band, the
 * steps and drifts found.  All of it drawn here: the page runs no script.
 *
 * Size: a plot holds at most one mark per COL pixels of its width, however
 * many sets; the sets a column covers are drawn as one bar from their
 * lowest value to their highest, so a history of a thousand sets costs
 * no more than one of three hundred and no outlier is thinned away.
 */
#include <math.h>
#include <stdio.h>

#include "compare_hist.h"

/* The drawing, and the plot area inside it (px). */
#define SVG_W 760
#define SVG_H 236
#define PL 72 /* left of the plot: the value ticks */
#define PR 16
#define PT 38 /* above: three rows of change labels */
#define PB 38 /* below: the set ticks and the axis' name */
#define PW (SVG_W - PL - PR)
/* The oldest and newest sets this far inside the plot's edges (px). */
#define XPAD 10
#define PH (SVG_H - PT - PB)
/* The sets within COL px of each other are one mark. */
#define COL 2
/* The noise band: the level times exp(+-BAND set-to-set sds), where a
 * set of a stretch without change falls about 95 times in 100. */
#define BAND 2.0
/* A value axis spanning more than this factor is drawn log scale. */
#define LOG_SPAN 3.0

struct plot {
	const struct hist *h;
	const struct hseries *s;
	int log;       /* a log value axis */
	double lo, hi; /* the axis' ends (log10 of the unit where log) */
};

static double
tv(const struct plot *p, double v)
{
	return p->log ? log10(v) : v;
}

/* The x of set k (1 = the oldest). */
static double
px(const struct plot *p, double k)
{
	if (p->h->nsets < 2)
		return PL + PW / 2.0;
	return PL + XPAD + (k - 1) / (double)(p->h->nsets - 1) * (PW - 2 * XPAD);
}

/* The x of point i of the series. */
static double
ptx(const struct plot *p, size_t i)
{
	return px(p, p->s->pt[i].set + 1.0);
}

static double
py(const struct plot *p, double v)
{
	return PT + PH - (tv(p, v) - p->lo) / (p->hi - p->lo) * PH;
}

/* The flat stretch i (0..nch) of s: the points [*a, *b) between change
 * i-1 and change i, outside steps and drifts; 0 when it is empty. */
static int
flat(const struct hseries *s, size_t i, size_t *a, size_t *b)
{
	const struct hchange *c;

	*a = 0;
	if (i > 0) {
		c = &s->ch[i - 1];
		*a = c->kind == H_STEP ? c->at : c->to;
	}
	*b = s->n;
	if (i < s->nch) {
		c = &s->ch[i];
		*b = c->kind == H_STEP ? c->at : c->from;
	}
	return *b > *a && *b <= s->n;
}

/* The level of points [a, b): their geometric mean, in the unit. */
static double
level(const struct hseries *s, size_t a, size_t b)
{
	double y = 0;
	size_t i;

	for (i = a; i < b; i++)
		y += s->pt[i].y;
	return exp(y / (double)(b - a));
}

static void
widen(double *lo, double *hi, double v)
{
	if (isfinite(v) && v > 0) {
		*lo = v < *lo ? v : *lo;
		*hi = v > *hi ? v : *hi;
	}
}

/* The value axis: every point, whisker, level, band and drift inside. */
static void
axis_range(struct plot *p)
{
	const struct hseries *s = p->s;
	double lo = INFINITY, hi = 0, pad;
	size_t i, a, b;

	for (i = 0; i < s->n; i++) {
		widen(&lo, &hi, exp(s->pt[i].y));
		if (s->pt[i].runs > 1 && s->pt[i].sd >= 0) {
			widen(&lo, &hi, exp(s->pt[i].y - s->pt[i].sd));
			widen(&lo, &hi, exp(s->pt[i].y + s->pt[i].sd));
		}
	}
	for (i = 0; i <= s->nch; i++)
		if (flat(s, i, &a, &b) && s->noise >= 0) {
			widen(&lo, &hi, level(s, a, b) * exp(-BAND * s->noise));
			widen(&lo, &hi, level(s, a, b) * exp(BAND * s->noise));
		}
	for (i = 0; i < s->nch; i++) {
		widen(&lo, &hi, s->ch[i].before);
		widen(&lo, &hi, s->ch[i].after);
	}
	if (!(hi > 0)) {
		lo = 1;
		hi = 1;
	}
	p->log = hi / lo > LOG_SPAN;
	/* a linear axis spans 2 % of the value at least: sets that agree to
	 * the last digit are a flat line, not a plot of their rounding */
	if (!p->log && hi - lo < hi * 0.02) {
		pad = (hi * 0.02 - (hi - lo)) / 2;
		lo -= pad;
		hi += pad;
	}
	p->lo = tv(p, lo);
	p->hi = tv(p, hi);
	pad = (p->hi - p->lo) * 0.06;
	p->lo -= pad;
	p->hi += pad;
}

/* A step of about x/target, rounded to 1, 2 or 5 times a power of 10. */
static double
nice(double span, double target)
{
	double x = span / target, m = pow(10, floor(log10(x))), r = x / m;

	return (r < 1.5 ? 1 : r < 3 ? 2 : r < 7 ? 5 : 10) * m;
}

static void
ytick(FILE *f, const struct plot *p, double v)
{
	double y = py(p, v);

	if (y < PT - 0.5 || y > PT + PH + 0.5)
		return;
	/* as the tables write numbers: 12500, not 1.25e+04 */
	fprintf(f, fabs(v) >= 1e4 && fabs(v) < 1e9
	                   ? "<path class=\"grid\" d=\"M%d %.0fH%d\"/><text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%.0f</text>\n"
	                   : "<path class=\"grid\" d=\"M%d %.0fH%d\"/><text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%.4g</text>\n",
	        PL, y, PL + PW, PL - 5, y + 4, v);
}

static void
yticks(FILE *f, const struct plot *p)
{
	static const double fine[] = { 1, 1.5, 2, 3, 4, 5, 7 }, mid[] = { 1, 2, 5 }, one[] = { 1 };
	const double *m;
	double step, span = p->hi - p->lo;
	long j;
	size_t nm, k;

	if (!p->log) {
		step = nice(span, 5);
		for (j = (long)ceil(p->lo / step); (double)j * step <= p->hi; j++)
			ytick(f, p, (double)j * step);
		return;
	}
	/* log: 1-2-5 in each decade, more where the axis spans little of
	 * one, fewer decades where it spans many */
	if (span < 1.2) {
		m = fine;
		nm = sizeof(fine) / sizeof(*fine);
	} else if (span < 3) {
		m = mid;
		nm = sizeof(mid) / sizeof(*mid);
	} else {
		m = one;
		nm = 1;
	}
	step = span < 7 ? 1 : ceil(span / 6);
	for (j = (long)floor(p->lo / step); (double)j * step <= p->hi; j++)
		for (k = 0; k < nm; k++)
			ytick(f, p, m[k] * pow(10, (double)j * step));
}

static void
xticks(FILE *f, const struct plot *p)
{
	size_t n = p->h->nsets, step = n > 8 ? (size_t)nice((double)n, 8) : 1, k;

	if (step < 1)
		step = 1;
	for (k = step == 1 ? 1 : 0; k <= n; k += step) {
		size_t set = k ? k : 1;

		fprintf(f, "<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">%zu</text>", px(p, (double)set),
		        PT + PH + 15, set);
	}
	fprintf(f, "\n<path class=\"ax\" d=\"M%d %dV%dH%d\"/>\n", PL, PT, PT + PH, PL + PW);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">set (1 the oldest, %zu the newest)</text>\n",
	        PL + PW / 2, SVG_H - 5, n);
	fprintf(f, "<text transform=\"rotate(-90)\" x=\"%d\" y=\"14\" text-anchor=\"middle\">", -(PT + PH / 2));
	put(f, p->s->unit, E_XML);
	fprintf(f, ", %s</text>\n", p->log ? "log scale" : "linear scale");
}

/* The levels of the flat stretches, as bands first (below everything)
 * or as lines. */
static void
levels(FILE *f, const struct plot *p, int bands)
{
	const struct hseries *s = p->s;
	size_t i, a, b;

	if (bands && s->noise < 0)
		return;
	fprintf(f, "<path class=\"%s\" d=\"", bands ? "band" : "lvl");
	for (i = 0; i <= s->nch; i++) {
		double l, x0, x1;

		if (!flat(s, i, &a, &b))
			continue;
		l = level(s, a, b);
		/* a stretch of one point still shows: 3 px either side */
		x0 = ptx(p, a) - (b - a == 1 ? 3 : 0);
		x1 = ptx(p, b - 1) + (b - a == 1 ? 3 : 0);
		if (bands)
			fprintf(f, "M%.1f %.1fH%.1fV%.1fH%.1fZ", x0, py(p, l * exp(BAND * s->noise)), x1,
			        py(p, l * exp(-BAND * s->noise)), x0);
		else
			fprintf(f, "M%.1f %.1fH%.1f", x0, py(p, l), x1);
	}
	fputs("\"/>\n", f);
}

/* The set values (whiskers 0) or their runs' spread (whiskers 1): one
 * mark per column of COL px, from the lowest of its sets to the highest. */
static void
marks(FILE *f, const struct plot *p, int whiskers)
{
	const struct hseries *s = p->s;
	long col = -1, lo = 0, hi = 0, x = 0;
	size_t i;

	/* sets closer than a dot's width: thin marks, or they hide the levels */
	fprintf(f, "<path class=\"%s\" d=\"", whiskers ? "wh" : p->h->nsets > 1 && px(p, 2) - px(p, 1) < 6 ? "pt thin" : "pt");
	for (i = 0; i <= s->n; i++) {
		const struct hpoint *q = i < s->n ? &s->pt[i] : NULL;
		long c = q != NULL ? lround(ptx(p, i)) / COL : -2, a, b;

		if (q != NULL && whiskers && (q->runs < 2 || q->sd < 0))
			continue;
		/* a whisker no longer than the mark is not drawn */
		if (c != col && col >= 0 && (!whiskers || hi > lo + 3))
			fprintf(f, lo == hi ? "M%ld %ldh0" : "M%ld %ldV%ld", x, lo, hi);
		if (q == NULL)
			break;
		a = lround(py(p, exp(q->y + (whiskers ? q->sd : 0))));
		b = lround(py(p, exp(q->y - (whiskers ? q->sd : 0))));
		if (c != col) {
			col = c;
			x = lround(ptx(p, i));
			lo = a;
			hi = b;
		}
		lo = a < lo ? a : lo;
		hi = b > hi ? b : hi;
	}
	fputs("\"/>\n", f);
}

/* One change's mark: a dashed line where a step starts, a line along a
 * drift; labelled with its change in the row given. */
static void
change_mark(FILE *f, const struct plot *p, const struct hchange *c, const char *tag, int row)
{
	const struct hseries *s = p->s;
	const char *cls = !c->listed && tag == NULL ? "small" : s->better == 0 ? "chg" : c->change < 0 ? "bad" : "good";
	char ch[96], at[48];
	double x;

	hist_change_text(ch, sizeof(ch), c);
	hist_where(s, c, at, sizeof(at));
	if (c->kind == H_DRIFT) {
		x = (ptx(p, c->from) + ptx(p, c->to - 1)) / 2;
		fprintf(f, "<g class=\"m drift %s\"><path d=\"M%.1f %.1fL%.1f %.1f\"/>", cls, ptx(p, c->from),
		        py(p, c->before), ptx(p, c->to - 1), py(p, c->after));
	} else {
		/* between the last set of the old level and the first of the new */
		x = c->at > 0 ? (ptx(p, c->at - 1) + ptx(p, c->at)) / 2 : ptx(p, c->at);
		fprintf(f, "<g class=\"m %s\"><path d=\"M%.1f %dV%d\"/>", cls, x, PT - 2, PT + PH);
	}
	fprintf(f, "<title>%s %s at set%s %s: %s, %.4g -&gt; %.4g ", tag != NULL ? tag : c->kind == H_DRIFT ? "drift" : "step",
	        hist_verdict(s, c), c->kind == H_DRIFT ? "s" : "", at, ch, c->before, c->after);
	put(f, s->unit, E_XML);
	fputs("</title>", f);
	if (c->listed || tag != NULL)
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"%s\">%s%+.1f %%</text>", x > PL + PW - 90 ? x - 3 : x + 3,
		        PT - 5 - 11 * (row % 3), x > PL + PW - 90 ? "end" : "start", tag != NULL ? "gate " : "", c->change);
	fputs("</g>\n", f);
}

void
hist_svg_style(FILE *f)
{
	fputs("svg{display:block;max-width:100%;height:auto}svg text{font-size:11px;fill:#444}\n"
	      ".grid{stroke:#e6e6e6}.ax{stroke:#999;fill:none}.band{fill:#1565c0;fill-opacity:.12}\n"
	      ".lvl{stroke:#1565c0;stroke-width:1.5;fill:none}.wh{stroke:#9ab;stroke-width:1.2;stroke-linecap:round;fill:none}\n"
	      ".pt{stroke:#222;stroke-width:4.5;stroke-linecap:round;fill:none}.pt.thin{stroke:#555;stroke-width:1.5}\n"
	      ".m path{stroke:currentColor;stroke-width:1.5;stroke-dasharray:4 3;fill:none}.m text{fill:currentColor}\n"
	      ".m.drift path{stroke-dasharray:none;stroke-width:2.5}\n",
	      f);
}

void
hist_svg_key(FILE *f)
{
	fprintf(f, "<p>Each figure's value in each set (the geometric mean of its runs; the whisker: the runs' spread, "
	           "one sd), the level of each stretch without change (a line) with its noise band (%g set-to-set sds "
	           "either side, shaded); a step: a dashed line where it starts, labelled with its change "
	           "(<span class=\"bad\">toward worse</span>, <span class=\"good\">toward better</span>, "
	           "<span class=\"chg\">a figure with no better side</span>, <span class=\"small\">under the "
	           "threshold</span>); a drift: a line along its range.  An axis spanning more than a factor of %g is "
	           "a log scale.</p>\n",
	        BAND, LOG_SPAN);
}

void
hist_svg(FILE *f, const struct hist *h, const struct hseries *s)
{
	struct plot p = { h, s, 0, 0, 1 };
	size_t i;
	int row = 0, gate_drawn = 0;
	char fig[600];

	if (s->n == 0)
		return;
	axis_range(&p);
	hist_figure(h, s, fig, sizeof(fig));
	fprintf(f, "<svg viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"",
	        SVG_W, SVG_H, SVG_W, SVG_H);
	put(f, fig, E_XML);
	fputs("\">\n<title>", f);
	put(f, fig, E_XML);
	fputs("</title>\n", f);
	levels(f, &p, 1);
	yticks(f, &p);
	xticks(f, &p);
	marks(f, &p, 1);
	marks(f, &p, 0);
	levels(f, &p, 0);
	for (i = 0; i < s->nch; i++) {
		change_mark(f, &p, &s->ch[i], NULL, s->ch[i].listed ? row : 0);
		row += s->ch[i].listed;
		gate_drawn |= s->ch[i].kind == H_STEP && s->ch[i].listed && s->ch[i].at == s->gate.at;
	}
	if (s->failed && !gate_drawn)
		change_mark(f, &p, &s->gate, "gate", row);
	fputs("</svg>\n", f);
}

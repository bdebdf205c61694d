/*
 * compare_hist_html.c - the history's page (-o FILE.html): one HTML5
 * file that fetches nothing (no script, font, style sheet or image from
 * anywhere), readable offline and attachable to a CI run.  At the top:
 * the counts, the gate's verdict, the noise, the listed changes newest
 * first (as the text output lists them, each linked to its plot), the
 * sets they name; then every figure's history plotted, in a section per
 * program (compare_hist_sections.c, compare_hist_svg.c).
 *
 * Every string read from a file (names, labels, hosts, units, dates) is
 * written through put(E_XML): a name may hold any byte.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compare_hist.h"
#include "lib_stats.h"
#include "lib_util.h"

static const char style[] =
	"body{font:14px/1.45 sans-serif;color:#222;max-width:62em;margin:1em auto;padding:0 1em}\n"
	"table{border-collapse:collapse;margin:.5em 0}th,td{padding:2px 8px;border-bottom:1px solid #ddd;"
	"text-align:left;vertical-align:top}td.n{text-align:right;white-space:nowrap}\n"
	"h2{border-bottom:2px solid #ccc;margin-top:2em}h3{font-size:1em;margin:1.5em 0 .2em;word-break:break-all}\n"
	"p.meta{margin:0;color:#555}.bad{color:#c62828}.good{color:#2e7d32}.chg{color:#1565c0}.small{color:#999}\n";

int
hist_html_dir(const char *file)
{
	const char *slash = strrchr(file, '/');
	char *dir = slash == NULL ? NULL : strndup(file, slash == file ? 1 : (size_t)(slash - file));
	struct stat st;
	int rc = 0;

	if (slash != NULL && dir == NULL) {
		util_err("out of memory");
		return -1;
	}
	if (stat(dir != NULL ? dir : ".", &st) != 0 || !S_ISDIR(st.st_mode)) {
		util_err("-o '%s': no directory '%s' to write it in", file, dir != NULL ? dir : ".");
		rc = -1;
	} else if (stat(file, &st) == 0 && !S_ISREG(st.st_mode)) {
		/* the page is renamed over it: never over a device or a FIFO */
		util_err("-o '%s': %s: the page replaces a regular file only", file,
		         S_ISDIR(st.st_mode) ? "a directory" : "not a regular file");
		rc = -1;
	}
	free(dir);
	return rc;
}

/* The figures the gate fails (apart 0), or those whose newest sets stand
 * apart by the t test alone (apart 1), a line each linked to its plot. */
static void
gate_list(FILE *f, const struct hist *h, const struct hfig *byp, int apart)
{
	const struct hseries *s;
	char fig[600], ch[96];
	int any = 0;

	for (s = h->first; s != NULL; s = s->next_in_order) {
		if (apart ? !s->apart || s->failed : !s->failed)
			continue;
		if (!any++)
			fputs("<ul>\n", f);
		hist_figure(h, s, fig, sizeof(fig));
		hist_change_text(ch, sizeof(ch), &s->gate);
		fprintf(f, "<li>set %u: <a href=\"#f%zu\">", s->pt[s->gate.at].set + 1, hist_fig_no(h, byp, s));
		put(f, fig, E_XML);
		fprintf(f, "</a> %s (%.4g -&gt; %.4g ", ch, s->gate.before, s->gate.after);
		put(f, s->unit, E_XML);
		fprintf(f, "; adjusted p %.2g)</li>\n", apart ? s->apart_adj : s->gate_adj);
	}
	if (any)
		fputs("</ul>\n", f);
}

static void
summary(FILE *f, const struct hist *h, const struct hopts *o, const struct hfig *byp)
{
	const struct hseries *s;
	double *v = malloc((h->nseries + 1) * sizeof(*v));
	size_t n = 0;
	char line[256];

	fprintf(f, "<p>%zu set%s (%zu read from the cache, %zu unreadable), %zu figure%s on %zu host%s: "
	           "%zu step%s and %zu drift%s at or past the %g %% threshold, each found at %g over %zu figure%s, "
	           "corrected for the splits tried",
	        h->nsets, h->nsets == 1 ? "" : "s", h->ncached, h->nbad, h->nseries, h->nseries == 1 ? "" : "s",
	        h->nhosts, h->nhosts == 1 ? "" : "s", h->nsteps, h->nsteps == 1 ? "" : "s", h->ndrifts,
	        h->ndrifts == 1 ? "" : "s", o->threshold, o->alpha, h->nfamily, h->nfamily == 1 ? "" : "s");
	if (h->nsmall)
		fprintf(f, "; %zu smaller change%s (significant, under the threshold) not listed", h->nsmall,
		        h->nsmall == 1 ? "" : "s");
	if (h->nshort)
		fprintf(f, "; %zu figure%s in fewer than %d sets not judged", h->nshort, h->nshort == 1 ? "" : "s",
		        HIST_MIN_POINTS);
	fputs(".</p>\n", f);
	for (s = h->first; s != NULL && v != NULL; s = s->next_in_order)
		if (s->noise >= 0)
			v[n++] = (exp(s->noise) - 1) * 100;
	if (n > 0)
		fprintf(f, "<p>Noise: a figure's set-to-set spread about its level is %.1f %% (the median of %zu figures).</p>\n",
		        stats_median(v, n), n);
	free(v);
	if (o->fail_on_step > 0) {
		hist_gate_text(h, o, line, sizeof(line));
		fprintf(f, "<p id=\"gate\"><strong class=\"%s\">", h->nfailed ? "bad" : "good");
		put(f, line, E_XML);
		fputs("</strong>.</p>\n", f);
	} else if (h->nfailed > 0) {
		fprintf(f, "<p id=\"gate\">Newest set: %zu figure%s stepped worse past the threshold in it (what --fail-on-step would fail):</p>\n",
		        h->nfailed, h->nfailed == 1 ? "" : "s");
	}
	gate_list(f, h, byp, 0);
	for (s = h->first, n = 0; s != NULL; s = s->next_in_order)
		n += s->apart && !s->failed;
	if (n == 0)
		return;
	fprintf(f, "<p id=\"apart\">Newest set, cannot tell: %zu figure%s stand%s apart, worse past the threshold, by the t test, but too few runs to confirm it by their ranks (a stray run and a step look alike: keep three runs or more a set):</p>\n",
	        n, n == 1 ? "" : "s", n == 1 ? "s" : "");
	gate_list(f, h, byp, 1);
}

static void
changes(FILE *f, const struct hist *h, const struct hitem *it, size_t n, const struct hfig *byp)
{
	char fig[600], at[48];
	size_t i;

	fprintf(f, "<h2 id=\"changes\">Changes</h2>\n<p>%zu step%s and %zu drift%s at or past the threshold, newest first%s</p>\n",
	        h->nsteps, h->nsteps == 1 ? "" : "s", h->ndrifts, h->ndrifts == 1 ? "" : "s",
	        n ? " (95 % intervals):" : ".");
	if (n == 0)
		return;
	fputs("<table>\n<tr><th>Set</th><th>Kind</th><th>Change</th><th>95 % interval</th><th>Before</th><th>After</th><th>Figure</th></tr>\n",
	      f);
	for (i = 0; i < n; i++) {
		const struct hchange *c = it[i].c;
		const struct hseries *s = it[i].s;
		const char *cls = s->better == 0 ? "chg" : c->change < 0 ? "bad" : "good";

		hist_figure(h, s, fig, sizeof(fig));
		hist_where(s, c, at, sizeof(at));
		fprintf(f, "<tr><td class=\"n\"><a href=\"#s%zu\">%s</a></td><td class=\"%s\">%s %s</td>"
		           "<td class=\"n %s\">%+.1f %%</td><td class=\"n\">",
		        it[i].start + 1, at, cls, c->kind == H_DRIFT ? "drift" : "step", hist_verdict(s, c), cls,
		        c->change);
		if (isfinite(c->lo) && isfinite(c->hi))
			fprintf(f, "[%+.1f, %+.1f]", c->lo, c->hi);
		else
			fputs("?", f);
		fprintf(f, "</td><td class=\"n\">%.4g</td><td class=\"n\">%.4g ", c->before, c->after);
		put(f, s->unit, E_XML);
		fprintf(f, "</td><td><a href=\"#f%zu\">", hist_fig_no(h, byp, s));
		put(f, fig, E_XML);
		fputs("</a></td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void
set_row(FILE *f, const struct hist *h, size_t k, int id)
{
	const struct hset *s = &h->sets[k];

	if (id)
		fprintf(f, "<tr id=\"s%zu\">", k + 1);
	else
		fputs("<tr>", f);
	fprintf(f, "<td class=\"n\">%zu</td><td>", k + 1);
	put(f, s->label, E_XML);
	fputs("</td><td>", f);
	if (s->bad)
		fputs("<span class=\"bad\">unreadable: skipped</span>", f);
	else if (s->date != NULL)
		put(f, s->date, E_XML);
	if (h->nhosts > 1) {
		fputs("</td><td>", f);
		put(f, s->host != NULL ? s->host : "", E_XML);
	}
	fputs("</td></tr>\n", f);
}

static void
sets(FILE *f, const struct hist *h, const unsigned char *named)
{
	const char *head = h->nhosts > 1 ? "<tr><th>#</th><th>Set</th><th>Date</th><th>Host</th></tr>\n"
	                                 : "<tr><th>#</th><th>Set</th><th>Date</th></tr>\n";
	size_t k, nnamed = 0;

	fprintf(f, "<h2 id=\"sets\">Sets</h2>\n<p>The sets the changes name, the first and the newest:</p>\n<table>\n%s",
	        head);
	for (k = 0; k < h->nsets; k++)
		if (named[k] || h->sets[k].bad || k == 0 || k + 1 == h->nsets) {
			set_row(f, h, k, 1);
			nnamed++;
		}
	fputs("</table>\n", f);
	if (nnamed == h->nsets)
		return;
	fprintf(f, "<details><summary>All %zu sets</summary>\n<table>\n%s", h->nsets, head);
	for (k = 0; k < h->nsets; k++)
		set_row(f, h, k, 0);
	fputs("</table>\n</details>\n", f);
}

/* The whole page to f. */
static void
page(FILE *f, const struct hist *h, const struct hopts *o, const struct hfig *bys, const struct hfig *byp)
{
	unsigned char *named = calloc(h->nsets + 1, 1);
	size_t n = 0;
	struct hitem *it = named != NULL ? hist_items(h, &n, named) : NULL;

	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	           "<title>lmbench-ng history: %zu set%s, %zu step%s, %zu drift%s</title>\n<style>\n%s",
	        h->nsets, h->nsets == 1 ? "" : "s", h->nsteps, h->nsteps == 1 ? "" : "s", h->ndrifts,
	        h->ndrifts == 1 ? "" : "s", style);
	hist_svg_style(f);
	fputs("</style>\n</head>\n<body>\n<h1>lmbench-ng history</h1>\n", f);
	summary(f, h, o, byp);
	if (it != NULL) {
		changes(f, h, it, n, byp);
		sets(f, h, named);
	}
	hist_sections(f, h, bys);
	fputs("</body>\n</html>\n", f);
	free(it);
	free(named);
}

int
hist_html(const struct hist *h, const struct hopts *o, const char *file)
{
	struct hfig *bys = NULL, *byp = NULL;
	size_t len = strlen(file) + 40;
	char *tmp = malloc(len);
	FILE *f = NULL;
	int fd = -1, k, rc = -1, ok, err;

	if (tmp == NULL || hist_figs(h, &bys, &byp) < 0) {
		util_err("out of memory");
		goto out;
	}
	/* Beside the page, created here alone, renamed over it when whole:
	 * a reader never sees half a page, nor a crash leaves one. */
	for (k = 0; k < 100 && fd < 0; k++) {
		snprintf(tmp, len, "%s.%ld-%d.tmp", file, (long)getpid(), k);
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
		util_syserr("cannot create '%s'", tmp);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		goto out;
	}
	page(f, h, o, bys, byp);
	ok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
	err = errno;
	if (fclose(f) != 0 || !ok) {
		errno = ok ? errno : err;
		util_syserr("cannot write '%s'", tmp);
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, file) != 0) {
		util_syserr("cannot rename '%s' to '%s'", tmp, file);
		unlink(tmp);
		goto out;
	}
	rc = 0;
out:
	free(tmp);
	free(bys);
	free(byp);
	return rc;
}

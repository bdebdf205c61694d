/*
 * compare_out_text.c - the text output, and the lines other formats share: sides, warnings, summary.
 */
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

const char *const ci_note =
	"no confidence interval below 6 samples a side: no pair of order "
	"statistics covers the median with 95 % probability (the full range "
	"of 5 covers it 93.75 % of the time)";

/* A line per machine fact the sides differ in; returns how many. */
int
warnings(struct cmp *cx, FILE *f, const char *prefix, const char *suffix, enum esc e)
{
	int k, s, n = 0, placed = 0;

	for (k = 0; k < NFACTS; k++) {
		const char *a = cx->sides[BASE].fact[k], *b = cx->sides[NEW].fact[k];

		if (a != NULL && b != NULL && !fact_same((enum fact)k, a, b)) {
			placed |= k == K_PLACEMENT;
			fprintf(f, "%swarning: the sides differ in %s: base '", prefix,
			        fact_name[k]);
			put(f, a, e);
			fputs("', new '", f);
			put(f, b, e);
			fprintf(f, "'%s\n", suffix);
			n++;
		}
		for (s = 0; s < 2; s++)
			if (cx->sides[s].varied[k]) {
				fprintf(f, "%swarning: the %s runs differ among themselves in %s%s\n",
				        prefix, side_name[s], fact_name[k], suffix);
				n++;
			}
	}
	/* The policies of single metrics, when the runs' own did not
	 * already differ (a program's default against the runner's). */
	if (cx->npolicy > 0 && !placed) {
		const struct metric *m = cx->policy_first;

		fprintf(f, "%swarning: the sides differ in placement policy of ", prefix);
		put_name(f, m, e);
		fputs(": base '", f);
		put(f, m->part[BASE].policy, e);
		fputs("', new '", f);
		put(f, m->part[NEW].policy, e);
		fputc('\'', f);
		if (cx->npolicy > 1)
			fprintf(f, " (and %zu more metric%s)", cx->npolicy - 1, cx->npolicy > 2 ? "s" : "");
		fprintf(f, "%s\n", suffix);
		n++;
	}
	return n;
}

void
side_line(struct cmp *cx, FILE *f, int s, enum esc e)
{
	const struct side *sd = &cx->sides[s];

	fprintf(f, "%s: ", side_name[s]);
	put(f, sd->spec, e);
	fprintf(f, " (%zu run%s", sd->nfiles, sd->nfiles == 1 ? "" : "s");
	if (sd->host) {
		fputs(", ", f);
		put(f, sd->host, e);
	}
	if (sd->date) {
		fputs(", ", f);
		put(f, sd->date, e);
	}
	fputs(")", f);
}

/* The geometric mean's change as "+1.23%", or "n/a" when no row was
 * judged (nothing compared, or only facts such as tlb's pages): never a
 * zero that reads as "no change". */
static void
geo_text(char *out, size_t len, const struct summary *s)
{
	if (s->ngeo > 0)
		snprintf(out, len, "%+.2f%%", s->geo);
	else
		snprintf(out, len, "n/a");
}

/*
 * The geomean row's word, the gate's verdict in other words: "no
 * regression" only when the gate passes; when it fails with no
 * regression among the compared rows, what fails it.  Empty when there
 * are regressions (the rows above say so).
 */
static void
verdict_text(struct cmp *cx, char *out, size_t len, const struct summary *s,
             const struct opts *o)
{
	size_t failed = cx->sides[NEW].nrecords[1], n;

	*out = '\0';
	if (s->regress > 0)
		return;
	if (!s->fail) {
		snprintf(out, len, "no regression");
		return;
	}
	n = (size_t)snprintf(out, len, "no regression compared, but the gate fails:");
	if (failed > 0 && n < len)
		n += (size_t)snprintf(out + n, len - n, " %zu failed run%s", failed,
		                      failed == 1 ? "" : "s");
	if (!o->allow_missing && s->missing > 0 && n < len)
		n += (size_t)snprintf(out + n, len - n, "%s %zu missing",
		                      failed > 0 ? "," : "", s->missing);
	if (o->strict && s->unreliable > 0 && n < len)
		snprintf(out + n, len - n, "%s %zu unreliable (--strict)",
		         failed > 0 || (!o->allow_missing && s->missing > 0) ? "," : "",
		         s->unreliable);
}

/* The summary in one line, ended by end. */
void
summary_line(struct cmp *cx, FILE *f, const struct summary *s, const struct opts *o,
             const char *end)
{
	char geo[32];

	geo_text(geo, sizeof(geo), s);
	fprintf(f, "%zu compared: %zu regression%s, %zu improvement%s, %zu failed run%s, "
	        "%zu missing%s, %zu new, %zu unreliable; geomean %s (+ = better)",
	        s->rows, s->regress, s->regress == 1 ? "" : "s", s->improve,
	        s->improve == 1 ? "" : "s", cx->sides[NEW].nrecords[1],
	        cx->sides[NEW].nrecords[1] == 1 ? "" : "s",
	        s->missing, o->allow_missing && s->missing ? " (allowed)" : "",
	        s->added, s->unreliable, geo);
	if (o->gate)
		fprintf(f, "; gate: %s", s->fail ? "FAIL" : "pass");
	fputs(end, f);
}

/* A compared row of the text table, the name w wide, the cells lw. */
static void
text_row(struct cmp *cx, FILE *f, const struct row *r, size_t w, size_t lw)
{
	char b[64], n[64], st[96], nm[256], *c;

	snprintf(nm, sizeof(nm), "%s%s%s%s%s", r->m->name,
	         *r->m->params ? " " : "", r->m->params,
	         *r->m->size ? " size=" : "", r->m->size);
	for (c = nm; *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	cell(cx, b, sizeof(b), &r->s[BASE]);
	cell(cx, n, sizeof(n), &r->s[NEW]);
	status_text(st, sizeof(st), r);
	fprintf(f, "%-*.60s %6s %*s %4zu %*s %4zu %+8.2f%%  %s\n", (int)w, nm,
	        r->m->unit, (int)lw, b, r->s[BASE].n, (int)lw, n,
	        r->s[NEW].n, r->change, st);
}

void
out_text(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum,
         const struct opts *o)
{
	size_t i, w = 6, lw = 14;
	char geo[32], verdict[160];
	const struct record *rec;

	side_line(cx, f, BASE, E_TEXT);
	fputc('\n', f);
	side_line(cx, f, NEW, E_TEXT);
	fputc('\n', f);
	warnings(cx, f, "", "", E_TEXT);
	for (i = 0; i < cx->nmetrics; i++) {
		size_t l = strlen(rows[i].m->name) + strlen(rows[i].m->params) +
		           strlen(rows[i].m->size) + 8;

		if (row_compared(&rows[i]) && l > w)
			w = l;
	}
	if (w > 60)
		w = 60;
	if (strlen(cx->sides[BASE].label) > lw)
		lw = strlen(cx->sides[BASE].label);
	if (strlen(cx->sides[NEW].label) > lw)
		lw = strlen(cx->sides[NEW].label);
	fprintf(f, "%-*s %6s %*s %4s %*s %4s %9s  %s\n", (int)w, "metric", "unit",
	        (int)lw, cx->sides[BASE].label, "n", (int)lw, cx->sides[NEW].label, "n",
	        "change", "status (change: + = better)");
	for (i = 0; i < cx->nmetrics; i++)
		if (row_compared(&rows[i]))
			text_row(cx, f, &rows[i], w, lw);
	geo_text(geo, sizeof(geo), sum);
	verdict_text(cx, verdict, sizeof(verdict), sum, o);
	fprintf(f, "%-*s %6s %*s %4s %*s %4s %9s  %s\n", (int)w,
	        "geomean", "", (int)lw, "", "", (int)lw, "", "", geo, verdict);
	for (i = 0; i < cx->nmetrics; i++) {
		const struct row *r = &rows[i];

		if (row_compared(r))
			continue;
		fprintf(f, "%s: ", r->st == S_ADDED ? "new" : status_word[r->st]);
		put_name(f, r->m, E_TEXT);
		if (r->st == S_ADDED)
			fputs(" (only in new)", f);
		else if (r->rec != NULL) {
			fputs(" (", f);
			put(f, r->rec->command, E_TEXT);
			fprintf(f, ": %s %d: ", r->rec->failed ? "status" : "skipped,", r->rec->exit);
			put(f, r->rec->error, E_TEXT);
			fputs(")", f);
		} else
			fputs(" (only in base)", f);
		fputc('\n', f);
	}
	for (rec = cx->records; rec != NULL; rec = rec->next) {
		fprintf(f, "%s in %s: ", rec->failed ? "FAILED" : "skipped", side_name[rec->side]);
		put(f, rec->command, E_TEXT);
		fprintf(f, ": status %d: ", rec->exit);
		put(f, rec->error, E_TEXT);
		fputc('\n', f);
	}
	if (sum->unknown)
		fprintf(f, "note: %zu change%s past the threshold with too few samples for a test: significance unknown\n",
		        sum->unknown, sum->unknown > 1 ? "s" : "");
	if (sum->fewci)
		fprintf(f, "note: %s\n", ci_note);
	if (sum->unreliable)
		fprintf(f, "note: %zu unreliable: a run's samples form two groups (mixed), so its median stands for neither; %s\n",
		        sum->unreliable, o->strict ? "--strict fails them" : "neither passed nor failed (--strict fails them)");
	summary_line(cx, f, sum, o, "\n");
}

/*
 * compare_out_text.c - the text output, and the lines other formats share: sides, warnings, summary.
 */
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

/* The notes under the table, one a line, each begun by pre. */
void
notes(FILE *f, const struct summary *sum, const struct opts *o, const char *pre)
{
	if (sum->untested > 0) {
		fprintf(f, "%s%zu figure%s with 1 run a side: no test possible, never a regression; "
		        "%d runs a side (RUNS=%d, or lmbench-ng ab)", pre, sum->untested,
		        sum->untested == 1 ? "" : "s", RUNS_ADVISED, RUNS_ADVISED);
		if (sum->hint >= 0)
			fprintf(f, " could judge about %.0f%% at best (the median figure, if runs "
			        "varied no more than one run's samples do; they usually vary more)", sum->hint);
		fputc('\n', f);
	}
	if (sum->tested > 0)
		fprintf(f, "%sthe test: Welch's t on log run values, each run one value; "
		        "Holm's correction over the %zu tested figure%s at alpha %g; "
		        "floor: the smallest change the runs could show at that level\n",
		        pre, sum->tested, sum->tested == 1 ? "" : "s", o->alpha);
	if (sum->cannot > sum->untested)
		fprintf(f, "%s%zu figure%s cannot be judged at %s threshold: %s\n", pre,
		        sum->cannot - sum->untested, sum->cannot - sum->untested == 1 ? "" : "s",
		        o->nrules ? "their" : "the", o->strict ?
		        "their runs vary more than it (--strict fails them)" :
		        "their runs vary more than it; more runs narrow the floor (--strict fails them)");
	if (sum->unreliable)
		fprintf(f, "%s%zu unreliable: a run's samples form two groups (mixed), so its median stands for neither; %s\n",
		        pre, sum->unreliable, o->strict ? "--strict fails them" : "neither passed nor failed (--strict fails them)");
}

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
	if (o->strict && s->unreliable + s->cannot > 0 && n < len)
		snprintf(out + n, len - n, "%s %zu unreliable or not judged (--strict)",
		         failed > 0 || (!o->allow_missing && s->missing > 0) ? "," : "",
		         s->unreliable + s->cannot);
}

/* The summary in one line, ended by end. */
void
summary_line(struct cmp *cx, FILE *f, const struct summary *s, const struct opts *o,
             const char *end)
{
	char geo[32];

	geo_text(geo, sizeof(geo), s);
	fprintf(f, "%zu compared (%zu tested): %zu regression%s, %zu improvement%s, "
	        "%zu cannot tell, %zu failed run%s, "
	        "%zu missing%s, %zu new, %zu unreliable; geomean %s (+ = better)",
	        s->rows, s->tested, s->regress, s->regress == 1 ? "" : "s", s->improve,
	        s->improve == 1 ? "" : "s", s->cannot, cx->sides[NEW].nrecords[1],
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
	char b[64], n[64], st[128], nm[256], iv[48], fl[24], *c;

	snprintf(nm, sizeof(nm), "%s%s%s%s%s", r->m->name,
	         *r->m->params ? " " : "", r->m->params,
	         *r->m->size ? " size=" : "", r->m->size);
	for (c = nm; *c != '\0'; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	cell(cx, b, sizeof(b), &r->s[BASE]);
	cell(cx, n, sizeof(n), &r->s[NEW]);
	status_text(st, sizeof(st), r);
	interval_text(iv, sizeof(iv), r);
	floor_text(fl, sizeof(fl), r);
	fprintf(f, "%-*.60s %6s %*s %4zu %*s %4zu %+8.2f%% %17s %6s  %s\n", (int)w, nm,
	        r->m->unit, (int)lw, b, r->s[BASE].n, (int)lw, n,
	        r->s[NEW].n, r->change, iv, fl, st);
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
	fprintf(f, "%-*s %6s %*s %4s %*s %4s %9s %17s %6s  %s\n", (int)w, "metric", "unit",
	        (int)lw, cx->sides[BASE].label, "runs", (int)lw, cx->sides[NEW].label, "runs",
	        "change", "95% interval", "floor", "status (change: + = better)");
	for (i = 0; i < cx->nmetrics; i++)
		if (row_compared(&rows[i]))
			text_row(cx, f, &rows[i], w, lw);
	geo_text(geo, sizeof(geo), sum);
	verdict_text(cx, verdict, sizeof(verdict), sum, o);
	fprintf(f, "%-*s %6s %*s %4s %*s %4s %9s %17s %6s  %s\n", (int)w,
	        "geomean", "", (int)lw, "", "", (int)lw, "", "", geo, "", "", verdict);
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
	notes(f, sum, o, "note: ");
	summary_line(cx, f, sum, o, "\n");
}

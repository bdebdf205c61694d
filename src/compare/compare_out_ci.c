/*
 * compare_out_ci.c - the outputs for CI: markdown, GitHub workflow annotations, JUnit XML.
 */
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

static void
md_row(struct cmp *cx, FILE *f, const struct row *r)
{
	char b[64] = "", n[64] = "", st[128], iv[48], fl[24];

	if (r->m->part[BASE].runs.n)
		cell(cx, b, sizeof(b), &r->s[BASE]);
	if (r->m->part[NEW].runs.n)
		cell(cx, n, sizeof(n), &r->s[NEW]);
	status_text(st, sizeof(st), r);
	interval_text(iv, sizeof(iv), r);
	floor_text(fl, sizeof(fl), r);
	fputs("| ", f);
	put_name(f, r->m, E_MD);
	fputs(" | ", f);
	put(f, r->m->unit, E_MD);
	fprintf(f, " | %s | %zu | %s | %zu | ", b,
	        r->m->part[BASE].runs.n ? r->s[BASE].n : 0, n,
	        r->m->part[NEW].runs.n ? r->s[NEW].n : 0);
	if (row_compared(r))
		fprintf(f, "%+.2f%% | %s | %s", r->change, iv, fl);
	else
		fputs(" | | ", f);
	fputs(" | ", f);
	if (r->st == S_REGRESSED || r->st == S_FAILED ||
	    (r->st == S_MISSING))
		fprintf(f, "**%s**", st);
	else
		put(f, st, E_MD);
	fputs(" |\n", f);
}

static void
md_head(struct cmp *cx, FILE *f)
{
	fputs("| metric | unit | ", f);
	put(f, cx->sides[BASE].label, E_MD);
	fputs(" | runs | ", f);
	put(f, cx->sides[NEW].label, E_MD);
	fputs(" | runs | change (+ = better) | 95% interval | floor | status |\n", f);
	fputs("|:--|:--|--:|--:|--:|--:|--:|--:|--:|:--|\n", f);
}

static int
row_notable(const struct row *r)
{
	return r->st != S_OK && r->st != S_SAME && r->st != S_CANNOT;
}

void
out_markdown(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum,
             const struct opts *o)
{
	const struct record *rec;
	size_t i, notable = 0;

	fputs("### lmbench-ng compare: ", f);
	put(f, cx->sides[BASE].label, E_MD);
	fputs(" → ", f);
	put(f, cx->sides[NEW].label, E_MD);
	fputs("\n\n", f);
	for (i = 0; i < 2; i++) {
		fputs("- ", f);
		side_line(cx, f, (int)i, E_MD);
		fputc('\n', f);
	}
	fputc('\n', f);
	if (warnings(cx, f, "> **", "**  ", E_MD) > 0)
		fputc('\n', f);
	fputs("**", f);
	summary_line(cx, f, sum, o, "**\n\n");
	for (i = 0; i < cx->nmetrics; i++)
		notable += row_notable(&rows[i]);
	if (notable) {
		fputs("#### Changes\n\n", f);
		md_head(cx, f);
		for (i = 0; i < cx->nmetrics; i++)
			if (row_notable(&rows[i]))
				md_row(cx, f, &rows[i]);
		fputc('\n', f);
	}
	for (rec = cx->records; rec != NULL; rec = rec->next) {
		fprintf(f, "- %s in %s: `", rec->failed ? "**FAILED**" : "skipped", side_name[rec->side]);
		put(f, rec->command, E_TEXT);
		fprintf(f, "` status %d: ", rec->exit);
		put(f, rec->error, E_MD);
		fputc('\n', f);
	}
	if (cx->records)
		fputc('\n', f);
	fprintf(f, "<details><summary>All %zu metrics</summary>\n\n", cx->nmetrics);
	md_head(cx, f);
	for (i = 0; i < cx->nmetrics; i++)
		md_row(cx, f, &rows[i]);
	fputs("\n</details>\n\n", f);
	notes(f, sum, o, "Note: ");
}

void
out_github(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum,
           const struct opts *o)
{
	const struct record *rec;
	size_t i;
	char b[64], n[64], st[128], iv[48], line[256];

	for (i = 0; i < cx->nmetrics; i++) {
		const struct row *r = &rows[i];
		int err = r->st == S_REGRESSED || r->st == S_FAILED ||
		          (r->st == S_MISSING && !o->allow_missing) ||
		          (o->strict && (r->st == S_UNRELIABLE || r->st == S_CANNOT));

		if (!err && r->st != S_UNRELIABLE && !(r->st == S_MISSING))
			continue;
		fprintf(f, "::%s title=lmbench %s::", err ? "error" : "warning",
		        status_word[r->st]);
		put_name(f, r->m, E_GH);
		if (row_compared(r)) {
			cell(cx, b, sizeof(b), &r->s[BASE]);
			cell(cx, n, sizeof(n), &r->s[NEW]);
			status_text(st, sizeof(st), r);
			interval_text(iv, sizeof(iv), r);
			fprintf(f, ": %s -> %s ", b, n);
			put(f, r->m->unit, E_GH);
			snprintf(line, sizeof(line), " (%+.2f%% %s, + = better; runs %zu, %zu): %s",
			         r->change, iv, r->s[BASE].n, r->s[NEW].n, st);
			put(f, line, E_GH);
		} else if (r->rec != NULL) {
			fputs(": ", f);
			put(f, r->rec->command, E_GH);
			fprintf(f, " status %d: ", r->rec->exit);
			put(f, r->rec->error, E_GH);
		} else {
			fputs(": in base, not in new", f);
		}
		fputc('\n', f);
	}
	for (rec = cx->records; rec != NULL; rec = rec->next) {
		if (rec->side != NEW || !rec->failed)
			continue;
		fputs("::error title=lmbench failed::", f);
		put(f, rec->command, E_GH);
		fprintf(f, " status %d: ", rec->exit);
		put(f, rec->error, E_GH);
		fputc('\n', f);
	}
	warnings(cx, f, "::warning title=lmbench machines differ::", "", E_GH);
	fputs("::notice title=lmbench compare::", f);
	summary_line(cx, f, sum, o, "\n");
}

void
out_junit(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum,
          const struct opts *o)
{
	size_t i, nfail = 0, nskip = 0;
	const struct record *rec;
	char b[64], n[64], st[128], iv[48];

	for (i = 0; i < cx->nmetrics; i++) {
		enum status s = rows[i].st;

		nfail += s == S_REGRESSED || s == S_FAILED ||
		         (s == S_MISSING && !o->allow_missing) ||
		         ((s == S_UNRELIABLE || s == S_CANNOT) && o->strict);
		nskip += ((s == S_UNRELIABLE || s == S_CANNOT) && !o->strict) ||
		         (s == S_MISSING && o->allow_missing);
	}
	for (rec = cx->records; rec != NULL; rec = rec->next)
		nfail += rec->side == NEW && rec->failed;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n", f);
	fputs("<testsuite name=\"lmbench compare ", f);
	put(f, cx->sides[BASE].label, E_XML);
	fputs(" vs ", f);
	put(f, cx->sides[NEW].label, E_XML);
	fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n",
	        cx->nmetrics + cx->sides[NEW].nrecords[1], nfail, nskip);
	for (i = 0; i < cx->nmetrics; i++) {
		const struct row *r = &rows[i];
		enum status s = r->st;

		fputs("<testcase classname=\"lmbench\" name=\"", f);
		put_name(f, r->m, E_XML);
		fputs("\"", f);
		status_text(st, sizeof(st), r);
		if (row_compared(r)) {
			cell(cx, b, sizeof(b), &r->s[BASE]);
			cell(cx, n, sizeof(n), &r->s[NEW]);
		}
		interval_text(iv, sizeof(iv), r);
		if (s == S_REGRESSED || s == S_FAILED || (s == S_MISSING && !o->allow_missing) ||
		    ((s == S_UNRELIABLE || s == S_CANNOT) && o->strict)) {
			fputs(">\n<failure type=\"", f);
			put(f, status_word[s], E_XML);
			fputs("\" message=\"", f);
			if (row_compared(r)) {
				fprintf(f, "%s -> %s ", b, n);
				put(f, r->m->unit, E_XML);
				fprintf(f, " (%+.2f%% %s, + = better; runs %zu, %zu): ", r->change, iv,
				        r->s[BASE].n, r->s[NEW].n);
			}
			put(f, st, E_XML);
			if (r->rec != NULL) {
				fputs(": ", f);
				put(f, r->rec->command, E_XML);
				fprintf(f, " status %d: ", r->rec->exit);
				put(f, r->rec->error, E_XML);
			}
			fputs("\"/>\n</testcase>\n", f);
		} else if (s == S_UNRELIABLE || s == S_MISSING || s == S_CANNOT) {
			fputs(">\n<skipped message=\"", f);
			put(f, st, E_XML);
			fputs("\"/>\n</testcase>\n", f);
		} else {
			fputs("/>\n", f);
		}
	}
	for (rec = cx->records; rec != NULL; rec = rec->next) {
		if (rec->side != NEW || !rec->failed)
			continue;
		fputs("<testcase classname=\"lmbench\" name=\"", f);
		put(f, rec->command, E_XML);
		fprintf(f, "\">\n<failure type=\"failed\" message=\"status %d: ", rec->exit);
		put(f, rec->error, E_XML);
		fputs("\"/>\n</testcase>\n", f);
	}
	fputs("</testsuite>\n</testsuites>\n", f);
	(void)sum;
}

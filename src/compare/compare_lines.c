/*
 * compare_lines.c - the one reader of classic result files' lines (ours
 * and original lmbench 3 ones): what each line is (classic_kind), all
 * compare reads of them (figures, header facts, failed and skipped runs,
 * the cross-CPU section) and --classic, the same for scripts (the summary
 * tables, the report), one record a line.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

/* Why reading stopped, said once: the caller exits 2.  (Here, under
 * every reader of result files: the line reader, compare's own and the
 * JSON one all say it the same way.) */
int
bad_file(const char *file, const char *why, long line)
{
	if (line > 0)
		util_err("%s: line %ld: %s", file, line, why);
	else
		util_err("%s: %s", file, why);
	return -1;
}

const char *const line_kind_name[] = { "head",  "failed", "skipped", "xbegin",
	                               "xend",  "cross",  "blank",   "marker",
	                               "label", "pair",   "title",   "other" };
_Static_assert(sizeof(line_kind_name) / sizeof(line_kind_name[0]) == L_OTHER + 1,
               "a name for every kind of line");

static struct span
span_of(const char *p, size_t n)
{
	struct span s = { p, n };

	return s;
}

/* The first place of needle in s[0..n), or NULL. */
static const char *
find(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i;

	for (i = 0; i + k <= n; i++)
		if (memcmp(s + i, needle, k) == 0)
			return s + i;
	return NULL;
}

/* s without its last ']' and what follows it (unchanged without one). */
static struct span
unclosed(struct span s)
{
	size_t i = s.n;

	while (i > 0)
		if (s.p[--i] == ']')
			return span_of(s.p, i);
	return s;
}

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The first two blank-separated words of s[0..n) (empty where none). */
static void
words(const char *s, size_t n, struct span *w0, struct span *w1)
{
	struct span *w[2] = { w0, w1 };
	size_t i = 0, k, at;

	for (k = 0; k < 2; k++) {
		while (i < n && blank(s[i]))
			i++;
		at = i;
		while (i < n && !blank(s[i]))
			i++;
		*w[k] = span_of(s + at, i - at);
	}
}

/* A figure as the programs print it: digits, a point, an exponent (no
 * sign, no "inf"). */
static int
figure(struct span s)
{
	size_t i = 0, d = 0;

	while (i < s.n && s.p[i] >= '0' && s.p[i] <= '9')
		i++, d++;
	if (i < s.n && s.p[i] == '.')
		for (i++; i < s.n && s.p[i] >= '0' && s.p[i] <= '9'; i++)
			d++;
	if (d == 0)
		return 0;
	if (i < s.n && (s.p[i] == 'e' || s.p[i] == 'E')) {
		size_t e = 0;

		i++;
		if (i < s.n && (s.p[i] == '-' || s.p[i] == '+'))
			i++;
		for (; i < s.n && s.p[i] >= '0' && s.p[i] <= '9'; i++)
			e++;
		if (e == 0)
			return 0;
	}
	return i == s.n;
}

/* "[FAILED: CMD: status N: WHY]": lmbench's own free text may hold
 * ": ", so the command ends at the runner's ": status " (without one it
 * is all there is), and N, digits alone, is no part of the why (digits
 * followed by anything but ": " are no status: the why keeps them). */
static void
failed_line(const char *line, size_t n, struct line_kind *k)
{
	const char *st = find(line, n, ": status ");
	struct span why;
	size_t d = 0;
	int v = 0;

	k->kind = L_FAILED;
	if (st == NULL) {
		k->f[0] = unclosed(span_of(line + 9, n - 9));
		return;
	}
	if (st - line > 9)
		k->f[0] = span_of(line + 9, (size_t)(st - line) - 9);
	why = unclosed(span_of(st + 9, n - (size_t)(st - line) - 9));
	for (; d < why.n && why.p[d] >= '0' && why.p[d] <= '9'; d++)
		v = v > (INT_MAX - (why.p[d] - '0')) / 10 ? INT_MAX : v * 10 + (why.p[d] - '0');
	if (d == why.n)
		why.n = 0;
	else if (why.n - d >= 2 && why.p[d] == ':' && why.p[d + 1] == ' ')
		why = span_of(why.p + d + 2, why.n - d - 2);
	else
		d = 0;
	k->status = d > 0 ? v : -1;
	k->f[1] = why;
}

/* "[SKIPPED: CMD: WHY]" */
static void
skipped_line(const char *line, size_t n, struct line_kind *k)
{
	struct span t = span_of(line + 10, n - 10);
	const char *c = find(t.p, t.n, ": ");

	k->kind = L_SKIPPED;
	if (c == NULL) {
		k->f[0] = unclosed(t);
		return;
	}
	k->f[0] = span_of(t.p, (size_t)(c - t.p));
	k->f[1] = unclosed(span_of(c + 2, t.n - (size_t)(c - t.p) - 2));
}

/* "[CROSS-CPU: CMD: FIGURE UNIT]": the figure and the unit are the
 * first two words after the command, words ending at blanks or ']'. */
static void
cross_line(const char *line, size_t n, struct line_kind *k)
{
	struct span t = span_of(line + 12, n - 12);
	const char *c = find(t.p, t.n, ": "), *p, *end = line + n;
	int w;

	k->kind = L_CROSS;
	if (c == NULL)
		return;
	k->f[0] = span_of(t.p, (size_t)(c - t.p));
	p = c + 2;
	for (w = 1; w <= 2; w++) {
		const char *at = p;

		while (p < end && *p != ' ' && *p != ']')
			p++;
		k->f[w] = span_of(at, (size_t)(p - at));
		if (p == end)
			break;
		while (p < end && (*p == ' ' || *p == ']'))
			p++;
	}
}

/* A bracketed line: the runner's records and sections, or a header line
 * "[KEY: value]" (the first line, "[lmbench3.0 results for ...]", is
 * one, key and all). */
static void
bracket(const char *line, size_t n, struct line_kind *k)
{
	struct span t;
	const char *c;

	if (n >= 17 && memcmp(line, "[CROSS-CPU: begin", 17) == 0) {
		k->kind = L_XBEGIN;
	} else if (n >= 16 && memcmp(line, "[CROSS-CPU: end]", 16) == 0) {
		k->kind = L_XEND;
	} else if (n >= 9 && memcmp(line, "[FAILED: ", 9) == 0) {
		failed_line(line, n, k);
	} else if (n >= 10 && memcmp(line, "[SKIPPED: ", 10) == 0) {
		skipped_line(line, n, k);
	} else if (n >= 12 && memcmp(line, "[CROSS-CPU: ", 12) == 0) {
		cross_line(line, n, k);
	} else {
		k->kind = L_HEAD;
		t = unclosed(span_of(line + 1, n - 1));
		c = find(t.p, t.n, ": ");
		if (c == NULL) {
			k->f[0] = t;
			return;
		}
		k->f[0] = span_of(t.p, (size_t)(c - t.p));
		k->f[1] = span_of(c + 2, t.n - (size_t)(c - t.p) - 2);
	}
}

void
classic_kind(const char *line, size_t n, struct line_kind *k)
{
	const char *c;
	struct span w[4];
	size_t i, nw = 0;

	memset(k, 0, sizeof(*k));
	for (i = 0; i < 3; i++)
		k->f[i] = span_of(line, 0);
	k->status = -1;
	if (n > 0 && line[0] == '[') {
		bracket(line, n, k);
		return;
	}
	for (i = 0; i < n && blank(line[i]); i++)
		;
	if (i == n) {
		k->kind = L_BLANK;
		return;
	}
	if (line[0] == '"') {
		k->kind = L_MARKER;
		k->f[0] = span_of(line + 1, n - 1);
		return;
	}
	c = find(line, n, ": ");
	if (c != NULL) {
		k->kind = L_LABEL;
		k->f[0] = span_of(line, (size_t)(c - line));
		words(c + 2, n - (size_t)(c - line) - 2, &k->f[1], &k->f[2]);
		return;
	}
	/* "X Y", or bw_tcp's "X Y MB/sec", both figures */
	for (i = 0; i < n && nw < 4;) {
		size_t at;

		while (i < n && blank(line[i]))
			i++;
		if (i == n)
			break;
		at = i;
		while (i < n && !blank(line[i]))
			i++;
		w[nw++] = span_of(line + at, i - at);
	}
	if ((nw == 2 || (nw == 3 && w[2].n == 6 && memcmp(w[2].p, "MB/sec", 6) == 0)) &&
	    figure(w[0]) && figure(w[1])) {
		k->kind = L_PAIR;
		k->f[0] = w[0];
		k->f[1] = w[1];
		return;
	}
	if ((line[0] >= 'A' && line[0] <= 'Z') || (line[0] >= 'a' && line[0] <= 'z')) {
		k->kind = L_TITLE;
		k->f[0] = span_of(line, n);
		return;
	}
	k->kind = L_OTHER;
}

/* ---------------------------------------------------------- --classic */

/* A field of a --classic record: a backslash doubled, a tab as \t. */
static void
dump_span(FILE *out, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (p[i] == '\\')
			fputs("\\\\", out);
		else if (p[i] == '\t')
			fputs("\\t", out);
		else
			putc(p[i], out);
	}
}

/*
 * The whole of one file into *text (its size in *len), checked: 0, or
 * -1 after one line saying why it is no result file to read.
 */
static int
slurp(const char *file, char **text, size_t *len)
{
	FILE *f = fopen(file, "r");
	struct buf b = { 0 };
	char chunk[65536];
	size_t n;
	int rc = 0;

	*text = NULL;
	*len = 0;
	if (f == NULL) {
		util_syserr("cannot read %s", file);
		return -1;
	}
	while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
		buf_add(&b, chunk, n);
	if (ferror(f)) {
		util_syserr("cannot read %s", file);
		rc = -1;
	}
	fclose(f);
	if (rc == 0 && b.n == 0)
		rc = bad_file(file, "empty file", 0);
	else if (rc == 0 && memchr(b.s, '\0', b.n) != NULL)
		rc = bad_file(file, "binary data: not an lmbench result file", 0);
	else if (rc == 0 && b.n >= 9 && memcmp(b.s, "[lmbench", 8) == 0 &&
	         b.s[8] > '3' && b.s[8] <= '9')
		rc = bad_file(file, "result format newer than this lmbench-ng reads: written by a newer version", 0);
	else if (rc == 0 && (b.n < 10 || memcmp(b.s, "[lmbench3.", 10) != 0))
		rc = bad_file(file, "not an lmbench result file (its first line is no '[lmbench3.0 results for' header)", 0);
	if (rc != 0) {
		free(b.s);
		return rc;
	}
	*text = b.s;
	*len = b.n;
	return 0;
}

/* One file's records on out; 0, or -1 after saying why not. */
static int
dump_file(FILE *out, const char *file)
{
	char *text = NULL;
	size_t len = 0, at = 0;
	int xsec = 0;

	if (slurp(file, &text, &len) < 0)
		return -1;
	fputs("file\t", out);
	dump_span(out, file, strlen(file));
	putc('\n', out);
	while (at < len) {
		const char *line = text + at, *nl = memchr(line, '\n', len - at);
		size_t n = nl != NULL ? (size_t)(nl - line) : len - at;
		struct line_kind k;
		int i;

		at += n + (nl != NULL);
		classic_kind(line, n, &k);
		if (k.kind == L_XBEGIN)
			xsec = 1;
		else if (k.kind == L_XEND)
			xsec = 0;
		fprintf(out, "%s\t%d", line_kind_name[k.kind], xsec);
		for (i = 0; i < 3; i++) {
			putc('\t', out);
			dump_span(out, k.f[i].p, k.f[i].n);
		}
		putc('\t', out);
		dump_span(out, line, n);
		putc('\n', out);
	}
	free(text);
	return 0;
}

int
dump_classic(int nfiles, char **files)
{
	int i, rc = 0;

	for (i = 0; i < nfiles; i++)
		if (dump_file(stdout, files[i]) < 0)
			rc = -1;
	if (fflush(stdout) != 0 || ferror(stdout)) {
		util_syserr("cannot write the output");
		rc = -1;
	}
	return rc;
}

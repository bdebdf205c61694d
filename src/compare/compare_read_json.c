/*
 * compare_read_json.c - reading a result file's .json companion: its
 * measurement records (every sample) and its failed and skipped runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "compare.h"
#include "lib_json.h"
#include "lib_util.h"

/* A failed or skipped run's record r of the file text. */
static void
json_failure(struct cmp *cx, int side, struct jrec *r, const char *text,
             int cross)
{
	char cmd[4096];

	snprintf(cmd, sizeof(cmd), "%s%s%s", r->program ? r->program : "?",
	         r->nargs ? " " : "", r->args.s ? r->args.s : "");
	/* Args that name the runner's private directories (lat_syscall stat
	 * FILE) match without their unique part, as the metrics' args: the
	 * failure of the new run is the base's metric's. */
	if (r->args.s != NULL)
		norm_name(r->args.s);
	add_record(cx, side, strcmp(r->status, "failed") == 0, cmd, r->program,
	           r->args.s ? r->args.s : "", r->has_exit ? (int)r->exitcode : 0,
	           r->error, text, cross);
}

/* A measurement record r of run run; 1 if a value was taken, else 0. */
static int
json_measure(struct cmp *cx, int side, int run, struct jrec *r,
             const char *pol, int cross)
{
	char name[2048], size[64] = "", params[64] = "";
	struct source src = { side, run, NULL, NULL };
	const struct unit_rule *u;
	struct metric *m;
	struct part *p;

	snprintf(name, sizeof(name), "%s %s%s", r->program, r->metric,
	         cross ? CROSS_TAG : "");
	if (r->has_t)
		snprintf(params, sizeof(params), "-t");
	if (r->has_conflict)
		snprintf(params + strlen(params), sizeof(params) - strlen(params),
		         "%sconflict", params[0] ? " " : "");
	if (r->has_size)
		size_text(size, sizeof(size), r->size_bytes);
	src.program = xstrdup(cx, r->program);
	if (r->args.s != NULL)
		norm_name(r->args.s);
	src.args = xstrdup(cx, r->args.s ? r->args.s : "");
	u = unit_find(r->unit);
	m = metric_add(cx, &src, name, params, size, r->has_size ? r->size_bytes : -1,
	               r->unit, u ? u->better : -1, r->value, &r->samples);
	if (m == NULL)
		return 0;
	p = &m->part[side];
	m->cross = cross;
	if (p->policy == NULL && *pol != '\0')
		p->policy = xstrdup(cx, pol);
	if (r->has_mixed) {
		p->mixed = 1;
		p->mixlo = r->mixed.v[0];
		p->mixhi = r->mixed.v[1];
	}
	return 1;
}

/* One line of the file into r: 0, or -1 after saying why it is bad. */
static int
json_line(const char *file, char *line, ssize_t len, long lineno,
          struct jrec *r)
{
	memset(r, 0, sizeof(*r));
	if (strlen(line) != (size_t)len)
		return bad_file(file, "binary data: not a JSON record file", 0);
	if (line[len - 1] != '\n')
		return bad_file(file, "truncated: the last record has no end of line", lineno);
	line[len - 1] = '\0';
	if (jrec_parse(line, r) < 0 || !r->has_schema)
		return bad_file(file, "not a JSON result record (truncated or corrupt)", lineno);
	/* Schema 2 added the context record and params, 3 the context in
	 * every record and the placement as an object: read alike. */
	if (r->schema > JSON_SCHEMA)
		return bad_file(file, "schema newer than this lmbench-ng reads: written by a newer version", lineno);
	if (r->schema != 1 && r->schema != 2 && r->schema != 3)
		return bad_file(file, "schema other than 1, 2 or 3: not a record of lmbench-ng", lineno);
	return 0;
}

/* Each record of the .json file to fn(ctx, record), in order: 0, or -1
 * after saying why (a file it cannot read, a line that is not a record,
 * a newer schema). */
static int
each_record(const char *file, void (*fn)(void *ctx, struct jrec *r), void *ctx)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long lineno = 0;
	int rc = 0;

	if (f == NULL) {
		util_syserr("cannot read %s", file);
		return -1;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		struct jrec r;

		lineno++;
		if (json_line(file, line, len, lineno, &r) < 0) {
			jrec_free(&r);
			rc = -1;
			break;
		}
		fn(ctx, &r);
		jrec_free(&r);
	}
	if (rc == 0 && ferror(f))
		rc = bad_file(file, "read error", 0);
	free(line);
	fclose(f);
	return rc;
}

/* read_json's state while reading one file. */
struct reading {
	struct cmp *cx;
	int side, run;
	const char *text;
	char **placement;
	size_t values;
};

/* One record for read_json: a failure or a measurement. */
static void
read_record(void *ctx, struct jrec *r)
{
	struct reading *rd = ctx;
	char pol[64] = "";
	int cross;

	if (r->placement != NULL)
		policy(pol, sizeof(pol), r->placement);
	cross = strcmp(pol, CROSS_POLICY) == 0;
	if (r->status != NULL) {
		json_failure(rd->cx, rd->side, r, rd->text, cross);
	} else if (r->program != NULL && r->metric != NULL && r->unit != NULL &&
	           r->has_value) {
		if (*rd->placement == NULL && r->placement != NULL && !cross)
			*rd->placement = strdup(r->placement);
		rd->values += (size_t)json_measure(rd->cx, rd->side, rd->run, r, pol, cross);
	}
}

/* Read a .json companion: measurement and failure records. */
int
read_json(struct cmp *cx, int side, const char *file, const char *text,
          char **placement, size_t *nvalues)
{
	struct reading rd = { cx, side, cx->next_run++, text, placement, 0 };
	int rc = each_record(file, read_record, &rd);

	*nvalues = rd.values;
	return rc;
}

/* A field of a --samples line: tabs and newlines as blanks. */
static void
dump_field(const char *s)
{
	for (; s != NULL && *s != '\0'; s++)
		putchar(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
}

/* One record for dump_samples: a measurement with samples, one line. */
static void
dump_record(void *ctx, struct jrec *r)
{
	double lo, hi;
	size_t i;

	(void)ctx;
	if (r->status != NULL || r->program == NULL || r->metric == NULL ||
	    r->unit == NULL || !r->has_value || r->samples.n == 0)
		return;
	lo = hi = r->samples.v[0];
	for (i = 1; i < r->samples.n; i++) {
		if (r->samples.v[i] < lo)
			lo = r->samples.v[i];
		if (r->samples.v[i] > hi)
			hi = r->samples.v[i];
	}
	dump_field(r->program);
	putchar('\t');
	dump_field(r->metric);
	putchar('\t');
	if (r->has_size)
		json_number(stdout, r->size_bytes);
	putchar('\t');
	json_number(stdout, r->value);
	putchar('\t');
	json_number(stdout, lo);
	putchar('\t');
	json_number(stdout, hi);
	printf("\t%s%s\n", r->has_t ? "t" : "", r->has_conflict ? "c" : "");
}

int
dump_samples(const char *file)
{
	int rc = each_record(file, dump_record, NULL);

	if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		util_syserr("cannot write the output");
		rc = -1;
	}
	return rc;
}

/*
 * compare_main.c - lmbench-compare's options and main.
 */
#define _GNU_SOURCE /* program_invocation_short_name: the name it goes by */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_hist.h"
#include "lib_opts.h"
#include "lib_util.h"

#define USAGE                                                                 \
	"[--threshold PCT] [--thresholds FILE] [--alpha A] "                  \
	"[--fail-on-regression] [--allow-missing] [--strict] "                \
	"[--format text|json|csv|markdown|github|junit] BASE NEW"
#define HELP                                                                  \
	"--threshold PCT       a change under PCT percent is noise (default "  \
	"5)\n"                                                                 \
	"--thresholds FILE     per-metric thresholds (lmbench-compare(1))\n"   \
	"--alpha A             the significance level of the test (default "   \
	"0.05)\n"                                                              \
	"--fail-on-regression  the gate: exit 1 on a regression, a failed "     \
	"program or a missing metric\n"                                        \
	"--allow-missing       metrics missing from the new run do not fail "  \
	"the gate\n"                                                           \
	"--strict              unreliable (mixed) metrics and those it cannot " \
	"judge (floor above the threshold) fail the gate too\n"                \
	"--format F            text, json, csv, markdown, github or junit\n"   \
	"BASE NEW              result files or directories, or comma lists\n"  \
	"--samples FILE.json   alone: each measurement of FILE.json as one "   \
	"tab-separated line (program, metric, size, value, lowest and "        \
	"highest sample, flags), for scripts\n"                               \
	"--history             first, then its options and SETs: many result " \
	"sets in order, where each figure stepped (lmbench-ng-history(1))\n"  \
	"--classic FILE...     alone: what each line of the result files is, " \
	"one tab-separated record a line (lmbench-compare(1)), for scripts\n"  \
	"Environment: LMBENCH_COMPARE_NAME, the name its messages go by "     \
	"(lmbench-ng compare sets it)"


static const char *const format_names[] = { "text",     "json",   "csv",
	                                    "markdown", "github", "junit" };

static int
number_opt(const char *name, const char *v, double *out)
{
	if (util_parse_double(v, out) != NULL) {
		util_err("bad %s '%s': a number expected", name, v);
		return -1;
	}
	return 0;
}

static void
free_all(struct cmp *cx, struct opts *o, struct row *rows)
{
	struct metric *m;
	size_t i;
	int s;

	for (m = cx->first; m != NULL; m = m->next_in_order)
		for (s = 0; s < 2; s++) {
			free(m->part[s].runs.v);
			free(m->part[s].samples.v);
		}
	for (i = 0; i < o->nrules; i++)
		regfree(&o->rules[i].re);
	free(o->rules);
	free(rows);
	free(cx->add_key.s);
	free(cx->add_name.s);
	free(cx->table);
	arena_free(cx);
}

/* --format NAME into o; 0, or -1 after saying why. */
static int
format_opt(struct opts *o, const char *v)
{
	size_t k;

	for (k = 0; k < sizeof(format_names) / sizeof(format_names[0]); k++)
		if (strcmp(v, format_names[k]) == 0) {
			o->format = (enum format)k;
			return 0;
		}
	util_err("unknown format '%s' (text, json, csv, markdown, github or junit)", v);
	return -1;
}

/* An option that takes no value into o; 0, or -1 if it is none. */
static int
flag_opt(struct opts *o, const char *a)
{
	if (strcmp(a, "--json") == 0)
		o->format = F_JSON;
	else if (strcmp(a, "--csv") == 0)
		o->format = F_CSV;
	else if (strcmp(a, "--fail-on-regression") == 0)
		o->gate = 1;
	else if (strcmp(a, "--allow-missing") == 0)
		o->allow_missing = 1;
	else if (strcmp(a, "--strict") == 0)
		o->gate = o->strict = 1;
	else
		return -1;
	return 0;
}

/* The operand a as the next of the two; 0, or -1 after the usage. */
static int
operand(const char **pos, int *npos, const char *a)
{
	if (*npos == 2) { /* a third operand */
		util_usage(USAGE);
		return -1;
	}
	if (util_blank(a)) {
		util_err("%s is empty: name result files or directories",
		         *npos == 0 ? "BASE" : "NEW");
		return -1;
	}
	pos[(*npos)++] = a;
	return 0;
}

/*
 * The command line into o, BASE and NEW into pos and --thresholds into
 * *tfile; 0, or -1 after one line saying why (the usage for -h).
 */
static int
parse_args(int argc, char **argv, struct opts *o, const char **pos,
           const char **tfile)
{
	const char *v;
	int i, npos = 0, missing = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if ((v = opt_value(argc, argv, &i, "--threshold", &missing)) != NULL) {
			if (number_opt("--threshold", v, &o->threshold) < 0)
				return -1;
		} else if ((v = opt_value(argc, argv, &i, "--thresholds", &missing)) != NULL) {
			if (util_blank(v)) {
				util_err("--thresholds: the value is empty");
				return -1;
			}
			*tfile = v;
		} else if ((v = opt_value(argc, argv, &i, "--alpha", &missing)) != NULL) {
			if (number_opt("--alpha", v, &o->alpha) < 0)
				return -1;
			if (o->alpha <= 0 || o->alpha >= 1) {
				util_err("bad --alpha '%s': between 0 and 1 expected", v);
				return -1;
			}
		} else if ((v = opt_value(argc, argv, &i, "--format", &missing)) != NULL) {
			if (format_opt(o, v) < 0)
				return -1;
		} else if (opt_value(argc, argv, &i, "--samples", &missing) != NULL) {
			/* main takes "--samples FILE.json" when it is all there is */
			util_err("--samples FILE.json goes alone, without BASE NEW or options");
			return -1;
		} else if (strcmp(a, "--classic") == 0) {
			/* main takes "--classic FILE..." when it comes first */
			if (i + 1 >= argc) {
				opts_needs_value(a);
				util_usage(USAGE);
			} else {
				util_err("--classic FILE... goes alone, without BASE NEW or options");
			}
			return -1;
		} else if (missing) {
			opts_needs_value(a);
			util_usage(USAGE);
			return -1;
		} else if (flag_opt(o, a) == 0) {
			continue;
		} else if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++)
				if (operand(pos, &npos, argv[i]) < 0)
					return -1;
			break;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			opts_help(USAGE, HELP);
			exit(0);
		} else if (strcmp(a, "--version") == 0) {
			if (argc != 2) {
				util_err("--version takes no other arguments");
				return -1;
			}
			opts_version();
			exit(0);
		} else if (a[0] == '-' && a[1] != '\0') {
			opts_unknown(a);
			util_usage(USAGE);
			return -1;
		} else if (operand(pos, &npos, a) < 0) {
			return -1;
		}
	}
	if (npos != 2) {
		util_usage(USAGE);
		return -1;
	}
	return 0;
}

/* Read the sides named by pos; 0, or -1 after one line saying why. */
static int
load(struct cmp *cx, const char **pos)
{
	struct metric *m;
	int json;

	if (side_files(cx, &cx->sides[BASE], pos[0]) < 0 ||
	    side_files(cx, &cx->sides[NEW], pos[1]) < 0)
		return -1;
	if (strcmp(cx->sides[BASE].label, cx->sides[NEW].label) == 0) {
		cx->sides[BASE].label = "base";
		cx->sides[NEW].label = "new";
	}
	if (read_sides(cx, &json) < 0)
		return -1;
	for (m = cx->first; m != NULL; m = m->next_in_order)
		if (m->part[BASE].runs.n && m->part[NEW].runs.n)
			break;
	if (m == NULL && !(cx->sides[NEW].nrecords[1] > 0 && cx->nmetrics > 0)) {
		util_err("no metric in common between %s and %s", pos[0], pos[1]);
		return -1;
	}
	return 0;
}

/* The rows in the format o asks for, on stdout; 0, or -1 after saying why. */
static int
output(struct cmp *cx, const struct row *rows, const struct summary *sum,
       const struct opts *o)
{
	switch (o->format) {
	case F_TEXT: out_text(cx, stdout, rows, sum, o); break;
	case F_JSON: out_json(cx, stdout, rows, sum, o); break;
	case F_CSV: out_csv(cx, stdout, rows, sum, o); break;
	case F_MARKDOWN:
		cx->cell_ascii = 0;
		out_markdown(cx, stdout, rows, sum, o);
		break;
	case F_GITHUB: out_github(cx, stdout, rows, sum, o); break;
	case F_JUNIT: out_junit(cx, stdout, rows, sum, o); break;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		util_syserr("cannot write the output");
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct opts o = { 5, 0.05, 0, 0, 0, F_TEXT, NULL, 0 };
	struct cmp cx = { 0 };
	struct summary sum;
	struct row *rows = NULL;
	const char *pos[2] = { NULL, NULL }, *tfile = NULL;
	char *name;
	int rc = 2;

	/* Run by lmbench-ng compare, it says so: in its usage, --help and
	 * every message ("lmbench-ng compare: unknown option '-Z'"). */
	name = getenv("LMBENCH_COMPARE_NAME");
	if (name != NULL && *name != '\0')
		program_invocation_short_name = name;
	cx.records_tail = &cx.records;
	cx.cell_ascii = 1;
	/* Many sets: lmbench-ng history. */
	if (argc >= 2 && strcmp(argv[1], "--history") == 0)
		return hist_main(argc - 1, argv + 1);
	/* The samples of one .json companion, for scripts (report). */
	if (argc == 3 && strcmp(argv[1], "--samples") == 0)
		return dump_samples(argv[2]) == 0 ? 0 : 2;
	/* Each line of classic result files, for scripts (summary, report). */
	if (argc >= 3 && strcmp(argv[1], "--classic") == 0)
		return dump_classic(argc - 2, argv + 2) == 0 ? 0 : 2;
	if (parse_args(argc, argv, &o, pos, &tfile) < 0)
		goto out;
	if (tfile != NULL && read_rules(&o, tfile) < 0)
		goto out;
	if (load(&cx, pos) < 0)
		goto out;
	rows = compare(&cx, &o, &sum);
	if (output(&cx, rows, &sum, &o) < 0)
		goto out;
	rc = o.gate && sum.fail ? 1 : 0;
out:
	free_all(&cx, &o, rows);
	return rc;
}

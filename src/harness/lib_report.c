/*
 * lib_report.c - every result line a program prints goes through here,
 * so the classic lmbench text (SPEC.md) and the structured record always
 * agree.  Classic lines go to stderr, as lmbench writes them.  With
 * LMBENCH_JSON set ("-" for stdout, otherwise a file appended to) each
 * result is also one JSON object on one line (schema in
 * doc/lmbench-ng-json.7).
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_harness.h"
#include "lib_json.h"
#include "lib_place.h"
#include "lib_report.h"
#include "lib_stats.h"
#include "lib_util.h"


/* A record being written: its text builds in memory, then goes out in
 * one write (json_emit). */
struct record {
	const char *path; /* LMBENCH_JSON */
	char *buf;
	size_t len;
	FILE *f;
};

/* Open a record with the program and its arguments (id's; NULL: none)
 * as its first members: 0, or -1 when LMBENCH_JSON is unset (or memory
 * is short). */
static int
record_open(struct record *rec, const struct bench_ident *id)
{
	int a;

	rec->path = getenv("LMBENCH_JSON");
	rec->buf = NULL;
	rec->len = 0;
	if (rec->path == NULL || *rec->path == '\0')
		return -1;
	rec->f = open_memstream(&rec->buf, &rec->len);
	if (rec->f == NULL)
		return -1;
	fprintf(rec->f, "{\"schema\":%d,\"program\":", JSON_SCHEMA);
	json_string(rec->f, util_progname());
	fputs(",\"args\":[", rec->f);
	for (a = 1; id != NULL && a < id->argc; a++) {
		if (a > 1)
			fputc(',', rec->f);
		json_string(rec->f, id->argv[a]);
	}
	fputc(']', rec->f);
	return 0;
}

/* Close the record, its context the last member, and write it out. */
static void
record_close(struct record *rec)
{
	const int *cpus;

	json_context(rec->f, place_allowed(&cpus));
	fputs("}\n", rec->f);
	if (fclose(rec->f) == 0)
		json_emit(rec->path, rec->buf, rec->len);
	free(rec->buf);
}

void
report_context(const struct bench_ident *id)
{
	struct record rec;

	if (record_open(&rec, id) != 0)
		return;
	fputs(",\"type\":\"context\"", rec.f);
	record_close(&rec);
}

int
report_check_env(void)
{
	const char *path = getenv("LMBENCH_JSON");
	int fd;

	if (path == NULL || *path == '\0' || strcmp(path, "-") == 0)
		return 0;
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0) {
		util_syserr("cannot open LMBENCH_JSON file %s", path);
		return -1;
	}
	close(fd);
	return 0;
}

static double
convert(const struct bench_result *r, enum report_conv k, double per_iter,
        double ns)
{
	switch (k) {
	case REPORT_US: return ns / per_iter / 1000.0;
	case REPORT_NS: return ns / per_iter;
	case REPORT_MBS:
		return ns > 0 ? (double)r->parallel * per_iter * 1000.0 / ns
		              : 0;
	case REPORT_RATE:
		return ns > 0 ? per_iter * 1e9 / ns : 0;
	}
	return 0;
}

/*
 * Mixed samples: when the samples (in the record's unit) form two groups
 * far apart (stats_mixed), the classic line stands, and one warning line
 * on stderr names the two levels and the likely cause.  1 with the two
 * levels in lh[0] < lh[1], else 0.
 */
static int
check_mixed(const struct bench_result *r, const char *metric,
            const char *unit, enum report_conv k, double per_iter,
            double offset_ns, double lh[2])
{
	double *v;
	const char *cause;
	size_t i;
	int mixed;

	if (r->nsamples < 4)
		return 0;
	v = malloc(r->nsamples * sizeof(*v));
	if (v == NULL)
		return 0;
	for (i = 0; i < r->nsamples; i++)
		v[i] = convert(r, k, per_iter,
		               r->samples[i].ns_per_iter - offset_ns);
	mixed = stats_mixed(v, r->nsamples, &lh[0], &lh[1]);
	free(v);
	if (!mixed)
		return 0;
	if (strstr(r->placement, " moved=") != NULL)
		cause = "a process moved between CPUs during the run";
	else if (place_target(r->policy != NULL ? r->policy
	                                        : place_policy(NULL),
	                      0, 0, 1) == -2 &&
	         (strstr(r->placement, " helper") != NULL ||
	          strstr(r->placement, " child=") != NULL))
		cause = "its processes were not placed and shared one CPU in "
		        "some intervals only (LMBENCH_SCHED=SAME or CROSS "
		        "fixes the placement)";
	else
		cause = "other load on the same CPUs, or a change of clock "
		        "rate, in some intervals";
	util_err("warning: %s: the samples form two groups, about %.4g and "
	         "%.4g %s; likely cause: %s; placement %s",
	         metric, lh[0], lh[1], unit, cause, r->placement);
	return 1;
}

/* The record of fig's value: id's arguments and params, r's samples
 * (r NULL: none). */
static void
record_write(const struct bench_ident *id, const struct bench_result *r,
             const struct report_fig *fig, double value)
{
	const char *metric = fig->metric, *unit = fig->unit;
	enum report_conv k = fig->conv;
	double per_iter = fig->per_iter, offset_ns = fig->offset_ns;
	double size_bytes = fig->size_bytes;
	struct record rec;
	size_t i;
	double lh[2];
	FILE *f;
	int mixed = 0;

	if (r != NULL)
		mixed = check_mixed(r, metric, unit, k, per_iter, offset_ns, lh);
	if (record_open(&rec, id) != 0)
		return;
	f = rec.f;
	fputs(",\"metric\":", f);
	json_string(f, metric);
	if (size_bytes >= 0)
		fprintf(f, ",\"size_bytes\":%.0f", size_bytes);
	json_params(f, metric, id != NULL ? id->params : "");
	fputs(",\"unit\":", f);
	json_string(f, unit);
	fputs(",\"value\":", f);
	json_number(f, value);
	if (r != NULL) {
		fprintf(f, ",\"statistic\":\"%s%s\",\"samples\":[",
		        r->stat == BENCH_MINIMUM ? "minimum" : "median",
		        offset_ns != 0 ? " difference" : "");
		for (i = 0; i < r->nsamples; i++) {
			if (i)
				fputc(',', f);
			json_number(
			    f, convert(r, k, per_iter,
			               r->samples[i].ns_per_iter - offset_ns));
		}
		fputc(']', f);
		if (mixed) {
			fputs(",\"mixed\":[", f);
			json_number(f, lh[0]);
			fputc(',', f);
			json_number(f, lh[1]);
			fputc(']', f);
		}
		fprintf(f,
		        ",\"iterations\":%llu,\"repetitions\":%d,"
		        "\"warmup_us\":%llu,\"parallel\":%d,\"placement\":",
		        (unsigned long long)r->iterations, r->repetitions,
		        (unsigned long long)r->warmup_us, r->parallel);
		json_placement(f, r->placement);
		fputs(",\"enough_us\":", f);
		json_number(f, r->enough_ns / 1000.0);
		fputs(",\"timer_overhead_ns\":", f);
		json_number(f, r->timing_o_ns);
		fputs(",\"loop_overhead_ns\":", f);
		json_number(f, r->loop_o_ns);
	}
	record_close(&rec);
}

void
report_record(const struct bench_result *r, const struct report_fig *fig,
              double value)
{
	record_write(&r->id, r, fig, value);
}

int
report_measured(const struct bench_result *r, const struct report_fig *fig,
                double *value)
{
	double v = convert(r, fig->conv, fig->per_iter,
	                   r->ns_per_iter - fig->offset_ns);

	if (!(v > 0) || !isfinite(v)) {
		if (fig->offset_ns != 0)
			util_err("%s: no valid result (%.4f us less %.4f us)",
			         fig->metric, r->ns_per_iter / 1000.0,
			         fig->offset_ns / 1000.0);
		else
			util_err("%s: no valid result (measured time %.3g ns)",
			         fig->metric, r->ns_per_iter);
		return -1;
	}
	*value = v;
	return 0;
}

/* The figure's value and its classic line "LABEL: VALUE WORD" on stderr
 * (decimals after the point), then its record. */
static int
emit(const struct bench_result *r, const struct report_fig *fig, int decimals,
     const char *word)
{
	double v;

	if (report_measured(r, fig, &v) != 0)
		return -1;
	fprintf(stderr, "%s: %.*f %s\n", fig->metric, decimals, v, word);
	report_record(r, fig, v);
	return 0;
}

int
report_us(const struct bench_result *r, const char *label, double ops_per_iter)
{
	struct report_fig f = { label, "us", REPORT_US, ops_per_iter, -1, 0 };

	return emit(r, &f, 4, "microseconds");
}

int
report_us_diff(const struct bench_result *r, const struct bench_result *base,
               const char *label, double ops_per_iter)
{
	struct report_fig f = { label, "us", REPORT_US, ops_per_iter, -1,
		                base->ns_per_iter };

	return emit(r, &f, 4, "microseconds");
}

int
report_ns(const struct bench_result *r, const char *label, double ops_per_iter)
{
	struct report_fig f = { label, "ns", REPORT_NS, ops_per_iter, -1, 0 };

	return emit(r, &f, 2, "nanoseconds");
}

int
report_mbs(const struct bench_result *r, const char *label,
           double bytes_per_iter)
{
	struct report_fig f = { label, "MB/s", REPORT_MBS, bytes_per_iter, -1,
		                0 };

	return emit(r, &f, 2, "MB/sec");
}

void
report_fmt_pair(char *buf, size_t len, double v)
{
	snprintf(buf, len, v < 1.0 ? "%.6f" : "%.2f", v);
}

int
report_bw_pair(const struct bench_result *r, const char *metric,
               double size_bytes, double bytes_per_iter)
{
	struct report_fig f = { metric, "MB/s", REPORT_MBS, bytes_per_iter,
		                size_bytes, 0 };
	char a[64], b[64];
	double v;

	if (report_measured(r, &f, &v) != 0)
		return -1;
	report_fmt_pair(a, sizeof(a), size_bytes / 1e6);
	report_fmt_pair(b, sizeof(b), v);
	return report_emit(r, &f, v, "%s %s\n", a, b);
}

int
report_valid(const char *metric, double value)
{
	if (!(value > 0) || !isfinite(value)) {
		util_err("%s: no valid result", metric);
		return -1;
	}
	return 0;
}

void
report_derived(const struct bench_ident *id, const char *metric,
               const char *unit, double size_bytes, double value)
{
	struct report_fig f = { metric, unit, REPORT_NS, 1, size_bytes, 0 };

	record_write(id, NULL, &f, value);
}

int
report_stdout(const struct bench_ident *id, const char *metric,
              const char *unit, int decimals, double value)
{
	struct report_fig f = { metric, unit, REPORT_NS, 1, -1, 0 };

	if (!isfinite(value) || value < 0) {
		util_err("%s: no valid result", metric);
		return -1;
	}
	printf("%.*f\n", decimals, value);
	fflush(stdout);
	record_write(id, NULL, &f, value);
	return 0;
}

int
report_emit(const struct bench_result *r, const struct report_fig *fig,
            double value, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	report_record(r, fig, value);
	return 0;
}

void
report_text(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

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
#include "lib_report.h"
#include "lib_sched.h"
#include "lib_stats.h"
#include "lib_util.h"

#define SCHEMA_VERSION 1

/* The program's arguments, set once by bench_start. */
static int saved_argc;
static char **saved_argv;


void
report_set_args(int argc, char **argv)
{
	saved_argc = argc;
	saved_argv = argv;
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

/* How a per-iteration time becomes the metric's value. */
enum conv {
	CONV_US, /* microseconds per operation */
	CONV_NS, /* nanoseconds per operation */
	CONV_MBS, /* MB/s (10^6 bytes), aggregated over the copies */
	CONV_RATE /* operations per second within one copy */
};

static double
convert(const struct bench_result *r, enum conv k, double per_iter, double ns)
{
	switch (k) {
	case CONV_US: return ns / per_iter / 1000.0;
	case CONV_NS: return ns / per_iter;
	case CONV_MBS:
		return ns > 0 ? (double)r->parallel * per_iter * 1000.0 / ns
		              : 0;
	case CONV_RATE:
		return ns > 0 ? per_iter * 1e9 / ns : 0;
	}
	return 0;
}

static const char *
unit_name(enum conv k)
{
	switch (k) {
	case CONV_US: return "us";
	case CONV_NS: return "ns";
	case CONV_MBS: return "MB/s";
	case CONV_RATE: return "1/s";
	}
	return "";
}

static void
json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void
json_number(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.6g", v);
	else
		fputs("null", f);
}

/* Write one finished line to the LMBENCH_JSON destination, in one
 * write() so that lines from concurrent writers never interleave. */
static void
json_emit(const char *path, const char *line, size_t len)
{
	int fd, close_it = 0;
	ssize_t w;

	if (strcmp(path, "-") == 0) {
		fflush(stdout);
		fd = STDOUT_FILENO;
	} else {
		fd =
		    open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0) {
			util_syserr("cannot open LMBENCH_JSON file %s", path);
			return;
		}
		close_it = 1;
	}
	do
		w = write(fd, line, len);
	while (w < 0 && errno == EINTR);
	if (w != (ssize_t)len)
		util_syserr("cannot write the JSON record");
	if (close_it)
		close(fd);
}

/*
 * Mixed samples: when the samples (in the record's unit) form two groups
 * far apart (stats_mixed), the classic line stands, and one warning line
 * on stderr names the two levels and the likely cause.  1 with the two
 * levels in lh[0] < lh[1], else 0.
 */
static int
check_mixed(const struct bench_result *r, const char *metric,
            const char *unit, enum conv k, double per_iter, double offset_ns,
            double lh[2])
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
	else if (sched_target(0, 0, 1) == -2 &&
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

/* The record; r may be NULL for values that are not measurements.
 * offset_ns is subtracted from every sample (a difference of two
 * measurements). */
static void
json_record_off(const struct bench_result *r, const char *metric,
                const char *unit, double value, double size_bytes, enum conv k,
                double per_iter, double offset_ns)
{
	const char *path = getenv("LMBENCH_JSON");
	char *buf = NULL;
	size_t len = 0, i;
	double lh[2];
	FILE *f;
	int a, mixed = 0;

	if (r != NULL)
		mixed = check_mixed(r, metric, unit, k, per_iter, offset_ns, lh);
	if (path == NULL || *path == '\0')
		return;
	f = open_memstream(&buf, &len);
	if (f == NULL)
		return;
	fprintf(f, "{\"schema\":%d,\"program\":", SCHEMA_VERSION);
	json_string(f, util_progname());
	fputs(",\"args\":[", f);
	for (a = 1; a < saved_argc; a++) {
		if (a > 1)
			fputc(',', f);
		json_string(f, saved_argv[a]);
	}
	fputs("],\"metric\":", f);
	json_string(f, metric);
	if (size_bytes >= 0)
		fprintf(f, ",\"size_bytes\":%.0f", size_bytes);
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
		json_string(f, r->placement);
		fputs(",\"enough_us\":", f);
		json_number(f, r->enough_ns / 1000.0);
		fputs(",\"timer_overhead_ns\":", f);
		json_number(f, r->timing_o_ns);
		fputs(",\"loop_overhead_ns\":", f);
		json_number(f, r->loop_o_ns);
	}
	fputs("}\n", f);
	if (fclose(f) == 0)
		json_emit(path, buf, len);
	free(buf);
}

static void
json_record(const struct bench_result *r, const char *metric, const char *unit,
            double value, double size_bytes, enum conv k, double per_iter)
{
	json_record_off(r, metric, unit, value, size_bytes, k, per_iter, 0);
}

/* The value of a measurement, or -1 after a message when it is not a
 * positive finite number. */
static int
checked_value(const struct bench_result *r, const char *label, enum conv k,
              double per_iter, double *value)
{
	double v = convert(r, k, per_iter, r->ns_per_iter);

	if (!(v > 0) || !isfinite(v)) {
		util_err("%s: no valid result (measured time %.3g ns)", label,
		         r->ns_per_iter);
		return -1;
	}
	*value = v;
	return 0;
}

int
report_us(const struct bench_result *r, const char *label, double ops_per_iter)
{
	double v;

	if (checked_value(r, label, CONV_US, ops_per_iter, &v) != 0)
		return -1;
	fprintf(stderr, "%s: %.4f microseconds\n", label, v);
	json_record(r, label, "us", v, -1, CONV_US, ops_per_iter);
	return 0;
}

int
report_us_diff(const struct bench_result *r, const struct bench_result *base,
               const char *label, double ops_per_iter)
{
	double v = (r->ns_per_iter - base->ns_per_iter) / ops_per_iter / 1000.0;

	if (!(v > 0) || !isfinite(v)) {
		util_err("%s: no valid result (%.4f us less %.4f us)", label,
		         r->ns_per_iter / 1000.0, base->ns_per_iter / 1000.0);
		return -1;
	}
	fprintf(stderr, "%s: %.4f microseconds\n", label, v);
	json_record_off(r, label, "us", v, -1, CONV_US, ops_per_iter,
	                base->ns_per_iter);
	return 0;
}

int
report_fs(double size_bytes, const struct bench_result *create,
          const struct bench_result *del)
{
	char metric[64];
	double c, d;

	if (checked_value(create, "create", CONV_RATE, 1, &c) != 0 ||
	    checked_value(del, "delete", CONV_RATE, 1, &d) != 0)
		return -1;
	fprintf(stderr, "%.0fk\t%llu\t%.0f\t%.0f\n", floor(size_bytes / 1024),
	        (unsigned long long)create->iterations, c, d);
	snprintf(metric, sizeof(metric), "create %.0fk", floor(size_bytes / 1024));
	json_record(create, metric, unit_name(CONV_RATE), c, size_bytes,
	            CONV_RATE, 1);
	snprintf(metric, sizeof(metric), "delete %.0fk", floor(size_bytes / 1024));
	json_record(del, metric, unit_name(CONV_RATE), d, size_bytes, CONV_RATE,
	            1);
	return 0;
}

int
report_ctx(const struct bench_result *r, int nprocs, double ovr_ns,
           uint64_t kb)
{
	char metric[96];
	double v = (r->ns_per_iter / nprocs - ovr_ns) / 1000.0;

	if (!(v > 0) || !isfinite(v)) {
		util_err("%d processes: %.2f us per switch is not above the "
		         "%.2f us overhead; left out",
		         nprocs, r->ns_per_iter / nprocs / 1000.0,
		         ovr_ns / 1000.0);
		return -1;
	}
	fprintf(stderr, "%d %.2f\n", nprocs, v);
	snprintf(metric, sizeof(metric), "ctx size=%lluk procs=%d",
	         (unsigned long long)kb, nprocs);
	json_record_off(r, metric, "us", v, -1, CONV_US, nprocs,
	                ovr_ns * nprocs);
	return 0;
}

int
report_size_us(const struct bench_result *r, const char *metric,
               double size_bytes, double ops_per_iter)
{
	double v;

	if (checked_value(r, metric, CONV_US, ops_per_iter, &v) != 0)
		return -1;
	fprintf(stderr, v < 10 ? "%.6f %.3f\n" : "%.6f %.0f\n", size_bytes / 1e6,
	        v);
	json_record(r, metric, "us", v, size_bytes, CONV_US, ops_per_iter);
	return 0;
}

int
report_key_us(const struct bench_result *r, const char *metric,
              const char *key, double ops_per_iter)
{
	double v;

	if (checked_value(r, metric, CONV_US, ops_per_iter, &v) != 0)
		return -1;
	fprintf(stderr, "%s %.2f\n", key, v);
	json_record(r, metric, "us", v, -1, CONV_US, ops_per_iter);
	return 0;
}

int
report_tlb(size_t pages, int with_cost, double cost_ns)
{
	if (pages == 0 || (with_cost && !(cost_ns > 0))) {
		util_err("no valid TLB result");
		return -1;
	}
	if (with_cost)
		fprintf(stderr, "tlb: %zu pages %.5f nanoseconds\n", pages,
		        cost_ns);
	else
		fprintf(stderr, "tlb: %zu pages\n", pages);
	json_record(NULL, "tlb", "pages", (double)pages, -1, CONV_NS, 1);
	if (with_cost)
		json_record(NULL, "tlb miss", "ns", cost_ns, -1, CONV_NS, 1);
	return 0;
}

int
report_par(double size_bytes, double parallelism)
{
	if (!(parallelism > 0) || !isfinite(parallelism)) {
		util_err("no valid parallelism at %.0f bytes", size_bytes);
		return -1;
	}
	fprintf(stderr, "%.6f %.2f\n", size_bytes / 1e6, parallelism);
	json_record(NULL, "parallelism", "loads", parallelism, size_bytes,
	            CONV_NS, 1);
	return 0;
}

int
report_tcp_bw(const struct bench_result *r, double msize, double bytes_per_iter)
{
	char metric[64];
	double v;

	if (checked_value(r, "bw_tcp", CONV_MBS, bytes_per_iter, &v) != 0)
		return -1;
	fprintf(stderr, "%.6f %.2f MB/sec\n", msize / 1e6, v);
	snprintf(metric, sizeof(metric), "tcp bandwidth");
	json_record(r, metric, "MB/s", v, msize, CONV_MBS, bytes_per_iter);
	return 0;
}

int
report_http(const struct bench_result *r, const char *head, const char *tail,
            double bytes_per_iter)
{
	double v;

	if (checked_value(r, "HTTP transfer", CONV_MBS, bytes_per_iter, &v))
		return -1;
	if (v > 1)
		fprintf(stderr, "%s%s%.2f MB/sec\n", head, tail, v);
	else
		fprintf(stderr, "%s%s%.2f KB/sec\n", head, tail, v * 1000);
	json_record(r, "HTTP transfer", "MB/s", v, -1, CONV_MBS, bytes_per_iter);
	return 0;
}

int
report_value(const char *metric, const char *unit, int decimals, double value)
{
	if (!(value > 0) || !isfinite(value)) {
		util_err("%s: no valid result", metric);
		return -1;
	}
	fprintf(stderr, "%.*f\n", decimals, value);
	json_record(NULL, metric, unit, value, -1, CONV_NS, 1);
	return 0;
}

void
report_json(const char *metric, const char *unit, double size_bytes,
            double value)
{
	json_record(NULL, metric, unit, value, size_bytes, CONV_NS, 1);
}

int
report_plain(const char *label, double value)
{
	if (!(value > 0) || !isfinite(value)) {
		util_err("%s: no valid result", label);
		return -1;
	}
	fprintf(stderr, "%s: %.2f\n", label, value);
	json_record(NULL, label, "", value, -1, CONV_NS, 1);
	return 0;
}

int
report_mhz(double mhz, double period_ns)
{
	if (!(mhz > 0) || !isfinite(mhz)) {
		util_err("no valid clock rate");
		return -1;
	}
	printf("%.0f MHz, %.4f nanosec clock\n", mhz, period_ns);
	fflush(stdout);
	json_record(NULL, "clock", "MHz", mhz, -1, CONV_NS, 1);
	return 0;
}

int
report_ns(const struct bench_result *r, const char *label, double ops_per_iter)
{
	double v;

	if (checked_value(r, label, CONV_NS, ops_per_iter, &v) != 0)
		return -1;
	fprintf(stderr, "%s: %.2f nanoseconds\n", label, v);
	json_record(r, label, "ns", v, -1, CONV_NS, ops_per_iter);
	return 0;
}

int
report_mbs(const struct bench_result *r, const char *label,
           double bytes_per_iter)
{
	double v;

	if (checked_value(r, label, CONV_MBS, bytes_per_iter, &v) != 0)
		return -1;
	fprintf(stderr, "%s: %.2f MB/sec\n", label, v);
	json_record(r, label, "MB/s", v, -1, CONV_MBS, bytes_per_iter);
	return 0;
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
	char a[64], b[64];
	double v;

	if (checked_value(r, metric, CONV_MBS, bytes_per_iter, &v) != 0)
		return -1;
	report_fmt_pair(a, sizeof(a), size_bytes / 1e6);
	report_fmt_pair(b, sizeof(b), v);
	fprintf(stderr, "%s %s\n", a, b);
	json_record(r, metric, unit_name(CONV_MBS), v, size_bytes, CONV_MBS,
	            bytes_per_iter);
	return 0;
}

int
report_memlat(const struct bench_result *r, const char *metric,
              double size_bytes, double loads_per_iter)
{
	double v;

	if (checked_value(r, metric, CONV_NS, loads_per_iter, &v) != 0)
		return -1;
	fprintf(stderr, "%.5f %.3f\n", size_bytes / 1048576.0, v);
	json_record(r, metric, "ns", v, size_bytes, CONV_NS, loads_per_iter);
	return 0;
}

int
report_stdout(const char *metric, const char *unit, int decimals, double value)
{
	if (!isfinite(value) || value < 0) {
		util_err("%s: no valid result", metric);
		return -1;
	}
	printf("%.*f\n", decimals, value);
	fflush(stdout);
	json_record(NULL, metric, unit, value, -1, CONV_NS, 1);
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

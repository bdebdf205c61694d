/*
 * lib_report.h - the classic lines (on stderr unless said otherwise) and,
 * when LMBENCH_JSON is set, one JSON record per result.  All return 0,
 * or -1 after a message when the value is zero, negative or not finite
 * (the caller then exits 1).
 */
#ifndef LIB_REPORT_H
#define LIB_REPORT_H

#include <stddef.h>

#include "lib_harness.h"

/*
 * Every record names the program (util_progname), its arguments and its
 * command line's parameters (after the metric's own params): those of a
 * struct bench_ident (lib_harness.h), bench_begin's o->id, which a
 * measurement's result carries (r->id) and the records of no
 * measurement take as an argument.
 */
/* With LMBENCH_JSON set, the run's context record: the program, its
 * arguments, "type":"context" and the machine and build (json_context). */
void report_context(const struct bench_ident *id);

/* How the statistic of a measurement (ns per iteration) becomes a
 * figure's value. */
enum report_conv {
	REPORT_US,  /* microseconds per operation */
	REPORT_NS,  /* nanoseconds per operation (also: a value as it is,
	             * for a record with no measurement) */
	REPORT_MBS, /* MB/s (10^6 bytes), summed over the -P copies */
	REPORT_RATE /* operations per second within one copy */
};

/* What a figure is: the program's classic line is its own; the library
 * turns a measurement into the value and writes the record. */
struct report_fig {
	const char *metric;    /* the record's name ("Simple syscall") */
	const char *unit;      /* the record's unit (doc/lmbench-ng-json.5) */
	enum report_conv conv; /* how the statistic becomes the value */
	double per_iter;       /* operations or bytes per iteration */
	double size_bytes;     /* the record's size_bytes; < 0: none */
	double offset_ns;      /* ns per iteration subtracted first (a
	                        * figure less a baseline); 0: none */
};

/* The value of r's statistic as fig says, in *value; -1 after a message
 * when it is not a positive finite number (the caller exits 1). */
int report_measured(const struct bench_result *r, const struct report_fig *fig,
                    double *value);
/* The JSON record of a figure (when LMBENCH_JSON is set), with every
 * sample of r converted alike; and, when r's samples form two groups far apart
 * (stats_mixed), one warning line on stderr and "mixed" in the record. */
void report_record(const struct bench_result *r, const struct report_fig *fig,
                   double value);

/* The general lines of lmbench's programs, each with its record: */
/* "LABEL: %.4f microseconds"; value = statistic / ops_per_iter. */
int report_us(const struct bench_result *r, const char *label,
              double ops_per_iter);
/* The same of r's statistic less base's (lat_sig catch and prot,
 * lat_pagefault); the record's samples are r's less base's statistic. */
int report_us_diff(const struct bench_result *r,
		   const struct bench_result *base, const char *label,
		   double ops_per_iter);
/* "LABEL: %.2f nanoseconds". */
int report_ns(const struct bench_result *r, const char *label,
              double ops_per_iter);
/* "LABEL: %.2f MB/sec"; rate = parallel * bytes / time. */
int report_mbs(const struct bench_result *r, const char *label,
               double bytes_per_iter);
/* "SIZE RATE" (MB = 10^6, %.6f below 1 else %.2f); metric names it. */
int report_bw_pair(const struct bench_result *r, const char *metric,
                   double size_bytes, double bytes_per_iter);
/* A plain value on stdout with `decimals` decimals (enough, timing_o,
 * loop_o); unit names it in the record.  Zero is allowed here. */
int report_stdout(const struct bench_ident *id, const char *metric,
                  const char *unit, int decimals, double value);
/* Whether a figure that is no measurement is a positive finite number:
 * 0, or -1 after "METRIC: no valid result". */
int report_valid(const char *metric, double value);
/* A record alone (no samples): a figure derived from measurements (its
 * classic line is the program's); size_bytes < 0 for none. */
void report_derived(const struct bench_ident *id, const char *metric,
                    const char *unit, double size_bytes, double value);
/* The classic line (fmt and its arguments, as the program writes it) on
 * stderr, then the record of the figure's value; 0. */
int report_emit(const struct bench_result *r, const struct report_fig *fig,
                double value, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* A text line as is on stderr (section markers, blank lines). */
void report_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Check LMBENCH_JSON early; -1 after a message if it cannot be used. */
int report_check_env(void);

/* Format a bandwidth-pair number as lmbench does (%.6f below 1). */
void report_fmt_pair(char *buf, size_t len, double v);

#endif

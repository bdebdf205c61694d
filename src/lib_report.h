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

/* The program's arguments, for the records (bench_start gives them). */
void report_set_args(int argc, char **argv);

/* "LABEL: %.4f microseconds"; value = statistic / ops_per_iter. */
int report_us(const struct bench_result *r, const char *label,
              double ops_per_iter);
/* "LABEL: %.4f microseconds" of r's statistic less base's, per
 * operation: lat_sig catch and prot, lat_pagefault.  The record's samples are r's less
 * base's statistic. */
int report_us_diff(const struct bench_result *r,
		   const struct bench_result *base, const char *label,
		   double ops_per_iter);
/* lat_mmap's "%.6f %.0f": size in MB (10^6), microseconds per operation
 * (%.3f when under 10). */
int report_size_us(const struct bench_result *r, const char *metric,
		   double size_bytes, double ops_per_iter);
/* "KEY %.2f": microseconds per operation after a key (lat_pmake). */
int report_key_us(const struct bench_result *r, const char *metric,
		  const char *key, double ops_per_iter);
/* lat_fs's line "SIZEk<TAB>FILES<TAB>CREATES/s<TAB>DELETES/s"; files is
 * create's iteration count. */
int report_fs(double size_bytes, const struct bench_result *create,
	      const struct bench_result *del);
/* lat_ctx's "N T": per switch, the lap time / N less the overhead, in
 * microseconds; -1 after a message (and no line) when not positive. */
int report_ctx(const struct bench_result *r, int nprocs, double ovr_ns,
	       uint64_t kb);
/* "LABEL: %.2f nanoseconds". */
int report_ns(const struct bench_result *r, const char *label,
              double ops_per_iter);
/* "LABEL: %.2f MB/sec"; rate = parallel * bytes / time. */
int report_mbs(const struct bench_result *r, const char *label,
               double bytes_per_iter);
/* "SIZE RATE" (MB = 10^6, %.6f below 1 else %.2f); metric names it. */
int report_bw_pair(const struct bench_result *r, const char *metric,
                   double size_bytes, double bytes_per_iter);
/* lat_mem_rd's "%.5f %.3f": size in 2^20 MB, ns per load. */
int report_memlat(const struct bench_result *r, const char *metric,
                  double size_bytes, double loads_per_iter);
/* A plain value on stdout with `decimals` decimals (enough, timing_o,
 * loop_o); unit names it in the record.  Zero is allowed here. */
int report_stdout(const char *metric, const char *unit, int decimals,
                  double value);
/* bw_tcp's "%.6f %.2f MB/sec": message size in MB (10^6), rate. */
int report_tcp_bw(const struct bench_result *r, double msize,
		  double bytes_per_iter);
/* par_mem's "%.6f %.2f": size in MB (10^6), parallelism. */
int report_par(double size_bytes, double parallelism);
/* tlb's "tlb: N pages" (and " %.5f nanoseconds" with the cost). */
int report_tlb(size_t pages, int with_cost, double cost_ns);
/* "LABEL: %.2f" on stderr, a figure without a unit (par_ops). */
int report_plain(const char *label, double value);
/* A record alone (no classic line, no samples): a figure derived from
 * measurements; size_bytes < 0 for none. */
void report_json(const char *metric, const char *unit, double size_bytes,
		 double value);
/* A bare number on stderr with `decimals` decimals (lat_dram_page). */
int report_value(const char *metric, const char *unit, int decimals,
		 double value);
/* lat_http's line: head ("Avg xfer: ..., "), tail ("...KB in ... millisecs,
 * "), then the rate of bytes_per_iter per interval in MB/sec (KB/sec at
 * most 1 MB/s). */
int report_http(const struct bench_result *r, const char *head,
		const char *tail, double bytes_per_iter);
/* mhz's "%.0f MHz, %.4f nanosec clock" on stdout. */
int report_mhz(double mhz, double period_ns);
/* A text line as is on stderr (section markers, blank lines). */
void report_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Check LMBENCH_JSON early; -1 after a message if it cannot be used. */
int report_check_env(void);

/* Pure helpers for the unit tests and the scripts. */
/* Format a bandwidth-pair number as lmbench does (%.6f below 1). */
void report_fmt_pair(char *buf, size_t len, double v);

#endif

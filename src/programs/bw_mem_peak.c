/*
 * bw_mem_peak - peak memory bandwidth by kind of traffic, every CPU at
 * once (MLC's "ALL Reads, 3:1, 2:1, 1:1, Stream-triad like, All NT
 * writes").
 *
 * One thread per CPU this process may use (-C: a list of them), pinned
 * there, streams through buffers of its own (-M bytes each; default
 * twice the last-level cache, less where the memory is short) with no
 * pause: the loops of lib_load, 64-bit words in 512-byte blocks, the
 * read kernel that of `bw_mem frd`.  Every page is touched before the
 * threads are released together; after one untimed interval, -N
 * intervals each count the bytes all threads moved (a block read and a
 * block written count alike, as MLC counts) over the interval's wall
 * time.  The line shows the median, in MB/s (10^6 bytes).
 *
 * Usage: bw_mem_peak [-N <repetitions>] [-C <cpus>] [-M <size>]
 *        [rd|wr|cp|R:W|triad|nt ...]   (default: rd 3:1 2:1 1:1 triad nt)
 * Output (stderr): a title line, then per kind "ALL Reads: 21345.67 MB/sec"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib_bench.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "lib_place.h"
#include "lib_report.h"
#include "lib_util.h"

#define MAX_KINDS 16

struct opts {
	int cpus[PLACE_MAX_CPUS]; /* -C; ncpus 0: every allowed CPU */
	int ncpus;
	uint64_t size;          /* -M; 0: the default */
	const struct bench_ident *id; /* the run, for the records */
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *p = ctx;

	if (c == 'C') {
		p->ncpus = place_parse_list("CPU list", arg, p->cpus,
					    PLACE_MAX_CPUS);
		return p->ncpus > 0 ? 0 : -1;
	}
	return mem_size_arg("size", arg, 4096, &p->size);
}

/* Each buffer's size for kind k: -M (checked against the memory), or
 * twice the last-level cache where it fits; 0 after a message. */
static size_t
buffer_size(const struct opts *p, const struct load_kind *k)
{
	uint64_t llc = load_llc(), want;
	uint64_t n = (uint64_t)p->ncpus * (uint64_t)k->buffers;

	if (p->size != 0) {
		if (p->size * n > mem_available() / 10 * 9) {
			util_err("%llu buffers of %llu MB are more than the "
				 "%llu MB of memory available",
				 (unsigned long long)n,
				 (unsigned long long)(p->size >> 20),
				 (unsigned long long)(mem_available() >> 20));
			return 0;
		}
		return (size_t)p->size;
	}
	want = llc * 2 > (64 << 20) ? llc * 2 : (64 << 20);
	return load_fit((size_t)want, p->ncpus, k->buffers, 0,
			(size_t)(llc / (uint64_t)p->ncpus));
}

/* One kind: start, settle, sample, stop, report.  0, or -1. */
static int
measure(const struct opts *p, const struct load_kind *k, int reps,
	const char *place)
{
	struct report_fig f = { k->label, "MB/s", REPORT_MBS, 1e6, 0, 0 };
	struct load_gen g = { 0 };
	struct bench_result r;
	double interval = load_interval_ns(), v;
	struct timespec ts = { 0, (long)(interval < 1e9 ? interval : 999e6) };
	size_t size = buffer_size(p, k);
	int rc;

	if (size == 0 || load_start(&g, k, size, p->cpus, p->ncpus, 0) != 0)
		return -1;
	f.size_bytes = (double)size;
	nanosleep(&ts, NULL);
	rc = load_sample(&g, reps, (uint64_t)interval, p->id, place, &r);
	if (load_stop(&g) != 0) {
		if (rc == 0)
			bench_result_free(&r);
		return -1;
	}
	if (rc != 0)
		return -1;
	rc = report_measured(&r, &f, &v);
	if (rc == 0)
		rc = report_emit(&r, &f, v, "%s: %.2f MB/sec\n", k->label, v);
	bench_result_free(&r);
	return rc;
}

static const char *const default_kinds[] = { "rd",  "3:1",   "2:1",
					     "1:1", "triad", "nt" };

/* The kinds the operands name (or the default list, nt where the
 * processor has it): their count, -1 (status 2) or -2 (77). */
static int
kinds(int argc, char **argv, int first, struct load_kind *k)
{
	int n = 0, i, rc;

	if (first >= argc) {
		for (i = 0; i < 6; i++)
			if (strcmp(default_kinds[i], "nt") != 0 ||
			    load_have_nt())
				(void)load_kind_parse(default_kinds[i], &k[n++]);
		return n;
	}
	for (i = first; i < argc; i++) {
		if (n == MAX_KINDS) {
			util_err("more than %d traffic kinds", MAX_KINDS);
			return -1;
		}
		rc = load_kind_parse(argv[i], &k[n++]);
		if (rc != 0)
			return rc;
	}
	return n;
}

int
main(int argc, char **argv)
{
	static struct opts p;
	const struct bench_prog prog = {
		.usage = "[-N <repetitions>] [-C <cpus>] [-M <size>] "
			 "[" LOAD_KINDS " ...]",
		.help = "-C <cpus>  the CPUs, a list such as 0-3,6 (default: "
			"every CPU this process may use)\n"
			"-M <size>  bytes in each buffer of each thread "
			"(default: twice the last-level cache)\n"
			"rd|wr|...  the traffic kinds (default: rd 3:1 2:1 "
			"1:1 triad nt)",
		.min_operands = 0, .max_operands = -1,
		.option = option, .ctx = &p,
	};
	static struct bench_opts o; /* p.id points into it */
	struct load_kind k[MAX_KINDS];
	const int *all;
	char list[200], place[512];
	int first = bench_begin(argc, argv, &prog, &o), n, i;

	p.id = &o.id;
	n = kinds(argc, argv, first, k);
	if (n < 0)
		return n == -2 ? EXIT_UNSUPPORTED : EXIT_USAGE;
	if (p.ncpus == 0) {
		p.ncpus = place_allowed(&all);
		if (p.ncpus < 0)
			return EXIT_FAILED;
		memcpy(p.cpus, all, (size_t)p.ncpus * sizeof(int));
	}
	for (i = 0; i < n; i++)
		if (buffer_size(&p, &k[i]) == 0)
			return EXIT_FAILED;
	place_format_list(list, sizeof(list), p.cpus, p.ncpus);
	snprintf(place, sizeof(place), "CUSTOM cpus=%s main=? load=%s", list,
		 list);
	report_text("\"bw_mem_peak: %d threads on CPUs %s\n", p.ncpus, list);
	for (i = 0; i < n; i++)
		if (measure(&p, &k[i], o.repetitions, place) != 0)
			return EXIT_FAILED;
	return 0;
}

/*
 * lat_c2c - cache-to-cache transfer latency between each ordered pair
 * of CPUs (MLC's c2c latency, HIT and HITM).
 *
 * Two threads, pinned to the writer CPU and the reader CPU, share a
 * ring of 256 cache lines, 128 bytes apart (so an adjacent-line
 * prefetch brings nothing the ring uses), in a random order.  Each
 * round the writer stores to every line of the ring (each is then
 * Modified in the writer's cache: hitm); for hit it then flushes every
 * line and reads it back, so each is held clean (Exclusive) by the
 * writer alone.  Then the reader walks the ring, every load's address
 * the value the one before returned, timing the walk: each load is one
 * line fetched from the writer's cache.  load: plain loads; cas: a
 * compare-and-swap on each line instead (an atomic read-for-ownership;
 * the swap fails by design and returns the line's value).  A sample is
 * 8 rounds; the cell is the median of -N samples, ns per line.
 *
 * Every CPU of the affinity mask (or of -C) is a writer and a reader;
 * the diagonal is not measured ("-").  hit needs a cache-line flush
 * instruction (x86-64, aarch64).
 *
 * Usage: lat_c2c [-N <repetitions>] [-C <cpus>] [load|cas [hitm|hit]]
 * Output (stderr): per matrix a title line, a header of reader CPUs,
 * then per writer CPU "W  v01  v02 ..." (ns, "%.2f", "-" on the
 * diagonal).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lat_c2c.h"
#include "lib_bench.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "lib_place.h"
#include "lib_report.h"
#include "lib_util.h"

static int
have_flush(void)
{
#if defined(__x86_64__) || defined(__aarch64__)
	return 1;
#else
	return 0;
#endif
}

/* One matrix, row by row as each is measured. */
static int
matrix(struct pair *pr, const int *cpus, int n)
{
	const char *variant = pr->cas ? (pr->hit ? "cas hit" : "cas hitm")
				      : (pr->hit ? "load hit" : "load hitm");
	char row[64];
	double v;
	int a, b;

	report_text("\"lat_c2c %s: ns per line (rows: writer CPU, columns: "
		    "reader CPU)\n", variant);
	report_text("%6s", "");
	for (b = 0; b < n; b++)
		report_text(" %8d", cpus[b]);
	report_text("\n");
	for (a = 0; a < n; a++) {
		report_text("%6d", cpus[a]);
		for (b = 0; b < n; b++) {
			if (a == b) {
				report_text(" %8s", "-");
				continue;
			}
			if (pair_cell(pr, cpus[a], cpus[b], variant, &v) != 0)
				return -1;
			snprintf(row, sizeof(row), " %8.2f", v);
			report_text("%s", row);
		}
		report_text("\n");
	}
	report_text("\n");
	return 0;
}

static int
option(void *ctx, int c, const char *arg)
{
	int *cpus = ctx;

	(void)c;
	cpus[0] = place_parse_list("CPU list", arg, cpus + 1, PLACE_MAX_CPUS);
	return cpus[0] > 0 ? 0 : -1;
}

static const char *const ops[] = { "load", "cas" };
static const char *const states[] = { "hitm", "hit" };

int
main(int argc, char **argv)
{
	static int cpus[PLACE_MAX_CPUS + 1]; /* count, then the CPUs */
	const struct bench_prog prog = {
		.usage = "[-N <repetitions>] [-C <cpus>] [load|cas [hitm|hit]]",
		.help = "-C <cpus>  the CPUs, a list such as 0-3,6 (default: "
			"every CPU this process may use)\n"
			"load|cas  the reader's access (default: both)\n"
			"hitm|hit  the line modified or clean in the writer's "
			"cache (default: both where the processor can flush "
			"a line)",
		.min_operands = 0, .max_operands = 2,
		.option = option, .ctx = cpus,
	};
	struct bench_opts o;
	struct pair pr;
	const int *all;
	char *base;
	int first = bench_begin(argc, argv, &prog, &o), op, st, rc = 0;
	int op0 = 0, op1 = 1, st0 = 0, st1 = have_flush();

	if (first < argc) {
		op0 = op1 = (int)bench_lookup("access", argv[first], ops, 2,
					      sizeof(ops[0]));
		if (first + 1 < argc)
			st0 = st1 = (int)bench_lookup("state", argv[first + 1],
						      states, 2,
						      sizeof(states[0]));
	}
	if (st0 == 1 && !have_flush()) {
		util_err("hit: no cache-line flush instruction on this "
			 "processor");
		return EXIT_UNSUPPORTED;
	}
	if (cpus[0] == 0) {
		cpus[0] = place_allowed(&all);
		if (cpus[0] < 0)
			return EXIT_FAILED;
		memcpy(cpus + 1, all, (size_t)cpus[0] * sizeof(int));
	}
	if (cpus[0] < 2) {
		util_err("one CPU: a cache-to-cache transfer needs two");
		return EXIT_UNSUPPORTED;
	}
	memset(&pr, 0, sizeof(pr));
	pr.samples = o.repetitions;
	pr.id = &o.id;
	pr.ns = calloc((size_t)o.repetitions, sizeof(double));
	base = mem_alloc((size_t)LINES * STRIDE);
	if (pr.ns == NULL || base == NULL) {
		util_err("out of memory");
		free(pr.ns);
		return EXIT_FAILED;
	}
	pr.ring = mem_chain_random(base, LINES, STRIDE, STRIDE,
				   0x6332632d72696e67ULL);
	for (op = op0; op <= op1 && rc == 0; op++)
		for (st = st0; st <= st1 && rc == 0; st++) {
			pr.cas = op;
			pr.hit = st;
			rc = matrix(&pr, cpus + 1, cpus[0]);
		}
	free(pr.ns);
	mem_free(base, (size_t)LINES * STRIDE);
	return rc == 0 ? 0 : EXIT_FAILED;
}

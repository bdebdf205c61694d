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

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_sample.h"
#include "lib_threads.h"
#include "lib_util.h"

#define LINES  256
#define STRIDE 128
#define ROUNDS 8 /* per sample */

/* One pair's measurement, shared by its two threads. */
struct pair {
	_Alignas(128) atomic_uint turn; /* even: the writer's, odd: reader's */
	char pad[128 - sizeof(atomic_uint)];
	void **ring;                    /* the first slot */
	int cas, hit;                   /* the variant */
	int samples;                    /* -N */
	double *ns;                     /* the reader's samples */
	const struct bench_ident *id;   /* the run, for the records */
};

static int
have_flush(void)
{
#if defined(__x86_64__) || defined(__aarch64__)
	return 1;
#else
	return 0;
#endif
}

static void
flush_line(void *p)
{
#if defined(__x86_64__)
	_mm_clflush(p);
#elif defined(__aarch64__)
	__asm__ volatile("dc civac, %0" ::"r"(p) : "memory");
#else
	(void)p;
#endif
}

static void
flush_done(void)
{
#if defined(__x86_64__)
	_mm_mfence();
#elif defined(__aarch64__)
	__asm__ volatile("dsb ish" ::: "memory");
#endif
}

static void
wait_turn(struct pair *pr, unsigned want)
{
	while (atomic_load_explicit(&pr->turn, memory_order_acquire) != want)
		thr_spin(4);
}

/* The writer: each round, store to every line (and for hit flush and
 * read it back clean), then hand over. */
static void
writer(struct pair *pr)
{
	unsigned k, rounds = (unsigned)pr->samples * ROUNDS;
	void **p;
	int i;

	for (k = 0; k < rounds; k++) {
		wait_turn(pr, 2 * k);
		p = pr->ring;
		for (i = 0; i < LINES; i++) {
			void **next = *p;

			*(void **volatile *)p = next;
			p = next;
		}
		if (pr->hit) {
			for (i = 0; i < LINES; i++) {
				void **next = *p;

				flush_line(p);
				p = next;
			}
			flush_done();
			for (i = 0; i < LINES; i++)
				p = *(void **volatile *)p;
		}
		timing_use_ptr(p);
		atomic_store_explicit(&pr->turn, 2 * k + 1,
				      memory_order_release);
	}
}

/* The walk the reader times: LINES dependent loads or CASes. */
static void **
walk(void **p, int cas)
{
	int i;

	if (cas)
		for (i = 0; i < LINES; i++) {
			void *seen = NULL;

			(void)__atomic_compare_exchange_n(p, &seen, NULL, 0,
							  __ATOMIC_ACQ_REL,
							  __ATOMIC_ACQUIRE);
			p = seen;
		}
	else
		for (i = 0; i < LINES; i++)
			p = *(void **volatile *)p;
	return p;
}

static void
reader(struct pair *pr)
{
	double o = timing_overhead_ns();
	unsigned k = 0;
	int s, j;

	for (s = 0; s < pr->samples; s++) {
		double sum = 0;

		for (j = 0; j < ROUNDS; j++, k++) {
			uint64_t t0;
			void **p;

			wait_turn(pr, 2 * k + 1);
			t0 = timing_now_ns();
			p = walk(pr->ring, pr->cas);
			sum += (double)(timing_now_ns() - t0) - o;
			timing_use_ptr(p);
			atomic_store_explicit(&pr->turn, 2 * k + 2,
					      memory_order_release);
		}
		pr->ns[s] = sum / (ROUNDS * LINES);
	}
}

static int
role(struct thr_worker *w)
{
	struct pair *pr = w->arg;

	if (thr_wait_go(w, 0) != 0)
		return 0;
	if (w->index == 0)
		writer(pr);
	else
		reader(pr);
	return 0;
}

/* One cell: writer CPU a, reader CPU b; its record; the value in *v. */
static int
cell(struct pair *pr, int a, int b, const char *variant, double *v)
{
	int cpus[2] = { a, b };
	void *args[2] = { pr, pr };
	char metric[96], place[128];
	struct report_fig f = { metric, "ns", REPORT_NS, 1, -1, 0 };
	struct thr_team t;
	struct bench_result r;
	int rc;

	atomic_store(&pr->turn, 0);
	if (thr_team_start(&t, 2, cpus, args, role) != 0 ||
	    thr_team_join(&t) != 0)
		return -1;
	snprintf(metric, sizeof(metric), "c2c %s %d>%d", variant, a, b);
	snprintf(place, sizeof(place), "CUSTOM %d,%d cpus=%d main=%d "
		 "writer=%d", a, b, b, b, a);
	if (sample_result(&r, pr->ns, pr->samples, (uint64_t)ROUNDS * LINES,
			BENCH_MEDIAN, pr->id, place) != 0)
		return -1;
	rc = report_measured(&r, &f, v);
	if (rc == 0)
		report_record(&r, &f, *v);
	bench_result_free(&r);
	return rc;
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
			if (cell(pr, cpus[a], cpus[b], variant, &v) != 0)
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
	cpus[0] = thr_parse_list("CPU list", arg, cpus + 1, THR_MAX_CPUS);
	return cpus[0] > 0 ? 0 : -1;
}

static const char *const ops[] = { "load", "cas" };
static const char *const states[] = { "hitm", "hit" };

int
main(int argc, char **argv)
{
	static int cpus[THR_MAX_CPUS + 1]; /* count, then the CPUs */
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
		cpus[0] = thr_allowed(&all);
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

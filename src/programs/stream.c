/*
 * stream - lmbench's STREAM: memory bandwidth of four simple vector
 * kernels over arrays of doubles.
 *
 * -M is the memory of the three arrays together (default 24,000,000
 * bytes: 10^6 doubles each; suffixes k K m M g G).  One iteration is one
 * pass of the kernel over every element:
 *   -v 1 (default)  copy c = a (16 bytes per element counted), scale
 *                   b = s*c (16), add c = a + b (24), triad a = b + s*c (24)
 *   -v 2            fill a = q (8), copy b = a (16), daxpy a = a + s*b
 *                   (24), sum t += a (8)
 * as STREAM counts them (no write-allocate traffic).  "latency" is the
 * time per element in nanoseconds; "bandwidth" is copies * bytes / time
 * in MB/s (10^6 bytes).  Both come from the minimum interval with one
 * copy, the median with several, as lmbench.
 *
 * Each kernel starts from the arrays STREAM's sequence would have left
 * before it.  After every interval the arrays are checked against the
 * values the kernel must have left (computed from the iteration counts,
 * exactly representable), as McCalpin's STREAM validates its results; a
 * wrong value is an error (status 1), not a figure.
 *
 * The three arrays come from one mapping, placed by the library
 * (mem_set_alloc): each an odd number of pages after the one before,
 * never a power of two apart; -A asks for the worst case on purpose
 * (the next power of two).  The distance is recorded in the JSON record's
 * placement (" buffers=SPREAD+N").
 *
 * Usage: stream [-A] [-v <stream version 1|2>] [-M <len>[K|M]]
 *        [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 * Output (stderr): "STREAM copy latency: 1.23 nanoseconds",
 * "STREAM copy bandwidth: 12345.67 MB/sec", then scale, add, triad (v2:
 * "STREAM2 fill ...", copy, daxpy, sum).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_util.h"
#include "stream.h"

/* ELEMENTS(e): the statement e for every element j of the arrays, four
 * a step, then the rest one at a time.  The four of a step are four
 * independent statements over adjacent elements, which the compiler
 * makes into two-element vector operations (SSE2 on x86-64, NEON on
 * arm64) at -O2, as STREAM is usually built; its rules allow any code
 * that computes the same values, and these compute exactly what one
 * element at a time would.  Written one at a time, gcc 12 -O2 leaves the
 * loops scalar, one element a cycle at best, which inside the caches
 * measures the core's store rate (AMD Zen 4, 512 KB: triad 75 GB/s one
 * at a time against lmbench's 78-83, 111-116 four a step).
 * ONE_BY_ONE(e): the same, one element at a time: copy and scale, the
 * kernels of one read and one write, stay so, since from memory four a
 * step ran slower in stream's one-pass intervals (Zen 4, 128 MB, copy
 * 0.87 [0.77, 0.99] of one at a time over 8 alternating runs, where add
 * and triad came out 1.00-1.04 and 0.97-1.00), and one at a time they
 * already run at lmbench's rate or above inside the caches.  The empty asm on the index (no
 * instruction) keeps gcc from making the copy a call of libc's memmove,
 * which is bw_mem bcopy's code, not this loop. */
#define ONE_BY_ONE(e)                                       \
	do {                                                \
		for (i = 0; i < n; i++) {                   \
			size_t j = i;                       \
			e;                                  \
			__asm__("" : "+r"(i));              \
		}                                           \
	} while (0)
#define ELEMENTS(e)                                         \
	do {                                                \
		for (i = 0; i + 4 <= n; i += 4) {           \
			size_t j = i;                       \
			e;                                  \
			j = i + 1;                          \
			e;                                  \
			j = i + 2;                          \
			e;                                  \
			j = i + 3;                          \
			e;                                  \
		}                                           \
		for (; i < n; i++) {                        \
			size_t j = i;                       \
			e;                                  \
		}                                           \
	} while (0)

/* The kernels, each over restrict arrays (so that the four of a step
 * are known to be independent). */
static void
k_copy(double *restrict to, const double *restrict from, size_t n)
{
	size_t i;

	ONE_BY_ONE(to[j] = from[j]);
}

static void
k_scale(double *restrict to, const double *restrict from, double q, size_t n)
{
	size_t i;

	ONE_BY_ONE(to[j] = q * from[j]);
}

static void
k_add(double *restrict to, const double *restrict x, const double *restrict y,
      size_t n)
{
	size_t i;

	ELEMENTS(to[j] = x[j] + y[j]);
}

static void
k_triad(double *restrict to, const double *restrict x,
	const double *restrict y, double q, size_t n)
{
	size_t i;

	ELEMENTS(to[j] = x[j] + q * y[j]);
}

static void
k_fill(double *restrict to, size_t n)
{
	size_t i;

	ELEMENTS(to[j] = 2.0);
}

static void
k_daxpy(double *restrict to, const double *restrict x, double q, size_t n)
{
	size_t i;

	ELEMENTS(to[j] = to[j] + q * x[j]);
}

/* One running sum, in order, as STREAM's and lmbench's: four sums would
 * be another computation (another rounding) and another speed. */
static double
k_sum(const double *restrict x, size_t n)
{
	double t = 0;
	size_t i;

	for (i = 0; i < n; i++)
		t += x[i];
	return t;
}

static int
run(void *sp, uint64_t iters)
{
	struct state *s = sp;
	double *a = s->a, *b = s->b, *c = s->c, q = s->scalar;
	size_t n = s->n;

	while (iters-- > 0) {
		switch (s->k) {
		case K_COPY: k_copy(c, a, n); break;
		case K_SCALE: k_scale(b, c, q, n); break;
		case K_ADD: k_add(c, a, b, n); break;
		case K_TRIAD: k_triad(a, b, c, q, n); break;
		case K_FILL: k_fill(a, n); break;
		case K_COPY2: k_copy(b, a, n); break;
		case K_DAXPY:
			k_daxpy(a, b, q, n);
			s->daxpys++;
			break;
		case K_SUM: s->total = k_sum(a, n); break;
		}
		/* Each pass must reach memory: no merging of passes. */
		__asm__ volatile("" ::: "memory");
	}
	return 0;
}

static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;
	const char *why;
	uint64_t v;

	s->place = c == 'A' ? MEM_ALIGNED : s->place;
	s->threads |= c == 'T';
	if (c == 'A' || c == 'T')
		return 0;
	if (c == 'v') {
		if (strcmp(arg, "1") != 0 && strcmp(arg, "2") != 0) {
			util_err("bad -v '%s': the version is 1 or 2", arg);
			return -1;
		}
		s->version = arg[0] - '0';
		return 0;
	}
	why = util_parse_size(arg, 1, &v);
	if (why == NULL && v < (uint64_t)3 * 1024 * sizeof(double))
		why = "too small (at least 24 KB)";
	if (why == NULL && v > SIZE_MAX / 2)
		why = "too large";
	if (why == NULL)
		why = mem_beyond(v);
	if (why != NULL) {
		util_err("bad -M '%s': %s", arg, why);
		return -1;
	}
	s->n = (size_t)(v / (3 * sizeof(double)));
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct {
		int version;
		enum kernel k;
		const char *name;
		double bytes;
	} kernels[] = {
		{ 1, K_COPY, "copy", 16 },   { 1, K_SCALE, "scale", 16 },
		{ 1, K_ADD, "add", 24 },     { 1, K_TRIAD, "triad", 24 },
		{ 2, K_FILL, "fill", 8 },    { 2, K_COPY2, "copy", 16 },
		{ 2, K_DAXPY, "daxpy", 24 }, { 2, K_SUM, "sum", 8 },
	};
	struct state s;
	struct bench_opts o;
	struct bench_desc d = { .init = stream_init,
				.run = run,
				.cleanup = stream_cleanup,
				.state = &s,
				.after = stream_validate };
	const struct bench_prog prog = {
		.usage = "[-A] [-T] [-v <stream version 1|2>] [-M <len>[K|M]] "
		         "[-P <parallelism>] [-W <warmup>] [-N <repetitions>]",
		.help = "-N <repetitions>  timed intervals per copy; the minimum "
		        "is reported with one copy, the median with several\n"
		        "-A                the arrays a power of two apart "
		        "(the worst case)\n"
		        "-T                the -P copies as threads of one "
		        "process\n"
		        "-v <version>      1: copy scale add triad; 2: fill "
		        "copy daxpy sum\n"
		        "-M <len>          the three arrays' memory (default "
		        "24,000,000 bytes)",
		.option = option, .ctx = &s,
	};
	struct bench_result r;
	char label[64];
	size_t i;
	int rc;

	memset(&s, 0, sizeof(s));
	s.n = 24000000 / (3 * sizeof(double));
	s.version = 1;
	s.scalar = 3.0;
	(void)bench_begin(argc, argv, &prog, &o);
	o.stat = o.parallel > 1 ? BENCH_MEDIAN : BENCH_MINIMUM;
	o.threads = s.threads;
	d.state_size = sizeof(s);
	if ((uint64_t)s.n * 3 * sizeof(double) * (uint64_t)o.parallel >
	    mem_available() / 10 * 9) {
		util_err("%d x %zu MB of arrays is more than the memory "
			 "available",
			 o.parallel, s.n * 3 * sizeof(double) >> 20);
		return EXIT_FAILED;
	}
	for (i = 0; i < sizeof(kernels) / sizeof(kernels[0]); i++) {
		if (kernels[i].version != s.version)
			continue;
		s.k = kernels[i].k;
		if (bench_run(&d, &o, &r) != 0)
			return EXIT_FAILED;
		mem_set_note(r.placement, sizeof(r.placement), s.place,
			     mem_set_distance(s.n * sizeof(double), s.place,
					      -1));
		snprintf(label, sizeof(label), "%s %s latency",
			 s.version == 1 ? "STREAM" : "STREAM2", kernels[i].name);
		rc = report_ns(&r, label, (double)s.n);
		snprintf(label, sizeof(label), "%s %s bandwidth",
			 s.version == 1 ? "STREAM" : "STREAM2", kernels[i].name);
		if (rc == 0)
			rc = report_mbs(&r, label, kernels[i].bytes * (double)s.n);
		bench_result_free(&r);
		if (rc != 0)
			return EXIT_FAILED;
	}
	return 0;
}

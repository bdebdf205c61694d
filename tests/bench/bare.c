/*
 * bare.c - the bare loops that make bench sets beside bw_mem's and
 * STREAM's kernels: the same loop shape, written plainly and left to the
 * compiler, over buffers placed as the programs place theirs
 * (mem_set_alloc, so "the same buffers" means the same layout), timed
 * with the clock and nothing else: no harness, no calibration, no
 * barriers.  If a program's kernel is slower than its bare loop, the
 * program is in the way.
 *
 * Usage: bare [-A] [-n passes] bw_mem KERNEL SIZE
 *        bare [-A] [-n passes] lmbench KERNEL SIZE
 *        bare [-A] [-n passes] stream KERNEL SIZE
 *   bw_mem kernels: rd wr rdwr cp fwr frd fcp bzero bcopy; SIZE bytes per
 *     buffer, MB/s counted as bw_mem counts (SIZE per pass); the median
 *     of the passes, as bw_mem shows the median
 *   lmbench kernels: rd wr rdwr cp fwr frd fcp in lmbench 3's shape (as
 *     its bw_mem's are described in METHODS.md): 4-byte ints in blocks of
 *     128 (512 bytes), the partial ones on every fourth int; counted and
 *     reported as bw_mem
 *   stream kernels: copy scale add triad fill daxpy sum; SIZE is the
 *     three arrays together (stream's -M); MB/s counted as STREAM counts;
 *     the best pass, as stream shows the minimum time
 *   -A  the buffers a power of two apart (as the programs' -A)
 *   -n  passes (default 11); each is at least 20 ms of whole kernel runs
 * Output (stdout): one number, MB/s (MB = 10^6 bytes).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib_clock.h"
#include "lib_mem.h"
#include "lib_util.h"

#define MAXPASS 101

struct bufs {
	uint64_t *p, *q; /* bw_mem: source, destination */
	double *a, *b, *c; /* stream: the arrays */
	size_t words;      /* elements of each */
	uint64_t sink;     /* sums, kept */
	double dsink;
};

static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* bw_mem's kernels as a programmer would write them. */
static void
b_rd(struct bufs *b)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < b->words; i += 2)
		s += b->p[i];
	b->sink += s;
}

static void
b_frd(struct bufs *b)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < b->words; i++)
		s += b->p[i];
	b->sink += s;
}

static void
b_wr(struct bufs *b)
{
	uint64_t v = b->sink | 1;
	size_t i;

	for (i = 0; i < b->words; i += 2)
		b->p[i] = v;
}

static void
b_fwr(struct bufs *b)
{
	uint64_t v = b->sink | 1;
	size_t i;

	for (i = 0; i < b->words; i++)
		b->p[i] = v;
}

static void
b_rdwr(struct bufs *b)
{
	size_t i;

	for (i = 0; i < b->words; i += 2)
		b->p[i] += 1;
}

static void
b_cp(struct bufs *b)
{
	uint64_t *restrict q = b->q;
	const uint64_t *restrict p = b->p;
	size_t i;

	for (i = 0; i < b->words; i += 2)
		q[i] = p[i];
}

static void
b_fcp(struct bufs *b)
{
	uint64_t *restrict q = b->q;
	const uint64_t *restrict p = b->p;
	size_t i;

	for (i = 0; i < b->words; i++)
		q[i] = p[i];
}

static void
b_bzero(struct bufs *b)
{
	memset(b->p, 0, b->words * 8);
}

static void
b_bcopy(struct bufs *b)
{
	memcpy(b->q, b->p, b->words * 8);
}

/* lmbench 3's shape: blocks of 128 ints, fully unrolled (the pragma asks
 * the compiler for what lmbench wrote out by hand). */
#define LM_BLOCK 128
#define LM_LOOP(step, body)                                                    \
	do {                                                                   \
		size_t n_ = b->words * 2 / LM_BLOCK, k_, j;                    \
		for (k_ = 0; k_ < n_; k_++, p += LM_BLOCK, q += LM_BLOCK) {     \
			_Pragma("GCC unroll 128") for (j = 0; j < LM_BLOCK;    \
						       j += (step)) body;      \
		}                                                              \
	} while (0)

static void
l_rd(struct bufs *b)
{
	const uint32_t *p = (const uint32_t *)b->p, *q = p;
	uint32_t s = 0;

	LM_LOOP(4, s += p[j]);
	b->sink += s;
}

static void
l_frd(struct bufs *b)
{
	const uint32_t *p = (const uint32_t *)b->p, *q = p;
	uint32_t s = 0;

	LM_LOOP(1, s += p[j]);
	b->sink += s;
}

static void
l_wr(struct bufs *b)
{
	uint32_t *p = (uint32_t *)b->p, *q = p, v = (uint32_t)b->sink | 1;

	LM_LOOP(4, p[j] = v);
}

static void
l_fwr(struct bufs *b)
{
	uint32_t *p = (uint32_t *)b->p, *q = p, v = (uint32_t)b->sink | 1;

	LM_LOOP(1, p[j] = v);
}

static void
l_rdwr(struct bufs *b)
{
	uint32_t *p = (uint32_t *)b->p, *q = p;

	LM_LOOP(4, p[j] += 1);
}

static void
l_cp(struct bufs *b)
{
	const uint32_t *p = (const uint32_t *)b->p;
	uint32_t *q = (uint32_t *)b->q;

	LM_LOOP(4, q[j] = p[j]);
}

static void
l_fcp(struct bufs *b)
{
	const uint32_t *p = (const uint32_t *)b->p;
	uint32_t *q = (uint32_t *)b->q;

	LM_LOOP(1, q[j] = p[j]);
}

/* STREAM's kernels, as McCalpin writes them. */
static void
s_copy(struct bufs *b)
{
	double *restrict a = b->a, *restrict c = b->c;
	size_t i;

	for (i = 0; i < b->words; i++)
		c[i] = a[i];
}

static void
s_scale(struct bufs *b)
{
	double *restrict bb = b->b, *restrict c = b->c;
	size_t i;

	for (i = 0; i < b->words; i++)
		bb[i] = 3.0 * c[i];
}

static void
s_add(struct bufs *b)
{
	double *restrict a = b->a, *restrict bb = b->b, *restrict c = b->c;
	size_t i;

	for (i = 0; i < b->words; i++)
		c[i] = a[i] + bb[i];
}

static void
s_triad(struct bufs *b)
{
	double *restrict a = b->a, *restrict bb = b->b, *restrict c = b->c;
	size_t i;

	for (i = 0; i < b->words; i++)
		a[i] = bb[i] + 3.0 * c[i];
}

static void
s_fill(struct bufs *b)
{
	double *restrict a = b->a;
	size_t i;

	for (i = 0; i < b->words; i++)
		a[i] = 2.0;
}

static void
s_daxpy(struct bufs *b)
{
	double *restrict a = b->a, *restrict bb = b->b;
	size_t i;

	for (i = 0; i < b->words; i++)
		a[i] = a[i] + 3.0 * bb[i];
}

static void
s_sum(struct bufs *b)
{
	const double *restrict a = b->a;
	double t = 0;
	size_t i;

	for (i = 0; i < b->words; i++)
		t += a[i];
	b->dsink += t;
}

static const struct kernel {
	const char *prog, *name;
	void (*run)(struct bufs *);
	int nbuf;     /* buffers it uses */
	double bytes; /* bytes counted per element (stream), 0: per pass */
} kernels[] = {
	{ "bw_mem", "rd", b_rd, 1, 0 },	     { "bw_mem", "wr", b_wr, 1, 0 },
	{ "bw_mem", "rdwr", b_rdwr, 1, 0 },  { "bw_mem", "cp", b_cp, 2, 0 },
	{ "bw_mem", "fwr", b_fwr, 1, 0 },    { "bw_mem", "frd", b_frd, 1, 0 },
	{ "bw_mem", "fcp", b_fcp, 2, 0 },    { "bw_mem", "bzero", b_bzero, 1, 0 },
	{ "bw_mem", "bcopy", b_bcopy, 2, 0 }, { "lmbench", "rd", l_rd, 1, 0 },
	{ "lmbench", "wr", l_wr, 1, 0 },     { "lmbench", "rdwr", l_rdwr, 1, 0 },
	{ "lmbench", "cp", l_cp, 2, 0 },     { "lmbench", "fwr", l_fwr, 1, 0 },
	{ "lmbench", "frd", l_frd, 1, 0 },   { "lmbench", "fcp", l_fcp, 2, 0 },
	{ "stream", "copy", s_copy, 3, 16 },
	{ "stream", "scale", s_scale, 3, 16 }, { "stream", "add", s_add, 3, 24 },
	{ "stream", "triad", s_triad, 3, 24 }, { "stream", "fill", s_fill, 3, 8 },
	{ "stream", "daxpy", s_daxpy, 3, 24 }, { "stream", "sum", s_sum, 3, 8 },
};

static int
cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

static void __attribute__((noreturn))
usage(void)
{
	fprintf(stderr, "Usage: bare [-A] [-n passes] bw_mem|lmbench|stream "
			"KERNEL SIZE\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	const struct kernel *k = NULL;
	enum mem_place place = MEM_SPREAD;
	double mbs[MAXPASS], per_pass, t0, t;
	uint64_t size, v, reps = 1, r;
	int passes = 11, c, i;
	struct mem_set set;
	struct bufs b;
	size_t len, j;

	while ((c = getopt(argc, argv, "An:")) != -1) {
		switch (c) {
		case 'A': place = MEM_ALIGNED; break;
		case 'n':
			if (util_parse_u64(optarg, 1, MAXPASS, &v) != NULL)
				usage();
			passes = (int)v;
			break;
		default: usage();
		}
	}
	if (argc - optind != 3)
		usage();
	for (j = 0; j < sizeof(kernels) / sizeof(kernels[0]); j++)
		if (strcmp(argv[optind], kernels[j].prog) == 0 &&
		    strcmp(argv[optind + 1], kernels[j].name) == 0)
			k = &kernels[j];
	if (k == NULL || util_parse_size(argv[optind + 2], 1, &size) != NULL ||
	    size < 4096 || size > ((uint64_t)16 << 30))
		usage();
	memset(&b, 0, sizeof(b));
	/* stream's -M is the three arrays together; bw_mem's size is one
	 * buffer. */
	len = k->nbuf == 3 ? (size_t)(size / 24) * 8 : (size_t)size;
	b.words = len / 8;
	if (mem_set_alloc(&set, k->nbuf, len, place, -1) != 0)
		return 1;
	for (i = 0; i < k->nbuf; i++)
		memset(set.buf[i], 1, len);
	b.p = (uint64_t *)(void *)set.buf[0];
	b.a = (double *)(void *)set.buf[0];
	if (k->nbuf > 1) {
		b.q = (uint64_t *)(void *)set.buf[1];
		b.b = (double *)(void *)set.buf[1];
	}
	if (k->nbuf > 2)
		b.c = (double *)(void *)set.buf[2];
	per_pass = k->bytes > 0 ? k->bytes * (double)b.words : (double)len;
	/* One untimed run, then as many runs per pass as fill 20 ms. */
	t0 = seconds();
	k->run(&b);
	t = seconds() - t0;
	if (t < 0.02)
		reps = (uint64_t)(0.02 / (t > 1e-7 ? t : 1e-7)) + 1;
	for (i = 0; i < passes; i++) {
		t0 = seconds();
		for (r = 0; r < reps; r++) {
			k->run(&b);
			__asm__ volatile("" ::: "memory");
		}
		t = seconds() - t0;
		mbs[i] = per_pass * (double)reps / t / 1e6;
	}
	qsort(mbs, (size_t)passes, sizeof(mbs[0]), cmp);
	printf("%.2f\n", k->bytes > 0 ? mbs[passes - 1] : mbs[passes / 2]);
	timing_use(b.sink + (uint64_t)b.dsink);
	mem_set_free(&set);
	return 0;
}

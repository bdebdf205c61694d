/*
 * par_mem - memory-level parallelism: how many independent loads the
 * memory system overlaps, by working-set size.
 *
 * For each size (16 lines, doubling up to -M, default 64 MB), one random
 * cycle through every line of the buffer is laid (lib_mem, checked to be
 * one cycle).  k chases (k = 1 .. 16) start at evenly spaced points of
 * the cycle and advance in lockstep, each load depending only on its own
 * chase's previous one, 10 steps per iteration.  With t(k) the time per
 * step of all k, the parallelism at k is k * t(1) / t(k): k if the k
 * loads overlap completely, 1 if they run one after another.  The result
 * for the size is the largest over k, from the fastest of -N intervals
 * (lmbench used whichever sample came last); t(1) is measured before and
 * after the others and the smaller counts, and no k counts for more
 * than k (a higher ratio comes from a noisy t(1)).  The chases live in
 * registers (one function per k), so no store-to-load forwarding slows
 * them.  -L is the line (default: the coherency line in sysfs, else 64).
 *
 * Usage: par_mem [-L <line size>] [-M len[K|M]] [-W <warmup>]
 *        [-N <repetitions>]
 * Output (stderr): per size "%.6f %.2f" (MB of 10^6 bytes, parallelism)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define MAXK 16

struct state {
	size_t size;	       /* bytes in the cycle */
	size_t line;	       /* -L: bytes between slots */
	int k;		       /* chases */
	char *buf;
	void **start[MAXK];    /* where each chase stands */
};

static int
init(void *sp, int copy)
{
	struct state *s = sp;
	size_t count = s->size / s->line, i;
	void **p;

	/* All sixteen counts of chases run over one cycle per size: it is
	 * built once (main frees it when the size changes). */
	if (s->buf != NULL)
		return 0;
	s->buf = mem_alloc(s->size);
	if (s->buf == NULL)
		return -1;
	p = mem_chain_random(s->buf, count, s->line, mem_pagesize(),
			     0x706172ULL + (uint64_t)copy);
	if (p == NULL || mem_chain_check(p, s->buf, count, s->line) != 0) {
		util_err("internal error: the chain is not one cycle");
		return -1;
	}
	/* Start points evenly spaced along the cycle. */
	for (i = 0; i < count; i++) {
		if (i % ((count + MAXK - 1) / MAXK) == 0 &&
		    i / ((count + MAXK - 1) / MAXK) < MAXK)
			s->start[i / ((count + MAXK - 1) / MAXK)] = p;
		p = (void **)*p;
	}
	for (i = 1; i < MAXK; i++)
		if (s->start[i] == NULL)
			s->start[i] = s->start[i - 1];
	return 0;
}

#define S(i) p##i = (void **)*p##i;
#define S1 S(0)
#define S2 S1 S(1)
#define S3 S2 S(2)
#define S4 S3 S(3)
#define S5 S4 S(4)
#define S6 S5 S(5)
#define S7 S6 S(6)
#define S8 S7 S(7)
#define S9 S8 S(8)
#define S10 S9 S(9)
#define S11 S10 S(10)
#define S12 S11 S(11)
#define S13 S12 S(12)
#define S14 S13 S(13)
#define S15 S14 S(14)
#define S16 S15 S(15)

/* One function per k: the k chases in registers, 10 steps an iteration. */
#define CHASE(K)                                                            \
	static void chase##K(void ***st, uint64_t n)                        \
	{                                                                   \
		void **p0 = st[0], **p1 = st[1], **p2 = st[2], **p3 = st[3]; \
		void **p4 = st[4], **p5 = st[5], **p6 = st[6], **p7 = st[7]; \
		void **p8 = st[8], **p9 = st[9], **p10 = st[10];            \
		void **p11 = st[11], **p12 = st[12], **p13 = st[13];        \
		void **p14 = st[14], **p15 = st[15];                        \
		while (n-- > 0) {                                           \
			S##K S##K S##K S##K S##K S##K S##K S##K S##K S##K   \
		}                                                           \
		st[0] = p0; st[1] = p1; st[2] = p2; st[3] = p3;             \
		st[4] = p4; st[5] = p5; st[6] = p6; st[7] = p7;             \
		st[8] = p8; st[9] = p9; st[10] = p10; st[11] = p11;         \
		st[12] = p12; st[13] = p13; st[14] = p14; st[15] = p15;     \
	}
CHASE(1)
CHASE(2)
CHASE(3)
CHASE(4)
CHASE(5)
CHASE(6)
CHASE(7)
CHASE(8)
CHASE(9)
CHASE(10)
CHASE(11)
CHASE(12)
CHASE(13)
CHASE(14)
CHASE(15)
CHASE(16)

static void (*const chases[MAXK + 1])(void ***, uint64_t) = {
	NULL,	 chase1,  chase2,  chase3,  chase4,  chase5,
	chase6,	 chase7,  chase8,  chase9,  chase10, chase11,
	chase12, chase13, chase14, chase15, chase16,
};

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	chases[s->k](s->start, n);
	bench_use_ptr(s->start[0]);
	return 0;
}

static void
release(struct state *s)
{
	mem_free(s->buf, s->size);
	s->buf = NULL;
	memset(s->start, 0, sizeof(s->start));
}

struct opts {
	uint64_t line; /* -L */
	uint64_t max;  /* -M */
};

static int
option(void *sp, int c, const char *arg)
{
	struct opts *op = sp;
	const char *why = util_parse_size(arg, 1, c == 'L' ? &op->line : &op->max);

	if (why == NULL && c == 'L' &&
	    (op->line < sizeof(void *) || op->line > mem_pagesize() ||
	     (op->line & (op->line - 1)) != 0))
		why = "a power of two from 8 to the page size";
	if (why != NULL) {
		util_err("bad -%c '%s': %s", c, arg, why);
		return -1;
	}
	return 0;
}

static void __attribute__((noreturn))
usage(void)
{
	util_usage("[-L <line size>] [-M len[K|M]] [-W <warmup>] "
		   "[-N <repetitions>]");
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct opts op = { 64, 64ULL << 20 };
	struct state s;
	struct bench_opts o;
	struct bench_desc d = { .init = init, .run = run, .state = &s };
	struct bench_result r;
	double t1 = 0, best, par;
	size_t size;
	int rc, k;

	memset(&s, 0, sizeof(s));
	op.line = mem_line_size();
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	/* Interference only slows a chase: the fastest interval is the
	 * truest, and a noisy t(1) would inflate every ratio. */
	o.stat = BENCH_MINIMUM;
	rc = bench_getopt(argc, argv, "L:M:", &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc || o.parallel != 1)
		usage();
	if (op.max < 16 * op.line) {
		util_err("bad -M: at least 16 lines (%llu bytes)",
			 16ULL * (unsigned long long)op.line);
		return EXIT_USAGE;
	}
	if (timing_check_env() != 0)
		return EXIT_USAGE;
	s.line = (size_t)op.line;
	for (size = 16 * s.line; size <= op.max; size *= 2) {
		s.size = size;
		best = 0;
		for (k = 1; k <= MAXK; k++) {
			s.k = k;
			if (bench_run(&d, &o, &r) != 0) {
				release(&s);
				return EXIT_FAILED;
			}
			if (k == 1)
				t1 = r.ns_per_iter;
			/* k chases cannot overlap more than k ways: a
			 * larger ratio is a slow t(1), not parallelism. */
			par = k * t1 / r.ns_per_iter;
			if (par > k)
				par = k;
			if (par > best)
				best = par;
			bench_result_free(&r);
		}
		/* A second look at one chase, now that the others ran: the
		 * smaller t(1) counts. */
		s.k = 1;
		if (bench_run(&d, &o, &r) != 0) {
			release(&s);
			return EXIT_FAILED;
		}
		if (r.ns_per_iter < t1)
			best *= r.ns_per_iter / t1;
		bench_result_free(&r);
		release(&s);
		if (report_par((double)size, best) != 0)
			return EXIT_FAILED;
	}
	return 0;
}

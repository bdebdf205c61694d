/*
 * lat_ops - the latency of basic integer, 64-bit integer, float and
 * double operations, and the throughput of a small floating-point
 * expression ("bogomflops").
 *
 * Each operation is a chain of dependent operations (lib_ops.c): each
 * takes the previous result, and an empty asm statement between them
 * stops the compiler from folding or removing any (lmbench's "integer
 * add" came out as 0.00 ns for that reason).  The time per operation is
 * the median interval divided by the operations, so it is the
 * operation's latency.  Integer mod chains need an "or" to stay away
 * from zero; its cost (the measured bit time) is subtracted.  bogomflops
 * is y = (1 + x)(1.5 - x) / x over a 1000-element vector: the time per
 * element, a throughput.  A result under a tenth of a nanosecond is
 * reported as an error: no operation is that fast.
 *
 * Usage: lat_ops [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 * Output (stderr), 18 lines: "integer bit: 0.28 nanoseconds" ... in the
 * order integer bit add mul div mod, int64 bit, uint64 add, int64 mul
 * div mod, float add mul div, double add mul div, float bogomflops,
 * double bogomflops.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_ops.h"
#include "lib_report.h"
#include "lib_util.h"

#define VEC 1000

struct state {
	enum ops_kind kind;   /* the chain measured */
	struct ops_args args; /* its operands */
	int bogo;	      /* 0, or 1 float / 2 double bogomflops */
	float fx[VEC], fy[VEC];
	double dx[VEC], dy[VEC];
};

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	size_t i;

	if (s->bogo == 1) {
		while (n-- > 0) {
			for (i = 0; i < VEC; i++)
				s->fy[i] = (1.0f + s->fx[i]) * (1.5f - s->fx[i]) /
					   s->fx[i];
			__asm__ volatile("" ::: "memory");
		}
		timing_use((uint64_t)s->fy[VEC / 2]);
		return 0;
	}
	if (s->bogo == 2) {
		while (n-- > 0) {
			for (i = 0; i < VEC; i++)
				s->dy[i] = (1.0 + s->dx[i]) * (1.5 - s->dx[i]) /
					   s->dx[i];
			__asm__ volatile("" ::: "memory");
		}
		timing_use((uint64_t)s->dy[VEC / 2]);
		return 0;
	}
#ifdef LMBENCH_GATE_SLOWER
	/* The gate's own check (make gate-check) builds a copy of the
	 * suite in which this one kernel does a quarter more work, to see
	 * that compare flags it and nothing else; no real build defines it. */
	if (s->kind == OPS_INT_DIV)
		n += n / 4;
#endif
	timing_use(ops_chain(s->kind, n, &s->args));
	return 0;
}

static const struct op {
	const char *label;
	enum ops_kind kind;
	double ops;	     /* operations per iteration */
	int minus_bit;	     /* subtract this many bit operations (mod) */
	enum ops_kind bit;   /* ... of this kind */
} ops[] = {
	{ "integer bit", OPS_INT_BIT, 100, 0, OPS_INT_BIT },
	{ "integer add", OPS_INT_ADD, 100, 0, OPS_INT_BIT },
	{ "integer mul", OPS_INT_MUL, 100, 0, OPS_INT_BIT },
	{ "integer div", OPS_INT_DIV, 100, 0, OPS_INT_BIT },
	{ "integer mod", OPS_INT_MOD, 100, 1, OPS_INT_BIT },
	{ "int64 bit", OPS_I64_BIT, 100, 0, OPS_I64_BIT },
	{ "uint64 add", OPS_I64_ADD, 100, 0, OPS_I64_BIT },
	{ "int64 mul", OPS_I64_MUL, 100, 0, OPS_I64_BIT },
	{ "int64 div", OPS_I64_DIV, 100, 0, OPS_I64_BIT },
	{ "int64 mod", OPS_I64_MOD, 100, 1, OPS_I64_BIT },
	{ "float add", OPS_FLT_ADD, 200, 0, OPS_INT_BIT },
	{ "float mul", OPS_FLT_MUL, 200, 0, OPS_INT_BIT },
	{ "float div", OPS_FLT_DIV, 100, 0, OPS_INT_BIT },
	{ "double add", OPS_DBL_ADD, 200, 0, OPS_INT_BIT },
	{ "double mul", OPS_DBL_MUL, 200, 0, OPS_INT_BIT },
	{ "double div", OPS_DBL_DIV, 100, 0, OPS_INT_BIT },
};
#define NOPS (sizeof(ops) / sizeof(ops[0]))

/* Print one result, refusing impossible ones. */
static int
emit(struct bench_result *r, const char *label, double nops, double minus_ns)
{
	double per = r->ns_per_iter / nops - minus_ns;

	if (!(per >= 0.1)) {
		util_err("%s: %.3f ns per operation is not a real latency; "
			 "no result",
			 label, per);
		return -1;
	}
	/* report_ns divides by ops; fold the subtraction into the ratio. */
	return report_ns(r, label, r->ns_per_iter / per);
}

/* The integer, int64, float and double chains, a line each; 0, or -1
 * when a figure was refused; < -1 when a measurement failed. */
static int
chains(struct state *s, const struct bench_desc *d, const struct bench_opts *o)
{
	struct bench_result r;
	double bit_ns[2] = { 0, 0 };
	size_t i;
	int rc = 0;

	for (i = 0; i < NOPS; i++) {
		double minus = 0;

		s->kind = ops[i].kind;
		if (bench_run(d, o, &r) != 0)
			return -2;
		if (ops[i].kind == OPS_INT_BIT)
			bit_ns[0] = r.ns_per_iter / ops[i].ops;
		if (ops[i].kind == OPS_I64_BIT)
			bit_ns[1] = r.ns_per_iter / ops[i].ops;
		if (ops[i].minus_bit)
			minus = bit_ns[ops[i].bit == OPS_I64_BIT];
		if (emit(&r, ops[i].label, ops[i].ops, minus) != 0)
			rc = -1;
		bench_result_free(&r);
	}
	return rc;
}

static const struct bench_prog prog = {
	.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>]",
};

int
main(int argc, char **argv)
{
	static struct state s;
	struct bench_opts o;
	const struct bench_desc d = { .run = run, .state = &s };
	struct bench_result r;
	size_t i;
	int failed;

	(void)bench_begin(argc, argv, &prog, &o);
	ops_default_args(&s.args, (uint64_t)getpid());
	for (i = 0; i < VEC; i++) {
		s.fx[i] = 0.25f + (float)(i % 7) * 0.125f;
		s.dx[i] = 0.25 + (double)(i % 7) * 0.125;
	}
	failed = chains(&s, &d, &o);
	if (failed < -1)
		return EXIT_FAILED;
	for (s.bogo = 1; s.bogo <= 2; s.bogo++) {
		if (bench_run(&d, &o, &r) != 0)
			return EXIT_FAILED;
		if (emit(&r, s.bogo == 1 ? "float bogomflops" : "double bogomflops",
			 VEC, 0) != 0)
			failed = 1;
		bench_result_free(&r);
	}
	return failed ? EXIT_FAILED : 0;
}

/*
 * par_ops - instruction-level parallelism of basic operations: how many
 * independent chains of one operation the processor overlaps.
 *
 * For each operation of lat_ops, k independent dependent chains (k = 1,
 * 2, 3, 4, 6, 8, 12, 16) advance in lockstep, 10 operations per chain per
 * iteration, each chain held in a register and passed through an empty
 * asm statement after every operation so the compiler can neither fold
 * nor vectorise the chains.  With t(k) the time per iteration, the
 * parallelism at k is k * t(1) / t(k), at most k; the result is the
 * largest over k, from the fastest of -N intervals (as lmbench); t(1) is
 * measured before and after the others and the smaller counts.
 * Integer chains past 12 spill registers on x86-64, which shows as less
 * parallelism there; the maximum over k is taken for that reason too.
 *
 * Usage: par_ops [-W <warmup>] [-N <repetitions>]
 * Output (stderr), 16 lines: "integer bit parallelism: 3.98" ... in
 * lmbench's order: integer bit add mul div mod, int64 bit add mul div mod,
 * float add mul div, double add mul div.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_ops.h"
#include "lib_opts.h"
#include "lib_report.h"
#include "lib_util.h"

#define P1(S) S(0)
#define P2(S) P1(S) S(1)
#define P3(S) P2(S) S(2)
#define P4(S) P3(S) S(3)
#define P6(S) P4(S) S(4) S(5)
#define P8(S) P6(S) S(6) S(7)
#define P12(S) P8(S) S(8) S(9) S(10) S(11)
#define P16(S) P12(S) S(12) S(13) S(14) S(15)
#define TEN(X) X X X X X X X X X X

/* One function per (operation, k): sixteen chains declared, k used. */
#define PARFN(name, type, K, S)                                             \
	static double name##_##K(uint64_t n, type x, type a, type b)       \
	{                                                                   \
		type x0 = x, x1 = x, x2 = x, x3 = x, x4 = x, x5 = x, x6 = x; \
		type x7 = x, x8 = x, x9 = x, x10 = x, x11 = x, x12 = x;     \
		type x13 = x, x14 = x, x15 = x;                             \
		while (n-- > 0) {                                           \
			TEN(P##K(S))                                        \
		}                                                           \
		(void)a;                                                    \
		(void)b;                                                    \
		return (double)(x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + \
				x9 + x10 + x11 + x12 + x13 + x14 + x15);    \
	}
#define PARALL(name, type, S)                                               \
	PARFN(name, type, 1, S) PARFN(name, type, 2, S)                     \
	PARFN(name, type, 3, S) PARFN(name, type, 4, S)                     \
	PARFN(name, type, 6, S) PARFN(name, type, 8, S)                     \
	PARFN(name, type, 12, S) PARFN(name, type, 16, S)                   \
	static double (*const name[])(uint64_t, type, type, type) = {      \
		name##_1, name##_2, name##_3,  name##_4,                    \
		name##_6, name##_8, name##_12, name##_16                    \
	};

#define IBIT(i) x##i ^= a; OPS_HIDE_INT(x##i);
#define IADD(i) x##i += a; OPS_HIDE_INT(x##i);
#define IMUL(i) x##i *= a; OPS_HIDE_INT(x##i);
#define IDIV(i) x##i = a / x##i; OPS_HIDE_INT(x##i);
#define IMOD(i) x##i = a % x##i; OPS_HIDE_INT(x##i); x##i |= b; OPS_HIDE_INT(x##i);
#define FADD(i) x##i += a; OPS_HIDE_FP(x##i); x##i -= a; OPS_HIDE_FP(x##i);
#define FMUL(i) x##i *= a; OPS_HIDE_FP(x##i); x##i *= b; OPS_HIDE_FP(x##i);
#define FDIV(i) x##i = a / x##i; OPS_HIDE_FP(x##i);

PARALL(ibit, unsigned int, IBIT)
PARALL(iadd, unsigned int, IADD)
PARALL(imul, unsigned int, IMUL)
PARALL(idiv, unsigned int, IDIV)
PARALL(imod, unsigned int, IMOD)
PARALL(qbit, uint64_t, IBIT)
PARALL(qadd, uint64_t, IADD)
PARALL(qmul, uint64_t, IMUL)
PARALL(qdiv, uint64_t, IDIV)
PARALL(qmod, uint64_t, IMOD)
PARALL(fadd, float, FADD)
PARALL(fmul, float, FMUL)
PARALL(fdiv, float, FDIV)
PARALL(dadd, double, FADD)
PARALL(dmul, double, FMUL)
PARALL(ddiv, double, FDIV)

static const int ks[] = { 1, 2, 3, 4, 6, 8, 12, 16 };
#define NK (sizeof(ks) / sizeof(ks[0]))

struct state {
	int op;		      /* index into the table below */
	int ki;		      /* index into ks */
	struct ops_args args; /* run-time operands */
	double sink;
};

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	const struct ops_args *v = &s->args;
	int k = s->ki;

	switch (s->op) {
	case 0: s->sink += ibit[k](n, (unsigned)v->x, (unsigned)v->a, 0); break;
	case 1: s->sink += iadd[k](n, (unsigned)v->x, (unsigned)v->a, 0); break;
	case 2: s->sink += imul[k](n, (unsigned)v->x, (unsigned)v->a, 0); break;
	case 3: s->sink += idiv[k](n, (unsigned)v->x, (unsigned)v->a, 0); break;
	case 4:
		s->sink += imod[k](n, (unsigned)v->x, (unsigned)v->a,
				   (unsigned)v->b);
		break;
	case 5: s->sink += qbit[k](n, v->x, v->a, 0); break;
	case 6: s->sink += qadd[k](n, v->x, v->a, 0); break;
	case 7: s->sink += qmul[k](n, v->x, v->a, 0); break;
	case 8: s->sink += qdiv[k](n, v->x, v->a, 0); break;
	case 9: s->sink += qmod[k](n, v->x, v->a, v->b); break;
	case 10:
		s->sink += fadd[k](n, (float)v->fx, (float)v->fa, 0);
		break;
	case 11:
		s->sink += fmul[k](n, (float)v->fx, (float)v->fa, (float)v->fb);
		break;
	case 12:
		s->sink += fdiv[k](n, (float)v->fx, (float)v->fa, 0);
		break;
	case 13: s->sink += dadd[k](n, v->fx, v->fa, 0); break;
	case 14: s->sink += dmul[k](n, v->fx, v->fa, v->fb); break;
	default: s->sink += ddiv[k](n, v->fx, v->fa, 0); break;
	}
	timing_use((uint64_t)s->sink);
	return 0;
}

static const char *const labels[] = {
	"integer bit", "integer add", "integer mul", "integer div",
	"integer mod", "int64 bit",   "int64 add",   "int64 mul",
	"int64 div",   "int64 mod",   "float add",   "float mul",
	"float div",   "double add",  "double mul",  "double div",
};

/* The usage line, which also says which options are taken. */
#define USAGE "[-W <warmup>] [-N <repetitions>]"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

/* "LABEL: %.2f", a figure without a unit. */
static int
report_plain(const char *label, double value)
{
	if (report_valid(label, value) != 0)
		return -1;
	report_text("%s: %.2f\n", label, value);
	report_derived(label, "", -1, value);
	return 0;
}

int
main(int argc, char **argv)
{
	static struct state s;
	struct bench_opts o;
	struct bench_desc d = { .run = run, .state = &s };
	struct bench_result r;
	char label[64];
	double t[NK + 1], t1, best, par;
	size_t i;
	int rc;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	o.stat = BENCH_MINIMUM;
	rc = opts_parse(argc, argv, USAGE, 0, &o, NULL, NULL);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc || o.parallel != 1)
		usage();
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	ops_default_args(&s.args, (uint64_t)getpid());
	for (s.op = 0; s.op < 16; s.op++) {
		/* t(k) for every k, then t(1) once more: the smaller t(1)
		 * counts, so one slow measurement cannot inflate the ratios. */
		for (s.ki = 0; s.ki <= (int)NK; s.ki++) {
			int ki = s.ki;

			if (ki == (int)NK)
				s.ki = 0;
			if (bench_run(&d, &o, &r) != 0)
				return EXIT_FAILED;
			t[ki] = r.ns_per_iter;
			bench_result_free(&r);
			s.ki = ki;
		}
		t1 = t[NK] < t[0] ? t[NK] : t[0];
		best = 0;
		for (i = 0; i < NK; i++) {
			par = ks[i] * t1 / t[i];
			if (par > ks[i]) /* a slow t(1), not parallelism */
				par = ks[i];
			if (par > best)
				best = par;
		}
		snprintf(label, sizeof(label), "%s parallelism", labels[s.op]);
		if (report_plain(label, best) != 0)
			return EXIT_FAILED;
	}
	return 0;
}

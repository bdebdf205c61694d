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
#include "lib_report.h"
#include "lib_util.h"

struct state {
	enum ops_kind op;     /* the operation */
	int ki;		      /* the chains: ops_par_k[ki] */
	struct ops_args args; /* run-time operands */
	double sink;
};

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	s->sink += ops_par_chains(s->op, s->ki, n, &s->args);
	timing_use((uint64_t)s->sink);
	return 0;
}

static const char *const labels[] = {
	"integer bit", "integer add", "integer mul", "integer div",
	"integer mod", "int64 bit",   "int64 add",   "int64 mul",
	"int64 div",   "int64 mod",   "float add",   "float mul",
	"float div",   "double add",  "double mul",  "double div",
};

/* "LABEL: %.2f", a figure without a unit. */
static int
report_plain(const struct bench_ident *id, const char *label, double value)
{
	if (report_valid(label, value) != 0)
		return -1;
	report_text("%s: %.2f\n", label, value);
	report_derived(id, label, "", -1, value);
	return 0;
}

/* The parallelism of s->op: the largest k * t(1) / t(k); < 0 after a
 * message. */
static double
parallelism(struct state *s, const struct bench_desc *d,
            const struct bench_opts *o)
{
	struct bench_result r;
	double t[OPS_NPAR + 1], t1, best = 0, par;
	int i;

	/* t(k) for every k, then t(1) once more: the smaller t(1) counts,
	 * so one slow measurement cannot inflate the ratios. */
	for (i = 0; i <= OPS_NPAR; i++) {
		s->ki = i == OPS_NPAR ? 0 : i;
		if (bench_run(d, o, &r) != 0)
			return -1;
		t[i] = r.ns_per_iter;
		bench_result_free(&r);
	}
	t1 = t[OPS_NPAR] < t[0] ? t[OPS_NPAR] : t[0];
	for (i = 0; i < OPS_NPAR; i++) {
		par = ops_par_k[i] * t1 / t[i];
		if (par > ops_par_k[i]) /* a slow t(1), not parallelism */
			par = ops_par_k[i];
		if (par > best)
			best = par;
	}
	return best;
}

static const struct bench_prog prog = {
	.usage = "[-W <warmup>] [-N <repetitions>]",
};

int
main(int argc, char **argv)
{
	static struct state s;
	struct bench_opts o;
	const struct bench_desc d = { .run = run, .state = &s };
	char label[64];
	double best;
	int op;

	(void)bench_begin(argc, argv, &prog, &o);
	o.stat = BENCH_MINIMUM;
	ops_default_args(&s.args, (uint64_t)getpid());
	for (op = 0; op < 16; op++) {
		s.op = (enum ops_kind)op;
		best = parallelism(&s, &d, &o);
		if (best < 0)
			return EXIT_FAILED;
		snprintf(label, sizeof(label), "%s parallelism", labels[op]);
		if (report_plain(&o.id, label, best) != 0)
			return EXIT_FAILED;
	}
	return 0;
}

/*
 * mhz - the processor clock, from the latency of a one-cycle operation.
 *
 * An integer add whose operand is the previous add's result takes one
 * clock cycle on every current processor, so a chain of them (lib_ops.c:
 * 100 dependent adds per iteration, nothing the compiler can fold) runs
 * at one add per cycle: the clock period is the time per add.  The
 * minimum over the intervals is taken (interference only slows a chain
 * down).  As a check, a chain of xors (also one cycle) must agree within
 * 10 % (the fastest of each over the tries so far); if they still do
 * not after ten tries the program prints lmbench's "-1 System too busy"
 * and exits 1.  This takes well under a second;
 * lmbench's statistical method took minutes.  The figure is the clock
 * the core ran at while measuring (turbo and power states included).
 *
 * Usage: mhz [-d] [-c]
 * Output (stdout): "2913 MHz, 0.3433 nanosec clock"; -c: the period in ns
 * ("0.3433"); -d first prints every sample (ns per add) as a C
 * initialiser.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_ops.h"
#include "lib_report.h"
#include "lib_util.h"

struct state {
	enum ops_kind kind;   /* the chain measured */
	struct ops_args args; /* its operands */
};

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	timing_use(ops_chain(s->kind, n, &s->args));
	return 0;
}

static int
option(void *sp, int c, const char *arg)
{
	int *flags = sp;

	(void)arg;
	*flags |= c == 'd' ? 1 : 2;
	return 0;
}

/* "%.0f MHz, %.4f nanosec clock" on stdout, as lmbench's. */
static int
report_mhz(const struct bench_ident *id, double mhz, double period_ns)
{
	if (report_valid("clock", mhz) != 0)
		return -1;
	printf("%.0f MHz, %.4f nanosec clock\n", mhz, period_ns);
	fflush(stdout);
	report_derived(id, "clock", "MHz", -1, mhz);
	return 0;
}

int
main(int argc, char **argv)
{
	struct state s;
	struct bench_opts o;
	struct bench_desc d = { .run = run, .state = &s };
	struct bench_result add, xor;
	int rc, flags = 0, tries;
	double period = 0;
	size_t i;
	/* Only -d and -c: no -P, -W or -N for mhz. */
	const struct bench_prog prog = {
		.usage = "[-d] [-c]",
		.help = "-d  first print every sample (ns per add) as a C "
		        "initialiser\n"
		        "-c  print only the clock period in nanoseconds",
		.option = option,
		.ctx = &flags,
	};

	memset(&s, 0, sizeof(s));
	(void)bench_begin(argc, argv, &prog, &o);
	o.stat = BENCH_MINIMUM;
	ops_default_args(&s.args, (uint64_t)getpid());
	/* The fastest of each chain over the tries so far: a slow spell
	 * (a busy neighbour) during one chain only delays agreement. */
	for (tries = 0; tries < 10; tries++) {
		struct bench_result a, x;

		s.kind = OPS_I64_ADD;
		if (bench_run(&d, &o, &a) != 0)
			return EXIT_FAILED;
		s.kind = OPS_I64_BIT;
		if (bench_run(&d, &o, &x) != 0)
			return EXIT_FAILED;
		if (tries == 0 || a.ns_per_iter < add.ns_per_iter) {
			if (tries > 0)
				bench_result_free(&add);
			add = a;
		} else {
			bench_result_free(&a);
		}
		if (tries == 0 || x.ns_per_iter < xor.ns_per_iter) {
			if (tries > 0)
				bench_result_free(&xor);
			xor = x;
		} else {
			bench_result_free(&x);
		}
		period = add.ns_per_iter / 100;
		if (period > 0 && xor.ns_per_iter / add.ns_per_iter < 1.1 &&
		    add.ns_per_iter / xor.ns_per_iter < 1.1)
			break;
		period = 0;
	}
	if (period <= 0) {
		printf("-1 System too busy\n");
		bench_result_free(&add);
		bench_result_free(&xor);
		return EXIT_FAILED;
	}
	if (flags & 1) {
		printf("{ ");
		for (i = 0; i < add.nsamples; i++)
			printf("%s%.6f", i ? ", " : "",
			       add.samples[i].ns_per_iter / 100);
		printf(" };\n");
	}
	if (flags & 2)
		rc = report_stdout(&o.id, "clock period", "ns", 4, period);
	else
		rc = report_mhz(&o.id, 1000.0 / period, period);
	bench_result_free(&add);
	bench_result_free(&xor);
	return rc == 0 ? 0 : EXIT_FAILED;
}

/* test_settle.c - unit tests of the repetitions chosen by the precision
 * reached (bench_settles, bench_settled): the rule over samples, and the
 * harness with a benchmark whose intervals repeat (it stops early, the
 * result's repetitions and samples agreeing), one whose intervals never
 * repeat (every repetition), and one with -N given (exactly -N). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib_clock.h"
#include "lib_harness.h"
#include "check.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* samples of ns per iteration */
static int
settled(const double *ns, int n)
{
	struct bench_sample s[16];
	int i;

	for (i = 0; i < n && i < 16; i++)
		s[i] = (struct bench_sample){ ns[i], 1 };
	return bench_settled(s, n);
}

/* A benchmark that spins until its deadline: every interval of one
 * length, or (grow) each 3 % longer than the one before. */
struct spin {
	uint64_t ns; /* per iteration */
	int grow;
	int calls;
};

static int
spin_run(void *sp, uint64_t iters)
{
	struct spin *s = sp;
	uint64_t per = s->ns, end;

	if (s->grow)
		for (int k = 0; k < s->calls; k++)
			per += per * 3 / 100;
	s->calls++;
	end = timing_now_ns() + per * iters;
	while (timing_now_ns() < end)
		;
	return 0;
}

static void
harness(struct spin *s, int settle, int n_given, int *reps, size_t *nsamples)
{
	struct bench_desc d = { .run = spin_run, .state = s };
	struct bench_opts o;
	struct bench_result r;

	bench_opts_init(&o);
	o.stat = BENCH_MINIMUM;
	o.settle = settle;
	o.repetitions_set = n_given;
	o.fixed_iterations = 1;
	*reps = -1;
	*nsamples = 0;
	if (bench_run(&d, &o, &r) != 0)
		return;
	*reps = r.repetitions;
	*nsamples = r.nsamples;
	bench_result_free(&r);
}

int
main(void)
{
	static const double two_alike[] = { 100.0, 130.0, 100.4 };
	static const double apart[] = { 100.0, 101.0, 130.0, 102.0 };
	static const double early[] = { 100.0, 100.0 };
	static const double edge[] = { 200.0, 200.9, 250.0 };
	static const double past[] = { 200.0, 201.2, 250.0 };
	struct spin s = { 300000, 0, 0 };
	struct bench_opts o;
	size_t ns;
	int reps;

	/* The rule: the two fastest within half a percent, at least three. */
	CHECK(settled(two_alike, N(two_alike)));
	CHECK(!settled(apart, N(apart)));
	CHECK(!settled(early, N(early)));
	CHECK(settled(edge, N(edge)));
	CHECK(!settled(past, N(past)));

	/* Who settles: the minimum, one copy, no -N, the program asking. */
	bench_opts_init(&o);
	CHECK(!bench_settles(&o));
	o.settle = 1;
	CHECK(!bench_settles(&o)); /* the median never does */
	o.stat = BENCH_MINIMUM;
	CHECK(bench_settles(&o));
	o.repetitions_set = 1;
	CHECK(!bench_settles(&o));
	o.repetitions_set = 0;
	o.parallel = 2;
	CHECK(!bench_settles(&o));

	/* 0.3 ms intervals of one length: the floor repeats within a few. */
	harness(&s, 1, 0, &reps, &ns);
	CHECK(reps >= BENCH_SETTLE_LEAST && reps < 11);
	CHECK(ns == (size_t)reps);
	/* The same with -N: all of them. */
	harness(&s, 1, 1, &reps, &ns);
	CHECK(reps == 11 && ns == 11);
	/* Not asked: all of them. */
	harness(&s, 0, 0, &reps, &ns);
	CHECK(reps == 11 && ns == 11);
	/* Each interval 3 % longer: the minimum never repeats. */
	s.grow = 1;
	s.calls = 0;
	harness(&s, 1, 0, &reps, &ns);
	CHECK(reps == 11 && ns == 11);
	return check_done("test_settle");
}

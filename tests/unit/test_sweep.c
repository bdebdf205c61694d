/* test_sweep.c - unit tests of lib_sweep's deadline: past it, cache's
 * sweeps take no more looks (counted), and what one look cannot confirm
 * is never called sure; without one (or before it) every look is taken.
 * The sweeps are real but small (sizes up to 512 KB, one interval a
 * look), so only what was decided is checked, never a latency. */
#include <stdint.h>
#include <string.h>

#include "lib_clock.h"
#include "lib_sweep.h"
#include "check.h"

/* A sweep of the sizes up to 512 KB, one interval a look. */
static void
setup(struct sweep *w, struct bench_opts *o, uint64_t deadline)
{
	memset(w, 0, sizeof(*w));
	bench_opts_init(o);
	o->repetitions = 1;
	w->line = 64;
	w->o = o;
	w->pages = MEM_PAGES_NONE;
	w->deadline = deadline;
	sweep_sizes(w, 512 << 10);
}

int
main(void)
{
	struct bench_opts o;
	struct sweep w;
	/* stated sizes far off anything measured: the retry would look */
	const uint64_t stated[2] = { 4096, 8192 };
	int i, equal, looks;

	/* No deadline: three more sweeps, every size each time, the groups
	 * apart. */
	setup(&w, &o, 0);
	CHECK(w.n > 20 && w.sizes[w.n - 1] == 512 << 10);
	CHECK(sweep_all(&w) == 0);
	CHECK(w.one_look == 0 && w.cut == 0);
	CHECK(w.looks == 3 * w.n);
	CHECK(sweep_refine(&w) == 0);
	CHECK(w.cut == 0);

	/* A deadline long past: the first look at every size only; the
	 * second group is the first's copy, so nothing is sure; neither
	 * the refining nor the retry takes a look. */
	setup(&w, &o, 1);
	CHECK(sweep_all(&w) == 0);
	CHECK(w.one_look == 1 && w.cut == 1 && w.looks == 0);
	for (i = 0, equal = 1; i < w.n; i++)
		equal &= w.grp[0][i] == w.grp[1][i];
	CHECK(equal);
	/* a level is there to refine (L1 is below 512 KB on any machine),
	 * unless emulation hides it */
	CHECK(sweep_refine(&w) == 0);
	CHECK(w.sure == 0 && w.looks == 0);
	CHECK(sweep_retry_stated(&w, stated) == 0);
	CHECK(w.looks == 0);

	/* The same sweep given time again: the refining looks (at least
	 * once where there is a level and the groups were one), the retry
	 * too where a level is off the stated sizes. */
	w.deadline = 0;
	looks = w.looks;
	CHECK(sweep_refine(&w) == 0);
	CHECK(w.nlev == 0 || w.looks > looks);

	/* A deadline far ahead is no deadline. */
	setup(&w, &o, timing_now_ns() + 3600ULL * 1000000000ULL);
	CHECK(sweep_all(&w) == 0);
	CHECK(w.one_look == 0 && w.cut == 0 && w.looks == 3 * w.n);

	/* Half of the run's bound (300 s where super_start has not run);
	 * none without one. */
	CHECK(sweep_deadline(&w, 1000) == 1000 + 150ULL * 1000000000ULL);
	o.run.timeout_s = 0;
	CHECK(sweep_deadline(&w, 1000) == 0);
	return check_done("test_sweep");
}

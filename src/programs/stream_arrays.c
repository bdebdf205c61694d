/*
 * stream_arrays.c - stream's three arrays (stream.h): one mapping placed
 * by the library, the values STREAM's sequence leaves in them before
 * each kernel, and the check of what the kernel left, as McCalpin's
 * STREAM validates its results.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "lib_mem.h"
#include "lib_party.h"
#include "lib_util.h"
#include "stream.h"

int
stream_init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	double q = s->scalar, a0 = 2.0, b0 = 2.0, c0 = 0.0;
	size_t i;

	(void)cx;
	if (mem_set_alloc(&s->set, 3, s->n * sizeof(double), s->place, -1) != 0)
		return -1;
	s->a = (double *)(void *)s->set.buf[0];
	s->b = (double *)(void *)s->set.buf[1];
	s->c = (double *)(void *)s->set.buf[2];
	/* The arrays as STREAM's run in turn leaves them before this
	 * kernel: version 1 starts from a = 1, b = 2, c = 0 and runs cx->copy,
	 * scale, add, triad; version 2 fills a with 2 and copies it to b. */
	if (s->version == 1) {
		a0 = 1.0;
		b0 = s->k >= K_ADD ? q : 2.0;
		c0 = s->k == K_COPY ? 0.0 : s->k == K_TRIAD ? 1.0 + q : 1.0;
	}
	for (i = 0; i < s->n; i++) {
		s->a[i] = a0;
		s->b[i] = b0;
		s->c[i] = c0;
	}
	s->daxpys = 0;
	return 0;
}

/* Every element equal to want (exact: all values are small integers). */
static int
all_equal(const double *v, size_t n, double want, const char *what)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (fabs(v[i] - want) > 1e-13 * fabs(want)) {
			util_err("validation failed: %s[%zu] is %g, not %g",
				 what, i, v[i], want);
			return -1;
		}
	return 0;
}

int
stream_validate(void *sp, uint64_t iters)
{
	struct state *s = sp;
	double q = s->scalar, want;

	(void)iters;
	switch (s->k) {
	/* Each version-1 kernel is idempotent given the arrays init set:
	 * after copy c = 1, after scale b = q, after add c = 1 + q, after
	 * triad a = q + q(1 + q). */
	case K_COPY: return all_equal(s->c, s->n, 1.0, "c");
	case K_SCALE: return all_equal(s->b, s->n, q, "b");
	case K_ADD: return all_equal(s->c, s->n, 1.0 + q, "c");
	case K_TRIAD: return all_equal(s->a, s->n, q + q * (1.0 + q), "a");
	/* Version 2: fill a = 2, copy b = 2, daxpy adds 2q per pass. */
	case K_FILL: return all_equal(s->a, s->n, 2.0, "a");
	case K_COPY2: return all_equal(s->b, s->n, 2.0, "b");
	case K_DAXPY:
		return all_equal(s->a, s->n, 2.0 + 2.0 * q * (double)s->daxpys,
				 "a");
	case K_SUM:
		want = (double)s->n * (2.0 + 2.0 * q * (double)s->daxpys);
		if (fabs(s->total - want) > 1e-13 * want) {
			util_err("validation failed: sum is %g, not %g",
				 s->total, want);
			return -1;
		}
		return 0;
	}
	return 0;
}

void
stream_cleanup(void *sp)
{
	struct state *s = sp;

	mem_set_free(&s->set);
	s->a = s->b = s->c = NULL;
}

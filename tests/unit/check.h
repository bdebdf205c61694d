/*
 * check.h - the unit tests' whole framework: CHECK counts and reports,
 * check_done prints the totals line the test runner adds up.
 */
#ifndef CHECK_H
#define CHECK_H

#include <math.h>
#include <stdio.h>

static int check_pass, check_fail;

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (cond) {                                                    \
			check_pass++;                                          \
		} else {                                                       \
			check_fail++;                                          \
			fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__,          \
			        __LINE__, #cond);                              \
		}                                                              \
	} while (0)

#define CHECK_NEAR(a, b, eps) CHECK(fabs((double)(a) - (double)(b)) <= (eps))

/* Print "N passed, N failed" and give the exit status. */
static int
check_done(const char *name)
{
	printf("%s: %d passed, %d failed\n", name, check_pass, check_fail);
	return check_fail ? 1 : 0;
}

#endif

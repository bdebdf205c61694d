/* test_sched.c - unit tests of the LMBENCH_SCHED policies. */
#include <string.h>

#include "bench.h"
#include "check.h"

/* sched_spread must be a permutation of 0..n-1 for any n. */
static int
is_permutation(int n)
{
	char seen[300];
	int k;

	memset(seen, 0, sizeof(seen));
	for (k = 0; k < n; k++) {
		int v = sched_spread(k, n);

		if (v < 0 || v >= n || seen[v])
			return 0;
		seen[v] = 1;
	}
	return 1;
}

int
main(void)
{
	int n;

	for (n = 1; n <= 257; n++)
		CHECK(is_permutation(n));
	/* Neighbours land far apart: 0, 4, 2, 6, 1 ... on 8 CPUs. */
	CHECK(sched_spread(0, 8) == 0 && sched_spread(1, 8) == 4);
	CHECK(sched_spread(2, 8) == 2 && sched_spread(3, 8) == 6);

	CHECK(sched_logical_cpu(NULL, 0, 0, 0, 4) == -2);
	CHECK(sched_logical_cpu("DEFAULT", 3, 1, 1, 4) == -2);
	CHECK(sched_logical_cpu("default", 3, 1, 1, 4) == -2);
	CHECK(sched_logical_cpu("SINGLE", 3, 1, 1, 4) == 0);
	/* BALANCED: the copy's CPU, shared with its helpers. */
	CHECK(sched_logical_cpu("BALANCED", 3, 0, 1, 16) == 3);
	CHECK(sched_logical_cpu("BALANCED", 3, 1, 1, 16) == 3);
	CHECK(sched_logical_cpu("BALANCED", 5, 0, 0, 4) == 1);
	/* UNIQUE: copy 1's helper 1 with one helper per copy = 3. */
	CHECK(sched_logical_cpu("UNIQUE", 1, 1, 1, 16) == 3);
	CHECK(sched_logical_cpu("UNIQUE", 0, 1, 1, 16) == 1);
	CHECK(sched_logical_cpu("UNIQUE_SPREAD", 0, 1, 1, 8) == 4);
	CHECK(sched_logical_cpu("BALANCED_SPREAD", 1, 0, 0, 8) == 4);
	/* CUSTOM lists are taken in turn per copy. */
	CHECK(sched_logical_cpu("CUSTOM 3 5 7", 0, 0, 0, 8) == 3);
	CHECK(sched_logical_cpu("CUSTOM 3 5 7", 4, 0, 0, 8) == 5);
	CHECK(sched_logical_cpu("CUSTOM_UNIQUE 3 5 7", 1, 0, 1, 8) == 7);
	CHECK(sched_logical_cpu("CUSTOM ", 0, 0, 0, 8) == -1);
	CHECK(sched_logical_cpu("CUSTOM a", 0, 0, 0, 8) == -1);
	CHECK(sched_logical_cpu("NONSENSE", 0, 0, 0, 8) == -1);
	return check_done("test_sched");
}

/* test_stats.c - unit tests of lib_stats. */
#include "bench.h"
#include "check.h"

int
main(void)
{
	const double one[] = { 7 };
	const double odd[] = { 5, 1, 3 };
	const double even[] = { 4, 1, 3, 2 };
	const double ties[] = { 2, 2, 2, 9, 1 };
	const double spread[] = { 1, 2, 3, 4, 100 };
	double big[1000], sorted[] = { 3, 1, 2 };
	int i;

	CHECK(stats_median(one, 1) == 7);
	CHECK(stats_min(one, 1) == 7 && stats_max(one, 1) == 7);
	CHECK(stats_stddev(one, 1) == 0);
	CHECK(stats_median(odd, 3) == 3);
	CHECK(stats_median(even, 4) == 2.5);
	CHECK(stats_median(ties, 5) == 2);
	CHECK(stats_min(odd, 3) == 1 && stats_max(odd, 3) == 5);
	CHECK(stats_mean(even, 4) == 2.5);
	CHECK(stats_percentile(even, 4, 0) == 1);
	CHECK(stats_percentile(even, 4, 100) == 4);
	CHECK_NEAR(stats_percentile(even, 4, 25), 1.75, 1e-12);
	CHECK(stats_mad(spread, 5) == 1); /* |x - 3| = 2 1 0 1 97 */
	CHECK_NEAR(stats_stddev(even, 4), 1.2909944487358056, 1e-12);
	/* The input is never reordered. */
	CHECK(odd[0] == 5 && odd[1] == 1 && odd[2] == 3);
	/* Larger than the on-stack copy. */
	for (i = 0; i < 1000; i++)
		big[i] = 1000 - i;
	CHECK(stats_median(big, 1000) == 500.5);
	CHECK(stats_percentile(big, 1000, 0) == 1);
	stats_sort(sorted, 3);
	CHECK(sorted[0] == 1 && sorted[1] == 2 && sorted[2] == 3);
	return check_done("test_stats");
}

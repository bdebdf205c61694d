/* test_mixed.c - unit tests of the mixed-samples rule (stats_mixed). */
#include <stddef.h>

#include "lib_stats.h"
#include "check.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

int
main(void)
{
	/* One level with noise up to +-40 %: no 2x step between neighbours. */
	static const double noisy[] = { 5.0, 3.1, 4.4, 6.9, 3.6, 5.5,
		                        4.9, 6.2, 3.9, 5.1, 4.0 };
	/* lat_ctx's samples of the issue: 1.8 us and 14-18.5 us. */
	static const double bimodal[] = { 1.81,  1.82,  1.83,  14.14,
		                          15.55, 16.03, 16.11, 16.85,
		                          16.85, 17.39, 18.50 };
	/* Unsorted input gives the same answer. */
	static const double shuffled[] = { 16.85, 1.82, 18.50, 14.14,
		                           16.03, 1.81, 16.11, 17.39,
		                           15.55, 1.83, 16.85 };
	/* One slow interval is an outlier, not a group. */
	static const double outlier[] = { 2.9, 2.8, 3.0, 2.9, 2.9, 31.0 };
	static const double low_outlier[] = { 0.4, 2.8, 3.0, 2.9, 2.9, 3.1 };
	/* Two on each side is the least that counts. */
	static const double two_two[] = { 1.0, 1.1, 5.0, 5.2 };
	static const double three[] = { 1.0, 1.1, 5.0 };
	/* Exactly 2x is not more than 2x. */
	static const double at_two[] = { 1.0, 1.0, 2.0, 2.0 };
	/* Rates (bw_pipe: 3148 down to 731 MB/s) work the same. */
	static const double rates[] = { 731, 760, 790, 815, 820, 2900, 3148 };
	/* Three levels: split at the largest step. */
	static const double three_levels[] = { 1, 1, 3, 3, 30, 30 };
	double lo = -1, hi = -1;

	CHECK(!stats_mixed(noisy, N(noisy), &lo, &hi));
	CHECK(lo == -1 && hi == -1);
	CHECK(stats_mixed(bimodal, N(bimodal), &lo, &hi));
	CHECK_NEAR(lo, 1.82, 1e-9);
	CHECK_NEAR(hi, (16.11 + 16.85) / 2, 1e-9);
	CHECK(stats_mixed(shuffled, N(shuffled), &lo, &hi));
	CHECK_NEAR(lo, 1.82, 1e-9);
	CHECK(!stats_mixed(outlier, N(outlier), &lo, &hi));
	CHECK(!stats_mixed(low_outlier, N(low_outlier), &lo, &hi));
	CHECK(stats_mixed(two_two, N(two_two), &lo, &hi));
	CHECK_NEAR(lo, 1.05, 1e-9);
	CHECK_NEAR(hi, 5.1, 1e-9);
	CHECK(!stats_mixed(three, N(three), &lo, &hi));
	CHECK(!stats_mixed(at_two, N(at_two), &lo, &hi));
	CHECK(stats_mixed(rates, N(rates), &lo, &hi));
	CHECK_NEAR(lo, 790, 1e-9);
	CHECK_NEAR(hi, 3024, 1e-9);
	CHECK(stats_mixed(three_levels, N(three_levels), &lo, &hi));
	CHECK_NEAR(lo, 2, 1e-9);
	CHECK_NEAR(hi, 30, 1e-9);
	return check_done("test_mixed");
}

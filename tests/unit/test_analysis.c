/*
 * test_analysis.c - line's and cache's decisions (lib_analysis) fed with
 * sweeps recorded on two machines: they must give the size the machine
 * states, or say that they cannot tell; never another size.
 *
 * Machines:
 *  - AMD: EPYC, family 25 model 17 (Zen 4), 2 vCPUs under KVM; sysfs L1d
 *    32 KB, L2 1024 KB, L3 32768 KB, line 64.  Figures as issue 12 quotes
 *    them (lat_mem_rd -N 3 64 8 16 32 64 128 256 512, and cache's levels).
 *  - Intel: Xeon, family 6 model 207 (Emerald Rapids), 2 vCPUs under KVM;
 *    sysfs L1d 48 KB, L2 2048 KB, L3 300 MB, line 64.  Recorded by the
 *    author on the development machine, with other work running.
 *  - AMD: EPYC, family 26 model 2 (Zen 5), 2 vCPUs under KVM; sysfs L1d
 *    48 KB, L2 1024 KB, L3 32768 KB, line 64.  Recorded by the author,
 *    CI running beside for most of it.
 *  - Intel: Xeon, family 6 model 167 as KVM reports it (a Sapphire or
 *    Emerald Rapids core), 2 vCPUs; sysfs L1d 48 KB, L2 2048 KB, L3
 *    105 MB, line 64.  Recorded by the author, quiet and loaded.
 */
#include <math.h>
#include <string.h>

#include "lib_analysis.h"
#include "check.h"

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const size_t dist7[] = { 8, 16, 32, 64, 128, 256, 512 };
static const size_t dist8[] = { 8, 16, 32, 64, 128, 256, 512, 1024 };

/* An answer that is the line or "cannot tell". */
static int
line_or_none(size_t got, size_t want)
{
	return got == want || got == 0;
}

static void
test_latency(void)
{
	/* AMD, lat_mem_rd at 64 MB, strides 8 ... 512 (ns).  The
	 * prefetchers hide a 64-byte stride; the first big step is at 128.
	 * lmbench's rule (the last stride whose time is 1.5 times the one
	 * before, as main's line used) says 128 here. */
	static const double amd64m[] = { 1.13, 1.16, 1.28, 2.33,
					 18.8, 27.0, 33.1 };
	/* AMD at 1 MB, strides 64 ... 512 (main's rule found no line). */
	static const size_t dist4[] = { 64, 128, 256, 512 };
	static const double amd1m[] = { 1.26, 4.74, 5.36, 11.8 };
	/* AMD at 0.03 MB: everything in the first level, nothing to see. */
	static const double amd_l1[] = { 1.09, 1.15, 1.12, 1.09,
					 1.11, 1.54, 1.12 };
	/* Intel, lat_mem_rd -N 3 64 8 16 32 64 128 256 512, at 64 MB and at
	 * 1 MB: the prefetchers hide strides here too. */
	static const double intel64m[] = { 2.088, 3.419, 4.903, 11.029,
					   18.776, 61.123, 224.987 };
	static const double intel1m[] = { 2.002, 1.870, 1.986, 2.431,
					  2.599, 5.567, 6.548 };
	/* Intel, line's pairs (ns per pair, distances 8 ... 1024), one
	 * CPU (taskset -c 0), four runs; the last was disturbed. */
	static const double pairs[4][8] = {
		{ 10.652, 10.838, 12.302, 13.521, 14.118, 14.528, 14.491, 14.486 },
		{ 10.819, 11.289, 11.880, 13.886, 13.909, 13.895, 13.953, 13.914 },
		{ 10.775, 10.978, 12.371, 14.376, 13.924, 13.948, 13.912, 14.016 },
		{ 12.374, 13.089, 13.498, 16.971, 15.445, 13.922, 13.939, 14.463 },
	};
	/* Pairs on distances 8 ... 512 (an earlier build), three runs. */
	static const double pairs7[3][7] = {
		{ 10.385, 11.426, 12.423, 14.147, 14.026, 14.272, 13.910 },
		{ 10.477, 11.063, 12.087, 14.049, 14.063, 15.359, 14.461 },
		{ 10.516, 10.991, 12.040, 13.976, 14.180, 14.065, 14.193 },
	};
	double ramp[8];
	int i, answered = 0;

	CHECK(line_or_none(line_from_latency(N(amd64m), dist7, amd64m), 64));
	CHECK(line_or_none(line_from_latency(N(amd1m), dist4, amd1m), 64));
	CHECK(line_from_latency(N(amd_l1), dist7, amd_l1) == 0);
	CHECK(line_or_none(line_from_latency(N(intel64m), dist7, intel64m), 64));
	CHECK(line_or_none(line_from_latency(N(intel1m), dist7, intel1m), 64));
	for (i = 0; i < 4; i++) {
		size_t got = line_from_latency(8, dist8, pairs[i]);

		CHECK(line_or_none(got, 64));
		answered += got == 64;
	}
	/* the quiet runs answer */
	CHECK(answered >= 2);
	CHECK(line_from_latency(8, dist8, pairs[1]) == 64);
	for (i = 0; i < 3; i++)
		CHECK(line_or_none(line_from_latency(7, dist7, pairs7[i]), 64));
	CHECK(line_from_latency(7, dist7, pairs7[2]) == 64);

	/* Ideal ramps of every line from 16 to 256: found exactly. */
	for (i = 1; i <= 5; i++) {
		size_t line = (size_t)8 << i;
		int j;

		for (j = 0; j < 8; j++)
			ramp[j] = 10 + 4 * (dist8[j] < line
						    ? (double)dist8[j] / line
						    : 1.0);
		CHECK(line_from_latency(8, dist8, ramp) == line);
	}
	/* A flat curve, a falling one, a lone step of more than double, a
	 * curve with holes in its distances, too few points: no answer. */
	for (i = 0; i < 8; i++)
		ramp[i] = 10;
	CHECK(line_from_latency(8, dist8, ramp) == 0);
	for (i = 0; i < 8; i++)
		ramp[i] = 20 - i;
	CHECK(line_from_latency(8, dist8, ramp) == 0);
	for (i = 0; i < 8; i++)
		ramp[i] = i < 4 ? 2 : 20;
	CHECK(line_from_latency(8, dist8, ramp) == 0);
	{
		static const size_t holes[] = { 8, 16, 64, 128, 256, 512 };
		static const double t[] = { 1, 2, 4, 4, 4, 4 };

		CHECK(line_from_latency(6, holes, t) == 0);
		CHECK(line_from_latency(4, dist8, t) == 0);
	}
}

static void
test_sharing(void)
{
	/* Intel: line's atomic adds (ns) with the helper at offsets 8 ...
	 * 1024, and a page away; three runs. */
	static const double alone[3] = { 6.508, 6.285, 6.283 };
	static const double ns[3][8] = {
		{ 35.354, 33.418, 32.973, 6.283, 6.283, 6.283, 6.283, 6.285 },
		{ 30.734, 31.549, 31.267, 6.296, 7.004, 6.283, 6.283, 6.283 },
		{ 32.336, 32.083, 32.534, 6.283, 6.283, 6.283, 6.283, 6.283 },
	};
	/* AMD Zen 5: the fight costs three times alone, not five; seven
	 * runs, the first quiet (main's rule, three times alone, decided
	 * three of them). */
	static const double zalone[7] = { 5.047, 5.145, 5.301, 5.242,
					  5.203, 5.223, 5.242 };
	static const double zen5[7][8] = {
		{ 15.609, 15.688, 15.568, 5.066, 5.027, 5.027, 5.047, 5.086 },
		{ 15.766, 15.766, 15.668, 5.184, 5.242, 5.203, 5.164, 5.203 },
		{ 15.805, 16.078, 15.727, 5.203, 5.223, 5.203, 5.184, 4.988 },
		{ 15.883, 15.902, 15.941, 5.262, 5.320, 5.320, 5.301, 5.262 },
		{ 15.002, 15.404, 15.414, 5.184, 5.242, 5.262, 5.262, 5.516 },
		{ 16.000, 15.688, 15.629, 5.223, 5.242, 5.301, 5.262, 5.262 },
		{ 15.355, 15.375, 15.941, 5.125, 5.184, 5.203, 5.145, 5.223 },
	};
	/* The slowed offsets disagree (a fight over the line at 8, a
	 * lesser one beyond): no clear edge. */
	static const double uneven[8] = { 30, 14, 14, 6, 6, 6, 6, 6 };
	/* The same machine with plain increments (main's line): the store
	 * buffer hides the fight, nothing to see. */
	static const double plain[8] = { 0.39, 0.49, 0.49, 0.37,
					 0.38, 0.37, 0.39, 0.39 };
	/* Two CPUs sharing a first-level cache: no fight. */
	static const double siblings[8] = { 7.1, 7.0, 7.2, 7.0,
					    7.1, 7.0, 7.0, 7.1 };
	/* A fight that fades over two lines (an adjacent-line prefetcher
	 * taking the pair): no clear edge, no answer. */
	static const double fading[8] = { 40, 40, 40, 15, 7, 7, 7, 7 };
	/* 128-byte lines. */
	static const double wide[8] = { 60, 61, 59, 60, 7, 7, 7, 7 };
	int i;

	for (i = 0; i < 3; i++)
		CHECK(line_from_sharing(8, dist8, ns[i], alone[i]) == 64);
	for (i = 0; i < 7; i++)
		CHECK(line_from_sharing(8, dist8, zen5[i], zalone[i]) == 64);
	CHECK(line_from_sharing(8, dist8, uneven, 6.0) == 0);
	CHECK(line_from_sharing(8, dist8, plain, 0.39) == 0);
	CHECK(line_from_sharing(8, dist8, siblings, 7.0) == 0);
	CHECK(line_from_sharing(8, dist8, fading, 7.0) == 0);
	CHECK(line_from_sharing(8, dist8, wide, 7.0) == 128);
	CHECK(line_from_sharing(8, dist8, wide, 0) == 0);
	CHECK(line_from_sharing(1, dist8, wide, 7.0) == 0);
}

/* cache's sizes: 4 KB up in quarter octaves (octaves from 64 MB). */
static int
grid(size_t *sizes, size_t max)
{
	static const int quarter[4] = { 4, 5, 6, 7 };
	size_t p;
	int n = 0, i;

	for (p = 4096; p <= max; p *= 2)
		for (i = 0; i < 4; i++) {
			size_t s = p / 4 * (size_t)quarter[i];

			if ((p >= ((size_t)64 << 20) && i > 0) || s > max)
				break;
			sizes[n++] = s;
		}
	return n;
}

/* P(a Poisson variable of mean lam >= k). */
static double
poisson_at_least(double lam, int k)
{
	double term = exp(-lam), below = 0;
	int i;

	for (i = 0; i < k; i++) {
		below += term;
		term *= lam / (i + 1);
	}
	return 1 - below;
}

/*
 * The AMD machine's sweep, as a model (its curve was not recorded; its
 * levels were): L1 32 KB, 1.08 ns; L2 1 MB, 8 ways, 3.81 ns; L3 32 MB,
 * 16 ways, 9.03 ns; memory 155.62 ns (issue 12's figures).  The chase is
 * on 4 KB pages whose physical colours fall at random: a W-way level
 * whose way spans C colours loses the lines of every set that got more
 * than W of them, a share of P(Poisson(S / (C x 4 KB)) >= W) of the
 * lines.  With tlb, past the 72 first-level TLB entries each load pays
 * 1.7 ns more for most pages (no huge pages).
 */
static double
amd_model(size_t s, int tlb)
{
	double f2, f3, l3, l;

	if (s <= 32768) {
		l = 1.08;
	} else {
		f2 = poisson_at_least((double)s / (32 * 4096), 8);
		f3 = poisson_at_least((double)s / (512 * 4096), 16);
		l3 = (1 - f3) * 9.03 + f3 * 155.62;
		l = (1 - f2) * 3.81 + f2 * l3;
	}
	if (tlb && s > (size_t)72 * 4096)
		l += 1.7 * (1 - 72.0 * 4096 / (double)s);
	return l;
}

/* Within one quarter-octave step of want. */
static int
near_step(size_t got, size_t want)
{
	double r = (double)got / (double)want;

	return r >= 0.8 && r <= 1.25;
}

static void
test_cache(void)
{
	/* Intel: cache -c -N 5 -M 32m, two runs (size bytes, ns). */
	static const double run1[] = {
		1.840, 1.825, 1.808, 1.818, 1.835, 1.793, 1.796, 1.794,
		1.798, 1.792, 1.794, 1.792, 1.791, 1.785, 1.802, 5.707,
		5.722, 5.755, 5.746, 5.739, 5.761, 5.756, 5.741, 5.767,
		5.749, 5.749, 5.757, 6.132, 6.387, 6.768, 7.026, 7.235,
		7.325, 7.480, 9.974, 14.474, 17.685, 29.819, 40.946, 39.744,
		39.875, 41.037, 41.316, 41.437, 44.854, 45.370, 48.956, 48.976,
		71.179, 96.714, 117.191, 133.189, 128.026,
	};
	/* The second run, disturbed at L2 (its edge came a quarter early;
	 * sysfs says 2 MB). */
	static const double run2[] = {
		1.859, 1.872, 1.832, 1.892, 1.830, 1.876, 1.902, 1.837,
		1.832, 1.843, 1.886, 1.966, 2.151, 3.677, 5.367, 5.692,
		5.709, 5.797, 6.017, 5.854, 5.877, 5.965, 5.928, 5.813,
		6.124, 6.552, 6.498, 6.881, 7.015, 7.317, 7.585, 7.741,
		8.099, 11.384, 25.206, 36.613, 40.750, 43.792, 42.490, 43.433,
		41.502, 44.167, 43.770, 42.659, 45.370, 48.219, 51.783, 51.793,
		58.087, 78.229, 125.852, 124.645, 132.088,
	};
	/* The same machine while two busy loops and other builds ran
	 * (cache -c, default -M, the sizes up to 32 MB; "the machine was
	 * busy (others took 110 % of a CPU)"): still 48 KB and 2 MB. */
	static const double loaded[] = {
		1.739, 1.761, 1.800, 1.734, 1.728, 1.752, 1.761, 1.771,
		1.772, 1.792, 1.752, 1.715, 1.713, 1.753, 1.731, 5.328,
		5.562, 5.399, 5.399, 5.578, 5.539, 5.604, 5.682, 5.464,
		5.576, 5.638, 5.780, 6.023, 6.269, 6.710, 6.909, 7.125,
		7.154, 7.441, 8.674, 11.652, 17.063, 29.366, 33.108, 36.650,
		37.997, 37.986, 37.132, 36.695, 38.100, 43.128, 51.002, 98.536,
		116.893, 129.025, 128.194, 128.061, 130.417,
	};
	/* AMD Zen 5: cache -c -M 32m, two quiet runs and one beside two
	 * busy loops ("others took 133 % of a CPU").  The L3 this vCPU saw
	 * ended at 4 to 7 MB of the 32 MB stated (a neighbour's share). */
	static const double zen5_a[] = {
		1.012, 1.009, 1.003, 1.013, 1.017, 0.998, 1.004, 1.014,
		1.011, 1.003, 1.011, 1.006, 1.010, 1.006, 1.043, 3.458,
		3.504, 3.515, 3.514, 3.509, 3.534, 3.519, 3.519, 3.517,
		3.506, 3.498, 3.523, 3.732, 3.966, 4.240, 4.541, 5.525,
		6.681, 8.977, 11.568, 12.367, 13.026, 13.271, 13.561, 13.975,
		14.733, 16.732, 27.075, 41.977, 144.357, 146.206, 142.710, 146.628,
		146.310, 148.867, 150.342, 152.345, 160.016,
	};
	static const double zen5_b[] = {
		1.008, 1.006, 1.015, 1.002, 1.010, 1.009, 1.006, 1.004,
		1.010, 1.008, 1.003, 0.991, 0.997, 1.002, 1.013, 3.506,
		3.558, 3.497, 3.525, 3.575, 3.563, 3.585, 3.550, 3.580,
		3.588, 3.587, 3.602, 3.829, 3.987, 4.304, 4.639, 5.671,
		6.586, 9.663, 11.364, 12.520, 13.048, 13.849, 13.778, 13.853,
		14.115, 15.786, 24.175, 110.164, 147.463, 137.630, 147.497, 142.893,
		146.042, 149.564, 149.691, 151.383, 156.208,
	};
	static const double zen5_busy[] = {
		1.032, 1.029, 1.026, 1.026, 1.024, 1.034, 1.030, 1.032,
		1.031, 1.034, 1.028, 1.021, 1.018, 1.017, 1.043, 3.506,
		3.575, 3.540, 3.523, 3.573, 3.583, 3.507, 3.540, 3.509,
		3.511, 3.569, 3.568, 3.855, 4.034, 4.301, 4.482, 4.630,
		4.740, 10.634, 12.578, 13.344, 13.821, 14.458, 15.639, 132.175,
		15.646, 141.766, 145.414, 140.507, 147.011, 145.991, 143.630, 144.408,
		149.308, 150.050, 149.471, 152.557, 152.211,
	};
	static const double *const zen5[] = { zen5_a, zen5_b, zen5_busy };
	/* Intel: Xeon, family 6 model 167 as KVM shows it (AMX, AVX512-FP16:
	 * a Sapphire/Emerald Rapids core), sysfs L1d 48 KB, L2 2048 KB,
	 * L3 105 MB of which this vCPU saw 4 to 8 MB; cache -c, the sizes up
	 * to 32 MB, a quiet run and one beside two busy loops ("others took
	 * 134 % of a CPU"). */
	static const double spr_quiet[] = {
		1.878, 1.877, 1.882, 1.813, 1.814, 1.817, 1.885, 1.867,
		1.861, 1.862, 1.862, 1.798, 1.797, 1.799, 1.799, 5.707,
		5.728, 5.761, 5.975, 6.194, 6.306, 6.278, 6.281, 6.222,
		6.006, 5.965, 5.987, 5.925, 5.772, 5.771, 5.763, 5.780,
		5.809, 5.969, 5.986, 5.987, 6.103, 30.427, 41.099, 43.139,
		44.610, 45.476, 137.369, 137.670, 137.640, 144.039, 140.524, 140.964,
		142.275, 147.485, 137.055, 134.531, 138.746,
	};
	static const double spr_busy[] = {
		2.034, 2.036, 2.043, 2.035, 2.014, 1.953, 1.935, 1.938,
		1.937, 1.941, 1.869, 1.871, 1.807, 1.805, 1.806, 5.722,
		5.958, 6.218, 6.229, 6.200, 6.207, 6.211, 5.967, 5.974,
		5.940, 5.808, 5.762, 5.934, 6.192, 6.314, 6.281, 6.232,
		6.226, 6.173, 6.498, 6.495, 6.747, 34.287, 43.016, 46.629,
		51.316, 54.835, 112.390, 115.235, 88.337, 130.636, 134.841, 135.455,
		132.238, 131.481, 132.846, 136.441, 135.499,
	};
	static const double *const spr[] = { spr_quiet, spr_busy };
	size_t sizes[CACHE_MAXSIZES];
	double lat[CACHE_MAXSIZES];
	struct cache_level lv[CACHE_MAXLEVELS], l2[CACHE_MAXLEVELS];
	int n, nlev, i, tlb, n2, end;

	n = grid(sizes, (size_t)32 << 20);
	CHECK(n == N(run1));
	CHECK(N(run2) == N(run1));
	nlev = cache_levels(n, sizes, run1, lv, CACHE_MAXLEVELS);
	CHECK(nlev >= 2);
	CHECK(lv[0].size == 49152);
	CHECK(near_step(lv[1].size, (size_t)2048 << 10));
	nlev = cache_levels(n, sizes, run2, lv, CACHE_MAXLEVELS);
	CHECK(nlev >= 2);
	CHECK(near_step(lv[0].size, 49152));
	/* the L2 of a disturbed run: no larger than sysfs's */
	CHECK(lv[1].size <= (size_t)2048 << 10);

	/* Two looks confirm each other only when they agree: the quiet run
	 * and the loaded one do; the disturbed run, whose L2 came early,
	 * does not (cache then says the size is unsure); nor does a look
	 * in which L1 vanished, nor one with L2 a step and a half off. */
	CHECK(N(loaded) == N(run1));
	nlev = cache_levels(n, sizes, run1, lv, CACHE_MAXLEVELS);
	n2 = cache_levels(n, sizes, loaded, l2, CACHE_MAXLEVELS);
	CHECK(n2 >= 2 && l2[0].size == 49152);
	CHECK(near_step(l2[1].size, (size_t)2048 << 10));
	CHECK(cache_agree(lv, nlev, l2, n2) == 1);
	CHECK(cache_agree(lv, nlev, lv, nlev) == 1);
	n2 = cache_levels(n, sizes, run2, l2, CACHE_MAXLEVELS);
	CHECK(cache_agree(lv, nlev, l2, n2) ==
	      (l2[1].size * 5 >= lv[1].size * 4));
	CHECK(cache_agree(lv, nlev, lv + 1, nlev - 1) == 0);
	l2[0] = lv[0];
	l2[1] = lv[1];
	l2[1].size = (size_t)1280 << 10;
	CHECK(cache_agree(lv, nlev, l2, 2) == 0);
	CHECK(cache_agree(l2, 2, lv, nlev) == 0);
	l2[1].size = (size_t)1792 << 10;
	CHECK(cache_agree(lv, nlev, l2, 2) == 1);
	CHECK(cache_agree(lv, 0, l2, 0) == 1);

	n = grid(sizes, (size_t)32 << 20);
	CHECK(N(zen5_a) == n);
	CHECK(N(zen5_b) == N(zen5_a));
	CHECK(N(zen5_busy) == N(zen5_a));
	for (i = 0; i < 3; i++) {
		nlev = cache_levels(n, sizes, zen5[i], lv, CACHE_MAXLEVELS);
		CHECK(nlev == 3);
		CHECK(lv[0].size == 49152);
		CHECK(near_step(lv[1].size, (size_t)1024 << 10));
		CHECK(lv[2].size <= (size_t)32 << 20);
	}

	CHECK(N(spr_quiet) == n);
	CHECK(N(spr_busy) == n);
	for (i = 0; i < 2; i++) {
		nlev = cache_levels(n, sizes, spr[i], lv, CACHE_MAXLEVELS);
		CHECK(nlev == 3);
		CHECK(lv[0].size == 49152);
		CHECK(near_step(lv[1].size, (size_t)2048 << 10));
		CHECK(lv[2].size <= (size_t)8 << 20);
	}

	/* The same Intel vCPU when its share of the L3 ends within an
	 * octave of the L2 (one run in eleven printed L2 3 MB; its curve
	 * was not kept): spr_quiet with the 30-46 ns part cut to end at
	 * 2.5, 3, 3.5 or 4 MB and memory after it.  L2 is 2 MB each time
	 * (the one point at 2.5 MB is a step above, as a fade would be);
	 * with the half way to memory alone it was the share's end. */
	for (end = 37; end <= 40; end++) {
		for (i = 0; i < n; i++)
			lat[i] = i <= end ? spr_quiet[i]
			                  : spr_quiet[42 + (i - end - 1) % 11];
		nlev = cache_levels(n, sizes, lat, lv, CACHE_MAXLEVELS);
		CHECK(nlev >= 2);
		CHECK(lv[0].size == 49152);
		if (end == 37)
			CHECK(near_step(lv[1].size, (size_t)2048 << 10));
		else
			CHECK(lv[1].size == (size_t)2048 << 10);
	}

	/* AMD, modelled, with and without the TLB's share: L1 32 KB, L2
	 * 1 MB within a quarter octave, L3 32 MB within one (main's rule,
	 * the geometric mean of the levels, put L2 at 768 KB). */
	n = grid(sizes, (size_t)128 << 20);
	for (tlb = 0; tlb < 2; tlb++) {
		for (i = 0; i < n; i++)
			lat[i] = amd_model(sizes[i], tlb);
		nlev = cache_levels(n, sizes, lat, lv, CACHE_MAXLEVELS);
		CHECK(nlev == 3);
		CHECK(lv[0].size == 32768);
		CHECK(near_step(lv[1].size, (size_t)1024 << 10));
		CHECK(near_step(lv[2].size, (size_t)32 << 20));
		CHECK_NEAR(lv[0].ns, 1.08, 0.01);
		CHECK_NEAR(lv[1].ns, 3.81, 0.01);
	}
	/* A flat sweep has no level; too short a one neither. */
	for (i = 0; i < n; i++)
		lat[i] = 5;
	CHECK(cache_levels(n, sizes, lat, lv, CACHE_MAXLEVELS) == 0);
	CHECK(cache_levels(2, sizes, lat, lv, CACHE_MAXLEVELS) == 0);
}

/* What sends cache back to look again: L1 or L2 more than a step off
 * the stated size (the AMD runs: L2 at 640 and 768 KB of a
 * stated 1024 KB), not a step off, nor a level none is stated for. */
static void
test_off_stated(void)
{
	struct cache_level lv[3] = { { .size = 32768 }, { .size = 1048576 },
				     { .size = 33554432 } };
	uint64_t st[2] = { 32768, (uint64_t)1 << 20 };

	CHECK(cache_off_stated(lv, 3, st) == 0);
	lv[1].size = 655360;
	CHECK(cache_off_stated(lv, 3, st) == 1);
	lv[1].size = 786432;
	CHECK(cache_off_stated(lv, 3, st) == 1);
	lv[1].size = 1310720;
	CHECK(cache_off_stated(lv, 3, st) == 0);
	lv[1].size = 655360;
	CHECK(cache_off_stated(lv, 1, st) == 0);
	st[1] = 0;
	CHECK(cache_off_stated(lv, 3, st) == 0);
	lv[0].size = 16384;
	CHECK(cache_off_stated(lv, 3, st) == 1);
}

/* A recorded tlb curve: ratio of the rings at counts n[i] (ascending),
 * linear between, flat past the ends; each call may add a fixed jitter
 * in turn (+j, -j, 0), and is counted. */
struct curve {
	int len;
	const double *n, *r;
	double jitter;
	int calls;
	size_t spike; /* a count whose first look reads 0.15 high (0: none) */
};

static double
curve_ratio(void *cp, size_t count)
{
	struct curve *c = cp;
	double x = (double)count, v = c->r[c->len - 1];
	static const double sign[3] = { 1, -1, 0 };
	int i;

	if (c->spike == count) {
		c->spike = 0;
		v += 0.15;
	}
	if (x <= c->n[0])
		v = c->r[0];
	for (i = 1; i < c->len; i++)
		if (x <= c->n[i] && x > c->n[i - 1]) {
			double f = (x - c->n[i - 1]) / (c->n[i] - c->n[i - 1]);

			v = c->r[i - 1] + f * (c->r[i] - c->r[i - 1]);
			break;
		}
	return v + c->jitter * sign[c->calls++ % 3];
}

/* lmbench's rule on the same curve: the largest count without the 15 %
 * effect, as tlb searched before. */
static size_t
first_effect(struct curve *c)
{
	size_t n, lo, hi;

	for (n = 8; curve_ratio(c, n) <= TLB_EFFECT; n *= 2)
		;
	for (lo = n / 2, hi = n; hi - lo > 1;) {
		size_t mid = lo + (hi - lo) / 2;

		if (curve_ratio(c, mid) > TLB_EFFECT)
			hi = mid;
		else
			lo = mid;
	}
	return lo;
}

static void
test_tlb(void)
{
	/* Intel Xeon vCPU, family 6 model 207 (96 load-TLB entries for 4 KB
	 * pages), two scans by an instrumented tlb, 2026-12-03: a rise from
	 * 64 pages to 112 */
	static const double in[] = { 8, 16, 32, 40, 48, 56, 64, 72, 80, 88,
		96, 104, 112, 120, 128, 136, 144, 152, 160, 256 };
	static const double scan1[] = { 1.004, 0.971, 0.987, 1.003, 1.003,
		1.029, 1.080, 1.154, 1.182, 1.501, 1.565, 2.086, 2.257, 2.341,
		2.362, 2.372, 2.372, 2.487, 2.424, 2.891 };
	static const double scan2[] = { 1.004, 1.008, 0.987, 1.028, 1.006,
		1.050, 1.077, 1.182, 1.278, 1.490, 1.496, 2.002, 2.300, 2.343,
		2.339, 2.346, 2.369, 2.486, 2.555, 2.358 };
	/* the same vCPU on 2 MB pages (tlb -H thp): flat to 44, a first rise
	 * to 1.4, a second from 64 pages to 2.3 */
	static const double hn[] = { 8, 12, 16, 20, 24, 28, 32, 36, 40, 44,
		48, 52, 56, 60, 64, 80, 96, 112, 128, 144, 160, 176, 192 };
	static const double huge[] = { 0.998, 1.008, 1.014, 0.991, 1.025,
		1.048, 0.990, 1.029, 1.061, 1.037, 1.371, 1.350, 1.416, 1.399,
		1.316, 1.795, 1.978, 1.927, 2.069, 2.282, 2.283, 2.309, 2.436 };
	/* one step past 72 entries (AMD Zen 4's 4 KB data TLB) */
	static const double sn[] = { 8, 72, 73, 512 };
	static const double step[] = { 1.0, 1.02, 2.1, 2.2 };
	/* no effect at all; an effect at every count */
	static const double flatn[] = { 8, 4096 };
	static const double flat[] = { 1.0, 1.05 };
	static const double high[] = { 1.6, 1.6 };
	const double *scans[2] = { scan1, scan2 };
	struct curve c;
	size_t pages;
	int k, q;
	double j;

	for (k = 0; k < 2; k++)
		for (q = 0; q < 3; q++) {
			j = 0.03 * q;
			c = (struct curve){ 20, in, scans[k], j, 0, 0 };
			pages = 0;
			CHECK(tlb_search(curve_ratio, &c, 16384, &pages) == 0);
			/* within a quarter of the 96 stated, near the middle
			 * of the rise */
			CHECK(pages >= 88 && pages <= 104);
			if (pages < 88 || pages > 104)
				fprintf(stderr, "scan %d jitter %.2f: %zu pages\n",
					k + 1, j, pages);
		}
	/* one noisy look at 64 pages, where the rise begins (1.08 + 0.15):
	 * a second look there, and the count is still where the rise is */
	for (k = 0; k < 2; k++) {
		c = (struct curve){ 20, in, scans[k], 0, 0, 64 };
		CHECK(tlb_search(curve_ratio, &c, 16384, &pages) == 0);
		CHECK(pages >= 88 && pages <= 104);
	}
	/* lmbench's rule puts the same curves, without their noise, at 69-70
	 * pages: more than a quarter below the stated 96 (the real runs
	 * gave 63 to 96) */
	c = (struct curve){ 20, in, scan1, 0, 0, 0 };
	CHECK(first_effect(&c) < 72);
	c = (struct curve){ 20, in, scan2, 0, 0, 0 };
	CHECK(first_effect(&c) < 72);

	/* the first rise, not the second */
	for (q = 0; q < 3; q++) {
		c = (struct curve){ 23, hn, huge, 0.03 * q, 0, 0 };
		CHECK(tlb_search(curve_ratio, &c, 512, &pages) == 0);
		CHECK(pages >= 44 && pages <= 47);
	}
	for (q = 0; q < 3; q++) {
		c = (struct curve){ 4, sn, step, 0.03 * q, 0, 0 };
		CHECK(tlb_search(curve_ratio, &c, 16384, &pages) == 0);
		CHECK(pages == 72);
	}
	c = (struct curve){ 2, flatn, flat, 0, 0, 0 };
	CHECK(tlb_search(curve_ratio, &c, 4096, &pages) == 1);
	c = (struct curve){ 2, flatn, high, 0, 0, 0 };
	CHECK(tlb_search(curve_ratio, &c, 4096, &pages) == 2);
	CHECK(c.calls == 9); /* 8 twice and 16, three times */
	/* the effect only at the top: 2n past maxn, n alone counts */
	c = (struct curve){ 4, sn, step, 0, 0, 0 };
	CHECK(tlb_search(curve_ratio, &c, 128, &pages) == 0 && pages == 72);
}

int
main(void)
{
	test_latency();
	test_sharing();
	test_cache();
	test_off_stated();
	test_tlb();
	return check_done("test_analysis");
}

/*
 * lib_analysis_cache.c - cache's decisions (lib_analysis.h): the levels
 * a measured latency sweep shows, with their sizes and latencies, and
 * whether two analyses, or an analysis and the sizes the system states,
 * agree.  Apart from the measuring, so that the unit tests can feed it
 * sweeps recorded on other machines.
 */
#include <math.h>
#include <stddef.h>

#include "lib_analysis.h"

#define JUMP 1.3   /* a rise that may end a level */
#define LEVELS 1.6 /* how far apart two levels' latencies are */
#define FLAT 1.2   /* the most a level's flattest point may slope */

/* Remove level i of *nlev (with its slope). */
static void
drop(struct cache_level *lv, double *slope, int *nlev, int i)
{
	for (; i + 1 < *nlev; i++) {
		lv[i] = lv[i + 1];
		slope[i] = slope[i + 1];
	}
	(*nlev)--;
}

/* Each size's rise: where the latency rises and stays up (the smaller
 * of the next two sizes' latencies), within one step or within the next
 * octave (a level on small pages fades over an octave or two, in steps
 * of 15 %), as a ratio into jump[i]. */
static void
rises(int n, const double *lat, double *jump)
{
	int i;

	for (i = 0; i + 2 < n; i++) {
		double up = lat[i + 1] < lat[i + 2] ? lat[i + 1] : lat[i + 2];

		jump[i] = up / lat[i];
		if (i + 5 < n) {
			up = lat[i + 4] < lat[i + 5] ? lat[i + 4] : lat[i + 5];
			if (up / lat[i] > jump[i])
				jump[i] = up / lat[i];
		}
	}
}

/* The boundaries: rises of JUMP or more, the strongest first, at most
 * one per octave, into bound[] sorted (at most max); how many. */
static int
boundaries(int n, const size_t *sizes, const double *jump, int *bound,
	   int max)
{
	int nb = 0, i, j;

	while (nb < max) {
		int best = -1;

		for (i = 0; i + 2 < n; i++) {
			int near = 0;

			if (jump[i] < JUMP || (best >= 0 && jump[i] <= jump[best]))
				continue;
			for (j = 0; j < nb; j++)
				if (sizes[bound[j]] < 2 * sizes[i] &&
				    sizes[i] < 2 * sizes[bound[j]])
					near = 1;
			if (!near)
				best = i;
		}
		if (best < 0)
			break;
		for (j = nb; j > 0 && bound[j - 1] > best; j--)
			bound[j] = bound[j - 1];
		bound[j] = best;
		nb++;
	}
	return nb;
}

/* A level's latency: that of the flattest point of its range (from the
 * previous boundary to its own); the slope there into *slope. */
static void
flattest(const double *lat, int lo, int hi, struct cache_level *lv,
	 double *slope)
{
	int m;

	*slope = HUGE_VAL;
	lv->flat = lo;
	lv->bound = hi;
	for (m = lo; m <= hi; m++) {
		double a = lat[m > lo ? m - 1 : m];
		double b = lat[m < hi ? m + 1 : m];
		double sl = b > a ? b / a : a / b;

		if (sl < *slope) {
			*slope = sl;
			lv->flat = m;
		}
	}
	lv->ns = lat[lv->flat];
}

/* Not levels: a range with no flat part (every point more than FLAT off
 * its neighbours) is the way from one level up to the next, cut in two
 * by an octave's rise; its range joins the next.  And a rise that a noisy
 * spell made, not a cache: the levels on its two sides show no step of
 * LEVELS between their flat parts (or it is within half of memory's
 * latency, as lmbench rejects); they merge.  How many are left. */
static int
merge_levels(int n, const double *lat, struct cache_level *lv, double *slope,
	     int nlev)
{
	int i;

	for (i = 0; i < nlev; i++)
		if (slope[i] > FLAT)
			drop(lv, slope, &nlev, i--);
	for (i = 0; i < nlev; i++) {
		double next = i + 1 < nlev ? lv[i + 1].ns : lat[n - 1];

		if (next >= LEVELS * lv[i].ns &&
		    (i == 0 || lv[i].ns <= 0.5 * lat[n - 1]))
			continue;
		if (i + 1 < nlev && lv[i].ns < next) {
			/* the upper level takes this one's flatter point */
			lv[i + 1].ns = lv[i].ns;
			lv[i + 1].flat = lv[i].flat;
		}
		drop(lv, slope, &nlev, i--);
	}
	return nlev;
}

/* Whether every latency after lat[k] up to lat[j] is LEVELS or more
 * times lat[k] (a rise that stays: a busy spell comes back down). */
static int
up_from(const double *lat, int k, int j)
{
	int m;

	for (m = k + 1; m <= j; m++)
		if (lat[m] < LEVELS * lat[k])
			return 0;
	return 1;
}

/* A level's size: the last size whose latency is below half way from
 * this level's flat part to the next level's (or memory's).  Half way is
 * where half of the loads miss: a cache that drops off a cliff (LRU over
 * a cycle) passes it right after the cliff, and one on small pages,
 * whose sets fill unevenly as the pages' physical colours fall, passes
 * it within a few percent of its size (a Poisson fill of W-way sets
 * leaves about half of the lines missing at W lines per set), where the
 * geometric mean that this took before ended it a quarter or more too
 * early.  Scanned down from the next level's flat point, so a noisy
 * spike on the way is passed over.  But a level that ends at a cliff
 * (from its own latency up LEVELS in one step, and staying up) ends
 * there even when the curve after the cliff is still under half way: a
 * narrow level above it, within the octave that boundaries() gives each
 * rise (an Intel vCPU's 2 MB L2 under a 3 MB share of its L3, then
 * memory), would otherwise give this level the narrow one's size; its
 * half way is then taken to the point two steps on. */
static void
level_sizes(int n, const size_t *sizes, const double *lat,
	    struct cache_level *lv, int nlev)
{
	int i, j, k;

	for (i = 0; i < nlev; i++) {
		int top = i + 1 < nlev ? lv[i + 1].flat : n - 1;
		double up = i + 1 < nlev ? lv[i + 1].ns : lat[n - 1];
		double mid = (lv[i].ns + up) / 2;

		for (j = top - 1; j > lv[i].flat && lat[j] >= mid; j--)
			;
		for (k = lv[i].flat; k + 2 <= j; k++)
			if (lat[k] <= FLAT * lv[i].ns && lat[k + 2] < mid &&
			    up_from(lat, k, j)) {
				j = lat[k + 1] < (lv[i].ns + lat[k + 2]) / 2 ? k + 1 : k;
				break;
			}
		lv[i].size = sizes[j];
	}
}

int
cache_levels(int n, const size_t *sizes, const double *lat,
	     struct cache_level *lv, int max)
{
	double jump[CACHE_MAXSIZES], slope[CACHE_MAXLEVELS];
	int bound[CACHE_MAXLEVELS] = { 0 };
	int nlev, i;

	if (n > CACHE_MAXSIZES)
		n = CACHE_MAXSIZES;
	if (max > CACHE_MAXLEVELS)
		max = CACHE_MAXLEVELS;
	rises(n, lat, jump);
	nlev = boundaries(n, sizes, jump, bound, max);
	for (i = 0; i < nlev; i++)
		flattest(lat, i ? bound[i - 1] + 1 : 0, bound[i], &lv[i],
			 &slope[i]);
	nlev = merge_levels(n, lat, lv, slope, nlev);
	level_sizes(n, sizes, lat, lv, nlev);
	return nlev;
}

int
cache_agree(const struct cache_level *a, int na, const struct cache_level *b,
	    int nb)
{
	int i;

	if (na > 2)
		na = 2;
	if (nb > 2)
		nb = 2;
	if (na != nb)
		return 0;
	/* 1.25 is the widest step of the grid (4 to 5 quarters). */
	for (i = 0; i < na; i++)
		if ((double)a[i].size > 1.26 * (double)b[i].size ||
		    (double)b[i].size > 1.26 * (double)a[i].size)
			return 0;
	return 1;
}

int
cache_off_stated(const struct cache_level *lv, int nlev, const uint64_t *stated)
{
	int k;

	for (k = 0; k < 2 && k < nlev; k++) {
		double r = (double)lv[k].size / (double)stated[k];

		if (stated[k] != 0 && (r < 0.8 || r > 1.25))
			return 1;
	}
	return 0;
}

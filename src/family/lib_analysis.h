/*
 * lib_analysis.h - line's, cache's and tlb's decisions from a measured
 * sweep, apart from measuring, so that recorded sweeps can be
 * unit-tested.  Cache's are lib_analysis_cache.c's, the others
 * lib_analysis.c's.
 */
#ifndef LIB_ANALYSIS_H
#define LIB_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

/*
 * The line from false sharing: ns[i] is the time of one atomic add while
 * another CPU adds at offset off[i] (ascending, each twice the last),
 * alone the time with it a page away.  The line is the first offset from
 * which the other CPU no longer slows the adds (under twice alone), when
 * every smaller one slows them alike, at least twice alone and twice the
 * unslowed ones; 0 when the sweep does not show that.
 */
/* Slowed: at least this many times the time alone (Intel's Emerald
 * Rapids shows 5 times, AMD's Zen 5 3 times); below it at the smallest
 * offset, the two CPUs do not fight at all. */
#define LINE_SLOWED 2.0
size_t line_from_sharing(int n, const size_t *off, const double *ns,
			 double alone);
/*
 * The line from latency: t[i] is the time of a load at distance d[i]
 * (each twice the last) from the one before, as a stride sweep or line's
 * pairs give it: t = h + x * min(d / line, 1).  The line whose ramp fits
 * the points clearly best; 0 when none does, or when a prefetcher shows
 * (the time more than doubles from one distance to the next).
 */
size_t line_from_latency(int n, const size_t *d, const double *t);

#define CACHE_MAXSIZES 256
#define CACHE_MAXLEVELS 8
struct cache_level {
	size_t size; /* bytes */
	double ns;   /* latency at its flattest point */
	int flat;    /* index of that point in the sweep */
	int bound;   /* index of the last size before its rise */
};
/*
 * The cache levels in a latency sweep (sizes ascending, lat in ns, the
 * last size taken as memory): up to max levels into lv; how many.
 */
int cache_levels(int n, const size_t *sizes, const double *lat,
		 struct cache_level *lv, int max);
/*
 * Whether two analyses of one machine agree: the same number of levels
 * among the first two, each the same size within one quarter-octave step.
 */
int cache_agree(const struct cache_level *a, int na,
		const struct cache_level *b, int nb);
/*
 * Whether L1 or L2 of lv lies more than one step of the grid from the
 * size the system states (stated[0], stated[1]; 0: none stated, never
 * off): a ratio below 0.8 or above 1.25.  One level: lv + L - 1, 1,
 * stated + L - 1 (cache's warning asks so of every level).
 */
int cache_off_stated(const struct cache_level *lv, int nlev,
		     const uint64_t *stated);

/*
 * tlb's count from ratio(ctx, n): the time of a load in a ring of n
 * pointers one to a page over the time in a ring of n pointers one to a
 * line (below 0: the measurement failed).  n doubles from 8 until the
 * ratio exceeds TLB_EFFECT at n twice and then at 2n (one noisy point
 * does not end the search: on that Intel vCPU a spike at 64 pages,
 * where the rise below begins, gave 59 pages once in ten runs; an
 * effect at 8 starts it again, three times at most); then the count is
 * the largest between n/2 and n below half way to the ratio at n, 1 + (r(n) - 1) / 2, found by halving (the
 * ratio at n, not a later one: where a second, larger rise follows the
 * first, as on an Intel vCPU's 2 MB pages, flat to 44 pages, 1.4 from
 * 48 to 64, 2.0 at 96 and 2.3 from 144, the first is the first-level
 * TLB's).  Where misses begin well
 * before the TLB is full and rise over a range of counts (an Intel
 * Xeon vCPU, family 6 model 207, stating 96 entries: 1.08 at 64 pages,
 * 1.18 at 72, 1.5 at 88-96, 2.0 at 104, 2.3 from 112), the first 15 %
 * (lmbench's rule) fell anywhere from 63 to 96 pages in five runs; half
 * way lies where most of the rise is (91 to 104 in ten).  Half way is
 * never below the 15 %: where the ratio at n is under 1.3 the rule is
 * lmbench's.  Where the rise is one
 * step (AMD) both rules give the step.  0 with the count in *pages; 1
 * no effect up to maxn; 2 an effect at 8 pages three times (noise);
 * -1 the measurement failed.
 */
#define TLB_EFFECT 1.15
int tlb_search(double (*ratio)(void *ctx, size_t n), void *ctx, size_t maxn,
	       size_t *pages);

#endif

/*
 * lib_sweep.c - cache's sweep of chase latency over sizes: the sizes,
 * the looks, and the further looks until the levels agree
 * (lib_sweep.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "lib_analysis.h"
#include "lib_chase.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_sweep.h"
#include "lib_util.h"

/* Others' share of a CPU above which the machine counts as busy. */
#define BUSY 0.25

/* Latency and parallelism at one size. */
int
sweep_measure(const struct sweep *w, size_t size, double *ns, double *par)
{
	struct mem_chase c;
	int rc;

	/* Huge pages by default keep TLB misses out of the figures. */
	if (chase_setup_pages(&c, size, (size_t)w->line, CHASE_ANYWHERE,
			      0x636163ULL + size,
			      w->pages == MEM_PAGES_DEFAULT ? MEM_PAGES_THP
							    : w->pages) != 0)
		return -1;
	rc = ns != NULL ? chase_latency(&c, w->o, ns) : 0;
	if (rc == 0 && par != NULL)
		rc = chase_parallelism(&c, w->o, par);
	chase_release(&c);
	return rc;
}

/* Measure a size again into *slot, keeping the smaller latency. */
static int
relook(struct sweep *w, size_t size, double *slot)
{
	double again;

	w->looks++;
	if (sweep_measure(w, size, &again, NULL) != 0)
		return -1;
	if (again < *slot)
		*slot = again;
	return 0;
}

/* The sizes: quarter octaves from 4 KB, half octaves above 64 MB. */
void
sweep_sizes(struct sweep *w, uint64_t max)
{
	static const int quarter[4] = { 4, 5, 6, 7 };
	uint64_t p;
	int i;

	w->n = 0;
	for (p = 4096; p <= max && w->n < CACHE_MAXSIZES; p *= 2)
		for (i = 0; i < 4 && w->n < CACHE_MAXSIZES; i++) {
			uint64_t s = p / 4 * (uint64_t)quarter[i];

			if (p >= (64ULL << 20) && i > 0)
				continue;
			if (s > max)
				break;
			w->sizes[w->n++] = (size_t)(s / w->line * w->line);
		}
}

/* lat from the two groups, and its levels. */
static void
sweep_merge(struct sweep *w)
{
	int i;

	for (i = 0; i < w->n; i++)
		w->lat[i] = w->grp[0][i] < w->grp[1][i] ? w->grp[0][i]
							: w->grp[1][i];
	w->nlev = cache_levels(w->n, w->sizes, w->lat, w->lv, CACHE_MAXLEVELS);
}

/* Whether w's deadline for more looks has passed. */
static int
past_deadline(const struct sweep *w)
{
	return w->deadline != 0 && timing_now_ns() >= w->deadline;
}

uint64_t
sweep_deadline(const struct sweep *w, uint64_t start_ns)
{
	unsigned long long bound = w->o->run.timeout_s;

	return bound ? start_ns + bound * 500000000ULL : 0;
}

/* Every size, then three more sweeps.  A busy spell raises a run of
 * sizes in one sweep, and a neighbour on a sibling thread takes part of
 * a cache for a while: down, up and down (up to 64 MB, where sizes are
 * cheap, and the last two up to 16 MB, where the first two levels end),
 * the smallest latency of each size counting.  The first two sweeps and
 * the last two are kept apart (two groups), so that the levels can be
 * confirmed by two independent looks.  The three more stop at the
 * deadline: the groups are then not independent, and no level is sure. */
int
sweep_all(struct sweep *w)
{
	int i, j, pass;

	for (i = 0; i < w->n; i++) {
		if (sweep_measure(w, w->sizes[i], &w->grp[0][i],
			    NULL) != 0)
			return -1;
		w->grp[1][i] = w->grp[0][i];
	}
	for (pass = 0; pass < 3 && !w->cut; pass++) {
		size_t top = pass == 0 ? (size_t)64 << 20 : (size_t)16 << 20;

		for (j = 0; j < w->n; j++) {
			if (past_deadline(w)) {
				/* pass 1 is the second group's own look */
				w->one_look = pass < 2;
				w->cut = 1;
				break;
			}
			i = pass == 1 ? j : w->n - 1 - j;
			if (w->sizes[i] <= top &&
			    relook(w, w->sizes[i],
				   &w->grp[pass > 0][i]) != 0)
				return -1;
		}
	}
	sweep_merge(w);
	return 0;
}

/* Whether the two groups' levels agree with lat's (w->sure); the range
 * of the first two levels' sizes; their ends into ends (how many). */
static int
sweep_agree(struct sweep *w, size_t ends[6])
{
	struct cache_level la[CACHE_MAXLEVELS], lb[CACHE_MAXLEVELS];
	int na, nb, ne = 0, i, k;

	na = cache_levels(w->n, w->sizes, w->grp[0], la, CACHE_MAXLEVELS);
	nb = cache_levels(w->n, w->sizes, w->grp[1], lb, CACHE_MAXLEVELS);
	w->sure = !w->one_look && cache_agree(la, na, w->lv, w->nlev) &&
		  cache_agree(lb, nb, w->lv, w->nlev);
	for (i = 0; i < 2; i++) {
		size_t v[3];

		v[0] = i < w->nlev ? w->lv[i].size : 0;
		v[1] = i < na ? la[i].size : 0;
		v[2] = i < nb ? lb[i].size : 0;
		w->lo[i] = SIZE_MAX;
		w->hi[i] = 0;
		for (k = 0; k < 3; k++) {
			if (v[k] != 0 && v[k] < w->lo[i])
				w->lo[i] = v[k];
			if (v[k] > w->hi[i])
				w->hi[i] = v[k];
			if (v[k] != 0)
				ends[ne++] = v[k];
		}
	}
	return ne;
}

/* A busy spell over all the sweeps shrinks a level (others' lines take
 * part of it): more looks at the sizes up to twice each of the first
 * two levels' ends (each group in turn), a tenth of a second apart,
 * until the levels of the two groups and of both together agree (at
 * least two looks, at most eight, none past the deadline).  Levels that
 * still disagree are reported as unsure, never as a confident figure. */
int
sweep_refine(struct sweep *w)
{
	const struct timespec tenth = { 0, 100000000 };
	size_t ends[6];
	int pass, i, k, ne;

	for (pass = 0;; pass++) {
		ne = sweep_agree(w, ends);
		if (w->nlev == 0 || pass == 8 || (pass >= 2 && w->sure))
			return 0;
		if (past_deadline(w)) {
			w->cut |= !w->sure;
			return 0;
		}
		nanosleep(&tenth, NULL);
		for (i = 0; i < w->n; i++) {
			int near = 0;

			for (k = 0; k < ne; k++)
				if (w->sizes[i] > ends[k] / 2 &&
				    w->sizes[i] <= 2 * ends[k])
					near = 1;
			if (near && w->sizes[i] <= ((size_t)16 << 20) &&
			    relook(w, w->sizes[i],
				   &w->grp[pass % 2][i]) != 0)
				return -1;
		}
		sweep_merge(w);
	}
}

/* Whether size lies within an octave of level k's measured or stated
 * end. */
static int
near_level(const struct sweep *w, const uint64_t *stated, int k, size_t size)
{
	double a = (double)w->lv[k].size, b = (double)stated[k];
	double lo = a < b ? a : b, hi = a < b ? b : a;

	return (double)size > lo / 2 && (double)size <= 2 * hi;
}

int
sweep_retry_stated(struct sweep *w, const uint64_t *all)
{
	const struct timespec half = { 0, 500000000 };
	size_t ends[6], top = w->n > 0 ? w->sizes[w->n - 1] : 0;
	uint64_t stated[2];
	int round, i, k;

	/* A level stated above half the largest size swept cannot show
	 * whole: not looked for.  Only the sizes around a level that is
	 * off are looked at again. */
	for (k = 0; k < 2; k++)
		stated[k] = all[k] <= top / 2 ? all[k] : 0;
	for (round = 0; round < 3 && cache_off_stated(w->lv, w->nlev, stated);
	     round++) {
		if (past_deadline(w)) {
			w->cut = 1;
			break;
		}
		nanosleep(&half, NULL);
		for (i = 0; i < w->n && w->sizes[i] <= ((size_t)16 << 20); i++)
			for (k = 0; k < 2 && k < w->nlev; k++)
				if (cache_off_stated(&w->lv[k], 1, &stated[k]) &&
				    near_level(w, stated, k, w->sizes[i])) {
					if (relook(w, w->sizes[i], &w->grp[0][i]) != 0 ||
					    relook(w, w->sizes[i], &w->grp[1][i]) != 0)
						return -1;
					break;
				}
		sweep_merge(w);
		(void)sweep_agree(w, ends);
	}
	return round;
}

void
sweep_warn_unsure(const struct sweep *w, double busy)
{
	int i;

	for (i = 0; i < 2 && !w->sure; i++)
		if (w->lo[i] != SIZE_MAX && w->hi[i] > 0 &&
		    (double)w->hi[i] > 1.26 * (double)w->lo[i])
			util_err("warning: L%d size unsure: between %zu and %zu bytes (%s)",
				 i + 1, w->lo[i], w->hi[i],
				 busy >= BUSY ? "the machine was busy"
					      : "the sweeps disagree");
	if (w->cut)
		util_err("warning: %s: half of the run's bound (LMBENCH_TIMEOUT, "
			 "%llu s) had passed",
			 w->one_look ? "one look at most sizes, the levels "
				       "unconfirmed"
				     : "looks to settle the levels left out",
			 w->o->run.timeout_s);
	if (!w->sure && busy < BUSY && !w->one_look)
		util_err("warning: the sweeps disagree on the first two levels: "
			 "rerun on a quiet machine");
	else if (busy >= BUSY)
		util_err("warning: the machine was busy (others took %.0f %% of "
			 "a CPU during the sweeps): a level that others share "
			 "may look smaller than it is%s",
			 100 * busy, w->sure ? "" : "; rerun on a quiet machine");
}

void
sweep_warn_stated(const struct sweep *w, const uint64_t *stated,
		  uint64_t largest, uint64_t max)
{
	int i;

	for (i = 0; i < w->nlev; i++) {
		double r = stated[i] ? (double)w->lv[i].size / (double)stated[i]
				     : 1;
		const char *why = stated[i] > max ? "beyond this sweep's -M"
				  : r < 1 ? "the size printed is what this CPU saw of it"
					  : "the sweep does not show it as stated";

		if (stated[i] == 0 && largest > 0)
			util_err("warning: L%d: the system states no such level (sysfs)",
				 i + 1);
		else if (cache_off_stated(&w->lv[i], 1, &stated[i]))
			util_err("warning: L%d measured at %zu bytes, the system states "
				 "%llu (sysfs): %s",
				 i + 1, w->lv[i].size, (unsigned long long)stated[i],
				 why);
	}
}

uint64_t
sweep_default_max(uint64_t largest)
{
	uint64_t max = 4 * largest, avail = mem_available();

	if (max < (32ULL << 20))
		max = 32ULL << 20;
	if (max > (256ULL << 20))
		max = 256ULL << 20;
	if (avail != UINT64_MAX && max > avail / 4)
		max = avail / 4;
	return max;
}

/*
 * lib_sweep.h - cache's sweep: a random chase (lib_chase) timed over a
 * grid of sizes in two independent groups of looks, looked at again
 * near the first two levels' ends until the groups agree; the levels
 * from lib_analysis.
 */
#ifndef LIB_SWEEP_H
#define LIB_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "lib_analysis.h"
#include "lib_harness.h"
#include "lib_mem.h"

/* One sweep of the sizes, in two independent groups of looks. */
struct sweep {
	size_t sizes[CACHE_MAXSIZES];  /* ascending */
	int n;                         /* sizes */
	double grp[2][CACHE_MAXSIZES]; /* ns: the fastest look of each group */
	double lat[CACHE_MAXSIZES];    /* ns: the faster of the two */
	struct cache_level lv[CACHE_MAXLEVELS]; /* the levels in lat */
	int nlev;
	int sure;     /* both groups' levels agree with lat's */
	size_t lo[2]; /* L1 and L2: the smallest and largest size any of */
	size_t hi[2]; /* the three analyses found (SIZE_MAX / 0: none) */
	uint64_t line;
	const struct bench_opts *o;
	enum mem_pages pages; /* -H (the default: THP where given) */
	uint64_t deadline; /* timing_now_ns after which no more looks are
	                      taken to settle the levels (0: none) */
	int cut;           /* looks were left out for the deadline */
	int one_look;      /* ... before the second group had its own */
	int looks;         /* looks taken after the first sweep */
};

/* Latency (ns may be NULL) and parallelism (par may be NULL) of a chase
 * of size bytes, one slot per line, on w's pages (the default: THP); 0, or -1 after a message. */
int sweep_measure(const struct sweep *w, size_t size, double *ns,
		  double *par);
/* The sizes up to max: quarter octaves from 4 KB, octaves from 64 MB. */
void sweep_sizes(struct sweep *w, uint64_t max);
/* Every size, then three more sweeps (down, up, down); the levels. */
int sweep_all(struct sweep *w);
/* More looks near the first two levels' ends until the two groups and
 * both together agree (w->sure), eight at most, none past w->deadline
 * (w->cut says so, where the levels were left unsure or off). */
int sweep_refine(struct sweep *w);

/* Where L1 or L2 came out more than a step off the size the system
 * states (all[L - 1]): a neighbour took part of it during the sweeps
 * (another process, or on a virtual machine another guest of the host's
 * core, which /proc/stat does not show), or the level is not what is
 * stated.  The sizes within an octave of such a level's two ends (the
 * measured and the stated) are looked at again,
 * up to three rounds half a second apart, each keeping the faster look:
 * a quiet spell between shows the level whole (a level stated above
 * half the largest size swept is left out).  The stated size only
 * steers where to look; what is printed stays what was measured.  The
 * rounds run, or -1 after a message. */
int sweep_retry_stated(struct sweep *w, const uint64_t *all);

/* The deadline for the looks that settle the levels: half of the run's
 * bound (LMBENCH_TIMEOUT, w->o->run) from start_ns, so that the levels'
 * parallelism and memory's still fit in it however slow a busy machine
 * made the sweeps; 0 where the run has no bound. */
uint64_t sweep_deadline(const struct sweep *w, uint64_t start_ns);

/* The warnings between cache's levels and memory (so that the output
 * still opens with L1 and ends with memory): levels unsure, a busy
 * machine (others took `busy` of a CPU, 0.25 counting as busy), looks
 * left out for the deadline. */
void sweep_warn_unsure(const struct sweep *w, double busy);
/* A level measured more than a step of the grid off the size the system
 * states (stated[L - 1], the largest `largest`) is said, with the stated
 * size: the figure is what this CPU saw of the cache (a vCPU shares a
 * last level with other machines, a busy neighbour takes part of any
 * level), and must not pass for the cache the machine has. */
void sweep_warn_stated(const struct sweep *w, const uint64_t *stated,
		       uint64_t largest, uint64_t max);
/* -M by default: four times the largest cache the system states, at
 * least 32 MB, at most 256 MB (a larger sweep took past LMBENCH_TIMEOUT,
 * 300 s, on a busy machine) and a quarter of the available memory. */
uint64_t sweep_default_max(uint64_t largest);

#endif

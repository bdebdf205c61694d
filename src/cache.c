/*
 * cache - the cache levels: size, load latency, line size and memory-level
 * parallelism of each, then main memory's latency and parallelism.
 *
 * A random chase (lib_chase: one random cycle through every line, on
 * transparent huge pages where the system gives them, so TLB misses stay
 * out of the figures) is timed at sizes from 4 KB to -M in quarter-octave
 * steps (x1, x1.25, x1.5, x1.75 each power of two; octaves from 64 MB),
 * four times up to 16 MB and twice up to 64 MB (up, down, up, down: the
 * fastest counts, as a busy spell or a neighbour on a sibling thread only
 * slows a size); then the sizes around each of the first two levels'
 * ends again, until the first two sweeps, the last two and all four give
 * the same levels (cache_agree); where they still do not, the level is
 * reported as unsure (between which sizes), and a machine that others
 * kept busy (/proc/stat) is named in a warning.  The decision is
 * lib_analysis's cache_levels, which the unit tests feed with recorded
 * sweeps: a level ends where the latency rises by 30 % or more and
 * stays up, within one step or within an octave (on small pages a
 * level fades over an octave or two), the strongest rises first and
 * at most one per octave.  A level's latency is that of the flattest
 * point between the previous level's rise and its own (a
 * range with no flat point is a way between two levels, not a level);
 * its size the last size, up to the next level's flat point, whose
 * latency is below half way between the two levels' (where half of the
 * loads miss: at a cliff, or on small pages within a few percent of the
 * size).  Adjacent levels less than 60 % apart, and any but the first
 * within half of memory's latency, are one level (as lmbench rejects
 * the latter).  What a virtual machine's vCPU sees of a shared last
 * level is what others leave it, often far less than sysfs states: the
 * size printed is the one measured, and a warning gives the stated size
 * where the two are more than a step of the grid apart.  Main
 * memory's latency is the largest size's (as lmbench).  The parallelism
 * of each (lib_chase: up to 16 chases at once) is measured at the level's
 * size, and memory's at the smallest size past the last level whose
 * latency is within 10 % of the largest's.
 *
 * -M defaults to four times the largest cache the system states (so the
 * sweep reaches memory), at least 32 MB (lmbench's default), at most
 * 256 MB and a quarter of the available memory.  -L is the line (default:
 * the coherency line the system states, else 64); it is the linesize
 * printed for every level.  -c also prints the measured curve on stdout
 * ("size latency" per line).  lmbench's cache took over four minutes
 * here; this one takes seconds.
 *
 * Usage: cache [-c] [-L <line size>] [-M len[K|M]] [-W <warmup>]
 *              [-N <repetitions>]
 * Output (stderr): per level "L1 cache: 49152 bytes 1.23 nanoseconds 64
 * linesize 8.02 parallelism", then "Memory latency: 95.10 nanoseconds
 * 11.20 parallelism".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib_analysis.h"
#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_opts.h"
#include "lib_report.h"
#include "lib_util.h"

/* Others' share of a CPU above which the machine counts as busy. */
#define BUSY 0.25

struct opts {
	uint64_t line; /* -L */
	uint64_t max;  /* -M */
	int curve;     /* -c */
};

static int
option(void *sp, int c, const char *arg)
{
	struct opts *op = sp;
	const char *why;

	if (c == 'c') {
		op->curve = 1;
		return 0;
	}
	why = c == 'L' ? mem_parse_line(arg, mem_pagesize(), &op->line)
		       : util_parse_size(arg, 1, &op->max);
	if (why != NULL) {
		util_err("bad -%c '%s': %s", c, arg, why);
		return -1;
	}
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "[-c] [-L <line size>] [-M len[K|M]] [-W <warmup>] [-N "\
	"<repetitions>]"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

/* Latency and parallelism at one size. */
static int
measure(size_t size, size_t line, const struct bench_opts *o, double *ns,
	double *par)
{
	struct mem_chase c;
	int rc;

	if (chase_setup(&c, size, line, CHASE_HUGE | CHASE_ANYWHERE,
			0x636163ULL + size) != 0)
		return -1;
	rc = ns != NULL ? chase_latency(&c, o, ns) : 0;
	if (rc == 0 && par != NULL)
		rc = chase_parallelism(&c, o, par);
	chase_release(&c);
	return rc;
}

/* Measure a size again into *slot, keeping the smaller latency. */
static int
relook(size_t size, const struct bench_opts *o, uint64_t line, double *slot)
{
	double again;

	if (measure(size, (size_t)line, o, &again, NULL) != 0)
		return -1;
	if (again < *slot)
		*slot = again;
	return 0;
}

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
};

/* The sizes: quarter octaves from 4 KB, half octaves above 64 MB. */
static void
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

/* Every size, then three more sweeps.  A busy spell raises a run of
 * sizes in one sweep, and a neighbour on a sibling thread takes part of
 * a cache for a while: down, up and down (up to 64 MB, where sizes are
 * cheap, and the last two up to 16 MB, where the first two levels end),
 * the smallest latency of each size counting.  The first two sweeps and
 * the last two are kept apart (two groups), so that the levels can be
 * confirmed by two independent looks. */
static int
sweep_all(struct sweep *w)
{
	int i, j, pass;

	for (i = 0; i < w->n; i++) {
		if (measure(w->sizes[i], (size_t)w->line, w->o, &w->grp[0][i],
			    NULL) != 0)
			return -1;
		w->grp[1][i] = w->grp[0][i];
	}
	for (pass = 0; pass < 3; pass++) {
		size_t top = pass == 0 ? (size_t)64 << 20 : (size_t)16 << 20;

		for (j = 0; j < w->n; j++) {
			i = pass == 1 ? j : w->n - 1 - j;
			if (w->sizes[i] <= top &&
			    relook(w->sizes[i], w->o, w->line,
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
	w->sure = cache_agree(la, na, w->lv, w->nlev) &&
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
 * least two looks, at most eight).  Levels that still disagree are
 * reported as unsure, never as a confident figure. */
static int
sweep_refine(struct sweep *w)
{
	const struct timespec tenth = { 0, 100000000 };
	size_t ends[6];
	int pass, i, k, ne;

	for (pass = 0;; pass++) {
		ne = sweep_agree(w, ends);
		if (w->nlev == 0 || pass == 8 || (pass >= 2 && w->sure))
			return 0;
		nanosleep(&tenth, NULL);
		for (i = 0; i < w->n; i++) {
			int near = 0;

			for (k = 0; k < ne; k++)
				if (w->sizes[i] > ends[k] / 2 &&
				    w->sizes[i] <= 2 * ends[k])
					near = 1;
			if (near && w->sizes[i] <= ((size_t)16 << 20) &&
			    relook(w->sizes[i], w->o, w->line,
				   &w->grp[pass % 2][i]) != 0)
				return -1;
		}
		sweep_merge(w);
	}
}

/* "L1 cache: ..." and its records, for every level. */
static int
report_levels(const struct sweep *w)
{
	char name[48];
	double par;
	int i;

	for (i = 0; i < w->nlev; i++) {
		if (measure(w->lv[i].size, (size_t)w->line, w->o, NULL, &par) != 0)
			return -1;
		report_text("L%d cache: %zu bytes %.2f nanoseconds %llu linesize "
			    "%.2f parallelism\n",
			    i + 1, w->lv[i].size, w->lv[i].ns,
			    (unsigned long long)w->line, par);
		snprintf(name, sizeof(name), "L%d cache latency", i + 1);
		report_derived(name, "ns", (double)w->lv[i].size, w->lv[i].ns);
		snprintf(name, sizeof(name), "L%d cache parallelism", i + 1);
		report_derived(name, "loads", (double)w->lv[i].size, par);
	}
	return 0;
}

/* The warnings between the levels and memory (so that the output still
 * opens with L1 and ends with memory): levels unsure, a busy machine. */
static void
warn_unsure(const struct sweep *w, double busy)
{
	int i;

	for (i = 0; i < 2 && !w->sure; i++)
		if (w->lo[i] != SIZE_MAX && w->hi[i] > 0 &&
		    (double)w->hi[i] > 1.26 * (double)w->lo[i])
			util_err("warning: L%d size unsure: between %zu and %zu bytes (%s)",
				 i + 1, w->lo[i], w->hi[i],
				 busy >= BUSY ? "the machine was busy"
					      : "the sweeps disagree");
	if (!w->sure && busy < BUSY)
		util_err("warning: the sweeps disagree on the first two levels: "
			 "rerun on a quiet machine");
	else if (busy >= BUSY)
		util_err("warning: the machine was busy (others took %.0f %% of "
			 "a CPU during the sweeps): a level that others share "
			 "may look smaller than it is%s",
			 100 * busy, w->sure ? "" : "; rerun on a quiet machine");
}

/* A level measured more than a step of the grid off the size the system
 * states is said, with the stated size: the figure is what this CPU saw
 * of the cache (a vCPU shares a last level with other machines, a busy
 * neighbour takes part of any level), and must not pass for the cache
 * the machine has. */
static void
warn_stated(const struct sweep *w, const uint64_t *stated, uint64_t largest,
	    uint64_t max)
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
		else if (r < 0.8 || r > 1.25)
			util_err("warning: L%d measured at %zu bytes, the system states "
				 "%llu (sysfs): %s",
				 i + 1, w->lv[i].size, (unsigned long long)stated[i],
				 why);
	}
}

/* Memory's latency (the largest size's) and its parallelism at the
 * smallest size past the last boundary whose latency is within 10 % of
 * the largest size's. */
static int
report_memory(const struct sweep *w)
{
	const struct cache_level *last = &w->lv[w->nlev - 1];
	double par, mem = w->lat[w->n - 1];
	int j;

	for (j = last->bound + 1; j < w->n - 1 && w->lat[j] < 0.9 * mem; j++)
		;
	if (measure(w->sizes[j], (size_t)w->line, w->o, NULL, &par) != 0)
		return -1;
	report_text("Memory latency: %.2f nanoseconds %.2f parallelism\n", mem,
		    par);
	report_derived("Memory latency", "ns", (double)w->sizes[w->n - 1], mem);
	report_derived("Memory parallelism", "loads", (double)w->sizes[j], par);
	return 0;
}

/* -M by default: four times the largest cache the system states, at
 * least 32 MB, at most 256 MB (a larger sweep took past LMBENCH_TIMEOUT,
 * 300 s, on a busy machine) and a quarter of the available memory. */
static uint64_t
default_max(uint64_t largest)
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

int
main(int argc, char **argv)
{
	struct opts op = { 64, 0, 0 };
	struct bench_opts o;
	static struct sweep w;
	struct timing_load load;
	uint64_t stated[CACHE_MAXLEVELS], largest;
	double busy;
	int i, rc;

	op.line = mem_line_size();
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	rc = opts_parse(argc, argv, USAGE, 0, &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc || o.parallel != 1)
		usage();
	largest = mem_cache_stated(stated, CACHE_MAXLEVELS);
	if (op.max == 0)
		op.max = default_max(largest);
	if (op.max < (64ULL << 10)) {
		util_err("bad -M: at least 64 KB");
		return EXIT_USAGE;
	}
	if (bench_check_env() != 0)
		return EXIT_USAGE;

	w.line = op.line;
	w.o = &o;
	sweep_sizes(&w, op.max);
	timing_load_start(&load);
	if (sweep_all(&w) != 0 || sweep_refine(&w) != 0)
		return EXIT_FAILED;
	busy = timing_load_share(&load);
	for (i = 0; op.curve && i < w.n; i++)
		printf("%zu %.3f\n", w.sizes[i], w.lat[i]);
	fflush(stdout);
	if (w.nlev == 0) {
		util_err("no cache level found below %llu bytes (try a larger -M)",
			 (unsigned long long)op.max);
		return EXIT_FAILED;
	}
	if (report_levels(&w) != 0)
		return EXIT_FAILED;
	warn_unsure(&w, busy);
	warn_stated(&w, stated, largest, op.max);
	return report_memory(&w) == 0 ? 0 : EXIT_FAILED;
}

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
 * kept busy (/proc/stat) is named in a warning.  Where the first two
 * levels came out more than a step off the sizes sysfs states, the
 * sizes around both are looked at again, up to three times
 * (sweep_retry_stated: sysfs steers where to look, never what is
 * printed).  Half of the run's bound (LMBENCH_TIMEOUT) is the deadline
 * for every look after the first sweep: past it the levels are what was
 * measured, said in a warning, so the report fits in the bound however
 * busy the machine.  The decision is lib_analysis's
 * cache_levels, which the unit tests feed with recorded
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

#include "lib_analysis.h"
#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_sweep.h"
#include "lib_util.h"

struct opts {
	int curve;          /* -c */
	struct mem_opts m;  /* -L, -M, -H */
};

static int
option(void *sp, int c, const char *arg)
{
	struct opts *op = sp;

	if (c == 'c') {
		op->curve = 1;
		return 0;
	}
	if (mem_option(&op->m, c, arg) != 0)
		return -1;
	if (c == 'M' && op->m.max < (64ULL << 10)) {
		util_err("bad -M '%s': too small (at least 64 KB)", arg);
		return -1;
	}
	return 0;
}

/* "L1 cache: ..." and its records, for every level. */
static int
report_levels(const struct sweep *w)
{
	char name[48];
	double par;
	int i;

	for (i = 0; i < w->nlev; i++) {
		if (sweep_measure(w, w->lv[i].size, NULL, &par) != 0)
			return -1;
		report_text("L%d cache: %zu bytes %.2f nanoseconds %llu linesize "
			    "%.2f parallelism\n",
			    i + 1, w->lv[i].size, w->lv[i].ns,
			    (unsigned long long)w->line, par);
		snprintf(name, sizeof(name), "L%d cache latency", i + 1);
		report_derived(&w->o->id, name, "ns", (double)w->lv[i].size, w->lv[i].ns);
		snprintf(name, sizeof(name), "L%d cache parallelism", i + 1);
		report_derived(&w->o->id, name, "loads", (double)w->lv[i].size, par);
	}
	return 0;
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
	if (sweep_measure(w, w->sizes[j], NULL, &par) != 0)
		return -1;
	report_text("Memory latency: %.2f nanoseconds %.2f parallelism\n", mem,
		    par);
	report_derived(&w->o->id, "Memory latency", "ns",
	               (double)w->sizes[w->n - 1], mem);
	report_derived(&w->o->id, "Memory parallelism", "loads",
	               (double)w->sizes[j], par);
	return 0;
}

int
main(int argc, char **argv)
{
	struct opts op = { 0, { 64, 0, MEM_PAGES_DEFAULT } };
	const struct bench_prog prog = {
		.usage = "[-c] [-L <line size>] [-M len[K|M]] "
		         "[-H thp|huge|none] [-W <warmup>] [-N <repetitions>]",
		.help = "-c                also the measured curve on stdout "
		        "(size latency)\n"
		        "-L <line size>    the line: bytes between the chase's "
		        "slots (default: the line sysfs states)\n"
		        "-M len            the largest size (default: four "
		        "times the largest cache stated)\n"
		        "-H thp|huge|none  the chase's pages: transparent huge "
		        "(the default, where given), hugetlbfs or base pages",
		.option = option, .ctx = &op,
	};
	struct bench_opts o;
	struct sweep w;
	struct timing_load load;
	uint64_t stated[CACHE_MAXLEVELS], largest;
	size_t page_bytes;
	uint64_t start;
	double busy;
	int i, rc;

	op.m.line = mem_line_size();
	(void)bench_begin(argc, argv, &prog, &o);
	start = timing_now_ns();
	largest = mem_cache_stated(stated, CACHE_MAXLEVELS);
	if (op.m.max == 0)
		op.m.max = sweep_default_max(largest);

	memset(&w, 0, sizeof(w));
	w.line = op.m.line;
	w.o = &o;
	w.pages = op.m.pages;
	rc = mem_pages_require(op.m.pages, op.m.max, &page_bytes);
	if (rc != 0)
		return rc;
	sweep_sizes(&w, op.m.max);
	w.deadline = sweep_deadline(&w, start);
	timing_load_start(&load);
	if (sweep_all(&w) != 0 || sweep_refine(&w) != 0)
		return EXIT_FAILED;
	busy = timing_load_share(&load);
	i = sweep_retry_stated(&w, stated);
	if (i < 0)
		return EXIT_FAILED;
	if (i > 0)
		busy = timing_load_share(&load);
	for (i = 0; op.curve && i < w.n; i++)
		printf("%zu %.3f\n", w.sizes[i], w.lat[i]);
	fflush(stdout);
	if (w.nlev == 0) {
		util_err("no cache level found below %llu bytes (try a larger -M)",
			 (unsigned long long)op.m.max);
		return EXIT_FAILED;
	}
	if (report_levels(&w) != 0)
		return EXIT_FAILED;
	sweep_warn_unsure(&w, busy);
	sweep_warn_stated(&w, stated, largest, op.m.max);
	if (report_memory(&w) != 0)
		return EXIT_FAILED;
	if (op.m.pages != MEM_PAGES_DEFAULT)
		report_derived(&o.id, "page size", "bytes", (double)page_bytes,
			       (double)page_bytes);
	return 0;
}

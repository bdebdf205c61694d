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
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <stdint.h>

#include "lib_analysis.h"
#include "lib_bench.h"
#include "lib_chase.h"
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

static void __attribute__((noreturn))
usage(void)
{
	util_usage("[-c] [-L <line size>] [-M len[K|M]] [-W <warmup>] "
		   "[-N <repetitions>]");
	exit(EXIT_USAGE);
}

/* The first line of cpu0's cache file index<i>/<name> (sysfs), without
 * its newline, in text; -1 where there is none. */
static int
sysfs_cache(int i, const char *name, char *text, size_t len)
{
	char path[96];
	FILE *f;
	int rc = 0;

	snprintf(path, sizeof(path),
	         "/sys/devices/system/cpu/cpu0/cache/index%d/%s", i, name);
	text[0] = '\0';
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fgets(text, (int)len, f) == NULL)
		rc = -1;
	fclose(f);
	text[strcspn(text, "\n")] = '\0';
	return rc;
}

/* The data or unified cache of each level that the system states:
 * stated[L - 1] bytes, 0 where it states none.  The largest of them, 0
 * if none. */
static uint64_t
stated_levels(uint64_t stated[CACHE_MAXLEVELS])
{
	uint64_t best = 0, v, level;
	char size[32], lev[32], type[32];
	int i;

	memset(stated, 0, CACHE_MAXLEVELS * sizeof(*stated));
	for (i = 0; i < 8; i++) {
		size_t n;

		if (sysfs_cache(i, "size", size, sizeof(size)) != 0)
			continue;
		/* sysfs's "48K" is 48 KiB; the parser's K is 1000, as
		 * lmbench's, its k 1024. */
		n = strlen(size);
		if (n > 0 && strchr("KMG", size[n - 1]) != NULL)
			size[n - 1] = (char)tolower((unsigned char)size[n - 1]);
		if (sysfs_cache(i, "level", lev, sizeof(lev)) != 0 ||
		    sysfs_cache(i, "type", type, sizeof(type)) != 0 ||
		    strcmp(type, "Instruction") == 0 ||
		    util_parse_size(size, 1, &v) != NULL ||
		    util_parse_u64(lev, 1, CACHE_MAXLEVELS, &level) != NULL)
			continue;
		stated[level - 1] = v;
		if (v > best)
			best = v;
	}
	return best;
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

/* How busy the machine is: all CPUs' non-idle time (/proc/stat) and
 * this process's own (getrusage), from busy_start to busy_share. */
struct load {
	double others, own, wall;
};

static int
load_now(struct load *l)
{
	unsigned long long v[8] = { 0 };
	struct rusage ru;
	struct timespec ts;
	char text[256], *p = text + 3, *end;
	FILE *f = fopen("/proc/stat", "r");
	int got = 0;

	if (f == NULL)
		return -1;
	if (fgets(text, sizeof(text), f) == NULL ||
	    strncmp(text, "cpu ", 4) != 0)
		text[0] = p[0] = '\0';
	fclose(f);
	for (; got < 8 && *p != '\0'; got++, p = end) {
		v[got] = strtoull(p, &end, 10);
		if (end == p)
			break;
	}
	if (got != 8 || getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	/* user, nice, system, irq, softirq, steal (not idle, iowait) */
	l->others = (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) /
		    (double)sysconf(_SC_CLK_TCK);
	l->own = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
		 (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	l->wall = (double)ts.tv_sec + ts.tv_nsec / 1e9;
	return 0;
}

static void
busy_start(struct load *l)
{
	if (load_now(l) != 0)
		l->wall = 0;
}

/* The CPUs' time others took since busy_start, as a share of one CPU's
 * (0 when /proc/stat cannot tell). */
static double
busy_share(const struct load *l)
{
	struct load now;
	double share;

	if (l->wall == 0 || load_now(&now) != 0 || now.wall <= l->wall)
		return 0;
	share = (now.others - l->others - (now.own - l->own)) /
		(now.wall - l->wall);
	return share > 0 ? share : 0;
}

int
main(int argc, char **argv)
{
	struct opts op = { 64, 0, 0 };
	struct bench_opts o;
	size_t sizes[CACHE_MAXSIZES];
	double lat[CACHE_MAXSIZES], grp[2][CACHE_MAXSIZES], par, busy;
	size_t lo[2] = { 0, 0 }, hi[2] = { 0, 0 };
	struct load load;
	int sure = 1;
	struct cache_level lv[CACHE_MAXLEVELS];
	uint64_t stated[CACHE_MAXLEVELS], largest, avail, p;
	int n = 0, nlev = 0, i, j, rc, pass;
	const struct timespec tenth = { 0, 100000000 };
	char name[48];
	static const int quarter[4] = { 4, 5, 6, 7 };

	op.line = mem_line_size();
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	rc = opts_getopt(argc, argv, "cL:M:", &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc || o.parallel != 1)
		usage();
	largest = stated_levels(stated);
	if (op.max == 0) {
		op.max = 4 * largest;
		if (op.max < (32ULL << 20))
			op.max = 32ULL << 20;
		/* A larger sweep took past LMBENCH_TIMEOUT (300 s) on a
		 * busy machine. */
		if (op.max > (256ULL << 20))
			op.max = 256ULL << 20;
		avail = mem_available();
		if (avail != UINT64_MAX && op.max > avail / 4)
			op.max = avail / 4;
	}
	if (op.max < (64ULL << 10)) {
		util_err("bad -M: at least 64 KB");
		return EXIT_USAGE;
	}
	if (bench_check_env() != 0)
		return EXIT_USAGE;

	/* The sizes: quarter octaves, half octaves above 64 MB. */
	for (p = 4096; p <= op.max && n < CACHE_MAXSIZES; p *= 2)
		for (i = 0; i < 4 && n < CACHE_MAXSIZES; i++) {
			uint64_t s = p / 4 * (uint64_t)quarter[i];

			if (p >= (64ULL << 20) && i > 0)
				continue;
			if (s > op.max)
				break;
			sizes[n++] = (size_t)(s / op.line * op.line);
		}
	busy_start(&load);
	for (i = 0; i < n; i++) {
		if (measure(sizes[i], (size_t)op.line, &o, &grp[0][i], NULL) != 0)
			return EXIT_FAILED;
		grp[1][i] = grp[0][i];
	}
	/* A busy spell raises a run of sizes in one sweep, and a neighbour
	 * on a sibling thread takes part of a cache for a while: three more
	 * sweeps, down, up and down (up to 64 MB, where sizes are cheap, and
	 * the last two up to 16 MB, where the first two levels end), and the
	 * smallest latency of each size counts.  The first two sweeps and
	 * the last two are kept apart as well (two groups), so that the
	 * levels can be confirmed by two independent looks. */
	for (pass = 0; pass < 3; pass++) {
		size_t top = pass == 0 ? (size_t)64 << 20 : (size_t)16 << 20;

		for (j = 0; j < n; j++) {
			i = pass == 1 ? j : n - 1 - j;
			if (sizes[i] <= top &&
			    relook(sizes[i], &o, op.line, &grp[pass > 0][i]) != 0)
				return EXIT_FAILED;
		}
	}
	for (i = 0; i < n; i++)
		lat[i] = grp[0][i] < grp[1][i] ? grp[0][i] : grp[1][i];
	nlev = cache_levels(n, sizes, lat, lv, CACHE_MAXLEVELS);
	/* A busy spell over all the sweeps shrinks a level (others' lines
	 * take part of it): more looks at the sizes up to twice each of the
	 * first two levels' ends (each group in turn), a tenth of a second
	 * apart, until the levels of the two groups and of both together
	 * agree (at least two looks, at most eight).  Levels that still
	 * disagree are reported as unsure, never as a confident figure. */
	for (pass = 0;; pass++) {
		struct cache_level la[CACHE_MAXLEVELS], lb[CACHE_MAXLEVELS];
		size_t ends[6];
		int na, nb, ne = 0;

		na = cache_levels(n, sizes, grp[0], la, CACHE_MAXLEVELS);
		nb = cache_levels(n, sizes, grp[1], lb, CACHE_MAXLEVELS);
		sure = cache_agree(la, na, lv, nlev) && cache_agree(lb, nb, lv, nlev);
		for (i = 0; i < 2; i++) {
			size_t v[3];
			int k;

			v[0] = i < nlev ? lv[i].size : 0;
			v[1] = i < na ? la[i].size : 0;
			v[2] = i < nb ? lb[i].size : 0;
			lo[i] = SIZE_MAX;
			hi[i] = 0;
			for (k = 0; k < 3; k++) {
				if (v[k] != 0 && v[k] < lo[i])
					lo[i] = v[k];
				if (v[k] > hi[i])
					hi[i] = v[k];
				if (v[k] != 0)
					ends[ne++] = v[k];
			}
		}
		if (nlev == 0 || pass == 8 || (pass >= 2 && sure))
			break;
		nanosleep(&tenth, NULL);
		for (i = 0; i < n; i++) {
			int k, near = 0;

			for (k = 0; k < ne; k++)
				if (sizes[i] > ends[k] / 2 && sizes[i] <= 2 * ends[k])
					near = 1;
			if (near && sizes[i] <= ((size_t)16 << 20) &&
			    relook(sizes[i], &o, op.line, &grp[pass % 2][i]) != 0)
				return EXIT_FAILED;
		}
		for (i = 0; i < n; i++)
			lat[i] = grp[0][i] < grp[1][i] ? grp[0][i] : grp[1][i];
		nlev = cache_levels(n, sizes, lat, lv, CACHE_MAXLEVELS);
	}
	busy = busy_share(&load);
	for (i = 0; op.curve && i < n; i++)
		printf("%zu %.3f\n", sizes[i], lat[i]);
	fflush(stdout);

	if (nlev == 0) {
		util_err("no cache level found below %llu bytes (try a larger -M)",
			 (unsigned long long)op.max);
		return EXIT_FAILED;
	}
	for (i = 0; i < nlev; i++) {
		if (measure(lv[i].size, (size_t)op.line, &o, NULL, &par) != 0)
			return EXIT_FAILED;
		report_text("L%d cache: %zu bytes %.2f nanoseconds %llu linesize "
			    "%.2f parallelism\n",
			    i + 1, lv[i].size, lv[i].ns,
			    (unsigned long long)op.line, par);
		snprintf(name, sizeof(name), "L%d cache latency", i + 1);
		report_json(name, "ns", (double)lv[i].size, lv[i].ns);
		snprintf(name, sizeof(name), "L%d cache parallelism", i + 1);
		report_json(name, "loads", (double)lv[i].size, par);
	}
	/* Between the levels and memory, so that the output still opens
	 * with L1 and ends with memory. */
	for (i = 0; i < 2 && !sure; i++)
		if (lo[i] != SIZE_MAX && hi[i] > 0 &&
		    (double)hi[i] > 1.26 * (double)lo[i])
			util_err("warning: L%d size unsure: between %zu and %zu bytes (%s)",
				 i + 1, lo[i], hi[i],
				 busy >= BUSY ? "the machine was busy"
					      : "the sweeps disagree");
	if (!sure && busy < BUSY)
		util_err("warning: the sweeps disagree on the first two levels: "
			 "rerun on a quiet machine");
	else if (busy >= BUSY)
		util_err("warning: the machine was busy (others took %.0f %% of "
			 "a CPU during the sweeps): a level that others share "
			 "may look smaller than it is%s",
			 100 * busy, sure ? "" : "; rerun on a quiet machine");
	/* A level measured more than a step of the grid off the size the
	 * system states is said, with the stated size: the figure is what
	 * this CPU saw of the cache (a vCPU shares a last level with other
	 * machines, a busy neighbour takes part of any level), and must not
	 * pass for the cache the machine has. */
	for (i = 0; i < nlev; i++) {
		double r = stated[i] ? (double)lv[i].size / (double)stated[i] : 1;
		const char *why = stated[i] > op.max ? "beyond this sweep's -M"
				  : r < 1 ? "the size printed is what this CPU saw of it"
					  : "the sweep does not show it as stated";

		if (stated[i] == 0 && largest > 0)
			util_err("warning: L%d: the system states no such level (sysfs)",
				 i + 1);
		else if (r < 0.8 || r > 1.25)
			util_err("warning: L%d measured at %zu bytes, the system states "
				 "%llu (sysfs): %s",
				 i + 1, lv[i].size, (unsigned long long)stated[i], why);
	}
	/* Memory's parallelism at the smallest size past the last boundary
	 * whose latency is within 10 % of the largest size's. */
	for (j = lv[nlev - 1].bound + 1; j < n - 1 && lat[j] < 0.9 * lat[n - 1]; j++)
		;
	if (measure(sizes[j], (size_t)op.line, &o, NULL, &par) != 0)
		return EXIT_FAILED;
	report_text("Memory latency: %.2f nanoseconds %.2f parallelism\n",
		    lat[n - 1], par);
	report_json("Memory latency", "ns", (double)sizes[n - 1], lat[n - 1]);
	report_json("Memory parallelism", "loads", (double)sizes[j], par);
	return 0;
}

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
 * slows a size); then the sizes up to twice each of the first two
 * levels' ends again, until two analyses agree.  The decision is lib_analysis's cache_levels, which the
 * unit tests feed with recorded sweeps: a level ends where the latency
 * rises by 30 % or more and stays up, within one step or within an octave
 * (on small pages a level fades over an octave or two), the strongest
 * rises first and at most one per octave.  A level's latency is that of
 * the flattest point between the previous level's rise and its own (a
 * range with no flat point is a way between two levels, not a level);
 * its size the last size, up to the next level's flat point, whose
 * latency is below half way between the two levels' (where half of the
 * loads miss: at a cliff, or on small pages within a few percent of the
 * size).  Adjacent levels less than 60 % apart, and any but the first
 * within half of memory's latency, are one level (as lmbench rejects
 * the latter).  What a virtual machine's vCPU sees of a shared last
 * level is what others leave it, often far less than sysfs states: the
 * size printed is the one measured.  Main
 * memory's latency is the largest size's (as lmbench).  The parallelism
 * of each (lib_chase: up to 16 chases at once) is measured at the level's
 * size, and memory's at the smallest size past the last level whose
 * latency is within 10 % of the largest's.
 *
 * -M defaults to four times the largest cache the system states (so the
 * sweep reaches memory), at least 32 MB (lmbench's default), at most
 * 1 GB and a quarter of the available memory.  -L is the line (default:
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"


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

/* The largest cache the system states (sysfs), 0 if none. */
static uint64_t
largest_cache(void)
{
	uint64_t best = 0;
	int i;

	for (i = 0; i < 8; i++) {
		char path[96], text[32];
		FILE *f;
		uint64_t v;

		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		f = fopen(path, "r");
		if (f == NULL)
			continue;
		if (fgets(text, sizeof(text), f) != NULL) {
			text[strcspn(text, "\n")] = '\0';
			if (util_parse_size(text, 1, &v) == NULL && v > best)
				best = v;
		}
		fclose(f);
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

int
main(int argc, char **argv)
{
	struct opts op = { 64, 0, 0 };
	struct bench_opts o;
	size_t sizes[CACHE_MAXSIZES];
	double lat[CACHE_MAXSIZES], par;
	struct cache_level lv[CACHE_MAXLEVELS];
	uint64_t avail, p;
	int n = 0, nlev = 0, i, j, rc, pass;
	const struct timespec tenth = { 0, 100000000 };
	char name[48];
	static const int quarter[4] = { 4, 5, 6, 7 };

	op.line = mem_line_size();
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	rc = bench_getopt(argc, argv, "cL:M:", &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc || o.parallel != 1)
		usage();
	if (op.max == 0) {
		op.max = 4 * largest_cache();
		if (op.max < (32ULL << 20))
			op.max = 32ULL << 20;
		if (op.max > (1ULL << 30))
			op.max = 1ULL << 30;
		avail = mem_available();
		if (avail != UINT64_MAX && op.max > avail / 4)
			op.max = avail / 4;
	}
	if (op.max < (64ULL << 10)) {
		util_err("bad -M: at least 64 KB");
		return EXIT_USAGE;
	}
	if (timing_check_env() != 0)
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
	for (i = 0; i < n; i++)
		if (measure(sizes[i], (size_t)op.line, &o, &lat[i], NULL) != 0)
			return EXIT_FAILED;
	/* A busy spell raises a run of sizes in one sweep, and a neighbour
	 * on a sibling thread takes part of a cache for a while: three more
	 * sweeps, down, up and down (up to 64 MB, where sizes are cheap, and
	 * the last two up to 16 MB, where the first two levels end), and the
	 * smallest latency of each size counts. */
	for (pass = 0; pass < 3; pass++) {
		size_t top = pass == 0 ? (size_t)64 << 20 : (size_t)16 << 20;

		for (j = 0; j < n; j++) {
			double again;

			i = pass == 1 ? j : n - 1 - j;
			if (sizes[i] > top)
				continue;
			if (measure(sizes[i], (size_t)op.line, &o, &again,
				    NULL) != 0)
				return EXIT_FAILED;
			if (again < lat[i])
				lat[i] = again;
		}
	}
	nlev = cache_levels(n, sizes, lat, lv, CACHE_MAXLEVELS);
	/* A busy spell over all the sweeps shrinks a level (others' lines
	 * take part of it): more looks at the sizes up to twice each of the
	 * first two levels' ends, a tenth of a second apart, at least two and
	 * until two analyses in a row agree (at most five). */
	for (pass = 0; pass < 5 && nlev > 0; pass++) {
		size_t end1 = lv[0].size, end2 = nlev > 1 ? lv[1].size : 0;

		nanosleep(&tenth, NULL);
		for (i = 0; i < n; i++) {
			double again;

			if (!((sizes[i] > end1 && sizes[i] <= 2 * end1) ||
			      (sizes[i] > end2 && sizes[i] <= 2 * end2)) ||
			    sizes[i] > ((size_t)16 << 20))
				continue;
			if (measure(sizes[i], (size_t)op.line, &o, &again,
				    NULL) != 0)
				return EXIT_FAILED;
			if (again < lat[i])
				lat[i] = again;
		}
		nlev = cache_levels(n, sizes, lat, lv, CACHE_MAXLEVELS);
		if (pass > 0 && nlev > 0 && lv[0].size == end1 &&
		    (nlev > 1 ? lv[1].size : 0) == end2)
			break;
	}
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

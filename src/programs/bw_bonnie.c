/*
 * bw_bonnie - file I/O as Bonnie measures it, on one file of SIZE bytes.
 *
 * Six phases in turn, each -x times: char write (the file truncated, SIZE
 * putc() calls), block write (truncated, SIZE / CHUNK write() calls),
 * rewrite (per chunk: read(), change a byte, lseek() back, write()), char
 * read (SIZE getc() calls), block read (read() by chunks) and seeks (-p
 * processes at once, -n seeks in all to random chunks, each read and one
 * in ten changed and written back).  Each interval opens the file, does
 * the phase, then fsync() and close(), as bonnie++ does: what was written
 * is on the disk within the interval (the default SIZE, twice the memory,
 * keeps the page cache from holding the file for the reads).  Rates are SIZE / median
 * interval in MB/s (10^6 bytes), seeks per second for the seeks; %CPU is
 * the user and system time of the program and its seekers (getrusage)
 * over the phase's wall time.  The file is made exclusively in a private
 * directory (lib_file: file_scratch), after checking the free space, and
 * removed however the program ends.  What each phase does to the file:
 * bw_bonnie_phases.c.
 *
 * Usage: bw_bonnie [-s <file size>] [-c <chunk size>] [-p <seekers>]
 *        [-n <seeks>] [-x <repetitions>] [-f] [-D] [<dir>]
 * Output (stderr): "Bonnie block write: 812.52 MB/sec 35 %CPU", one line
 * a phase ("Bonnie seeks: 5123.4 seeks/sec 12 %CPU").
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bw_bonnie.h"
#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_file.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_util.h"

static double
cpu_ns(void)
{
	struct rusage self, kids;

	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	return 1e9 * (double)(self.ru_utime.tv_sec + self.ru_stime.tv_sec +
	                      kids.ru_utime.tv_sec + kids.ru_stime.tv_sec) +
	       1e3 * (double)(self.ru_utime.tv_usec + self.ru_stime.tv_usec +
	                      kids.ru_utime.tv_usec + kids.ru_stime.tv_usec);
}

/* The timed callback: the phase, n times, with its CPU time kept. */
static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	double c0 = cpu_ns(), t0 = (double)timing_now_ns();
	int rc = 0;

	while (rc == 0 && n-- > 0)
		rc = s->phase->fn(s, s->phase->arg);
	s->cpu_ns += cpu_ns() - c0;
	s->wall_ns += (double)timing_now_ns() - t0;
	timing_use(s->sum);
	return rc;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	((struct state *)sp)->cx = cx;
	return 0;
}

/* One phase: measured, then its line and records; 0 or -1. */
static int
phase(struct state *s, const struct bench_desc *d, struct bench_opts *o,
      const struct phase *ph)
{
	int seek = ph->fn == bonnie_seeks;
	struct report_fig fig = { ph->name, seek ? "1/s" : "MB/s",
	                          seek ? REPORT_RATE : REPORT_MBS,
	                          seek ? (double)s->seeks : (double)s->size,
	                          (double)s->size, 0 };
	struct bench_result r;
	double v, cpu;
	char metric[64];
	int rc;

	s->phase = ph;
	s->cpu_ns = s->wall_ns = 0;
	if (bench_run(d, o, &r) != 0)
		return -1;
	rc = report_measured(&r, &fig, &v);
	cpu = s->wall_ns > 0 ? 100 * s->cpu_ns / s->wall_ns : 0;
	if (rc == 0) {
		report_emit(&r, &fig, v, "%s: %.2f %s %.0f %%CPU\n", ph->name,
		            v, seek ? "seeks/sec" : "MB/sec", cpu);
		snprintf(metric, sizeof(metric), "%s %%CPU", ph->name);
		report_derived(&o->id, metric, "%", (double)s->size, cpu);
	}
	bench_result_free(&r);
	return rc;
}

/* -s -c -p -n -x -f -D; 0, or -1 after a message. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;
	uint64_t *v = c == 'p' ? &s->seekers : c == 'n' ? &s->seeks : &s->reps;
	uint64_t hi = c == 'p' ? MAX_SEEKERS : c == 'n' ? 1000000000
	                                                : BENCH_MAX_REPETITIONS;
	const char *why;

	if (c == 's')
		return util_size_arg("file size", arg, 1, 1ULL << 50, &s->size);
	if (c == 'c')
		return util_size_arg("chunk size", arg, 512, 64ULL << 20,
		                     &s->chunk);
	if (c == 'f' || c == 'D') {
		*(c == 'f' ? &s->chars : &s->direct) = c == 'D';
		return 0;
	}
	why = util_parse_u64(arg, 1, hi, v);
	if (why == NULL)
		return 0;
	util_err("bad -%c '%s': %s (1 to %llu)", c, arg, why,
	         (unsigned long long)hi);
	return -1;
}

/* The usage line, which also says which options are taken. */
#define USAGE "[-s <file size>] [-c <chunk size>] [-p <seekers>] " \
	"[-n <seeks>] [-x <repetitions>] [-f] [-D] [<dir>]"
#define HELP "-s <file size>  the file's size (default: twice the memory)\n" \
	"-c <chunk size>  bytes per read and write of the block phases " \
	"(default 8k)\n" \
	"-p <seekers>  processes seeking at once (default 3)\n" \
	"-n <seeks>  seeks in all (default 8000)\n" \
	"-x <repetitions>  intervals per phase (default 1)\n" \
	"-f  fast: no per-character phases\n" \
	"-D  O_DIRECT for the block phases and the seeks\n" \
	"<dir>  where the file is made (default: a private directory " \
	"under TMPDIR)"

/* The sizes checked against one another; 0, or -1 after a message. */
static int
check_sizes(struct state *s)
{
	if (s->direct && s->chunk % 4096 != 0) {
		util_err("bad -c: -D needs a multiple of 4096 bytes");
		return -1;
	}
	if (s->seeks < s->seekers) {
		util_err("bad -n: %llu seeks for %llu seekers (-p): each seeks at "
		         "least once",
		         (unsigned long long)s->seeks,
		         (unsigned long long)s->seekers);
		return -1;
	}
	s->size -= s->size % s->chunk;
	if (s->size == 0) {
		util_err("bad -s: smaller than one chunk (%llu bytes)",
		         (unsigned long long)s->chunk);
		return -1;
	}
	return 0;
}

static const struct bench_prog prog = {
	.usage = USAGE, .help = HELP, .max_operands = 1,
	.option = option,
};

int
main(int argc, char **argv)
{
	static const struct phase phases[] = {
		{ "Bonnie char write", bonnie_chars, 1 },
		{ "Bonnie block write", bonnie_blocks, 1 },
		{ "Bonnie rewrite", bonnie_blocks, 2 },
		{ "Bonnie char read", bonnie_chars, 0 },
		{ "Bonnie block read", bonnie_blocks, 0 },
		{ "Bonnie seeks", bonnie_seeks, 0 },
	};
	struct state s = { .chunk = 8192, .seekers = 3, .seeks = 8000,
	                   .reps = 1, .chars = 1 };
	struct bench_desc d = { .init = init, .run = run, .state = &s };
	struct bench_opts o;
	struct bench_prog p = prog;
	int first, rc = 0;
	size_t i;

	s.size = 2 * (uint64_t)sysconf(_SC_PHYS_PAGES) *
	         (uint64_t)sysconf(_SC_PAGESIZE);
	p.ctx = &s;
	first = bench_begin(argc, argv, &p, &o);
	if (check_sizes(&s) != 0)
		return EXIT_USAGE;
	/* Room for the file, its blocks' metadata and a margin. */
	rc = file_scratch_in(&o.run, first < argc ? argv[first] : NULL,
	                     s.size + s.size / 16 + (16ULL << 20), "bw_bonnie",
	                     s.direct, &s.path);
	if (rc != 0)
		return rc;
	s.buf = mem_alloc((size_t)s.chunk);
	if (s.buf == NULL)
		rc = EXIT_FAILED;
	o.fixed_iterations = 1;
	o.repetitions = (int)s.reps;
	o.helpers = (int)s.seekers;
	for (i = 0; rc == 0 && i < sizeof(phases) / sizeof(phases[0]); i++)
		if ((s.chars || (i != 0 && i != 3)) &&
		    phase(&s, &d, &o, &phases[i]) != 0)
			rc = EXIT_FAILED;
	unlink(s.path);
	free(s.path);
	if (s.buf != NULL)
		mem_free(s.buf, (size_t)s.chunk);
	return rc;
}

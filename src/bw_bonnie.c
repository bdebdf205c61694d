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
 * removed however the program ends.
 *
 * Usage: bw_bonnie [-s <file size>] [-c <chunk size>] [-p <seekers>]
 *        [-n <seeks>] [-x <repetitions>] [-f] [-D] [<dir>]
 * Output (stderr): "Bonnie block write: 812.52 MB/sec 35 %CPU", one line
 * a phase ("Bonnie seeks: 5123.4 seeks/sec 12 %CPU").
 */
#define _GNU_SOURCE /* O_DIRECT, nrand48 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_file.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_super.h"
#include "lib_util.h"

#define MAX_SEEKERS 64
#define SEEK_WRITE_SHARE 10 /* one seek in ten writes its chunk back */

struct state;
/* A phase: its name, its work and the work's argument. */
struct phase {
	const char *name;
	int (*fn)(struct state *s, int arg);
	int arg;
};

struct state {
	char *path;	       /* the file */
	uint64_t size;	       /* -s, a whole number of chunks */
	uint64_t chunk;	       /* -c */
	uint64_t seekers;      /* -p */
	uint64_t seeks;	       /* -n, in all */
	uint64_t reps;	       /* -x */
	int chars;	       /* the per-character phases (no -f) */
	int direct;	       /* -D: O_DIRECT for the block phases */
	char *buf;	       /* one chunk, page aligned */
	uint64_t sum;	       /* what was read, kept */
	struct copy_ctx *cx;   /* for the seekers' placement */
	double cpu_ns, wall_ns; /* of the current phase's intervals */
	const struct phase *phase; /* the current phase */
};

static int
open_file(struct state *s, int flags, int block)
{
	int fd = open(s->path, flags | (block && s->direct ? O_DIRECT : 0));

	if (fd < 0)
		util_syserr("cannot open %s%s", s->path,
		            block && s->direct ? " with O_DIRECT" : "");
	return fd;
}

/* A chunk through fd: 0, or -1 after a message. */
static int
xfer(struct state *s, int fd, int out)
{
	ssize_t r = out ? util_writen(fd, s->buf, s->chunk)
	                : util_readn(fd, s->buf, s->chunk);

	if (r == (ssize_t)s->chunk)
		return 0;
	if (r < 0)
		util_syserr("%s %s", out ? "write" : "read", s->path);
	else
		util_err("%s: %s stopped short", s->path, out ? "write" : "read");
	return -1;
}

/* The file through stdio, by characters: SIZE putc() calls into the
 * truncated file (out), or getc() calls to its end. */
static int
chars(struct state *s, int out)
{
	int fd = open_file(s, out ? O_WRONLY | O_TRUNC : O_RDONLY, 0), c = 0;
	FILE *f = fd < 0 ? NULL : fdopen(fd, out ? "w" : "r");
	uint64_t n = 0;

	if (f == NULL) {
		if (fd >= 0)
			util_syserr("fdopen %s", s->path), close(fd);
		return -1;
	}
	while (out ? n < s->size && putc_unlocked((int)(n & 0x7f), f) != EOF
	           : (c = getc_unlocked(f)) != EOF) {
		s->sum += (uint64_t)c;
		n++;
	}
	c = fflush(f) != 0 || fsync(fileno(f)) != 0;
	if ((fclose(f) != 0 || c) && out)
		n = 0;
	if (n == s->size)
		return 0;
	util_syserr("%s %s: %llu of %llu bytes", out ? "write" : "read",
	            s->path, (unsigned long long)n, (unsigned long long)s->size);
	return -1;
}

/* Read the chunk at fd's offset; with dirty, change it and write it back
 * in its place. */
static int
read_dirty(struct state *s, int fd, int dirty)
{
	if (xfer(s, fd, 0) != 0)
		return -1;
	s->sum += (unsigned char)s->buf[0];
	if (!dirty)
		return 0;
	s->buf[0]++;
	if (lseek(fd, -(off_t)s->chunk, SEEK_CUR) < 0) {
		util_syserr("lseek %s", s->path);
		return -1;
	}
	return xfer(s, fd, 1);
}

/* The file from its start by chunks: read (mode 0, one byte of each
 * kept), written into the truncated file (1) or rewritten (2: each read,
 * changed and written back in its place). */
static int
blocks(struct state *s, int mode)
{
	static const int flags[] = { O_RDONLY, O_WRONLY | O_TRUNC, O_RDWR };
	int fd = open_file(s, flags[mode], 1), rc = 0;
	uint64_t i;

	if (fd < 0)
		return -1;
	for (i = 0; rc == 0 && i < s->size / s->chunk; i++) {
		if (mode == 1)
			s->buf[i % s->chunk]++;
		rc = mode == 2 ? read_dirty(s, fd, 1) : xfer(s, fd, mode);
		s->sum += (unsigned char)s->buf[i % s->chunk];
	}
	if (rc == 0 && fsync(fd) != 0)
		rc = -1, util_syserr("fsync %s", s->path);
	if (close(fd) != 0 && rc == 0)
		rc = -1, util_syserr("close %s", s->path);
	return rc;
}

/* One seeker's share: n seeks from its own descriptor and random
 * sequence; exits 0 or 1. */
static void __attribute__((noreturn))
seeker(struct state *s, uint64_t k, uint64_t n)
{
	int fd = open_file(s, O_RDWR, 1), rc = fd < 0 ? -1 : 0;
	uint64_t chunks = s->size / s->chunk;
	unsigned short xs[3] = { (unsigned short)(k + 1), 0x5eed,
	                         (unsigned short)getpid() };

	while (rc == 0 && n-- > 0) {
		uint64_t at = (uint64_t)nrand48(xs) % chunks;

		if (lseek(fd, (off_t)(at * s->chunk), SEEK_SET) < 0) {
			util_syserr("lseek %s", s->path);
			rc = -1;
		} else {
			rc = read_dirty(s, fd, nrand48(xs) % SEEK_WRITE_SHARE == 0);
		}
	}
	_exit(rc == 0 && fsync(fd) == 0 ? 0 : EXIT_FAILED);
}

static int
seeks(struct state *s, int unused)
{
	pid_t pid[MAX_SEEKERS];
	uint64_t k, started = 0;
	int rc = 0, st;

	(void)unused;
	for (k = 0; k < s->seekers; k++) {
		uint64_t n = s->seeks / s->seekers + (k < s->seeks % s->seekers);

		pid[k] = super_fork(s->cx, (int)k + 1);
		if (pid[k] == 0)
			seeker(s, k, n);
		if (pid[k] < 0) {
			rc = -1;
			break;
		}
		started++;
	}
	for (k = 0; k < started; k++)
		if (waitpid(pid[k], &st, 0) != pid[k] || !WIFEXITED(st) ||
		    WEXITSTATUS(st) != 0)
			rc = -1;
	if (rc != 0)
		util_err("a seeker failed");
	return rc;
}

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
	int seek = ph->fn == seeks;
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
		{ "Bonnie char write", chars, 1 },
		{ "Bonnie block write", blocks, 1 },
		{ "Bonnie rewrite", blocks, 2 },
		{ "Bonnie char read", chars, 0 },
		{ "Bonnie block read", blocks, 0 },
		{ "Bonnie seeks", seeks, 0 },
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
	rc = file_scratch_in(first < argc ? argv[first] : NULL,
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

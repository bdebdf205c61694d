/*
 * lat_mmap - the cost of mapping a file, touching it and unmapping it.
 *
 * Each iteration maps the first SIZE bytes of FILE read/write and shared,
 * writes one byte every 16 KB within the first tenth of the mapping (-r:
 * every 160 KB across all of it, lmbench's "random" variant), and unmaps
 * it.  Each store writes back the byte that is there, so the file's
 * contents do not change (its pages are dirtied all the same).  The
 * result is the median time per map-touch-unmap cycle: a figure per
 * mapping, not per page.  SIZE must be at least 320 KB and FILE at least
 * SIZE bytes; -C gives each copy a private copy of the file.
 *
 * Usage: lat_mmap [-r] [-C] [-P <parallelism>] [-W <warmup>]
 *        [-N <repetitions>] size file
 * Output (stderr): "8.388608 58" (MB mapped, 10^6 bytes; microseconds,
 * with three decimals under 10)
 */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_file.h"
#include "lib_file_bw.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_util.h"

#define MIN_SIZE ((uint64_t)320 * 1024)

struct state {
	struct file_bw f; /* the file, -C, the bytes mapped (lib_file) */
	int spread;	  /* -r: touch across the whole mapping */
	int fd;		  /* the open file */
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	return file_bw_open_fd(&s->f, cx, O_RDWR, " for writing", &s->fd);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	size_t step = s->spread ? 160 * 1024 : 16 * 1024;
	size_t end = s->spread ? (size_t)s->f.size : (size_t)s->f.size / 10;

	while (n-- > 0) {
		volatile char *p = mmap(NULL, (size_t)s->f.size,
					PROT_READ | PROT_WRITE, MAP_SHARED,
					s->fd, 0);
		size_t i;

		if (p == MAP_FAILED) {
			util_syserr("mmap");
			return -1;
		}
		for (i = 0; i < end; i += step) {
			char c = p[i]; /* read, then store the same byte */

			p[i] = c;
		}
		munmap((void *)p, (size_t)s->f.size);
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	file_bw_close(&s->f, &s->fd);
}

static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;

	if (c != 'r')
		return file_bw_option(&s->f, c, arg);
	s->spread = 1;
	return 0;
}

static const struct bench_prog prog = {
	.usage = "[-r] [-C] [-P <parallelism>] [-W <warmup>] [-N "
	         "<repetitions>] size file",
	.help = "-r                touch every 160 KB of the whole mapping "
	        "(else every 16 KB of its first tenth)\n"
	        "-C                a private copy of the file for each copy\n"
	        "size              bytes mapped (at least 320k)\n"
	        "file              the file mapped, at least size bytes",
	.min_operands = 2,
	.max_operands = 2,
	.option = option,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { .fd = -1 };
	const struct bench_desc d = { .init = init, .run = run,
		                      .cleanup = cleanup, .state = &s };
	struct bench_result r;
	struct bench_prog p = prog;
	struct report_fig f = { NULL, "us", REPORT_US, 1, 0, 0 };
	double v;
	int first, rc;

	p.ctx = &s;
	first = bench_begin(argc, argv, &p, &o);
	if (file_size_arg(argv[first], MIN_SIZE, "too small (at least 320 KB)",
	                  &s.f.size) != 0)
		return EXIT_USAGE;
	s.f.file = argv[first + 1];
	if (file_check(s.f.file, s.f.size, NULL) != 0 ||
	    bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	/* "%.6f %.0f": the size in MB (10^6), microseconds per mapping
	 * (%.3f when under 10). */
	f.metric = s.spread ? "mmap -r" : "mmap";
	f.size_bytes = (double)s.f.size;
	rc = report_measured(&r, &f, &v) != 0
	     ? -1
	     : report_emit(&r, &f, v, v < 10 ? "%.6f %.3f\n" : "%.6f %.0f\n",
	                   (double)s.f.size / 1e6, v);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

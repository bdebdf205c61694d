/*
 * bw_file_rd - bandwidth of reading a file with read().
 *
 * Reads the first SIZE bytes of FILE in read() calls of 64 KB into one
 * page-aligned buffer, summing every word read (so the data is really touched, and the
 * sum is kept so the compiler cannot drop it):
 *   io_only     the file is opened once; each iteration seeks to the
 *               start and reads SIZE bytes
 *   open2close  each iteration opens, reads SIZE bytes and closes
 * The file is read from the page cache after the first pass: this is the
 * cost of read() and the copy, not of a disk.  The rate is copies * SIZE /
 * median interval in MB/s (10^6 bytes).  -C gives each copy a private
 * copy of the file.  A file shorter than SIZE is an error (lmbench counted
 * bytes it never read).
 *
 * Usage: bw_file_rd [-C] [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        <size> open2close|io_only <filename>
 * Output (stderr): "8.39 11234.56" (MB read per iteration, MB/s)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_file.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_util.h"

#define CHUNK ((size_t)65536)
#define MIN_SIZE 64

struct state {
	const char *file; /* the file named */
	char *own;	  /* -C: this copy's private file */
	const char *path; /* the file this copy reads */
	int private_copy; /* -C */
	int open2close;	  /* open and close every iteration */
	uint64_t size;	  /* bytes per iteration */
	int fd;		  /* io_only: the open file */
	char *buf;	  /* the read buffer */
	uint64_t sum;	  /* what was read, summed */
};

static int
read_all(struct state *s, int fd)
{
	uint64_t left = s->size;

	while (left > 0) {
		size_t want = left < CHUNK ? (size_t)left : CHUNK;
		ssize_t r = read(fd, s->buf, want);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			util_err("%s: read stopped %llu bytes short", s->path,
				 (unsigned long long)left);
			return -1;
		}
		s->sum += mem_sum(s->buf, (size_t)r);
		left -= (uint64_t)r;
	}
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->fd = -1;
	s->path = file_for_copy(s->file, s->private_copy, s->size, cx->copy, &s->own);
	if (s->path == NULL)
		return -1;
	/* Page aligned (lib_mem), so the kernel's copy from the page
	 * cache's pages keeps the same offset within a page on both sides:
	 * whole-line moves, and no store that a following load of the copy
	 * seems to depend on (4K aliasing). */
	s->buf = mem_alloc(CHUNK);
	if (s->buf == NULL)
		return -1;
	if (!s->open2close) {
		s->fd = open(s->path, O_RDONLY);
		if (s->fd < 0) {
			util_syserr("cannot open %s", s->path);
			return -1;
		}
	}
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		int fd = s->fd;

		if (s->open2close) {
			fd = open(s->path, O_RDONLY);
			if (fd < 0) {
				util_syserr("cannot open %s", s->path);
				return -1;
			}
		} else if (lseek(fd, 0, SEEK_SET) != 0) {
			util_syserr("lseek %s", s->path);
			return -1;
		}
		if (read_all(s, fd) != 0) {
			if (s->open2close)
				close(fd);
			return -1;
		}
		if (s->open2close)
			close(fd);
	}
	timing_use(s->sum);
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->fd >= 0)
		close(s->fd);
	file_release(&s->own);
	mem_free(s->buf, CHUNK);
	s->buf = NULL;
	s->fd = -1;
}

static int
option(void *sp, int c, const char *arg)
{
	(void)c;
	(void)arg;
	((struct state *)sp)->private_copy = 1;
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "[-C] [-P <parallelism>] [-W <warmup>] [-N <repetitions>] "\
	"<size> open2close|io_only <filename>"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	struct bench_result r;
	const char *why;
	int rc;

	memset(&s, 0, sizeof(s));
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	rc = opts_parse(argc, argv, USAGE, 0, &o, option, &s);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0 || argc - optind != 3)
		usage();
	why = util_parse_size(argv[optind], 1, &s.size);
	if (why == NULL && s.size < MIN_SIZE)
		why = "too small (at least 64 bytes)";
	if (why != NULL) {
		util_err("bad size '%s': %s", argv[optind], why);
		return EXIT_USAGE;
	}
	if (strcmp(argv[optind + 1], "open2close") == 0) {
		s.open2close = 1;
	} else if (strcmp(argv[optind + 1], "io_only") != 0) {
		util_err("unknown mode '%s' (see -h)", argv[optind + 1]);
		return EXIT_USAGE;
	}
	s.file = argv[optind + 2];
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	if (file_check(s.file, s.size, NULL) != 0)
		return EXIT_FAILED;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	rc = report_bw_pair(&r, argv[optind + 1], (double)s.size,
			    (double)s.size);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

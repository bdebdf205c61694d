/*
 * bw_mmap_rd - bandwidth of reading a file through a memory mapping.
 *
 * Sums every word of the first SIZE bytes of FILE, mapped read-only
 * (the sum is kept, so the reads cannot be dropped):
 *   mmap_only   the file is mapped once; each iteration sums the mapping
 *               (page faults only on the first pass)
 *   open2close  each iteration opens, maps, sums, unmaps and closes, so
 *               every pass takes the page faults again
 * Pages come from the page cache: this measures the mapping and the
 * memory, not a disk.  The rate is copies * SIZE / median interval in
 * MB/s (10^6 bytes).  -C gives each copy a private copy of the file.  A
 * file shorter than SIZE is an error.
 *
 * Usage: bw_mmap_rd [-C] [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        <size> open2close|mmap_only <filename>
 * Output (stderr): "8.39 23456.78" (MB read per iteration, MB/s)
 */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

struct state {
	const char *file; /* the file named */
	char *own;	  /* -C: this copy's private file */
	const char *path; /* the file this copy reads */
	int private_copy; /* -C */
	int open2close;	  /* map and unmap every iteration */
	uint64_t size;	  /* bytes per iteration */
	void *map;	  /* mmap_only: the mapping */
	uint64_t sum;	  /* what was read, summed */
};

static void *
map_file(const struct state *s)
{
	int fd = open(s->path, O_RDONLY);
	void *p;

	if (fd < 0) {
		util_syserr("cannot open %s", s->path);
		return NULL;
	}
	p = mmap(NULL, (size_t)s->size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		util_syserr("cannot map %s", s->path);
		return NULL;
	}
	return p;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->map = NULL;
	s->path = file_for_copy(s->file, s->private_copy, s->size, cx->copy, &s->own);
	if (s->path == NULL)
		return -1;
	if (!s->open2close) {
		s->map = map_file(s);
		if (s->map == NULL)
			return -1;
	}
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		void *p = s->map;

		if (s->open2close && (p = map_file(s)) == NULL)
			return -1;
		s->sum += mem_sum(p, (size_t)s->size);
		if (s->open2close)
			munmap(p, (size_t)s->size);
	}
	timing_use(s->sum);
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->map != NULL)
		munmap(s->map, (size_t)s->size);
	file_release(&s->own);
	s->own = NULL;
	s->map = NULL;
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
	"<size> open2close|mmap_only <filename>"

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
	if (why == NULL && s.size < 1)
		why = "too small";
	if (why == NULL && s.size > SIZE_MAX / 2)
		why = "too large";
	if (why != NULL) {
		util_err("bad size '%s': %s", argv[optind], why);
		return EXIT_USAGE;
	}
	if (strcmp(argv[optind + 1], "open2close") == 0) {
		s.open2close = 1;
	} else if (strcmp(argv[optind + 1], "mmap_only") != 0) {
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

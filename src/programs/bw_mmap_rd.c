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

#include "lib_clock.h"
#include "lib_fd.h"
#include "lib_file.h"
#include "lib_file_bw.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_util.h"

struct state {
	struct file_bw f; /* the file, the size, the mode (lib_file) */
	void *map;	  /* mmap_only: the mapping */
	uint64_t sum;	  /* what was read, summed */
};

static void *
map_file(const struct state *s)
{
	int fd = fd_open(s->f.path, O_RDONLY, "cannot open ", "");
	void *p;

	if (fd < 0)
		return NULL;
	p = mmap(NULL, (size_t)s->f.size, PROT_READ, MAP_SHARED, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		util_syserr("cannot map %s", s->f.path);
		return NULL;
	}
	return p;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->map = NULL;
	if (file_bw_open(&s->f, cx) != 0)
		return -1;
	if (!s->f.open2close) {
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

		if (s->f.open2close && (p = map_file(s)) == NULL)
			return -1;
		s->sum += mem_sum(p, (size_t)s->f.size);
		if (s->f.open2close)
			munmap(p, (size_t)s->f.size);
	}
	timing_use(s->sum);
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->map != NULL)
		munmap(s->map, (size_t)s->f.size);
	file_release(&s->f.own);
	s->f.own = NULL;
	s->map = NULL;
}

int
main(int argc, char **argv)
{
	static struct state s;
	const struct bench_desc d = { .init = init, .run = run,
		                      .cleanup = cleanup, .state = &s };

	return file_bw_main(argc, argv, "mmap_only", 1, &s.f, &d);
}

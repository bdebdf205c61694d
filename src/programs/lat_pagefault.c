/*
 * lat_pagefault - the cost of a page fault on a file in the page cache.
 *
 * FILE (at least 1 MB; whole pages of it) is mapped read-only and
 * shared.  Each iteration maps it, reads one byte of every page in a
 * random order (a fresh permutation per program, so neither the order
 * nor a prefetcher helps), and unmaps it.  The same cycle without the
 * reads is measured too, and the result is the difference divided by the
 * number of pages: the time per page touched.  The pages stay in the page
 * cache, so these are minor faults; Linux maps up to 16 neighbouring
 * pages per fault ("fault-around"), so this is the cost per page, not
 * per fault.  -C gives each copy a private copy of the file.
 *
 * Usage: lat_pagefault [-C] [-P <parallelism>] [-W <warmup>]
 *        [-N <repetitions>] file
 * Output (stderr): "Pagefaults on FILE: 0.0712 microseconds"
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
#include "lib_file_bw.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_util.h"

#define MIN_FILE ((uint64_t)1 << 20)

struct state {
	struct file_bw f; /* the file, -C, the bytes a copy needs (lib_file) */
	int touch;	  /* read the pages (else the baseline) */
	size_t len;	  /* whole pages of the file */
	size_t npages;	  /* len / page size */
	size_t *order;	  /* page offsets, in random order */
	int fd;		  /* the open file */
	uint64_t sum;	  /* what was read */
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	size_t ps = mem_pagesize(), i;
	uint64_t rng = 0x70616765ULL + (uint64_t)cx->copy;

	if (file_bw_open_fd(&s->f, cx, O_RDONLY, "", &s->fd) != 0)
		return -1;
	s->order = malloc(s->npages * sizeof(*s->order));
	if (s->order == NULL) {
		util_err("out of memory");
		return -1;
	}
	for (i = 0; i < s->npages; i++)
		s->order[i] = i * ps;
	for (i = s->npages; i > 1; i--) {
		size_t j = (size_t)(mem_rand(&rng) % i), t = s->order[i - 1];

		s->order[i - 1] = s->order[j];
		s->order[j] = t;
	}
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		const volatile char *p =
			mmap(NULL, s->len, PROT_READ, MAP_SHARED, s->fd, 0);
		size_t i;

		if (p == MAP_FAILED) {
			util_syserr("mmap");
			return -1;
		}
		if (s->touch)
			for (i = 0; i < s->npages; i++)
				s->sum += (unsigned char)p[s->order[i]];
		munmap((void *)p, s->len);
	}
	timing_use(s->sum);
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	file_bw_close(&s->f, &s->fd);
	free(s->order);
	s->order = NULL;
}

static void
choose(struct bench_desc *d, int figure)
{
	struct state *s = d->state;

	s->touch = figure;
}

static const struct bench_prog prog = {
	.usage = "[-C] [-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	         "file",
	.help = "-C                a private copy of the file for each copy\n"
	        "file              the file mapped (at least 1 MB)",
	.min_operands = 1,
	.max_operands = 1,
	.option = file_bw_option,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { .fd = -1 };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	char label[4200];
	uint64_t size;
	struct bench_prog p = prog;

	p.ctx = &s.f;
	s.f.file = argv[bench_begin(argc, argv, &p, &o)];
	if (file_check(s.f.file, MIN_FILE, &size) != 0)
		return EXIT_FAILED;
	s.len = (size_t)(size / mem_pagesize() * mem_pagesize());
	s.npages = s.len / mem_pagesize();
	s.f.size = s.len; /* what a private copy holds */
	snprintf(label, sizeof(label), "Pagefaults on %s", s.f.file);
	/* The map/unmap cycle alone, then with every page touched. */
	return bench_measure_diff(&d, &o, choose, label, (double)s.npages);
}

/*
 * bw_mem - memory bandwidth of simple loops over a buffer.
 *
 * One iteration is one pass of the kernel over `size` bytes; the rate is
 * copies * size / median interval, in MB/s (MB = 10^6 bytes), the same
 * byte count for every kernel whatever it touches, as lmbench counts.
 * The hand loops use 64-bit words in unrolled blocks of 512 bytes (lmbench
 * used 32-bit words, which under-measure wide memory systems); the
 * "partial" kernels touch one word in every 16 bytes, as lmbench's touch
 * one word in four of 4 bytes, so every cache line is still moved.
 *
 *   rd     sum one word per 16 bytes          (partial read)
 *   frd    sum every word                     (read)
 *   wr     store one word per 16 bytes        (partial write)
 *   fwr    store every word                   (write)
 *   rdwr   add one to one word per 16 bytes   (partial read/write)
 *   cp     copy one word per 16 bytes         (partial copy)
 *   fcp    copy every word                    (unrolled copy)
 *   bzero  memset(buf, 0, size)               (libc)
 *   bcopy  memcpy(dst, src, size)             (libc)
 *
 * Buffers are page-aligned and written once before timing, so no page
 * fault is timed.  cp, fcp and bcopy use a second buffer, placed by the
 * library (mem_set_alloc): by default an odd number of pages after the
 * source, never a power of two away (buffers a power of two apart copy at
 * half speed on some machines); -A asks for that worst case on purpose
 * (the next power of two).  `conflict` keeps lmbench's meaning: the
 * destination starts 1920 bytes (2K - 128) past a page boundary, where
 * otherwise source and destination share page offsets.  The distance is
 * recorded in the JSON record's placement (" buffers=SPREAD+N").  -P
 * copies each have their own buffers and the rate is their sum.
 *
 * Usage: bw_mem [-A] [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        <size> rd|wr|rdwr|cp|fwr|frd|fcp|bzero|bcopy [conflict]
 * Output (stderr): "67.11 22053.39" (MB moved per pass, MB/s)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_bw.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_util.h"

#define CONFLICT_OFFSET 1920

struct state {
	struct bw_buf b;      /* first: what the kernels (lib_bw) see */
	long page_offset;     /* conflict: the destination's, else -1 */
	enum mem_place place; /* -A: MEM_ALIGNED */
	int two_buffers;      /* the kernel copies */
	struct mem_set set;   /* the buffers */
	enum mem_pages pages; /* -H */
	int threads;          /* -T */
};

/* The kernels, in lmbench's order of the usage text. */
static const struct kernel {
	const char *name;
	int (*run)(void *, uint64_t);
	int two_buffers;
	int width; /* bytes per load or store of the wide kernels; 0:
		    * lmbench's, and for ntwr/ntcp: none on this target */
} kernels[] = {
	{ "rd", bw_rd, 0, 0 },       { "wr", bw_wr, 0, 0 },
	{ "rdwr", bw_rdwr, 0, 0 },   { "cp", bw_cp, 1, 0 },
	{ "fwr", bw_fwr, 0, 0 },     { "frd", bw_frd, 0, 0 },
	{ "fcp", bw_fcp, 1, 0 },     { "bzero", bw_bzero, 0, 0 },
	{ "bcopy", bw_bcopy, 1, 0 },
	/* beyond lmbench: every word, 64-bit and vector, non-temporal */
	{ "rd64", bw_rd64, 0, 8 },   { "wr64", bw_wr64, 0, 8 },
	{ "cp64", bw_cp64, 1, 8 },   { "rdv", bw_rdv, 0, BW_VECTOR_BYTES },
	{ "wrv", bw_wrv, 0, BW_VECTOR_BYTES },
	{ "cpv", bw_cpv, 1, BW_VECTOR_BYTES },
	{ "ntwr", bw_ntwr, 0, BW_NT_BYTES },
	{ "ntcp", bw_ntcp, 1, BW_NT_BYTES },
};
#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	(void)cx;
	if (mem_set_alloc_pages(&s->set, s->two_buffers ? 2 : 1, s->b.size,
				s->place, s->page_offset, s->pages) != 0)
		return -1;
	s->b.src = (uint64_t *)(void *)s->set.buf[0];
	/* Touch every page now: no page fault is timed. */
	memset(s->b.src, 1, s->b.size);
	if (s->two_buffers) {
		s->b.dst = (uint64_t *)(void *)s->set.buf[1];
		memset(s->b.dst, 2, s->b.size);
	}
	s->b.value = (uint64_t)getpid();
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	mem_set_free(&s->set);
	s->b.src = s->b.dst = NULL;
}

/* -A: the buffers a power of two apart, the worst case; -H: pages. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;

	if (c == 'A')
		s->place = MEM_ALIGNED;
	else if (c == 'T')
		s->threads = 1;
	else
		return mem_pages_option(arg, &s->pages);
	return 0;
}

/* <size>: at least 512 bytes; 0, or -1 after a message. */
static int
parse_size(const char *arg, uint64_t *size)
{
	const char *why = util_parse_size(arg, 1, size);

	if (why == NULL && *size < 512)
		why = "too small (at least 512 bytes)";
	if (why == NULL && *size > SIZE_MAX / 4)
		why = "too large";
	if (why == NULL)
		why = mem_beyond(*size);
	if (why != NULL) {
		util_err("bad size '%s': %s", arg, why);
		return -1;
	}
	return 0;
}

/* The operands after <size>: the kernel, and "conflict". */
static const struct kernel *
parse_kernel(int n, char **args, struct state *s)
{
	const struct kernel *k = &kernels[bench_lookup(
	    "kernel", args[0], kernels, NKERNELS, sizeof(kernels[0]))];

	if (n == 2) {
		if (strcmp(args[1], "conflict") != 0) {
			util_err("unknown argument '%s' (only 'conflict')",
			         args[1]);
			exit(EXIT_USAGE);
		}
		s->page_offset = CONFLICT_OFFSET;
	}
	s->two_buffers = k->two_buffers;
	if (k->width == 0 && k->name[0] == 'n') {
		util_err("%s: no non-temporal stores on this target (only x86 "
		         "SSE2 streaming stores)", k->name);
		exit(EXIT_UNSUPPORTED);
	}
	return k;
}

int
main(int argc, char **argv)
{
	const struct kernel *k;
	struct state s;
	struct bench_desc d = { .init = init, .cleanup = cleanup, .state = &s };
	struct bench_result r;
	struct bench_opts o;
	const struct bench_prog prog = {
		.usage = "[-A] [-H thp|huge|none] [-T] [-P <parallelism>] [-W <warmup>] "
		         "[-N <repetitions>] <size> "
		         "rd|wr|rdwr|cp|fwr|frd|fcp|bzero|bcopy|"
		         "rd64|wr64|cp64|rdv|wrv|cpv|ntwr|ntcp [conflict]",
		.help = "-A                the buffers a power of two apart "
		        "(the worst case)\n"
		        "-H thp|huge|none  the buffers' pages: transparent huge, "
		        "hugetlbfs or base pages only\n"
		        "-T                the -P copies as threads of one "
		        "process\n"
		        "<size>            bytes per pass (suffixes k K m M g G)\n"
		        "conflict          the destination 1920 bytes past a "
		        "page boundary",
		.min_operands = 2, .max_operands = 3,
		.option = option, .ctx = &s,
	};
	uint64_t size;
	size_t page_bytes;
	int rc, first, nbuf;

	memset(&s, 0, sizeof(s));
	s.page_offset = -1;
	first = bench_begin(argc, argv, &prog, &o);
	if (parse_size(argv[first], &size) != 0)
		return EXIT_USAGE;
	k = parse_kernel(argc - first - 1, argv + first + 1, &s);
	s.b.size = (size_t)size;
	nbuf = k->two_buffers ? 2 : 1;
	if (nbuf * size * (uint64_t)o.parallel > mem_available() / 10 * 9) {
		util_err("%d x %llu MB is more than the %llu MB of memory "
		         "available",
		         o.parallel * nbuf, (unsigned long long)(size >> 20),
		         (unsigned long long)(mem_available() >> 20));
		return EXIT_FAILED;
	}
	rc = mem_pages_require(s.pages, nbuf * size * (uint64_t)o.parallel,
			       &page_bytes);
	if (rc != 0)
		return rc;
	d.run = k->run;
	d.state_size = sizeof(s);
	o.threads = s.threads;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	mem_pages_note(r.placement, sizeof(r.placement), s.pages, page_bytes);
	if (k->width)
		snprintf(r.placement + strlen(r.placement),
			 sizeof(r.placement) - strlen(r.placement), " width=%d",
			 k->width);
	if (k->two_buffers)
		mem_set_note(r.placement, sizeof(r.placement), s.place,
			     mem_set_distance(s.b.size, s.place, s.page_offset));
	rc = report_bw_pair(&r, k->name, (double)size, (double)size);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

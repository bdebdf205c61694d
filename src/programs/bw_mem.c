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
#include <string.h>

#include "bw_mem.h"
#include "lib_bench.h"
#include "lib_bw.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_util.h"

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

int
main(int argc, char **argv)
{
	const struct kernel *k;
	struct state s;
	struct bench_desc d = { .init = bwm_init, .cleanup = bwm_cleanup,
	                        .state = &s };
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
	if (bwm_size(argv[first], &size) != 0)
		return EXIT_USAGE;
	k = bwm_kernel(argc - first - 1, argv + first + 1, &s);
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

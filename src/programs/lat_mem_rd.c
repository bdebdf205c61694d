/*
 * lat_mem_rd - memory read latency against working-set size.
 *
 * For each stride and each size on lmbench's grid (512, 1K, 2K, 3K, 4K,
 * then 1.5x and 2x each power of two up to len), a ring of pointers is
 * laid in a fresh buffer of that size, one slot every `stride` bytes, and
 * chased: every load's address is the value the previous load returned,
 * so no two loads overlap and the time per load is the load-to-use
 * latency of whatever level holds the ring.  Loads are unrolled 100 to a
 * loop turn; one iteration walks the ring once, rounded up to a whole
 * number of hundreds, or 102400 loads for larger rings (the chase goes
 * on where the last iteration stopped, so it still cycles through the
 * whole ring).
 *
 * Default: slot k points to slot k+1 (forward, sequential; hardware
 * prefetchers follow it, so past the caches it understates latency).
 * -t: the ring is a random single cycle through every slot in which
 * consecutive loads land on different pages ("thrash"), defeating the
 * prefetchers and the TLB.  Each ring is checked to be one cycle through
 * every slot before it is timed.
 *
 * The result is the minimum over the intervals (lmbench does the same),
 * in nanoseconds per load; with -P, per load within one copy.
 *
 * Usage: lat_mem_rd [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        [-t] len [stride...]      (len in MB of 2^20 bytes)
 * Output (stderr): "stride=128, then "%.5f %.3f" (size in MB, ns) per
 * size, then a blank line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_util.h"

#define LOADS_PER_TURN 100
#define MAX_TURNS      1024 /* 102400 loads: 5-20 ms past the caches */

struct state {
	size_t size;    /* bytes in the ring */
	size_t stride;  /* bytes between slots */
	int random;     /* -t: random ring across pages */
	char *buf;      /* the buffer holding the ring */
	void **cur;     /* where the chase stands */
	uint64_t turns; /* turns of 100 loads per iteration */
	enum mem_pages pages; /* -H */
	size_t page_bytes;    /* what a probe of those pages got */
	int threads;          /* -T */
	int keep;             /* one copy: every ring in one buffer */
	char *kept;           /* that buffer, len bytes (NULL: not yet) */
	size_t len;           /* the largest ring */
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	size_t count = s->size / s->stride;

	/* One copy (the suite's case) keeps one buffer of the largest
	 * ring for every size, as lmbench does: a fresh mapping a size
	 * cost the page faults and zeroing of every size again (at 600 MB,
	 * three times the largest ring a sweep).  -P copies, processes or
	 * threads, each map their own. */
	if (s->keep && s->kept == NULL)
		s->kept = mem_alloc_pages(s->len, s->pages);
	s->buf = s->keep ? s->kept : mem_alloc_pages(s->size, s->pages);
	if (s->buf == NULL)
		return -1;
	if (s->random)
		s->cur =
		    mem_chain_random(s->buf, count, s->stride, mem_pagesize(),
		                     0x6c6d62656e6368ULL + (uint64_t)cx->copy);
	else
		s->cur = mem_chain_stride(s->buf, count, s->stride);
	if (s->cur == NULL ||
	    mem_chain_check_linked(s->cur, s->buf, count, s->stride) != 0) {
		util_err("internal error: the %zu-byte ring is not one cycle",
		         s->size);
		return -1;
	}
	return 0;
}

#define LOAD    p = (void **)*p;
#define TEN     LOAD LOAD LOAD LOAD LOAD LOAD LOAD LOAD LOAD LOAD
#define HUNDRED TEN TEN TEN TEN TEN TEN TEN TEN TEN TEN

static int
run(void *sp, uint64_t iters)
{
	struct state *s = sp;
	void **p = s->cur;
	uint64_t n = iters * s->turns;

	while (n-- > 0) {
		HUNDRED
	}
	s->cur = p;
	timing_use_ptr(p);
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->buf != s->kept)
		mem_free_pages(s->buf, s->size, s->pages);
	s->buf = NULL;
}

/* -t: the random ring; -H: the pages. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;

	if (c == 't' || c == 'T') {
		if (c == 't')
			s->random = 1;
		else
			s->threads = 1;
		return 0;
	}
	return mem_pages_option(arg, &s->pages);
}

/* One stride's sizes, each a line "%.5f %.3f" (the size in MB of 2^20
 * bytes, ns per load); 0, or -1 after a message. */
static int
sweep(struct bench_desc *d, const struct bench_opts *o, uint64_t stride,
      uint64_t len)
{
	struct state *s = d->state;
	struct bench_result r;
	char metric[64];
	struct report_fig f = { metric, "ns", REPORT_NS, 0, 0, 0 };
	size_t size;
	double v;
	int rc;

	report_text("\"stride=%llu\n", (unsigned long long)stride);
	for (size = 512; size <= len; size = chase_next_size(size)) {
		if (size < stride)
			continue;
		s->size = size;
		s->stride = stride;
		/* One lap of the ring, rounded up to whole turns, but no
		 * more than MAX_TURNS: the chase goes on from where it
		 * stopped, so successive iterations still cycle through the
		 * whole ring, and a large ring no longer costs seconds per
		 * interval. */
		s->turns = size / stride / LOADS_PER_TURN + 1;
		if (s->turns > MAX_TURNS)
			s->turns = MAX_TURNS;
		if (bench_run(d, o, &r) != 0)
			return -1;
		mem_pages_note(r.placement, sizeof(r.placement), s->pages,
			       s->page_bytes);
		snprintf(metric, sizeof(metric), "%sstride=%llu",
		         s->random ? "random " : "", (unsigned long long)stride);
		f.per_iter = (double)s->turns * LOADS_PER_TURN;
		f.size_bytes = (double)size;
		rc = report_measured(&r, &f, &v) != 0
		     ? -1
		     : report_emit(&r, &f, v, "%.5f %.3f\n",
		                   (double)size / 1048576.0, v);
		bench_result_free(&r);
		if (rc != 0)
			return -1;
	}
	report_text("\n");
	return 0;
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { 0 };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	uint64_t len, strides[64];
	int first, nstrides, i, rc;
	const struct bench_prog prog = {
		.min_operands = 1, .max_operands = -1,
		.option = option, .ctx = &s,
		.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
		         "[-t] [-H thp|huge|none] [-T] len [stride...]",
		.help = "-N <repetitions>  timed intervals per copy, exactly; the "
		        "minimum is reported (without -N one copy takes 3 to "
		        "11, until the two fastest agree within 0.5 %)\n"
		        "-t                a random ring across pages "
		        "(defeats the prefetchers)\n"
		        "-H thp|huge|none  the rings' pages: transparent huge, "
		        "hugetlbfs or base pages only\n"
		        "-T                the -P copies as threads of one "
		        "process\n"
		        "len               the largest ring, in MB of 2^20 "
		        "bytes\n"
		        "stride            bytes between the ring's slots "
		        "(default 64 pointers)",
	};

	first = bench_begin(argc, argv, &prog, &o);
	o.stat = BENCH_MINIMUM;
	o.settle = 1; /* one copy: fewer intervals where the minimum repeats */
	o.threads = s.threads;
	d.state_size = sizeof(s);
	if (chase_parse_len(argv[first], &len) != 0)
		return EXIT_USAGE;
	nstrides = chase_parse_strides(argc - first - 1, argv + first + 1, len,
	                         strides, 64);
	if (nstrides < 0)
		return EXIT_USAGE;
	if (len * (uint64_t)o.parallel > mem_available() / 10 * 9) {
		util_err("len %llu MB x %d copies is more than the %llu MB of "
		         "memory available",
		         (unsigned long long)(len >> 20), o.parallel,
		         (unsigned long long)(mem_available() >> 20));
		return EXIT_FAILED;
	}
	rc = mem_pages_require(s.pages, len * (uint64_t)o.parallel,
			       &s.page_bytes);
	if (rc != 0)
		return rc;
	s.keep = o.parallel == 1;
	s.len = (size_t)len;
	for (i = 0; i < nstrides; i++)
		if (sweep(&d, &o, strides[i], len) != 0)
			break;
	if (s.kept != NULL)
		mem_free_pages(s.kept, s.len, s.pages);
	return i < nstrides ? EXIT_FAILED : 0;
}

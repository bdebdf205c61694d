/*
 * line - the cache line size, found by false sharing.
 *
 * Two processes on two different CPUs share a page.  A helper keeps
 * storing to the word at offset D; the program times increments of the
 * word at offset 0.  While D is inside the program's cache line the two
 * CPUs fight over that line and every increment waits for it to come
 * back; once D reaches the next line they no longer share anything and
 * the increments run at cache speed.  The line size is the smallest D
 * (8, 16, ... 1024 bytes) at which the time per increment falls to
 * within twice the time with the helper storing a page away.  This finds
 * the coherency line that the hardware states, and the adjacent-line
 * prefetchers that fooled lmbench's latency method (it reports 128 on
 * machines with 64-byte lines) do not enter into it.
 *
 * Times per increment are medians of -N intervals.
 *
 * With one CPU, or two that do not fight over a line (hyperthreads of
 * one core share the first-level cache; a virtual machine's vCPUs may be
 * such a pair), the program falls back on lmbench's latency method over
 * a buffer of -M bytes (default 64 MB), which adjacent-line prefetchers
 * can fool into twice the line; -v says which method answered.
 *
 * Usage: line [-v] [-W <warmup>] [-N <repetitions>] [-M len[K|M]]
 * Output (stdout): "64"; -v: "cache line size: 64 bytes (false sharing)"
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

#define REGION 8192
#define FAR 4096 /* the helper's word when nothing is shared */

struct state {
	char *shared;	   /* two pages shared with the helper */
	size_t offset;	   /* where the helper stores */
	pid_t helper;	   /* the storing process */
	int cpus[2];	   /* where the two run */
};

/* Pin the calling process to one CPU. */
static int
pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static int
init(void *sp, int copy)
{
	struct state *s = sp;
	atomic_int *ready;

	(void)copy;
	memset(s->shared, 0, REGION);
	ready = (atomic_int *)(void *)(s->shared + REGION - 64);
	atomic_store(ready, 0);
	s->helper = bench_fork(0, 1);
	if (s->helper < 0)
		return -1;
	if (s->helper == 0) {
		volatile uint64_t *w =
			(volatile uint64_t *)(void *)(s->shared + s->offset);

		if (pin(s->cpus[1]) != 0)
			_exit(EXIT_FAILED);
		atomic_store(ready, 1);
		for (;;)
			(*w)++;
	}
	if (pin(s->cpus[0]) != 0) {
		util_syserr("sched_setaffinity");
		return -1;
	}
	/* Time only once the helper is storing. */
	while (atomic_load(ready) == 0)
		sched_yield();
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	volatile uint64_t *w = (volatile uint64_t *)(void *)s->shared;

	while (n-- > 0)
		(*w)++;
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->helper > 0) {
		kill(s->helper, SIGKILL);
		while (waitpid(s->helper, NULL, 0) < 0 && errno == EINTR)
			;
	}
	s->helper = -1;
}

/* The first two CPUs this program may use; -1 if there is one. */
static int
two_cpus(int cpus[2])
{
	cpu_set_t set;
	int i, n = 0;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return -1;
	for (i = 0; i < CPU_SETSIZE && n < 2; i++)
		if (CPU_ISSET(i, &set))
			cpus[n++] = i;
	return n == 2 ? 0 : -1;
}

/* Options: -v and -M. */
struct opts {
	int verbose;   /* -v */
	uint64_t mlen; /* -M: buffer of the latency method */
};

static int
option(void *sp, int c, const char *arg)
{
	struct opts *op = sp;
	const char *why;

	if (c == 'v') {
		op->verbose = 1;
		return 0;
	}
	why = util_parse_size(arg, 1, &op->mlen);
	if (why == NULL && op->mlen < (1 << 20))
		why = "too small (at least 1 MB)";
	if (why != NULL) {
		util_err("bad -M '%s': %s", arg, why);
		return -1;
	}
	return 0;
}

static int
print_line(size_t bytes, int verbose, const char *method)
{
	if (verbose) {
		printf("cache line size: %zu bytes (%s)\n", bytes, method);
		fflush(stdout);
		return 0;
	}
	return report_stdout("cache line", "bytes", 0, (double)bytes) == 0
		       ? 0
		       : EXIT_FAILED;
}

/* The latency method, lmbench's: chase one word every S bytes of each
 * page, pages in random order, words of a page in random order.  While S
 * is below the line, several loads share a line and only the first
 * misses, so doubling S nearly doubles the time per load; from the line
 * on, every load misses and the time stays.  Adjacent-line prefetchers
 * make pairs of lines look like one, so this can report twice the line. */
struct chase {
	size_t len;    /* buffer bytes */
	size_t stride; /* S */
	char *buf;
	void **p;
};

static int
chase_init(void *sp, int copy)
{
	struct chase *c = sp;
	size_t ps = mem_pagesize(), per = ps / c->stride;
	size_t np = c->len / ps, n = np * per, *order, *pages, *words, i, j;
	uint64_t rng = 0x6c696e65ULL + (uint64_t)copy;

	c->buf = mem_alloc(c->len);
	order = calloc(n ? n : 1, sizeof(*order));
	pages = malloc(np * sizeof(*pages));
	words = malloc(per * sizeof(*words));
	if (c->buf == NULL || order == NULL || pages == NULL || words == NULL) {
		free(order);
		free(pages);
		free(words);
		if (c->buf == NULL)
			return -1;
		util_err("out of memory");
		return -1;
	}
	for (i = 0; i < np; i++)
		pages[i] = i;
	for (i = np; i > 1; i--) {
		size_t k = (size_t)(mem_rand(&rng) % i), t = pages[i - 1];

		pages[i - 1] = pages[k];
		pages[k] = t;
	}
	for (i = 0; i < np; i++) {
		for (j = 0; j < per; j++)
			words[j] = j;
		for (j = per; j > 1; j--) {
			size_t k = (size_t)(mem_rand(&rng) % j), t = words[j - 1];

			words[j - 1] = words[k];
			words[k] = t;
		}
		for (j = 0; j < per; j++)
			order[i * per + j] = pages[i] * ps + words[j] * c->stride;
	}
	for (i = 0; i < n; i++)
		*(void **)(c->buf + order[i]) = c->buf + order[(i + 1) % n];
	c->p = (void **)(c->buf + order[0]);
	free(order);
	free(pages);
	free(words);
	return 0;
}

static int
chase_run(void *sp, uint64_t n)
{
	struct chase *c = sp;
	void **p = c->p;

	n *= 100;
	while (n-- > 0)
		p = (void **)*p;
	c->p = p;
	bench_use_ptr(p);
	return 0;
}

static void
chase_cleanup(void *sp)
{
	struct chase *c = sp;

	mem_free(c->buf, c->len);
	c->buf = NULL;
}

static int
by_latency(const struct bench_opts *o, int verbose, uint64_t mlen)
{
	struct chase c = { (size_t)mlen, 8, NULL, NULL };
	struct bench_desc d = { .init = chase_init,
				.run = chase_run,
				.cleanup = chase_cleanup,
				.state = &c };
	struct bench_result r;
	double t[8];
	size_t line = 0;
	int i, tries;

	/* A noisy machine can make one sweep inconclusive: three tries. */
	for (tries = 0; tries < 3 && (line == 0 || line == 512); tries++) {
		for (i = 0; i < 7; i++) {
			c.stride = (size_t)8 << i;
			if (bench_run(&d, o, &r) != 0)
				return EXIT_FAILED;
			t[i] = r.ns_per_iter / 100;
			bench_result_free(&r);
		}
		/* The line is where the last doubling of the time happened:
		 * the last stride at least 1.5 times slower than half of it
		 * (a single noisy small stride cannot end the search). */
		line = 0;
		for (i = 1; i < 7; i++)
			if (t[i] >= 1.5 * t[i - 1])
				line = (size_t)8 << i;
	}
	if (line == 0 || line == 512) {
		util_err("no line size found (time per load did not settle "
			 "between 8- and 512-byte strides)");
		return EXIT_FAILED;
	}
	return print_line(line, verbose,
			  "latency; no two CPUs fight over a line here");
}

static void __attribute__((noreturn))
usage(void)
{
	util_usage("[-v] [-W <warmup>] [-N <repetitions>] [-M len[K|M]]");
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct state s;
	struct bench_opts o;
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	struct bench_result r;
	double alone, t;
	struct opts op = { 0, 64 << 20 };
	int rc;
	size_t off;

	memset(&s, 0, sizeof(s));
	s.helper = -1;
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	rc = bench_getopt(argc, argv, "vM:", &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc || o.parallel != 1)
		usage();
	if (timing_check_env() != 0)
		return EXIT_USAGE;
	if (two_cpus(s.cpus) != 0)
		return by_latency(&o, op.verbose, op.mlen);
	s.shared = mmap(NULL, REGION, PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s.shared == MAP_FAILED) {
		util_syserr("mmap");
		return EXIT_FAILED;
	}
	s.offset = FAR;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	alone = r.ns_per_iter;
	bench_result_free(&r);
	s.offset = 8;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	t = r.ns_per_iter;
	bench_result_free(&r);
	/* Two CPUs that share a first-level cache (hyperthreads of one
	 * core, as a virtual machine's two vCPUs may be) do not fight over a
	 * line: the method cannot see the line there. */
	if (t < 3 * alone)
		return by_latency(&o, op.verbose, op.mlen);
	for (off = 16; off <= 1024; off *= 2) {
		s.offset = off;
		if (bench_run(&d, &o, &r) != 0)
			return EXIT_FAILED;
		t = r.ns_per_iter;
		bench_result_free(&r);
		if (t >= 2 * alone)
			continue;
		/* Confirm the edge: the offset below must still fight. */
		s.offset = off / 2;
		if (bench_run(&d, &o, &r) != 0)
			return EXIT_FAILED;
		t = r.ns_per_iter;
		bench_result_free(&r);
		if (t >= 3 * alone)
			return print_line(off, op.verbose, "false sharing");
		break; /* noise, not a line: the latency method decides */
	}
	/* The contention never went away: not a line effect after all (a
	 * busy or odd machine); the latency method decides. */
	return by_latency(&o, op.verbose, op.mlen);
}

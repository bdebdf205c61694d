/*
 * lib_share.c - the cache line by false sharing (lib_share.h): atomic
 * adds at offset 0 timed while a helper on another CPU adds at a growing
 * offset of the same shared page.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_analysis.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_place.h"
#include "lib_share.h"
#include "lib_stats.h"
#include "lib_super.h"
#include "lib_util.h"

#define REGION 8192
#define FAR 4096	/* the helper's word when nothing is shared */
#define READY (REGION - 64) /* the helper's "I am running" flag */
#define BATCH 512	/* atomic adds per timed batch */
#define NOFF 8		/* offsets 8 ... 1024 */

/* The first two CPUs this program may use; -1 if there is one. */
static int
two_cpus(int cpus[2])
{
	const int *all;

	if (place_allowed(&all) < 2)
		return -1;
	cpus[0] = all[0];
	cpus[1] = all[1];
	return 0;
}

static atomic_ullong *
word(char *shared, size_t off)
{
	return (atomic_ullong *)(void *)(shared + off);
}

static void
stop(pid_t pid)
{
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

/*
 * The median time of one atomic add at offset 0 while the helper on
 * cpus[1] adds at `off`: 1 with *ns set, 0 when the helper did not run
 * alongside often enough to tell, -1 after a message.
 */
static int
fight(char *shared, const int cpus[2], size_t off, const struct bench_opts *o,
      double *ns)
{
	atomic_ullong *mine = word(shared, 0), *theirs = word(shared, off);
	atomic_int *ready = (atomic_int *)(void *)(shared + READY);
	int want = 20 * o->repetitions, n = 0, i;
	uint64_t start, limit = 200000000ULL + o->warmup_us * 1000;
	double *v;
	pid_t pid;

	memset(shared, 0, REGION);
	v = malloc((size_t)want * sizeof(*v));
	if (v == NULL) {
		util_err("out of memory");
		return -1;
	}
	pid = super_fork(NULL, 1);
	if (pid < 0) {
		free(v);
		return -1;
	}
	if (pid == 0) {
		if (place_pin_quiet(cpus[1]) != 0)
			_exit(EXIT_FAILED);
		atomic_store(ready, 1);
		for (;;)
			atomic_fetch_add_explicit(theirs, 1, memory_order_relaxed);
	}
	start = timing_now_ns();
	while (atomic_load(ready) == 0 && timing_now_ns() - start < limit)
		sched_yield();
	while (timing_now_ns() - start < o->warmup_us * 1000)
		atomic_fetch_add_explicit(mine, 1, memory_order_relaxed);
	while (n < want && timing_now_ns() - start < limit) {
		unsigned long long h0 = atomic_load(theirs), h1;
		uint64_t t0 = timing_now_ns(), t1;

		for (i = 0; i < BATCH; i++)
			atomic_fetch_add_explicit(mine, 1, memory_order_relaxed);
		t1 = timing_now_ns();
		h1 = atomic_load(theirs);
		/* The helper ran during the batch. */
		if (h1 - h0 >= BATCH / 4)
			v[n++] = (double)(t1 - t0) / BATCH;
	}
	stop(pid);
	if (n < want / 4) {
		free(v);
		return 0;
	}
	*ns = stats_median(v, (size_t)n);
	free(v);
	return 1;
}

long
share_line(const struct bench_opts *o, const char **why)
{
	size_t off[NOFF];
	double ns[NOFF] = { 0 }, alone = 0;
	int cpus[2], i, rc;
	char *shared;
	long line;

	if (two_cpus(cpus) != 0) {
		*why = "one CPU";
		return 0;
	}
	shared = mmap(NULL, REGION, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED) {
		util_syserr("mmap");
		return -1;
	}
	if (place_pin(cpus[0]) != 0) {
		munmap(shared, REGION);
		return -1;
	}
	rc = fight(shared, cpus, FAR, o, &alone);
	for (i = 0; i < NOFF && rc == 1; i++) {
		off[i] = (size_t)8 << i;
		rc = fight(shared, cpus, off[i], o, &ns[i]);
	}
	munmap(shared, REGION);
	if (rc < 0)
		return -1;
	if (rc == 0) {
		*why = "the other CPU seldom ran alongside";
		return 0;
	}
	line = (long)line_from_sharing(NOFF, off, ns, alone);
	if (line == 0)
		*why = ns[0] < LINE_SLOWED * alone ? "the two CPUs do not fight over a line"
					 : "no clear edge";
	return line;
}

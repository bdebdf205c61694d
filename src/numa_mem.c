/*
 * numa_mem - idle latency and read bandwidth from each NUMA node's CPUs
 * to each node's memory, as matrices (MLC's "idle latencies" and
 * "memory bandwidths between nodes").
 *
 * Rows are the nodes with CPUs this process may use, columns the nodes
 * whose memory it may use (libnuma: numa_node_to_cpus, the allowed
 * memory nodes; the memory of a cell is bound to its column's node with
 * numa_set_membind before it is first touched).  Built without libnuma
 * (the Makefile finds it with pkg-config), a machine whose sysfs states
 * one node (or none) is one node: all allowed CPUs and all memory, a 1x1
 * matrix, and the title says so; one that states several is refused
 * (77), its matrices would be one node's.
 *
 * lat: the first allowed CPU of the row's node chases a random ring
 * (lib_chase, as `lat_mem_rd -t`: one slot per 64-byte line, hops
 * changing page) through -M bytes (default twice the last-level cache,
 * at least 64 MB): the fastest of -N intervals, ns per load.
 * bw: one thread on each allowed CPU of the row's node reads buffers of
 * its own (-M bytes each) with bw_mem frd's loop (lib_load's rd): the
 * median of -N intervals, MB/s (10^6 bytes) of all threads together.
 *
 * Usage: numa_mem [-N <repetitions>] [-M <size>] [lat|bw]
 * Output (stderr): a title naming the node layout, then per matrix a
 * title, a header of memory nodes and a row per CPU node.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef HAVE_LIBNUMA
#include <numa.h>
#endif

#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "lib_report.h"
#include "lib_sample.h"
#include "lib_threads.h"
#include "lib_topo.h"
#include "lib_util.h"

#define MAX_NODES 64

/* The layout: the nodes and their allowed CPUs. */
struct layout {
	int ncpu_nodes, nmem_nodes;
	int cpu_node[MAX_NODES];      /* row k: its node */
	int ncpus[MAX_NODES];         /* row k: its CPUs' count */
	int *cpus[MAX_NODES];         /* row k: its CPUs */
	int mem_node[MAX_NODES];      /* column k: its node */
	int libnuma;                  /* 1: from libnuma */
	const struct bench_ident *id; /* the run, for the records */
};

/* The layout from libnuma, else one node where sysfs states no more
 * (LMBENCH_SYSROOT, for tests, is put before its path); 0, -1 after a
 * message, or EXIT_UNSUPPORTED after one where it states several. */
static int
discover(struct layout *l)
{
	const int *all;
	const char *why = "built without libnuma", *root;
	struct topo_node seen[2];
	int n = thr_allowed(&all), nodes;

	memset(l, 0, sizeof(*l));
	if (n < 0)
		return -1;
#ifdef HAVE_LIBNUMA
	if (numa_available() >= 0) {
		struct bitmask *cm = numa_allocate_cpumask();
		struct bitmask *mems = numa_get_mems_allowed();
		int node, i, max = numa_max_node();

		l->libnuma = 1;
		for (node = 0; node <= max && node < MAX_NODES; node++) {
			int k = l->ncpu_nodes;

			if (numa_bitmask_isbitset(mems, (unsigned)node))
				l->mem_node[l->nmem_nodes++] = node;
			if (numa_node_to_cpus(node, cm) != 0)
				continue;
			l->cpus[k] = calloc((size_t)n, sizeof(int));
			if (l->cpus[k] == NULL)
				break;
			for (i = 0; i < n; i++)
				if (numa_bitmask_isbitset(cm, (unsigned)all[i]))
					l->cpus[k][l->ncpus[k]++] = all[i];
			if (l->ncpus[k] == 0) {
				free(l->cpus[k]);
				continue;
			}
			l->cpu_node[l->ncpu_nodes++] = node;
		}
		numa_free_cpumask(cm);
		numa_bitmask_free(mems);
		if (l->ncpu_nodes > 0 && l->nmem_nodes > 0)
			return 0;
	}
	why = "libnuma finds no NUMA support";
#endif
	/* One node's matrices for a machine of several would mislead. */
	root = getenv("LMBENCH_SYSROOT");
	nodes = topo_node_memory(root != NULL ? root : "", seen, 2);
	if (nodes > 1) {
		util_err("%s, and sysfs states more than one NUMA node: the "
		         "matrices would be one node's (install libnuma-dev "
		         "and rebuild)", why);
		return EXIT_UNSUPPORTED;
	}
	l->libnuma = 0;
	l->ncpu_nodes = l->nmem_nodes = 1;
	l->ncpus[0] = n;
	l->cpus[0] = calloc((size_t)n, sizeof(int));
	if (l->cpus[0] == NULL) {
		util_err("out of memory");
		return -1;
	}
	memcpy(l->cpus[0], all, (size_t)n * sizeof(int));
	return 0;
}

/* Bind the calling thread's allocations to node *ctx (libnuma). */
static int
bind_node(void *ctx)
{
#ifdef HAVE_LIBNUMA
	const int *node = ctx;
	struct bitmask *m;

	if (*node < 0 || numa_available() < 0)
		return 0;
	m = numa_allocate_nodemask();
	numa_bitmask_setbit(m, (unsigned)*node);
	numa_set_membind(m);
	numa_bitmask_free(m);
#else
	(void)ctx;
#endif
	return 0;
}

static void
unbind(void)
{
#ifdef HAVE_LIBNUMA
	if (numa_available() >= 0)
		numa_set_membind(numa_all_nodes_ptr);
#endif
}

/* A cell's figure: its record; the value in *v. */
static int
figure(const struct bench_result *r, const char *metric, const char *unit,
       enum report_conv conv, double per_iter, double size, double *v)
{
	struct report_fig f = { metric, unit, conv, per_iter, size, 0 };

	if (report_measured(r, &f, v) != 0)
		return -1;
	report_record(r, &f, *v);
	return 0;
}

/* The latency cell: row CPU node r, memory node m. */
static int
lat_cell(const struct layout *l, int r, int m, size_t size, int reps,
	 double *v)
{
	struct mem_chase c;
	struct bench_result res;
	char metric[64], place[128];
	int cpu = l->cpus[r][0], node = l->libnuma ? l->mem_node[m] : -1;
	double *ns = calloc((size_t)reps, sizeof(double));
	uint64_t turns;
	int rc = -1;

	if (ns == NULL || thr_pin(cpu) != 0 || bind_node(&node) != 0 ||
	    chase_setup(&c, size, 64, 0, 0x6c6d62656e6368ULL) != 0) {
		unbind();
		free(ns);
		return -1;
	}
	unbind();
	turns = load_chase_turns(&c, load_interval_ns());
	load_chase(&c, turns, 1, ns, NULL, NULL);
	load_chase(&c, turns, reps, ns, NULL, NULL);
	snprintf(metric, sizeof(metric), "numa latency %d>%d", l->cpu_node[r],
		 l->libnuma ? l->mem_node[m] : 0);
	snprintf(place, sizeof(place), "CUSTOM cpus=%d main=%d", cpu, cpu);
	if (sample_result(&res, ns, reps, turns * 100, BENCH_MINIMUM, l->id,
			  place) == 0) {
		rc = figure(&res, metric, "ns", REPORT_NS, 1, (double)size, v);
		bench_result_free(&res);
	}
	chase_release(&c);
	free(ns);
	return rc;
}

/* The bandwidth cell: every allowed CPU of row r reading memory of m. */
static int
bw_cell(const struct layout *l, int r, int m, size_t size, int reps,
	double *v)
{
	struct load_gen g = { 0 };
	struct load_kind k;
	struct bench_result res;
	char metric[64], list[200], place[512];
	int node = l->libnuma ? l->mem_node[m] : -1, rc;
	double interval = load_interval_ns();
	struct timespec ts = { 0, (long)(interval < 1e9 ? interval : 999e6) };

	(void)load_kind_parse("rd", &k);
	g.bind = bind_node;
	g.bind_ctx = &node;
	if (load_start(&g, &k, size, l->cpus[r], l->ncpus[r], 0) != 0)
		return -1;
	thr_format_list(list, sizeof(list), l->cpus[r], l->ncpus[r]);
	snprintf(place, sizeof(place), "CUSTOM cpus=%s main=? load=%s", list,
		 list);
	nanosleep(&ts, NULL);
	rc = load_sample(&g, reps, (uint64_t)interval, l->id, place, &res);
	if (load_stop(&g) != 0 && rc == 0) {
		bench_result_free(&res);
		rc = -1;
	}
	if (rc != 0)
		return -1;
	snprintf(metric, sizeof(metric), "numa read bandwidth %d>%d",
		 l->cpu_node[r], node < 0 ? 0 : node);
	rc = figure(&res, metric, "MB/s", REPORT_MBS, 1e6, (double)size, v);
	bench_result_free(&res);
	return rc;
}

static int
matrix(const struct layout *l, const char *title,
       int (*cell)(const struct layout *, int, int, size_t, int, double *),
       size_t size, int reps)
{
	double v;
	int r, m;

	report_text("\"%s (rows: CPU node, columns: memory node)\n", title);
	report_text("%6s", "");
	for (m = 0; m < l->nmem_nodes; m++)
		report_text(" %10d", l->libnuma ? l->mem_node[m] : 0);
	report_text("\n");
	for (r = 0; r < l->ncpu_nodes; r++) {
		report_text("%6d", l->cpu_node[r]);
		for (m = 0; m < l->nmem_nodes; m++) {
			if (cell(l, r, m, size, reps, &v) != 0)
				return -1;
			report_text(" %10.2f", v);
		}
		report_text("\n");
	}
	report_text("\n");
	return 0;
}

/* The node layout as text: "2 nodes (libnuma): node 0 CPUs 0-3 ...". */
static void
title(const struct layout *l)
{
	char list[200];
	int r;

	report_text("\"numa_mem: %d node%s (%s):", l->ncpu_nodes,
		    l->ncpu_nodes == 1 ? "" : "s",
		    l->libnuma ? "libnuma" : "built without libnuma: one node");
	for (r = 0; r < l->ncpu_nodes; r++) {
		thr_format_list(list, sizeof(list), l->cpus[r], l->ncpus[r]);
		report_text(" node %d CPUs %s;", l->cpu_node[r], list);
	}
	report_text(" memory nodes");
	for (r = 0; r < l->nmem_nodes; r++)
		report_text(" %d", l->libnuma ? l->mem_node[r] : 0);
	report_text("\n");
}

static const char *const modes[] = { "lat", "bw" };

static int
option(void *ctx, int c, const char *arg)
{
	(void)c;
	return mem_size_arg("size", arg, 4096, ctx);
}

/* The buffers' sizes: -M (checked against the memory), else twice the
 * last-level cache where it fits.  0, or -1 after a message. */
static int
sizes(uint64_t msize, int threads, size_t *lsize, size_t *bsize)
{
	uint64_t llc = load_llc();
	size_t want = (size_t)(llc * 2 > (64 << 20) ? llc * 2 : (64 << 20));

	if (msize != 0 &&
	    msize * (uint64_t)threads > mem_available() / 10 * 9) {
		util_err("%d buffers of %llu MB are more than the %llu MB of "
			 "memory available", threads,
			 (unsigned long long)(msize >> 20),
			 (unsigned long long)(mem_available() >> 20));
		return -1;
	}
	*lsize = msize ? (size_t)msize : load_fit(want, 1, 1, 0, 0);
	*bsize = msize ? (size_t)msize : load_fit(want, threads, 1, 0, 0);
	return *lsize == 0 || *bsize == 0 ? -1 : 0;
}

int
main(int argc, char **argv)
{
	uint64_t msize = 0;
	const struct bench_prog prog = {
		.usage = "[-N <repetitions>] [-M <size>] [lat|bw]",
		.help = "-M <size>  bytes in the chase buffer, and in each "
			"reading thread's buffer (default: twice the "
			"last-level cache)\n"
			"lat|bw  one matrix only (default: both)",
		.min_operands = 0, .max_operands = 1,
		.option = option, .ctx = &msize,
	};
	struct bench_opts o;
	struct layout l;
	int first = bench_begin(argc, argv, &prog, &o), m0 = 0, m1 = 1, r;
	int maxcpus = 0, rc = 0;
	size_t lsize, bsize;

	if (first < argc)
		m0 = m1 = (int)bench_lookup("matrix", argv[first], modes, 2,
					    sizeof(modes[0]));
	rc = discover(&l);
	if (rc != 0)
		return rc == EXIT_UNSUPPORTED ? rc : EXIT_FAILED;
	l.id = &o.id;
	for (r = 0; r < l.ncpu_nodes; r++)
		if (l.ncpus[r] > maxcpus)
			maxcpus = l.ncpus[r];
	rc = sizes(msize, maxcpus, &lsize, &bsize);
	if (rc == 0)
		title(&l);
	if (rc == 0 && m0 == 0)
		rc = matrix(&l, "idle latency (ns)", lat_cell, lsize,
			    o.repetitions);
	if (rc == 0 && m1 == 1)
		rc = matrix(&l, "read bandwidth (MB/s)", bw_cell, bsize,
			    o.repetitions);
	for (r = 0; r < l.ncpu_nodes; r++)
		free(l.cpus[r]);
	return rc == 0 ? 0 : EXIT_FAILED;
}

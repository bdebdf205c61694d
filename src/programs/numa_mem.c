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
#include <time.h>

#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "lib_place.h"
#include "lib_report.h"
#include "lib_sample.h"
#include "lib_util.h"
#include "numa_mem.h"

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

	if (ns == NULL || place_pin(cpu) != 0 || nodes_bind(&node) != 0 ||
	    chase_setup(&c, size, 64, 0, 0x6c6d62656e6368ULL) != 0) {
		nodes_unbind();
		free(ns);
		return -1;
	}
	nodes_unbind();
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
	g.bind = nodes_bind;
	g.bind_ctx = &node;
	if (load_start(&g, &k, size, l->cpus[r], l->ncpus[r], 0) != 0)
		return -1;
	place_format_list(list, sizeof(list), l->cpus[r], l->ncpus[r]);
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
	rc = nodes_discover(&l);
	if (rc != 0)
		return rc == EXIT_UNSUPPORTED ? rc : EXIT_FAILED;
	l.id = &o.id;
	for (r = 0; r < l.ncpu_nodes; r++)
		if (l.ncpus[r] > maxcpus)
			maxcpus = l.ncpus[r];
	rc = sizes(msize, maxcpus, &lsize, &bsize);
	if (rc == 0)
		nodes_title(&l);
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

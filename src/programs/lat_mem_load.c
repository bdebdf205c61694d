/*
 * lat_mem_load - memory latency under load (MLC's loaded-latency mode).
 *
 * One CPU (-c, default the first this process may use) chases a random
 * ring of pointers through a buffer larger than the last-level cache,
 * one slot per 64-byte line, consecutive hops on different pages (the
 * ring of `lat_mem_rd -t`, from lib_chase): every load waits for the
 * one before, so the time per load is the memory's latency.  Every
 * other CPU (-C, default all the others the process may use) runs a
 * traffic thread over buffers of its own (lib_load: reads, writes,
 * copies, a read:write ratio, STREAM's triad, non-temporal writes),
 * spinning a delay after each 4 KB burst.
 *
 * First the idle latency, with no traffic (the fastest interval, as
 * lat_mem_rd reports).  Then for each delay of the sweep (-D, spin turns
 * of an empty loop, about a cycle each): one interval untimed while the
 * traffic settles, then -N intervals, each timing the chase and, over
 * the same interval, the bytes the traffic threads moved.  The line of a
 * delay shows the median latency and the median bandwidth.
 *
 * Usage: lat_mem_load [-N <repetitions>] [-c <chase cpu>] [-C <load cpus>]
 *        [-D <delays>] [-M <size>] [-t <traffic>]
 * Output (stderr): a title line, "idle N.NNN", then "DELAY NS MB/S" per
 * delay: `0 142.310 18342.55`.
 */
#include <stdio.h>
#include <stdlib.h>

#include "lat_mem_load.h"
#include "lib_bench.h"
#include "lib_chase.h"
#include "lib_clock.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "lib_place.h"
#include "lib_report.h"
#include "lib_sample.h"
#include "lib_util.h"

/* One line's figures: a latency ("%.3f" ns) and maybe a bandwidth. */
static int
emit(const struct bench_ident *id, const double *ns, const double *bw,
     int reps, uint64_t loads, enum bench_stat stat, const char *what,
     const char *head, const char *place, double size)
{
	struct report_fig lf = { what, "ns", REPORT_NS, 1, size, 0 };
	struct report_fig bf = { NULL, "MB/s", REPORT_MBS, 1e6, size, 0 };
	struct bench_result lr, br;
	char metric[128];
	double lv, bv = 0;
	int rc = -1;

	if (sample_result(&lr, ns, reps, loads, stat, id, place) != 0)
		return -1;
	if (bw != NULL && sample_result(&br, bw, reps, 1000000, BENCH_MEDIAN,
				      id, place) != 0) {
		bench_result_free(&lr);
		return -1;
	}
	snprintf(metric, sizeof(metric), "load bandwidth %s", what);
	bf.metric = metric;
	if (report_measured(&lr, &lf, &lv) == 0 &&
	    (bw == NULL || report_measured(&br, &bf, &bv) == 0)) {
		rc = 0;
		if (bw == NULL)
			report_emit(&lr, &lf, lv, "%s %.3f\n", head, lv);
		else {
			report_emit(&lr, &lf, lv, "%s %.3f %.2f\n", head, lv,
				    bv);
			report_record(&br, &bf, bv);
		}
	}
	bench_result_free(&lr);
	if (bw != NULL)
		bench_result_free(&br);
	return rc;
}

/* The sweep with the traffic running: 0, or -1 after a message. */
static int
sweep(const struct opts *p, struct mem_chase *c, struct load_gen *g,
      uint64_t turns, int reps, const char *place)
{
	double *ns = calloc((size_t)reps * 2, sizeof(double)), *bw;
	char what[96], head[32];
	int i, rc = 0;

	if (ns == NULL) {
		util_err("out of memory");
		return -1;
	}
	bw = ns + reps;
	report_text("\"delay ns MB/s\n");
	for (i = 0; i < p->ndelays && rc == 0; i++) {
		load_set_delay(g, p->delays[i]);
		load_chase(c, turns, 1, ns, g, bw);
		load_chase(c, turns, reps, ns, g, bw);
		snprintf(what, sizeof(what), "loaded latency %s delay=%llu",
			 p->kind.name, (unsigned long long)p->delays[i]);
		snprintf(head, sizeof(head), "%llu",
			 (unsigned long long)p->delays[i]);
		rc = emit(p->id, ns, bw, reps, turns * 100, BENCH_MEDIAN, what, head,
			  place, (double)c->size);
	}
	free(ns);
	return rc;
}

#define USAGE "[-N <repetitions>] [-c <chase cpu>] [-C <load cpus>] " \
	"[-D <delays>] [-M <size>] [-t <traffic>]"
static const char help[] =
	"-c <chase cpu>  the CPU that chases (default: the first allowed)\n"
	"-C <load cpus>  the traffic CPUs, a list such as 1-3,6 (default: "
	"every other allowed CPU)\n"
	"-D <delays>  spin turns after each burst, comma-separated "
	"(default: 15 from 0 to 10000)\n"
	"-M <size>  bytes in the chase buffer and in each traffic buffer "
	"(default: twice the last-level cache)\n"
	"-t <traffic>  " LOAD_KINDS " (default: rd)";

static int
run(struct opts *p, int reps)
{
	struct mem_chase c;
	struct load_gen g = { 0 };
	double *ns, interval = load_interval_ns();
	char place[512], list[200];
	size_t size = mload_size(p);
	uint64_t turns;
	int rc = EXIT_FAILED;

	if (size == 0 || place_pin(p->chase_cpu) != 0 ||
	    chase_setup(&c, size, 64, 0, 0x6c6d62656e6368ULL) != 0)
		return EXIT_FAILED;
	place_format_list(list, sizeof(list), p->cpus, p->ncpus);
	snprintf(place, sizeof(place), "CUSTOM cpus=%d main=%d load=%s",
		 p->chase_cpu, p->chase_cpu, list);
	report_text("\"lat_mem_load %s, chase on CPU %d, traffic on CPUs %s, "
		    "%.2f MB buffers\n", p->kind.name, p->chase_cpu, list,
		    (double)size / 1048576.0);
	turns = load_chase_turns(&c, interval);
	ns = calloc((size_t)reps, sizeof(*ns));
	if (ns != NULL) {
		load_chase(&c, turns, 1, ns, NULL, NULL);
		load_chase(&c, turns, reps, ns, NULL, NULL);
		if (emit(p->id, ns, NULL, reps, turns * 100, BENCH_MINIMUM,
			 "idle latency", "\"idle", place, (double)size) == 0 &&
		    load_start(&g, &p->kind, size, p->cpus, p->ncpus,
			       p->delays[0]) == 0) {
			rc = sweep(p, &c, &g, turns, reps, place) == 0 ? 0
								 : EXIT_FAILED;
			if (load_stop(&g) != 0)
				rc = EXIT_FAILED;
		}
	}
	free(ns);
	chase_release(&c);
	return rc;
}

int
main(int argc, char **argv)
{
	static struct bench_opts o; /* p.id points into it */
	static struct opts p;
	const struct bench_prog prog = {
		.usage = USAGE, .help = help, .option = mload_option, .ctx = &p
	};
	int rc;

	mload_defaults(&p);
	(void)bench_begin(argc, argv, &prog, &o);
	p.id = &o.id;
	if (p.kind_rc == -2)
		return EXIT_UNSUPPORTED;
	rc = mload_cpus(&p);
	if (rc != 0)
		return rc;
	return run(&p, o.repetitions);
}

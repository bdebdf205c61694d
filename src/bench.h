/*
 * bench.h - the lmbench-ng library: every program includes this header
 * and links libbench.a.
 *
 * Modules:
 *   lib_util    program name, error messages, strict number/size parsers
 *   lib_stats   median, min, max, mean, percentiles, MAD, stddev
 *   lib_timing  clock, supervisor (run bound, signals, children),
 *               calibration (ENOUGH, TIMING_O, LOOP_O), the harness
 *   lib_sched   CPU placement (LMBENCH_SCHED)
 *   lib_mem     aligned buffers, pointer chains and their validation
 *   lib_chase   random chases: latency, memory-level parallelism
 *   lib_analysis  line's and cache's decisions from a measured sweep
 *   lib_ops     dependent arithmetic chains (lat_ops, par_ops, mhz)
 *   lib_file    the files the file and VM benchmarks read
 *   lib_ipc     pipes and socket pairs between a program and its helper
 *   lib_tcp     addresses, listening and connecting ends, servers
 *   lib_udp     lmbench's UDP stop message, the UDP echo server
 *   lib_unix    UNIX-domain pairs and abstract addresses
 *   lib_report  the classic lmbench result lines and the JSON record
 *
 * Conventions: library functions return 0 (or a pointer) on success and
 * -1 (or NULL) after printing why on stderr; only main() and usage()
 * exit.  Exit statuses are those of SPEC.md.
 */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include <stdint.h>

#define EXIT_FAILED      1  /* ran and failed */
#define EXIT_USAGE       2  /* bad option, number or argument */
#define EXIT_UNSUPPORTED 77 /* not supported on this system */

#define BENCH_MAX_PARALLEL    1024  /* most -P copies accepted */
#define BENCH_MAX_REPETITIONS 10000 /* most -N repetitions accepted */

/* ------------------------------------------------------------------ */
/* lib_util                                                            */

/* Remember the program name (basename of argv0) for messages. */
void util_set_progname(const char *argv0);
/* The program name set above, or "lmbench" before it is set. */
const char *util_progname(void);
/* Print "prog: <message>\n" on stderr. */
void util_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* As util_err, with ": <strerror(errno)>" appended. */
void util_syserr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "Usage: prog <args>" on stderr (the caller then exits 2). */
void util_usage(const char *args);

/*
 * Parse an unsigned decimal integer in [min, max].  Returns NULL on
 * success (result in *out) or a static text saying what was wrong.
 */
const char *util_parse_u64(const char *s, uint64_t min, uint64_t max,
                           uint64_t *out);
/*
 * Parse a size: a decimal number (a fraction allowed) with an optional
 * suffix k=2^10 K=10^3 m=2^20 M=10^6 g=2^30 G=10^9.  A bare number is
 * multiplied by unit (1 for bytes).  Returns NULL on success or a static
 * text saying what was wrong.
 */
const char *util_parse_size(const char *s, uint64_t unit, uint64_t *out);
/* A size argument in [lo, hi] bytes; 0, or -1 after printing
 * "prog: bad WHAT 'arg': why (lo to hi bytes)". */
int util_size_arg(const char *what, const char *arg, uint64_t lo, uint64_t hi,
		  uint64_t *out);
/* Parse a non-negative decimal floating point number (no suffix). */
const char *util_parse_double(const char *s, double *out);

/*
 * Read an environment variable holding an unsigned integer in [min,max].
 * Returns 0 when unset (*out untouched), 1 when set and valid, -1 after
 * printing "prog: bad NAME 'value': why" when set and invalid.
 */
int util_env_u64(const char *name, uint64_t min, uint64_t max, uint64_t *out);
/* Same for a non-negative floating point variable. */
int util_env_double(const char *name, double *out);

/* ------------------------------------------------------------------ */
/* lib_stats: all functions take an array of n >= 1 values.  Those that
 * need order sort a private copy; the input is never changed. */

/* Two-sample tests (lmbench-compare): both sets larger than this, or
 * ties, use the normal approximation instead of the exact distribution. */
#define STATS_EXACT_MAX 20
/* The outcome of a two-sided rank test. */
struct stats_test {
	double u; /* Mann-Whitney U of the first set (pairs x > y, ties 1/2) */
	double p; /* two-sided p-value */
	int exact; /* 1: exact distribution; 0: normal approximation */
};
/* Mann-Whitney U test of x[nx] against y[ny] (R's wilcox.test with its
 * defaults: exact without ties for small sets, else normal with tie and
 * continuity corrections).  0, or -1 for an empty set or no memory. */
int stats_mwu(const double *x, size_t nx, const double *y, size_t ny,
              struct stats_test *t);
/* P(U <= u) under the null for m and n untied samples, both <= 20; NAN
 * outside that. */
double stats_mwu_cdf(size_t m, size_t n, double u);
/* Confidence interval (conf, e.g. 0.95) of the median from two order
 * statistics, and its true coverage (may be NULL).  0, or -1 when no
 * pair of order statistics reaches conf (n < 6 at 95 %). */
int stats_median_ci(const double *v, size_t n, double conf, double *lo,
                    double *hi, double *coverage);

double stats_min(const double *v, size_t n);
double stats_max(const double *v, size_t n);
double stats_mean(const double *v, size_t n);
/* Median: the middle value, or the mean of the two middle values. */
double stats_median(const double *v, size_t n);
/* Percentile p in [0,100], linear interpolation between order stats. */
double stats_percentile(const double *v, size_t n, double p);
/* Median absolute deviation from the median (unscaled). */
double stats_mad(const double *v, size_t n);
/* Sample standard deviation (n-1 denominator); 0 for n == 1. */
double stats_stddev(const double *v, size_t n);
/* Sort v in place, ascending. */
void stats_sort(double *v, size_t n);
/* Mixed samples: do the n values (any order, all > 0) form two groups
 * far apart, i.e. is there a ratio above STATS_MIXED_RATIO between
 * neighbours in sorted order with STATS_MIXED_MIN values or more on each
 * side?  1 with the medians of the lower and upper groups in *low and
 * *high (split at the largest such ratio), else 0. */
#define STATS_MIXED_RATIO 2.0
#define STATS_MIXED_MIN   ((size_t)2)
int stats_mixed(const double *v, size_t n, double *low, double *high);

/* ------------------------------------------------------------------ */
/* lib_timing                                                          */

/* Monotonic clock in nanoseconds. */
uint64_t timing_now_ns(void);

/*
 * Start a program: remember its name and arguments for messages and
 * records, then split into a supervisor and a worker.  The call returns
 * in the worker, which runs the program in its own process group.  The
 * supervisor never returns: it waits, and
 *  - exits with the worker's status when the worker ends;
 *  - on SIGTERM, SIGINT, SIGHUP or SIGQUIT kills the worker's whole
 *    process group and ends by the same signal;
 *  - after LMBENCH_TIMEOUT seconds (default 300, 0 = no bound) prints a
 *    message, kills the group and exits 1;
 *  - removes the private temporary directory (bench_tmpdir) in all cases.
 * Returns -1 (after a message) only if the split itself fails.
 */
int bench_start(int argc, char **argv);

/*
 * The private temporary directory of this run, created on first use
 * (mode 0700, under $TMPDIR or /tmp) and removed by the supervisor when
 * the program ends, however it ends.  NULL after a message on failure.
 */
const char *bench_tmpdir(void);

/*
 * Make a new directory dir/prefix.XXXXXX (mkdtemp) that the supervisor
 * removes, with everything in it, when the program ends, however it ends.
 * Returns its path (malloc'd), or NULL after a message.
 */
char *bench_mkdtemp(const char *dir, const char *prefix);
/* Remove path and everything below it (without following links). */
void bench_rmtree(const char *path);

/*
 * fork() for benchmark helpers: the child is killed when its parent
 * dies (so no process outlives the program) and is placed on a CPU by
 * LMBENCH_SCHED as helper number `helper` (1..) of copy `copy`.  Returns
 * as fork() does; -1 after a message.
 */
int bench_fork(int copy, int helper);

/*
 * Short-lived children (lat_proc): bench_track_children, in the
 * benchmark's init, makes them a party of the measurement ("child");
 * each child calls bench_child_start first thing, which places it by
 * LMBENCH_SCHED as helper 1 (where that differs from its parent's CPU)
 * and marks the CPU it runs on.  0, or -1 after a message.
 */
int bench_track_children(void);
void bench_child_start(void);

/* Which statistic of the samples the classic line shows. */
enum bench_stat {
	BENCH_MEDIAN = 0, /* lmbench's default */
	BENCH_MINIMUM     /* lat_mem_rd, par_ops, stream, calibration */
};

/* Options of one measurement; bench_opts_init() gives the defaults. */
struct bench_opts {
	int parallel;              /* -P: copies running at once, >= 1 */
	uint64_t warmup_us;        /* -W: untimed running before sampling */
	int repetitions;           /* -N: timed intervals per copy, >= 1 */
	uint64_t min_interval_ns;  /* floor on the interval (0 = ENOUGH) */
	enum bench_stat stat;      /* statistic shown by the classic line */
	int helpers;               /* processes each copy forks (placement) */
	uint64_t fixed_iterations; /* >0: no calibration, use this count */
};

/* The defaults: -P 1, -W 0, -N 11, median. */
void bench_opts_init(struct bench_opts *o);
/*
 * Handle one of the common options -P -W -N given its getopt letter and
 * argument.  Returns 1 when handled, 0 when c is not a common option,
 * -1 after a message when the argument is bad (the caller exits 2).
 */
int bench_opt(struct bench_opts *o, int c, const char *arg);

/*
 * getopt over the common options (-P -W -N, -h) and the program's own
 * letters `own` (getopt syntax; a leading '+' stops at the first
 * operand), each of which goes to handle(ctx, letter, argument).
 * Returns optind; -1 when a value was bad (a message was printed: exit
 * 2); -2 for -h, an unknown option or a missing argument (print the
 * usage: exit 2).
 */
int bench_getopt(int argc, char **argv, const char *own, struct bench_opts *o,
		 int (*handle)(void *ctx, int c, const char *arg), void *ctx);

/*
 * A benchmark as the harness sees it.  Each copy (the process itself for
 * -P 1, a forked process otherwise) calls init once, then run many times,
 * then cleanup once.  Only run is timed.
 */
struct bench_desc {
	/* untimed set-up of one copy; 0 or -1 after a message (may be NULL) */
	int (*init)(void *state, int copy);
	/* the timed loop: do `iters` iterations; 0 or -1 after a message */
	int (*run)(void *state, uint64_t iters);
	/* untimed tear-down of one copy (may be NULL); also called after an
	 * init that failed, so it must undo a partial init */
	void (*cleanup)(void *state);
	/* the program's state, given to the callbacks */
	void *state;
	/* untimed work just before / after each timed call of run with the
	 * same count (lat_fs makes and removes its files); may be NULL */
	int (*before)(void *state, uint64_t iters);
	int (*after)(void *state, uint64_t iters);
};

/* One timed interval. */
struct bench_sample {
	double ns_per_iter; /* corrected interval / iterations */
	uint64_t iters;     /* iterations in the interval */
};

/* What bench_run measured. */
struct bench_result {
	struct bench_sample *samples; /* parallel * repetitions, sorted */
	size_t nsamples;              /* number of samples */
	double ns_per_iter;           /* the chosen statistic */
	enum bench_stat stat;         /* which statistic that is */
	int parallel;                 /* copies that ran */
	int repetitions;              /* intervals per copy */
	uint64_t warmup_us;           /* warm-up per copy */
	uint64_t iterations;          /* iterations per interval (copy 0) */
	double enough_ns;             /* target interval length */
	double timing_o_ns;  /* timer overhead subtracted per interval */
	double loop_o_ns;    /* loop overhead subtracted per iteration */
	/* "POLICY cpus=... main=... helper=...": the CPUs every party was
	 * seen on during the timed intervals (doc/lmbench-ng-json.5) */
	char placement[1024];
};

/*
 * Measure: calibrate the iteration count until an interval lasts at
 * least ENOUGH (or o->min_interval_ns), run the warm-up, then take
 * o->repetitions intervals in each of o->parallel copies, which start
 * together.  Every interval is corrected by the timer and loop overhead.
 * Fills *r (free with bench_result_free).  Returns 0, or -1 after a
 * message (a copy failed or died, or the benchmark takes no time).
 */
int bench_run(const struct bench_desc *d, const struct bench_opts *o,
              struct bench_result *r);
void bench_result_free(struct bench_result *r);
/* bench_run, then report_us / report_mbs with the label; the exit status
 * for main(): 0, or 1 after a message. */
int bench_measure_us(const struct bench_desc *d, const struct bench_opts *o,
		     const char *label, double ops_per_iter);
int bench_measure_mbs(const struct bench_desc *d, const struct bench_opts *o,
		      const char *label, double bytes_per_iter);
/* A figure less a baseline measured the same way (report_us_diff):
 * choose(d, 0) readies d for the baseline, choose(d, 1) for the figure.
 * Measured again, up to three times, while a busy spell puts the
 * baseline at or above the figure. */
int bench_measure_diff(struct bench_desc *d, const struct bench_opts *o,
		       void (*choose)(struct bench_desc *d, int figure),
		       const char *label, double ops_per_iter);

/* The interval length used when none is imposed, in ns: $ENOUGH (µs)
 * or calibrated once per process.  -1 after a message if ENOUGH is bad. */
double timing_enough_ns(void);
/* Cost of one clock read, in ns: $TIMING_O (µs) or measured. */
double timing_overhead_ns(void);
/* Cost of one empty harness loop iteration, in ns: $LOOP_O (µs) or
 * measured. */
double timing_loop_overhead_ns(void);
/* Smallest step of the clock seen, in ns. */
double timing_granularity_ns(void);
/* Check ENOUGH, TIMING_O and LOOP_O early; -1 after a message. */
int timing_check_env(void);

/* A function in another translation unit, for lat_proc procedure: the
 * compiler cannot inline it (there is no LTO). */
int bench_procedure(int v);

/* Keep a value alive so the compiler cannot drop the work making it. */
void bench_use(uint64_t v);
void bench_use_ptr(const void *p);

/* ------------------------------------------------------------------ */
/* lib_sched                                                           */

/*
 * Place the calling process for copy `copy` (0..) and helper `helper`
 * (0 = the copy itself) where each copy has `helpers` helpers, by the
 * policy in LMBENCH_SCHED: DEFAULT, SINGLE, SAME, CROSS, BALANCED,
 * BALANCED_SPREAD, UNIQUE, UNIQUE_SPREAD, "CUSTOM cpu cpu ...",
 * "CUSTOM_UNIQUE cpu ..." (alias CUSTOM_SPREAD); unset: the program's
 * default (sched_set_default).  SAME puts every party of copy c on CPU c;
 * CROSS puts copy c's process and its even helpers on one CPU of a pair
 * and the odd helpers on the other, the pair chosen to share a cache
 * (sched_cross_shared names the level).  Logical CPU k is the k-th CPU of
 * the affinity mask the program started with, so restricted cpusets are
 * respected.  Returns the CPU chosen, -2 when the policy places nothing,
 * or -1 after a message.
 */
int sched_place(int copy, int helper, int helpers);
/* The CPU sched_place would choose, without moving anything. */
int sched_target(int copy, int helper, int helpers);
/*
 * Place a network server (the calling process) by LMBENCH_SCHED as the
 * peer of copy 0: SAME on copy 0's CPU, CROSS on the other CPU of its
 * pair.  For lat_tcp, lat_udp, lat_connect, bw_tcp, lat_rpc,
 * lat_unix_connect and lmhttp's servers.  As sched_place.
 */
int sched_place_server(void);
/* A placement given by an option (a server's, e.g. -s's value): checked,
 * then in force as if LMBENCH_SCHED said it.  0, or -1 after a message. */
int sched_set_policy(const char *policy);
/* Check LMBENCH_SCHED; -1 after a message when it is not understood.
 * CROSS where the process may use one CPU only: a message, and the
 * program exits 77 here. */
int sched_check_env(void);
/* The policy name in force: LMBENCH_SCHED, else the program's default
 * (set with sched_set_default), else "DEFAULT". */
const char *sched_policy(void);
/* A program's own default policy, used when LMBENCH_SCHED is unset
 * (the programs with helpers: "SAME"). */
void sched_set_default(const char *policy);
/* Under CROSS, the cache level copy's pair of CPUs shares ("L2", "L3",
 * "none"); NULL under any other policy. */
const char *sched_cross_shared(int copy);

/* Pure helpers, exposed for the unit tests. */
/* Logical CPU index for the policy (before taking it modulo ncpus); -2 for
 * DEFAULT; -3 for CROSS (chosen from the topology); -1 if the policy is
 * not understood. */
int sched_logical_cpu(const char *policy, int copy, int helper, int helpers,
                      int ncpus);
/* CROSS's pairs: level is the n x n matrix of the lowest cache level
 * CPUs i and j share (0: none).  Pairs CPUs greedily in order, each with
 * the partner that shares the lowest level of 2 or more, else level 1
 * (threads of one core), else any; pairs[k] is pair k (n/2 entries).
 * Returns the number of pairs. */
#define SCHED_TOPO_MAX 256
int sched_cross_pairs(int n, const int *level, int (*pairs)[2]);
/* The k-th number of the bit-reversal permutation of 0..n-1. */
int sched_spread(int k, int n);

/* ------------------------------------------------------------------ */
/* lib_mem                                                             */

/* Page-aligned anonymous memory of len bytes (rounded up to pages, and
 * mapped with an untouched tail that makes the mapping an odd number of
 * pages, so buffers asked for one after the other are never a power of
 * two apart); NULL after a message.  Refuses more than the memory
 * available.  mem_free takes the same len. */
void *mem_alloc(size_t len);
void mem_free(void *p, size_t len);
/* Bytes of memory the system reports available (MemAvailable). */
uint64_t mem_available(void);
/* The system page size. */
size_t mem_pagesize(void);

/*
 * Pointer chains over buf: `count` slots, slot i at buf + i*stride (stride
 * a multiple of sizeof(void *)).  Each slot holds the address of the next
 * slot of the ring.  Both return the first slot.
 */
/* Slot i points to slot i+1, the last to the first. */
void **mem_chain_stride(char *buf, size_t count, size_t stride);
/* A random single cycle through every slot; consecutive hops go to
 * different pages wherever the buffer spans more than one page. */
void **mem_chain_random(char *buf, size_t count, size_t stride, size_t pagesize,
                        uint64_t seed);
/* Walk the ring from start: 0 if it is one cycle through exactly count
 * slots of buf, -1 otherwise. */
int mem_chain_check(void **start, const char *buf, size_t count, size_t stride);
/* The same walk, noting in marks[k] the slot reached after k * ceil(count
 * / nmarks) hops (for k while that is under count). */
int mem_chain_walk(void **start, const char *buf, size_t count, size_t stride,
		   void ***marks, size_t nmarks);

/* The sum of len bytes as 64-bit words (and the tail as bytes), with
 * four accumulators: the file readers and lat_ctx touch every byte they
 * count, and the sum keeps the compiler from dropping the reads. */
uint64_t mem_sum(const void *buf, size_t len);
/* The cache line the system states (sysfs coherency_line_size), else
 * 64: the default -L of tlb and par_mem. */
size_t mem_line_size(void);

/* Parse a -L line size: a power of two from 8 to max; NULL, or why not. */
const char *mem_parse_line(const char *arg, uint64_t max, uint64_t *line);

/* A small fast pseudo-random generator (splitmix64). */
uint64_t mem_rand(uint64_t *state);

/*
 * Buffer placement: the buffers of one copy (bw_mem's source and
 * destination, STREAM's three arrays) come from one mapping, each a
 * chosen distance after the one before, because buffers a large power of
 * two apart collide below the program (cache sets, DRAM banks and
 * channels, the memory disambiguation of loads and stores) and copy at
 * half speed.  MEM_SPREAD, the default, puts them a whole number of pages
 * plus MEM_SPREAD_GAP pages apart (an odd count), never at a power-of-two
 * distance of 1 MB or more; MEM_ALIGNED asks for the worst case on
 * purpose: the next power of two at or above the buffer size, the first
 * buffer 2 MB aligned.
 */
enum mem_place {
	MEM_SPREAD = 0, /* the default: off every power of two */
	MEM_ALIGNED     /* the worst case, on purpose */
};
#define MEM_SET_MAX    4 /* buffers in one set */
#define MEM_SPREAD_GAP 3 /* pages between spread buffers */
struct mem_set {
	char *map;            /* the mapping, and its length */
	size_t maplen;
	size_t len;           /* bytes asked for each buffer */
	size_t distance;      /* from each buffer to the next */
	int n;                /* buffers */
	enum mem_place place; /* the rule that chose the distance */
	char *buf[MEM_SET_MAX];
};
/* The distance between consecutive buffers of len bytes under place; a
 * page_offset >= 0 replaces the rule's offset within a page (bw_mem's
 * conflict: 1920).  0 when len is too large to place. */
size_t mem_set_distance(size_t len, enum mem_place place, long page_offset);
/* n (1..MEM_SET_MAX) buffers of len bytes, placed by place (and
 * page_offset, as mem_set_distance), each page touched once: 0, or -1
 * after a message.  Free with mem_set_free (harmless on a zeroed set). */
int mem_set_alloc(struct mem_set *s, int n, size_t len, enum mem_place place,
		  long page_offset);
void mem_set_free(struct mem_set *s);
/* Record a placement in a result's placement text (struct
 * bench_result's): appends " buffers=SPREAD+268447744", the rule's name
 * and the distance in bytes from each buffer to the next. */
void mem_set_note(char *placement, size_t len, enum mem_place place,
		  size_t distance);

/* ------------------------------------------------------------------ */
/* lib_chase: random pointer chases (par_mem, cache)                   */

#define CHASE_MAXK 16
struct mem_chase {
	size_t size, line;	   /* bytes in the buffer, between slots */
	int k;			   /* chases in the next run */
	char *buf;		   /* the slots */
	char *base;		   /* the mapping, and its length */
	size_t alloc;
	void **start[CHASE_MAXK]; /* where each chase stands */
};
#define CHASE_HUGE 1	  /* ask for transparent huge pages */
#define CHASE_ANYWHERE 2  /* a plain random cycle (else hops change page) */
/* A random cycle through every line of a fresh size-byte buffer, with 16
 * start points evenly spaced along it; -1 after a message. */
int chase_setup(struct mem_chase *c, size_t size, size_t line, int flags,
		uint64_t seed);
void chase_release(struct mem_chase *c);
/* ns per load of one chase (the fastest of o's intervals). */
int chase_latency(struct mem_chase *c, const struct bench_opts *o, double *ns);
/* Memory-level parallelism: the largest k * t(1) / t(k), k = 1..16, no
 * k counting for more than k; t(1) measured before and after. */
int chase_parallelism(struct mem_chase *c, const struct bench_opts *o,
		      double *par);
/* n times 100 dependent loads from p; where the chase stopped. */
void **chase100(void **p, uint64_t n);
/* A bench_desc run: chase100 from the position that is the first member
 * of *state (a void **), which it then updates. */
int chase_run100(void *state, uint64_t n);

/* ------------------------------------------------------------------ */
/* lib_analysis: line's and cache's decisions, apart from measuring     */

/*
 * The line from false sharing: ns[i] is the time of one atomic add while
 * another CPU adds at offset off[i] (ascending, each twice the last),
 * alone the time with it a page away.  The line is the first offset from
 * which the other CPU no longer slows the adds, when every smaller one
 * slows them at least three times; 0 when the sweep does not show that.
 */
size_t line_from_sharing(int n, const size_t *off, const double *ns,
			 double alone);
/*
 * The line from latency: t[i] is the time of a load at distance d[i]
 * (each twice the last) from the one before, as a stride sweep or line's
 * pairs give it: t = h + x * min(d / line, 1).  The line whose ramp fits
 * the points clearly best; 0 when none does, or when a prefetcher shows
 * (the time more than doubles from one distance to the next).
 */
size_t line_from_latency(int n, const size_t *d, const double *t);

#define CACHE_MAXSIZES 256
#define CACHE_MAXLEVELS 8
struct cache_level {
	size_t size; /* bytes */
	double ns;   /* latency at its flattest point */
	int flat;    /* index of that point in the sweep */
	int bound;   /* index of the last size before its rise */
};
/*
 * The cache levels in a latency sweep (sizes ascending, lat in ns, the
 * last size taken as memory): up to max levels into lv; how many.
 */
int cache_levels(int n, const size_t *sizes, const double *lat,
		 struct cache_level *lv, int max);
/*
 * Whether two analyses of one machine agree: the same number of levels
 * among the first two, each the same size within one quarter-octave step.
 */
int cache_agree(const struct cache_level *a, int na,
		const struct cache_level *b, int nb);

/* ------------------------------------------------------------------ */
/* lib_ipc: helpers for pipe, FIFO and UNIX-socket benchmarks.         */

#include <sys/types.h>

/* Read or write exactly n bytes (retrying short transfers and EINTR).
 * Return n, fewer at end of file (reads), or -1 on error. */
ssize_t ipc_readn(int fd, void *buf, size_t n);
ssize_t ipc_writen(int fd, const void *buf, size_t n);
/* Helper bodies (never return): echo msize-byte messages from in to out
 * until EOF; or write msize-byte messages to out until the reader goes. */
void ipc_echo(int in, int out, size_t msize) __attribute__((noreturn));
void ipc_source(int out, size_t msize) __attribute__((noreturn));
/* n round trips of msize bytes: write to out, read the echo from in.
 * 0, or -1 after a message (the helper died). */
int ipc_roundtrips(int out, int in, char *buf, size_t msize, uint64_t n);
/* Read total bytes from in, msize at a time; 0 or -1 after a message
 * ("the writing process died", or with who: "WHO stopped sending (why)"). */
int ipc_drain(int in, char *buf, size_t msize, uint64_t total,
	      const char *who);

/* The program's ends of a channel to one helper process. */
struct ipc_peer {
	int out;      /* the program writes here */
	int in;       /* and reads here (may equal out: a socket) */
	pid_t helper; /* the helper process, -1 when none */
};
enum ipc_role {
	IPC_ECHO,  /* echo every message back */
	IPC_SOURCE /* write messages until the reader goes */
};
/*
 * Fork helper 1 of copy `copy` (placed by LMBENCH_SCHED) that runs the
 * role on its ends hin/hout (hin may equal hout; -1 when unused).  The
 * helper closes the program's ends p->in/p->out; the program closes
 * hin/hout.  0, or -1 after a message.
 */
int ipc_spawn(struct ipc_peer *p, int copy, int hin, int hout,
              enum ipc_role role, size_t msize);
/* Close the program's ends and reap the helper. */
void ipc_stop(struct ipc_peer *p);
/* -m (message size, 1 byte to 64 MB) or -M (total bytes, to 16 GB) of
 * bw_pipe and bw_unix; 0, or -1 after a message. */
int ipc_parse_sizes(int opt, const char *arg, size_t *msize, uint64_t *total);
/* Round the total up to whole messages. */
void ipc_round_total(size_t msize, uint64_t *total);
/* The whole of bw_pipe and bw_unix but for the channel: channel(fd)
 * makes one (fd[0] the reading end, fd[1] the writing end; 0, or -1
 * after a message), label names the result.  Returns the exit status. */
int ipc_bandwidth_main(int argc, char **argv, int (*channel)(int fd[2]),
		       const char *label);

/* ------------------------------------------------------------------ */
/* lib_ops: dependent chains of one arithmetic operation (lat_ops, mhz) */

enum ops_kind {
	OPS_INT_BIT, OPS_INT_ADD, OPS_INT_MUL, OPS_INT_DIV, OPS_INT_MOD,
	OPS_I64_BIT, OPS_I64_ADD, OPS_I64_MUL, OPS_I64_DIV, OPS_I64_MOD,
	OPS_FLT_ADD, OPS_FLT_MUL, OPS_FLT_DIV,
	OPS_DBL_ADD, OPS_DBL_MUL, OPS_DBL_DIV
};
/*
 * OPS_HIDE_INT(x), OPS_HIDE_FP(x): an empty asm statement that claims to
 * change x, kept in the register class it lives in, so the compiler can
 * neither fold a chain nor lift it out of its loop, and no instruction
 * (not even a move between register files) is added to it.  "x" is an
 * SSE register, "w" an Arm SIMD/FP register, "f" a RISC-V FP register
 * (where the F extension exists); elsewhere "g" lets the compiler choose.
 */
#define OPS_HIDE_INT(x) __asm__ volatile("" : "+r"(x))
#if defined(__x86_64__) || defined(__i386__)
#define OPS_HIDE_FP(x) __asm__ volatile("" : "+x"(x))
#elif defined(__aarch64__)
#define OPS_HIDE_FP(x) __asm__ volatile("" : "+w"(x))
#elif defined(__riscv) && defined(__riscv_flen)
#define OPS_HIDE_FP(x) __asm__ volatile("" : "+f"(x))
#else
#define OPS_HIDE_FP(x) __asm__ volatile("" : "+g"(x))
#endif
/* The operands, set at run time (ops_default_args). */
struct ops_args {
	uint64_t x, a, b; /* integer start value and operands */
	double fx, fa, fb; /* floating-point start value and operands */
};
/* n iterations of one chain: 100 dependent operations per iteration
 * (200 for floating-point add and mul, which alternate two operations;
 * integer mod does a mod and an or, 100 of each).  Returns the result. */
uint64_t ops_chain(enum ops_kind k, uint64_t n, const struct ops_args *v);
void ops_default_args(struct ops_args *v, uint64_t seed);

/* ------------------------------------------------------------------ */
/* lib_tcp: the sockets of the network benchmarks (TCP, and UDP's too) */

/* A port number 1..65535; 0, or -1 after a message. */
int net_parse_port(const char *arg, int *port);
/* A socket of socktype bound to bindaddr (NULL: every interface, IPv6
 * and IPv4) and port, listening if it is a stream; -1 after a message. */
int net_listen(const char *bindaddr, int port, int socktype);
/* A socket connected to host:port (a refused connection is retried for
 * 0.2 s, for a server just started); -1 after lmbench's message
 * "socket connection: <why>". */
int net_connect(const char *host, int port, int socktype);
/* The same without a message when the connection fails (-1); a host
 * that cannot be resolved still gets one, and -2. */
int net_connect_quiet(const char *host, int port, int socktype);
/* The two halves of net_connect, for programs that connect in their timed
 * loop (name lookup is not what they measure): the addresses of host
 * (freeaddrinfo them), NULL after a message; a socket connected to the
 * first that answers, -1 (after lmbench's message unless quiet). */
struct addrinfo;
struct addrinfo *net_resolve(const char *host, int port, int socktype);
int net_connect_ai(const struct addrinfo *res, int quiet);
void net_nodelay(int fd);
/* Reads and writes on fd fail after this many seconds of silence. */
void net_timeout(int fd, int seconds);
/* Detach a server: returns 1 in the program (which exits 0), 0 in the
 * server (its own session, standard descriptors on /dev/null, SIGPIPE
 * ignored), -1 after a message. */
int net_detach(void);
/* How long a server lives: LMBENCH_SERVER_TIMEOUT seconds, default 3600. */
uint64_t net_server_lifetime(void);

/* The options every networked program shares. */
struct net_opts {
	int serve;	      /* -s: start a server */
	int stop;	      /* -S: stop one */
	const char *bindaddr; /* -b: the server's address (NULL: all) */
	int port;	      /* -p, or the program's lmbench port */
};
/* Take -s, -S, -b or -p: 1 when c is one of them, 0 when not, -1 after a
 * message when the argument is bad. */
int net_option(struct net_opts *n, int c, const char *arg);
/* Detach a server around the socket l (from net_listen, -1 if that
 * failed): returns l in the server (which then lives its lifetime),
 * -2 in the program once the server runs (exit 0), -1 after a message. */
int net_server(int l);
/* What a server grants its clients (documented in lmbench-ng(7)): at
 * most NET_MAX_CONNS connections at once (more are closed at once), each
 * read or write of a forked connection NET_IDLE_S seconds, a polled
 * connection NET_CONN_S seconds in all. */
#define NET_MAX_CONNS 256
#define NET_IDLE_S    60
#define NET_CONN_S    10
/* A forked server's connections share NET_MEM_BUDGET bytes for their
 * messages; a connection's process asks for its part with net_reserve
 * (g: what net_fork_loop gave its serve; NULL: no limit): 0, or -1 when
 * the server's budget is spent (refuse the connection). */
#define NET_MEM_BUDGET (256ULL << 20)
struct net_grant {
	struct net_share *share; /* memory the server and its children share */
	int slot;		 /* this connection's place in it */
};
int net_reserve(const struct net_grant *g, uint64_t bytes);
/* Serve connections on l for the server's lifetime, each in a process of
 * its own: serve(fd, g) returns non-zero when the client asked the server
 * to stop.  The processes die with the server and end with it.  Beyond
 * the cap a connection is closed, but first is_stop is shown what it sent
 * (n bytes, then its close): non-zero for a stop request. */
void net_fork_loop(int l, int (*serve)(int fd, const struct net_grant *g),
		   int (*is_stop)(const char *buf, size_t n))
	__attribute__((noreturn));
/* One connection of a polled server: ready() reads or writes what it can
 * without blocking (fd is non-blocking) and says what next. */
struct net_conn {
	int fd;		   /* the connection */
	short events;	   /* POLLIN or POLLOUT: what it waits for */
	uint64_t deadline; /* ms, monotonic: dropped then */
	void *data;	   /* the server's own state, NULL at first */
};
enum { NET_MORE, NET_DONE, NET_STOP };
struct net_service {
	int (*ready)(struct net_conn *c); /* NET_MORE, NET_DONE or NET_STOP */
	void (*drop)(struct net_conn *c); /* free c->data; NULL: nothing */
	void (*refuse)(int fd);		  /* a word to a client beyond the
					   * cap before the close; or NULL */
};
/* Serve connections on l for the server's lifetime in this one process,
 * no client able to delay another (each has NET_CONN_S seconds). */
void net_poll_loop(int l, const struct net_service *sv)
	__attribute__((noreturn));
/* The ready() of lat_connect's and lat_unix_connect's servers: the
 * client's close ends the connection, a byte from it stops the server. */
int net_stop_byte(struct net_conn *c);

/* ------------------------------------------------------------------ */
/* lib_udp                                                             */

/* Stop a UDP server as lmbench's -S does: four datagrams holding the
 * negative sequence numbers -1..-4.  0, or -1 after a message. */
int net_udp_stop(const char *host, int port);
/* lat_udp's server: every datagram (up to max bytes) back to its sender,
 * until one whose first 4 bytes are a negative sequence number. */
void udp_echo(int fd, size_t max) __attribute__((noreturn));

/* ------------------------------------------------------------------ */
/* lib_unix                                                            */

struct sockaddr_un;
/* A connected pair of UNIX stream sockets; -1 after a message. */
int unix_pair(int fd[2]);
/* Fill addr with the abstract address of name; its length. */
unsigned int unix_abstract(struct sockaddr_un *addr, const char *name);
/* A UNIX stream socket; -1 after a message. */
int unix_stream(void);

/* ------------------------------------------------------------------ */
/* lib_file: the files the file and VM benchmarks read.               */

/* path is a readable regular file of at least need bytes (its size in
 * *size, which may be NULL); 0, or -1 after a message. */
int file_check(const char *path, uint64_t need, uint64_t *size);
/* A private copy of the first len bytes of path in the program's
 * temporary directory, for -C copy `copy`; its path (malloc'd), or NULL
 * after a message. */
char *file_private_copy(const char *path, uint64_t len, int copy);
/* The file copy `copy` uses: name, or with private_copy (-C) a private
 * copy of its first len bytes, made now and kept in *own (remove it with
 * file_release).  NULL after a message. */
const char *file_for_copy(const char *name, int private_copy, uint64_t len,
			  int copy, char **own);
/* Remove and forget a private copy (nothing when *own is NULL). */
void file_release(char **own);


/* ------------------------------------------------------------------ */
/* lib_report: the classic lines (on stderr unless said otherwise) and,
 * when LMBENCH_JSON is set, one JSON record per result.  All return 0,
 * or -1 after a message when the value is zero, negative or not finite
 * (the caller then exits 1). */

/* "LABEL: %.4f microseconds"; value = statistic / ops_per_iter. */
int report_us(const struct bench_result *r, const char *label,
              double ops_per_iter);
/* "LABEL: %.4f microseconds" of r's statistic less base's, per
 * operation: lat_sig catch and prot, lat_pagefault.  The record's samples are r's less
 * base's statistic. */
int report_us_diff(const struct bench_result *r,
		   const struct bench_result *base, const char *label,
		   double ops_per_iter);
/* lat_mmap's "%.6f %.0f": size in MB (10^6), microseconds per operation
 * (%.3f when under 10). */
int report_size_us(const struct bench_result *r, const char *metric,
		   double size_bytes, double ops_per_iter);
/* "KEY %.2f": microseconds per operation after a key (lat_pmake). */
int report_key_us(const struct bench_result *r, const char *metric,
		  const char *key, double ops_per_iter);
/* lat_fs's line "SIZEk<TAB>FILES<TAB>CREATES/s<TAB>DELETES/s"; files is
 * create's iteration count. */
int report_fs(double size_bytes, const struct bench_result *create,
	      const struct bench_result *del);
/* lat_ctx's "N T": per switch, the lap time / N less the overhead, in
 * microseconds; -1 after a message (and no line) when not positive. */
int report_ctx(const struct bench_result *r, int nprocs, double ovr_ns,
	       uint64_t kb);
/* "LABEL: %.2f nanoseconds". */
int report_ns(const struct bench_result *r, const char *label,
              double ops_per_iter);
/* "LABEL: %.2f MB/sec"; rate = parallel * bytes / time. */
int report_mbs(const struct bench_result *r, const char *label,
               double bytes_per_iter);
/* "SIZE RATE" (MB = 10^6, %.6f below 1 else %.2f); metric names it. */
int report_bw_pair(const struct bench_result *r, const char *metric,
                   double size_bytes, double bytes_per_iter);
/* lat_mem_rd's "%.5f %.3f": size in 2^20 MB, ns per load. */
int report_memlat(const struct bench_result *r, const char *metric,
                  double size_bytes, double loads_per_iter);
/* A plain value on stdout with `decimals` decimals (enough, timing_o,
 * loop_o); unit names it in the record.  Zero is allowed here. */
int report_stdout(const char *metric, const char *unit, int decimals,
                  double value);
/* bw_tcp's "%.6f %.2f MB/sec": message size in MB (10^6), rate. */
int report_tcp_bw(const struct bench_result *r, double msize,
		  double bytes_per_iter);
/* par_mem's "%.6f %.2f": size in MB (10^6), parallelism. */
int report_par(double size_bytes, double parallelism);
/* tlb's "tlb: N pages" (and " %.5f nanoseconds" with the cost). */
int report_tlb(size_t pages, int with_cost, double cost_ns);
/* "LABEL: %.2f" on stderr, a figure without a unit (par_ops). */
int report_plain(const char *label, double value);
/* A record alone (no classic line, no samples): a figure derived from
 * measurements; size_bytes < 0 for none. */
void report_json(const char *metric, const char *unit, double size_bytes,
		 double value);
/* A bare number on stderr with `decimals` decimals (lat_dram_page). */
int report_value(const char *metric, const char *unit, int decimals,
		 double value);
/* lat_http's line: head ("Avg xfer: ..., "), tail ("...KB in ... millisecs,
 * "), then the rate of bytes_per_iter per interval in MB/sec (KB/sec at
 * most 1 MB/s). */
int report_http(const struct bench_result *r, const char *head,
		const char *tail, double bytes_per_iter);
/* mhz's "%.0f MHz, %.4f nanosec clock" on stdout. */
int report_mhz(double mhz, double period_ns);
/* A text line as is on stderr (section markers, blank lines). */
void report_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Check LMBENCH_JSON early; -1 after a message if it cannot be used. */
int report_check_env(void);

/* Pure helpers for the unit tests and the scripts. */
/* Format a bandwidth-pair number as lmbench does (%.6f below 1). */
void report_fmt_pair(char *buf, size_t len, double v);

#endif /* BENCH_H */

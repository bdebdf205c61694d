/*
 * lib_load.h - memory traffic generators: threads pinned one to a CPU,
 * each streaming through buffers of its own in bursts of one kind of
 * traffic (reads, writes, a read:write mix, STREAM's triad, non-temporal
 * writes) with a chosen pause between bursts, counting the bytes they
 * move; the bandwidth they achieve, sampled over intervals; and a pointer
 * chase timed in intervals beside them (lat_mem_load, bw_mem_peak,
 * numa_mem).
 */
#ifndef LIB_LOAD_H
#define LIB_LOAD_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "lib_chase.h"
#include "lib_harness.h"
#include "lib_threads.h"

/* A kind of traffic.  A burst is LOAD_BURST_BLOCKS blocks of 512 bytes
 * laid out as the kind says: `reads` blocks read then `writes` blocks
 * written, over and over; triad reads two blocks and writes one. */
#define LOAD_BLOCK        512
#define LOAD_BURST_BLOCKS 8
struct load_kind {
	char name[16];   /* as named: rd, wr, cp, R:W, triad, nt */
	char label[32];  /* the result's label ("ALL Reads", "2:1 Reads-Writes") */
	int reads;       /* blocks read per unit */
	int writes;      /* blocks written per unit */
	int triad;       /* 1: a = b + 3 * c */
	int nt;          /* 1: non-temporal stores */
	int buffers;     /* buffers each thread needs */
};
/* The names load_kind_parse takes, for usage lines. */
#define LOAD_KINDS "rd|wr|cp|R:W|triad|nt"
/* Parse a kind: 0; -1 after "unknown traffic kind" (usage, status 2);
 * -2 after a message when this processor cannot do it (status 77). */
int load_kind_parse(const char *arg, struct load_kind *k);
/* Whether the processor has non-temporal stores the library uses. */
int load_have_nt(void);

/* One thread's counter, alone on its cache lines. */
struct load_count {
	_Atomic uint64_t bytes; /* moved so far */
	char pad[128 - sizeof(uint64_t)];
};

/* Running traffic generators. */
struct load_gen {
	struct load_kind kind;
	size_t len;                /* bytes in each buffer of each thread */
	_Atomic uint64_t delay;    /* spin turns after each burst */
	struct load_count *count;  /* one per thread */
	struct thr_team team;
	/* Run in each thread before it allocates (a memory policy); 0, or
	 * -1 after a message.  NULL: none. */
	int (*bind)(void *ctx);
	void *bind_ctx;
};
/* Start n generators of kind k on cpus, each with buffers of len bytes
 * (every page touched before the start), pausing delay turns between
 * bursts; g->bind and g->bind_ctx are taken as set.  0, or -1 after a
 * message (no thread left). */
int load_start(struct load_gen *g, const struct load_kind *k, size_t len,
	       const int *cpus, int n, uint64_t delay);
/* A new pause between bursts, for every thread. */
void load_set_delay(struct load_gen *g, uint64_t delay);
/* Bytes moved so far by all threads. */
uint64_t load_bytes(struct load_gen *g);
/* Stop and join every thread, free the buffers: 0, or -1 after a
 * message. */
int load_stop(struct load_gen *g);

/* Sample the bandwidth of running generators: reps intervals of
 * interval_ns (the caller's thread sleeps through each), as a result
 * whose samples are ns per 10^6 bytes (report_fig: REPORT_MBS,
 * per_iter 1e6), of the run id with placement (sample_result).  0, or
 * -1 after a message. */
int load_sample(struct load_gen *g, int reps, uint64_t interval_ns,
		const struct bench_ident *id, const char *placement,
		struct bench_result *r);
/* The length of a sampled interval: ENOUGH, but at least 10 ms, so
 * that a scheduler's time slice on a shared CPU does not empty it. */
double load_interval_ns(void);
/* The last-level cache the system states (sysfs, cpu0); 0 if none. */
uint64_t load_llc(void);
/* The buffer size every one of `buffers` buffers of each of `threads`
 * threads (plus `extra` bytes) may have: want, or less so that all
 * fits in half the memory available; 0 after a message when that is
 * not above floor. */
size_t load_fit(size_t want, int threads, int buffers, size_t extra,
		size_t floor);

/* A chase (lib_chase) timed in intervals, from c->start[0]: the turns
 * of 100 loads that last about interval_ns (a timed trial, scaled). */
uint64_t load_chase_turns(struct mem_chase *c, double interval_ns);
/* reps intervals of `turns` turns: ns per load in ns[], and, when g is
 * not NULL, the traffic's ns per 10^6 bytes over each in bw[]. */
void load_chase(struct mem_chase *c, uint64_t turns, int reps,
		double *ns, struct load_gen *g, double *bw);
#endif

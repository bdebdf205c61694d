/*
 * lib_chase.h - random pointer chases: latency and memory-level parallelism
 * (par_mem, cache).
 */
#ifndef LIB_CHASE_H
#define LIB_CHASE_H

#include <stddef.h>
#include <stdint.h>

#include "lib_harness.h"
#include "lib_mem.h"

#define CHASE_MAXK 16
struct mem_chase {
	size_t size, line;	   /* bytes in the buffer, between slots */
	int k;			   /* chases in the next run */
	char *buf;		   /* the slots */
	char *base;		   /* the mapping, and its length */
	size_t alloc;
	void **start[CHASE_MAXK]; /* where each chase stands */
	enum mem_pages pages;	  /* the buffer's pages */
};
#define CHASE_HUGE 1	  /* ask for transparent huge pages */
#define CHASE_ANYWHERE 2  /* a plain random cycle (else hops change page) */
/* A random cycle through every line of a fresh size-byte buffer, with 16
 * start points evenly spaced along it; -1 after a message. */
int chase_setup(struct mem_chase *c, size_t size, size_t line, int flags,
		uint64_t seed);
/* The same on pages of that kind (-H; CHASE_HUGE is then ignored). */
int chase_setup_pages(struct mem_chase *c, size_t size, size_t line, int flags,
		      uint64_t seed, enum mem_pages pages);
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

/* lat_mem_rd's sizes and operands.  The next size on lmbench's grid:
 * 512 1K 2K 3K 4K, then 1.5P and 2P for each power of two P >= 4K. */
size_t chase_next_size(size_t size);
/* len: MB of 2^20 bytes; lmbench ignored a suffix, so "m" and "M" mean
 * MB here too, "k"/"K" KB and "g"/"G" GB.  0, or -1 after a message. */
int chase_parse_len(const char *a, uint64_t *len);
/* The strides (default 64 pointers' worth); how many, -1 after a
 * message. */
int chase_parse_strides(int n, char **argv, uint64_t len, uint64_t *strides,
                        int max);

#endif

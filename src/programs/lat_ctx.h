/*
 * lat_ctx.h - lat_ctx's state and the overhead it subtracts
 * (lat_ctx_overhead.c).  Private to lat_ctx.
 */
#ifndef LAT_CTX_H
#define LAT_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "lib_harness.h"
#include "lib_ring.h"

struct state {
	int nprocs;	  /* processes in the ring */
	size_t size;	  /* bytes each process sums per hand-off */
	struct ring ring; /* the ring measured */
	struct ring_solo solo; /* its overhead: nprocs pipes */
	uint64_t *buf;	  /* this process's working set */
};

/* The overhead once, for the largest ring (maxn pipes), in one process:
 * microseconds per process of a lap; < 0 after a message. */
double ctx_overhead_us(struct state *s, const struct bench_opts *o,
                       uint64_t maxn);

#endif

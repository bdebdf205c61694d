/*
 * stream.h - stream's state and its arrays (stream_arrays.c): their
 * memory, the values each kernel starts from, the values it must leave.
 * Private to stream.
 */
#ifndef STREAM_H
#define STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "lib_mem.h"
#include "lib_party.h"

enum kernel { K_COPY, K_SCALE, K_ADD, K_TRIAD, K_FILL, K_COPY2, K_DAXPY, K_SUM };

struct state {
	size_t n;	      /* elements per array */
	enum kernel k;	      /* the kernel measured */
	enum mem_place place; /* -A: MEM_ALIGNED */
	struct mem_set set;   /* the arrays' memory */
	double *a, *b, *c;    /* the arrays */
	double scalar;	      /* s */
	double total;	      /* sum: the last sum */
	uint64_t daxpys;      /* daxpy passes made so far */
	int version;	      /* 1 or 2 */
	int threads;	      /* -T */
};

/* The arrays for the kernel s->k (struct bench_desc's init): mapped as
 * s->place says, filled as STREAM's sequence leaves them before it.  0,
 * or -1 after a message. */
int stream_init(void *sp, struct copy_ctx *cx);
/* The arrays checked after an interval (struct bench_desc's after,
 * untimed): 0, or -1 after "validation failed: ...". */
int stream_validate(void *sp, uint64_t iters);
/* The arrays unmapped (struct bench_desc's cleanup). */
void stream_cleanup(void *sp);

#endif

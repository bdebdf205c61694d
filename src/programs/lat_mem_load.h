/*
 * lat_mem_load.h - lat_mem_load's options (lat_mem_load_opts.c): the
 * chase and traffic CPUs, the delays, the buffers.  Private to
 * lat_mem_load.
 */
#ifndef LAT_MEM_LOAD_H
#define LAT_MEM_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "lib_harness.h"
#include "lib_load.h"
#include "lib_place.h"

#define MAX_DELAYS 64

struct opts {
	int chase_cpu;              /* -c; -1: the first allowed */
	int cpus[PLACE_MAX_CPUS];   /* -C: the traffic CPUs */
	int ncpus;                  /* 0: every other allowed CPU */
	uint64_t delays[MAX_DELAYS];/* -D */
	int ndelays;                /* how many */
	uint64_t size;              /* -M; 0: twice the last-level cache */
	struct load_kind kind;      /* -t */
	int kind_rc;                /* load_kind_parse's status */
	const struct bench_ident *id; /* the run, for the records */
};

/* p's defaults, set before bench_begin parses the options. */
void mload_defaults(struct opts *p);
/* -c, -C, -D, -M and -t into the struct opts ctx (struct bench_prog's
 * handler): 0, or -1 after a message. */
int mload_option(void *ctx, int c, const char *arg);
/* The chase and traffic CPUs, checked: 0, 2 (usage) or 77. */
int mload_cpus(struct opts *p);
/* The buffers' size: -M, or twice the last-level cache (at least 64
 * MB) where it fits; 0 after a message. */
size_t mload_size(const struct opts *p);

#endif

/*
 * tlb.h - tlb's two rings (tlb_rings.c): the TLB ring, one pointer a
 * page, and the cache ring, one a line, chased and compared.  Private
 * to tlb.
 */
#ifndef TLB_H
#define TLB_H

#include <stddef.h>

#include "lib_harness.h"
#include "lib_mem.h"

struct state {
	void **p;      /* the chase (first: chase_run100) */
	size_t count;  /* N: pointers in the ring */
	int by_page;   /* 1: TLB ring, 0: cache ring */
	size_t line;   /* -L */
	size_t len;    /* bytes mapped */
	char *buf;     /* the mapping */
	size_t page;   /* bytes per page of the TLB ring */
	enum mem_pages pages; /* -H (the default: base pages only) */
};

/* Both rings at count pages: ns per load of the TLB ring (*t) and of
 * the cache ring (*c).  0, or -1 on failure (after a message). */
int rings_measure(struct state *s, const struct bench_opts *o, size_t count,
                  double *t, double *c);
/* The count of pages the TLB maps (lib_analysis's tlb_search), up to
 * maxn: 0, or -1 after a message. */
int rings_search(struct state *s, const struct bench_opts *o, size_t maxn,
                 size_t *pages);

#endif

/*
 * lat_dram_page.h - lat_dram_page's two orders of the slots and their
 * chase (lat_dram_page_order.c).  Private to lat_dram_page.
 */
#ifndef LAT_DRAM_PAGE_H
#define LAT_DRAM_PAGE_H

#include <stddef.h>
#include <stdint.h>

#include "lib_harness.h"

/* The order of every slot of npages pages of per slots, from seed: the
 * hit order (group 0: each page's slots, shuffled, before the next
 * page's) or the miss order (a slot of each of group pages in turn).
 * 0, or -1 after a message. */
int dram_order(size_t *order, size_t npages, size_t per, size_t group,
               uint64_t seed);
/* The n slots of buf, line bytes apart, linked in that order and
 * chased: ns per load in *ns.  0, or -1 after a message. */
int dram_chase_ns(char *buf, size_t *order, size_t n, size_t line,
                  const struct bench_opts *o, double *ns);

#endif

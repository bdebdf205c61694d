/*
 * lib_topo.h - the CPU topology CROSS places by: which CPUs share which
 * cache level, and the pairs chosen from that.
 */
#ifndef LIB_TOPO_H
#define LIB_TOPO_H

#define TOPO_MAX 256 /* CPUs looked at, at most */

/* Fill lv (n x n, for the CPUs ids[0..n-1]) with the lowest cache level
 * each pair shares (0: none), from /sys/devices/system/cpu/cpuN/cache. */
void topo_cache_levels(int n, const int *ids, int *lv);
/* CROSS's pairs: level is the n x n matrix of the lowest cache level
 * CPUs i and j share (0: none).  Pairs CPUs greedily in order, each with
 * the partner that shares the lowest level of 2 or more, else level 1
 * (threads of one core), else any; pairs[k] is pair k (n/2 entries).
 * Returns the number of pairs. */
int topo_cross_pairs(int n, const int *level, int (*pairs)[2]);

#endif

/*
 * lib_topo.h - the CPU topology CROSS places by: which CPUs share which
 * cache level, and the pairs chosen from that.
 */
#ifndef LIB_TOPO_H
#define LIB_TOPO_H

#include <stddef.h>

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

/* A NUMA node and its memory (MemTotal, in KiB). */
struct topo_node {
	int node;
	unsigned long long kb;
};
/* Each NUMA node's memory as sysfs under root ("": this machine's)
 * states it, in ascending order of node, at most max; returns how many
 * (0 where none is stated). */
int topo_node_memory(const char *root, struct topo_node *nodes, int max);
/* Each NUMA node's memory as sysfs under root states it ("" for the
 * machine's own /sys): "node0 64312 MB, node1 64511 MB" in out (the
 * nodes in ascending order, each MemTotal in MiB rounded down, as
 * scripts/memfacts writes the result header's MEMORY_NODES).  Returns
 * the nodes written; 0 where none is stated, out then "". */
int topo_memory_nodes(const char *root, char *out, size_t len);

#endif

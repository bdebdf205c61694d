/*
 * numa_mem.h - numa_mem's node layout (numa_mem_nodes.c): which nodes
 * have CPUs this process may use, which memory it may use, and the
 * binding of a thread's allocations to one node.  Private to numa_mem.
 */
#ifndef NUMA_MEM_H
#define NUMA_MEM_H

#include "lib_harness.h"

#define MAX_NODES 64

/* The layout: the nodes and their allowed CPUs. */
struct layout {
	int ncpu_nodes;               /* rows: nodes with allowed CPUs */
	int nmem_nodes;               /* columns: allowed memory nodes */
	int cpu_node[MAX_NODES];      /* row k: its node */
	int ncpus[MAX_NODES];         /* row k: its CPUs' count */
	int *cpus[MAX_NODES];         /* row k: its CPUs */
	int mem_node[MAX_NODES];      /* column k: its node */
	int libnuma;                  /* 1: from libnuma */
	const struct bench_ident *id; /* the run, for the records */
};

/* The layout from libnuma, else one node where sysfs states no more
 * (LMBENCH_SYSROOT, for tests, is put before its path); 0, -1 after a
 * message, or EXIT_UNSUPPORTED after one where it states several.  The
 * caller frees each row's cpus. */
int nodes_discover(struct layout *l);
/* Bind the calling thread's allocations to node *ctx (an int; -1 or no
 * libnuma: unbound), as struct load_gen's bind: 0. */
int nodes_bind(void *ctx);
/* The calling thread's allocations free to go to any node again. */
void nodes_unbind(void);
/* The layout as the title line: "2 nodes (libnuma): node 0 CPUs 0-3 ...". */
void nodes_title(const struct layout *l);

#endif

/*
 * numa_mem_nodes.c - numa_mem's node layout (numa_mem.h), from libnuma
 * where the program was built with it, else the one node of a machine
 * whose sysfs states no more; the binding of allocations to a node.
 */
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBNUMA
#include <numa.h>
#endif

#include "lib_place.h"
#include "lib_report.h"
#include "lib_topo.h"
#include "lib_util.h"
#include "numa_mem.h"

int
nodes_discover(struct layout *l)
{
	const int *all;
	const char *why = "built without libnuma", *root;
	struct topo_node seen[2];
	int n = place_allowed(&all), nodes;

	memset(l, 0, sizeof(*l));
	if (n < 0)
		return -1;
#ifdef HAVE_LIBNUMA
	if (numa_available() >= 0) {
		struct bitmask *cm = numa_allocate_cpumask();
		struct bitmask *mems = numa_get_mems_allowed();
		int node, i, max = numa_max_node();

		l->libnuma = 1;
		for (node = 0; node <= max && node < MAX_NODES; node++) {
			int k = l->ncpu_nodes;

			if (numa_bitmask_isbitset(mems, (unsigned)node))
				l->mem_node[l->nmem_nodes++] = node;
			if (numa_node_to_cpus(node, cm) != 0)
				continue;
			l->cpus[k] = calloc((size_t)n, sizeof(int));
			if (l->cpus[k] == NULL)
				break;
			for (i = 0; i < n; i++)
				if (numa_bitmask_isbitset(cm, (unsigned)all[i]))
					l->cpus[k][l->ncpus[k]++] = all[i];
			if (l->ncpus[k] == 0) {
				free(l->cpus[k]);
				continue;
			}
			l->cpu_node[l->ncpu_nodes++] = node;
		}
		numa_free_cpumask(cm);
		numa_bitmask_free(mems);
		if (l->ncpu_nodes > 0 && l->nmem_nodes > 0)
			return 0;
	}
	why = "libnuma finds no NUMA support";
#endif
	/* One node's matrices for a machine of several would mislead. */
	root = getenv("LMBENCH_SYSROOT");
	nodes = topo_node_memory(root != NULL ? root : "", seen, 2);
	if (nodes > 1) {
		util_err("%s, and sysfs states more than one NUMA node: the "
		         "matrices would be one node's (install libnuma-dev "
		         "and rebuild)", why);
		return EXIT_UNSUPPORTED;
	}
	l->libnuma = 0;
	l->ncpu_nodes = l->nmem_nodes = 1;
	l->ncpus[0] = n;
	l->cpus[0] = calloc((size_t)n, sizeof(int));
	if (l->cpus[0] == NULL) {
		util_err("out of memory");
		return -1;
	}
	memcpy(l->cpus[0], all, (size_t)n * sizeof(int));
	return 0;
}

int
nodes_bind(void *ctx)
{
#ifdef HAVE_LIBNUMA
	const int *node = ctx;
	struct bitmask *m;

	if (*node < 0 || numa_available() < 0)
		return 0;
	m = numa_allocate_nodemask();
	numa_bitmask_setbit(m, (unsigned)*node);
	numa_set_membind(m);
	numa_bitmask_free(m);
#else
	(void)ctx;
#endif
	return 0;
}

void
nodes_unbind(void)
{
#ifdef HAVE_LIBNUMA
	if (numa_available() >= 0)
		numa_set_membind(numa_all_nodes_ptr);
#endif
}

void
nodes_title(const struct layout *l)
{
	char list[200];
	int r;

	report_text("\"numa_mem: %d node%s (%s):", l->ncpu_nodes,
		    l->ncpu_nodes == 1 ? "" : "s",
		    l->libnuma ? "libnuma" : "built without libnuma: one node");
	for (r = 0; r < l->ncpu_nodes; r++) {
		place_format_list(list, sizeof(list), l->cpus[r], l->ncpus[r]);
		report_text(" node %d CPUs %s;", l->cpu_node[r], list);
	}
	report_text(" memory nodes");
	for (r = 0; r < l->nmem_nodes; r++)
		report_text(" %d", l->libnuma ? l->mem_node[r] : 0);
	report_text("\n");
}

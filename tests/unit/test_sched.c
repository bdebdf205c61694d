/* test_sched.c - unit tests of the LMBENCH_SCHED policies. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "lib_sched.h"
#include "lib_topo.h"
#include "check.h"

/* sched_spread must be a permutation of 0..n-1 for any n. */
static int
is_permutation(int n)
{
	char seen[300];
	int k;

	memset(seen, 0, sizeof(seen));
	for (k = 0; k < n; k++) {
		int v = sched_spread(k, n);

		if (v < 0 || v >= n || seen[v])
			return 0;
		seen[v] = 1;
	}
	return 1;
}

/* CROSS's pairs on synthetic topologies (lowest shared cache level). */
static void
cross_pairs(void)
{
	/* Two cores of two threads: 0,2 and 1,3 are siblings (L1), all
	 * share L3: pairs of two cores, 0-1 and 2-3. */
	static const int smt[16] = { 0, 3, 1, 3, 3, 0, 3, 1,
		                     1, 3, 0, 3, 3, 1, 3, 0 };
	/* 0 and 1 share L2, 2 and 3 share L2, all share L3. */
	static const int l2[16] = { 0, 2, 3, 3, 2, 0, 3, 3,
		                    3, 3, 0, 2, 3, 3, 2, 0 };
	/* Two threads of one core only: they are the pair. */
	static const int one_core[4] = { 0, 1, 1, 0 };
	/* Nothing shared (no sysfs): any two, in order; 3 CPUs, one pair. */
	static const int none[9] = { 0 };
	int p[4][2];

	CHECK(topo_cross_pairs(4, smt, p) == 2);
	CHECK(p[0][0] == 0 && p[0][1] == 1 && p[1][0] == 2 && p[1][1] == 3);
	CHECK(topo_cross_pairs(4, l2, p) == 2);
	CHECK(p[0][0] == 0 && p[0][1] == 1 && p[1][0] == 2 && p[1][1] == 3);
	CHECK(topo_cross_pairs(2, one_core, p) == 1);
	CHECK(p[0][0] == 0 && p[0][1] == 1);
	CHECK(topo_cross_pairs(3, none, p) == 1);
	CHECK(p[0][0] == 0 && p[0][1] == 1);
	CHECK(topo_cross_pairs(1, none, p) == 0);
}

/* A server is placed as copy 0's peer: on its CPU under SAME, on the
 * other CPU of its pair under CROSS, nowhere under DEFAULT. */
static void
server_placement(void)
{
	cpu_set_t set;
	int first, cpu;

	CHECK(sched_getaffinity(0, sizeof(set), &set) == 0);
	for (first = 0; !CPU_ISSET(first, &set); first++)
		;
	setenv("LMBENCH_SCHED", "DEFAULT", 1);
	CHECK(sched_place_server() == -2);
	setenv("LMBENCH_SCHED", "NONSENSE", 1);
	CHECK(sched_place_server() == -1);
	if (CPU_COUNT(&set) >= 2) {
		setenv("LMBENCH_SCHED", "CROSS", 1);
		cpu = sched_target("CROSS", 0, 0, 1);
		CHECK(cpu >= 0 && sched_target("CROSS", 0, 1, 1) >= 0);
		CHECK(sched_target("CROSS", 0, 1, 1) != cpu);
		CHECK(sched_target("CROSS", 0, 2, 3) == cpu);
		CHECK(sched_cross_shared("CROSS", 0) != NULL);
		CHECK(sched_place_server() == sched_target("CROSS", 0, 1, 1));
		CHECK(sched_getcpu() == sched_target("CROSS", 0, 1, 1));
	}
	CHECK(sched_set_policy("bogus") == -1);
	CHECK(sched_set_policy("SAME") == 0);
	CHECK(strcmp(sched_policy(NULL), "SAME") == 0);
	CHECK(strcmp(sched_policy("UNIQUE"), "SAME") == 0);
	CHECK(sched_cross_shared("SAME", 0) == NULL);
	CHECK(sched_place_server() == first);
	CHECK(sched_getcpu() == first);
	/* Unset: the program's own default, else DEFAULT; a server is SAME. */
	unsetenv("LMBENCH_SCHED");
	CHECK(strcmp(sched_policy(NULL), "DEFAULT") == 0);
	CHECK(strcmp(sched_policy("UNIQUE"), "UNIQUE") == 0);
	CHECK(sched_target("DEFAULT", 0, 0, 1) == -2);
	CHECK(sched_target("SAME", 0, 1, 1) == first);
	CHECK(sched_place_server() == first);
}

int
main(void)
{
	int n;

	for (n = 1; n <= 257; n++)
		CHECK(is_permutation(n));
	/* Neighbours land far apart: 0, 4, 2, 6, 1 ... on 8 CPUs. */
	CHECK(sched_spread(0, 8) == 0 && sched_spread(1, 8) == 4);
	CHECK(sched_spread(2, 8) == 2 && sched_spread(3, 8) == 6);

	CHECK(sched_logical_cpu(NULL, 0, 0, 0, 4) == -2);
	CHECK(sched_logical_cpu("DEFAULT", 3, 1, 1, 4) == -2);
	CHECK(sched_logical_cpu("default", 3, 1, 1, 4) == -2);
	CHECK(sched_logical_cpu("SINGLE", 3, 1, 1, 4) == 0);
	/* BALANCED: the copy's CPU, shared with its helpers. */
	CHECK(sched_logical_cpu("BALANCED", 3, 0, 1, 16) == 3);
	CHECK(sched_logical_cpu("BALANCED", 3, 1, 1, 16) == 3);
	CHECK(sched_logical_cpu("BALANCED", 5, 0, 0, 4) == 1);
	/* UNIQUE: copy 1's helper 1 with one helper per copy = 3. */
	CHECK(sched_logical_cpu("UNIQUE", 1, 1, 1, 16) == 3);
	CHECK(sched_logical_cpu("UNIQUE", 0, 1, 1, 16) == 1);
	CHECK(sched_logical_cpu("UNIQUE_SPREAD", 0, 1, 1, 8) == 4);
	CHECK(sched_logical_cpu("BALANCED_SPREAD", 1, 0, 0, 8) == 4);
	/* CUSTOM lists are taken in turn per copy. */
	CHECK(sched_logical_cpu("CUSTOM 3 5 7", 0, 0, 0, 8) == 3);
	CHECK(sched_logical_cpu("CUSTOM 3 5 7", 4, 0, 0, 8) == 5);
	CHECK(sched_logical_cpu("CUSTOM_UNIQUE 3 5 7", 1, 0, 1, 8) == 7);
	CHECK(sched_logical_cpu("CUSTOM ", 0, 0, 0, 8) == -1);
	CHECK(sched_logical_cpu("CUSTOM a", 0, 0, 0, 8) == -1);
	CHECK(sched_logical_cpu("NONSENSE", 0, 0, 0, 8) == -1);
	/* SAME: every party of copy c on CPU c; CROSS: from the topology. */
	CHECK(sched_logical_cpu("SAME", 0, 1, 1, 4) == 0);
	CHECK(sched_logical_cpu("same", 5, 3, 7, 4) == 1);
	CHECK(sched_logical_cpu("CROSS", 0, 1, 1, 4) == -3);
	CHECK(sched_logical_cpu("CROSSED", 0, 1, 1, 4) == -1);
	cross_pairs();
	server_placement();
	return check_done("test_sched");
}

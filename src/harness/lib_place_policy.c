/*
 * lib_place_policy.c - the placement policies (LMBENCH_SCHED, a server's
 * -c) as lmbench 3 defines them, made correct for any CPU count and for
 * restricted cpusets: logical CPU k is the k-th of place_allowed's CPUs,
 * and the "spread" order is a true permutation of 0..n-1 even when n is
 * not a power of two (lib_place.h).  CROSS's pairs come from the
 * topology, read once.
 */
#define _GNU_SOURCE /* setenv */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib_place.h"
#include "lib_topo.h"
#include "lib_util.h"

#define MAX_CPUS 4096
#define POLICY_NAMES                                                           \
	"use DEFAULT, SINGLE, SAME, CROSS, BALANCED, BALANCED_SPREAD, "        \
	"UNIQUE, UNIQUE_SPREAD, CUSTOM <cpus> or CUSTOM_UNIQUE <cpus>"

int
place_spread(int k, int n)
{
	int bits = 0, i, v, seen = 0;

	if (n <= 1)
		return 0;
	while ((1 << bits) < n)
		bits++;
	/* Walk 0, 1, 2, ... reversed in `bits` bits, skipping values >= n:
	 * the k-th kept value.  Neighbours in k land far apart. */
	for (i = 0; i < (1 << bits); i++) {
		int b;

		v = 0;
		for (b = 0; b < bits; b++)
			if (i & (1 << b))
				v |= 1 << (bits - 1 - b);
		if (v >= n)
			continue;
		if (seen == k % n)
			return v;
		seen++;
	}
	return 0;
}

/* The n-th CPU number of a "CUSTOM 0 2 4" list; -1 if the list is bad. */
static int
custom_cpu(const char *list, int n)
{
	int vals[MAX_CPUS], count = 0;
	const char *p = list;

	while (*p) {
		char *end;
		long v;

		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (*p == '\0')
			break;
		if (!isdigit((unsigned char)*p))
			return -1;
		v = strtol(p, &end, 10);
		if (v < 0 || v >= MAX_CPUS || count >= MAX_CPUS)
			return -1;
		vals[count++] = (int)v;
		p = end;
	}
	if (count == 0)
		return -1;
	return vals[n % count];
}

int
place_logical_cpu(const char *policy, int copy, int helper, int helpers,
                  int ncpus)
{
	int unique = copy * (helpers + 1) + helper;

	if (policy == NULL || *policy == '\0' ||
	    strcasecmp(policy, "DEFAULT") == 0)
		return -2;
	if (strcasecmp(policy, "SINGLE") == 0)
		return 0;
	/* SAME: every party of copy c on CPU c (lmbench-ng's default for
	 * the programs with a helper); CROSS: chosen from the topology. */
	if (strcasecmp(policy, "SAME") == 0)
		return copy % ncpus;
	if (strcasecmp(policy, "CROSS") == 0)
		return -3;
	/* BALANCED: one CPU per copy, its helpers share it. */
	if (strcasecmp(policy, "BALANCED") == 0)
		return copy % ncpus;
	if (strcasecmp(policy, "BALANCED_SPREAD") == 0)
		return place_spread(copy, ncpus);
	/* UNIQUE: every process of every copy on its own CPU. */
	if (strcasecmp(policy, "UNIQUE") == 0)
		return unique % ncpus;
	if (strcasecmp(policy, "UNIQUE_SPREAD") == 0)
		return place_spread(unique, ncpus);
	if (strncasecmp(policy, "CUSTOM_UNIQUE ", 14) == 0)
		return custom_cpu(policy + 14, unique);
	if (strncasecmp(policy, "CUSTOM_SPREAD ", 14) == 0)
		return custom_cpu(policy + 14, unique);
	if (strncasecmp(policy, "CUSTOM ", 7) == 0)
		return custom_cpu(policy + 7, copy);
	return -1;
}

const char *
place_policy(const char *fallback)
{
	const char *s = getenv("LMBENCH_SCHED");

	if (s != NULL && *s != '\0')
		return s;
	return fallback != NULL ? fallback : "DEFAULT";
}

/* The k-th of the n CPUs the program may use (cpus: place_allowed's list,
 * the one reading of the affinity mask, at its first use and never
 * changed after, so that a cpuset or taskset around the program is
 * respected), or -1. */
static int
allowed_cpu(const int *cpus, int n, int k)
{
	return k >= 0 && k < n ? cpus[k] : -1;
}

/* CROSS: pairs of allowed CPUs, each with the cache level they share
 * (memoized from the topology at first use). */
static int cross_npairs = -1;
static int cross_cpu[TOPO_MAX / 2][2];
static int cross_level[TOPO_MAX / 2];

static int
cross_setup(void)
{
	int ids[TOPO_MAX], pairs[TOPO_MAX / 2][2], *lv, n, i, all;
	const int *cpus;

	if (cross_npairs >= 0)
		return 0;
	all = place_allowed(&cpus);
	if (all < 0)
		return -1;
	n = all < TOPO_MAX ? all : TOPO_MAX;
	if (n < 2) {
		cross_npairs = 0;
		return 0;
	}
	for (i = 0; i < n; i++)
		ids[i] = allowed_cpu(cpus, all, i);
	lv = calloc((size_t)n * (size_t)n, sizeof(*lv));
	if (lv == NULL) {
		util_err("out of memory reading the CPU topology");
		return -1;
	}
	topo_cache_levels(n, ids, lv);
	cross_npairs = topo_cross_pairs(n, lv, pairs);
	for (i = 0; i < cross_npairs; i++) {
		cross_cpu[i][0] = ids[pairs[i][0]];
		cross_cpu[i][1] = ids[pairs[i][1]];
		cross_level[i] = lv[(size_t)pairs[i][0] * (size_t)n + (size_t)pairs[i][1]];
	}
	free(lv);
	return 0;
}

static int
is_cross(const char *policy)
{
	return place_logical_cpu(policy, 0, 0, 0, 1) == -3;
}

const char *
place_cross_shared(const char *policy, int copy)
{
	static const char *const names[] = { "none", "L1", "L2", "L3", "L4",
		                             "L5", "L6", "L7", "L8", "L9" };
	int l;

	if (!is_cross(policy) || cross_setup() != 0 ||
	    cross_npairs <= 0)
		return NULL;
	l = cross_level[copy % cross_npairs];
	return l > 0 && l < 10 ? names[l] : "none";
}

/* Whether policy is understood (and CROSS possible here): 0; -1 after
 * a message when it is not understood, -2 after one when it is CROSS
 * and this process may use one CPU only. */
static int
check_policy(const char *policy)
{
	if (place_logical_cpu(policy, 0, 0, 0, 1) == -1) {
		util_err("bad LMBENCH_SCHED '%s': %s", policy, POLICY_NAMES);
		return -1;
	}
	if (is_cross(policy)) {
		const int *cpus;
		int n = place_allowed(&cpus);

		if (n < 0)
			return -1;
		if (n < 2) {
			/* Not a usage error: this machine cannot do it (the
			 * caller's 77). */
			util_err("LMBENCH_SCHED=CROSS needs two CPUs; this "
			         "process may use only CPU %d",
			         allowed_cpu(cpus, n, 0));
			return -2;
		}
	}
	return 0;
}

int
place_check_env(void)
{
	return check_policy(place_policy(NULL));
}

int
place_target(const char *policy, int copy, int helper, int helpers)
{
	const int *cpus;
	int logical, n, count;

	logical = place_logical_cpu(policy, copy, helper, helpers, 1 << 30);
	if (logical == -2)
		return -2;
	if (logical == -1) {
		(void)check_policy(policy);
		return -1;
	}
	n = place_allowed(&cpus);
	if (n < 0)
		return -1;
	if (logical == -3) {
		if (cross_setup() != 0)
			return -1;
		if (cross_npairs <= 0)
			return -2; /* one CPU: place_check_env said so */
		return cross_cpu[copy % cross_npairs][helper % 2];
	}
	/* Spread orders are computed over the allowed count. */
	count = n > 0 ? n : 1; /* none: nothing placed, as for one */
	logical = place_logical_cpu(policy, copy, helper, helpers, count);
	logical = allowed_cpu(cpus, n, logical % count);
	return logical < 0 ? -2 : logical;
}

int
place_party(const char *policy, int copy, int helper, int helpers)
{
	int cpu = place_target(policy, copy, helper, helpers);

	if (cpu < 0)
		return cpu == -1 ? -1 : -2;
	return place_pin(cpu) == 0 ? cpu : -1;
}

int
place_set_policy(const char *policy)
{
	if (policy == NULL || *policy == '\0' ||
	    place_logical_cpu(policy, 0, 0, 0, 1) == -1) {
		util_err("bad placement '%s': %s", policy ? policy : "",
		         POLICY_NAMES);
		return -1;
	}
	/* Through the environment, so that what the program forks and
	 * execs sees the same policy. */
	if (setenv("LMBENCH_SCHED", policy, 1) != 0) {
		util_syserr("setenv");
		return -1;
	}
	return 0;
}

int
place_server(void)
{
	const char *policy = place_policy("SAME");

	if (check_policy(policy) < 0)
		return -1;
	return place_party(policy, 0, 1, 1);
}

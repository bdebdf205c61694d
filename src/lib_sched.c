/*
 * lib_sched.c - CPU placement by LMBENCH_SCHED, as lmbench 3 defines the
 * policies, made correct for any CPU count and for restricted cpusets:
 * logical CPU k is the k-th CPU of the affinity mask the process had
 * when it first asked, and the "spread" order is a true permutation of
 * 0..n-1 even when n is not a power of two.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench.h"

#define MAX_CPUS 4096

int
sched_spread(int k, int n)
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
sched_logical_cpu(const char *policy, int copy, int helper, int helpers,
                  int ncpus)
{
	int unique = copy * (helpers + 1) + helper;

	if (policy == NULL || *policy == '\0' ||
	    strcasecmp(policy, "DEFAULT") == 0)
		return -2;
	if (strcasecmp(policy, "SINGLE") == 0)
		return 0;
	/* BALANCED: one CPU per copy, its helpers share it. */
	if (strcasecmp(policy, "BALANCED") == 0)
		return copy % ncpus;
	if (strcasecmp(policy, "BALANCED_SPREAD") == 0)
		return sched_spread(copy, ncpus);
	/* UNIQUE: every process of every copy on its own CPU. */
	if (strcasecmp(policy, "UNIQUE") == 0)
		return unique % ncpus;
	if (strcasecmp(policy, "UNIQUE_SPREAD") == 0)
		return sched_spread(unique, ncpus);
	if (strncasecmp(policy, "CUSTOM_UNIQUE ", 14) == 0)
		return custom_cpu(policy + 14, unique);
	if (strncasecmp(policy, "CUSTOM_SPREAD ", 14) == 0)
		return custom_cpu(policy + 14, unique);
	if (strncasecmp(policy, "CUSTOM ", 7) == 0)
		return custom_cpu(policy + 7, copy);
	return -1;
}

static const char *default_policy = "DEFAULT";

void
sched_set_default(const char *policy)
{
	default_policy = policy;
}

const char *
sched_policy(void)
{
	const char *s = getenv("LMBENCH_SCHED");

	return s && *s ? s : default_policy;
}

int
sched_check_env(void)
{
	if (sched_logical_cpu(sched_policy(), 0, 0, 0, 1) == -1) {
		util_err("bad LMBENCH_SCHED '%s': use DEFAULT, SINGLE, "
		         "BALANCED, BALANCED_SPREAD, UNIQUE, UNIQUE_SPREAD, "
		         "CUSTOM <cpus> or CUSTOM_UNIQUE <cpus>",
		         sched_policy());
		return -1;
	}
	return 0;
}

int
sched_place(int copy, int helper, int helpers)
{
	static cpu_set_t allowed;
	static int nallowed = -1;
	const char *policy = sched_policy();
	cpu_set_t one;
	int logical, cpu, seen = 0, i;

	logical = sched_logical_cpu(policy, copy, helper, helpers, 1 << 30);
	if (logical == -2)
		return -2;
	if (logical < 0) {
		(void)sched_check_env();
		return -1;
	}
	/* The mask at first use is the set we may use: a cpuset or taskset
	 * around the program is respected. */
	if (nallowed < 0) {
		if (sched_getaffinity(0, sizeof(allowed), &allowed) != 0) {
			util_syserr("sched_getaffinity");
			return -1;
		}
		nallowed = CPU_COUNT(&allowed);
		if (nallowed <= 0)
			nallowed = 1;
	}
	/* Spread orders are computed over the allowed count. */
	logical = sched_logical_cpu(policy, copy, helper, helpers, nallowed);
	logical %= nallowed;
	cpu = -1;
	for (i = 0; i < CPU_SETSIZE; i++) {
		if (!CPU_ISSET(i, &allowed))
			continue;
		if (seen++ == logical) {
			cpu = i;
			break;
		}
	}
	if (cpu < 0)
		return -2;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) != 0) {
		util_syserr("sched_setaffinity to cpu %d", cpu);
		return -1;
	}
	return cpu;
}

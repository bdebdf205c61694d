/*
 * lib_topo.c - which CPUs share which cache (sysfs), and CROSS's pairs
 * chosen from that (lib_topo.h).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_topo.h"
#include "lib_util.h"

/* How much a pair sharing cache level `level` (0: none known) is wanted
 * for CROSS: two cores that share a cache (the lowest such level), then
 * two threads of one core (level 1), then any two. */
static int
pair_rank(int level)
{
	return level >= 2 ? level : level == 1 ? 100 : 1000;
}

/* Index of (i, j) in an n x n matrix. */
static size_t
at(int i, int j, int n)
{
	return (size_t)i * (size_t)n + (size_t)j;
}

int
topo_cross_pairs(int n, const int *level, int (*pairs)[2])
{
	char used[TOPO_MAX];
	int i, j, np = 0;

	if (n > TOPO_MAX)
		n = TOPO_MAX;
	memset(used, 0, sizeof(used));
	for (i = 0; i < n; i++) {
		int best = -1;

		if (used[i])
			continue;
		for (j = i + 1; j < n; j++)
			if (!used[j] &&
			    (best < 0 || pair_rank(level[at(i, j, n)]) <
			                     pair_rank(level[at(i, best, n)])))
				best = j;
		if (best < 0)
			break;
		used[i] = used[best] = 1;
		pairs[np][0] = i;
		pairs[np][1] = best;
		np++;
	}
	return np;
}

/* Parse a sysfs CPU list ("0-3,8,10-11") into set; -1 if malformed. */
static int
parse_cpulist(const char *s, cpu_set_t *set)
{
	CPU_ZERO(set);
	while (*s && *s != '\n') {
		char *end;
		long a = strtol(s, &end, 10), b;

		if (end == s || a < 0 || a >= CPU_SETSIZE)
			return -1;
		b = a;
		if (*end == '-') {
			s = end + 1;
			b = strtol(s, &end, 10);
			if (end == s || b < a || b >= CPU_SETSIZE)
				return -1;
		}
		for (; a <= b; a++)
			CPU_SET((int)a, set);
		s = end;
		if (*s == ',')
			s++;
	}
	return 0;
}

void
topo_cache_levels(int n, const int *ids, int *lv)
{
	char path[128], buf[4096];
	int i, j, x;

	for (i = 0; i < n; i++)
		for (x = 0; x < 16; x++) {
			cpu_set_t set;
			int level;

			snprintf(path, sizeof(path),
			         "/sys/devices/system/cpu/cpu%d/cache/index%d/level",
			         ids[i], x);
			if (util_first_line(path, buf, sizeof(buf)) != 0)
				break;
			level = (int)strtol(buf, NULL, 10);
			snprintf(path, sizeof(path),
			         "/sys/devices/system/cpu/cpu%d/cache/index%d/"
			         "shared_cpu_list",
			         ids[i], x);
			if (level <= 0 || util_first_line(path, buf, sizeof(buf)) != 0 ||
			    parse_cpulist(buf, &set) != 0)
				continue;
			for (j = 0; j < n; j++)
				if (j != i && CPU_ISSET(ids[j], &set) &&
				    (lv[at(i, j, n)] == 0 ||
				     level < lv[at(i, j, n)]))
					lv[at(i, j, n)] = level;
		}
	/* Make it symmetric: a pair shares what either side says. */
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++) {
			int a = lv[at(i, j, n)], b = lv[at(j, i, n)];
			int m = a == 0 ? b : b == 0 ? a : a < b ? a : b;

			lv[at(i, j, n)] = lv[at(j, i, n)] = m;
		}
}

#define NODES_MAX 4096 /* node directories looked at, at most */

static int
cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* Node n's MemTotal in KiB from root's sysfs into *kb (0 is a stated
 * size: a node of CPUs without memory); 0, or -1 where not stated.  Its
 * line reads "Node 0 MemTotal:       65855488 kB". */
static int
node_kb(const char *root, int n, unsigned long long *kb)
{
	char path[512], line[256];
	int rc = -1;
	FILE *f;

	snprintf(path, sizeof(path),
	         "%s/sys/devices/system/node/node%d/meminfo", root, n);
	f = fopen(path, "re");
	if (f == NULL)
		return -1;
	while (rc != 0 && fgets(line, sizeof(line), f) != NULL) {
		char *p, *end, *unit;
		uint64_t v;
		size_t digits;

		if (strncmp(line, "Node ", 5) != 0 ||
		    strtol(line + 5, &end, 10) != n || end == line + 5)
			continue;
		p = end + strspn(end, " ");
		if (strncmp(p, "MemTotal:", 9) != 0)
			continue;
		p += 9 + strspn(p + 9, " ");
		digits = strspn(p, "0123456789");
		unit = p + digits + strspn(p + digits, " ");
		if (strncmp(unit, "kB", 2) != 0 ||
		    (unit[2] != '\n' && unit[2] != '\0'))
			continue;
		p[digits] = '\0';
		if (util_parse_u64(p, 0, UINT64_MAX, &v) == NULL) {
			*kb = v;
			rc = 0;
		}
	}
	fclose(f);
	return rc;
}

int
topo_node_memory(const char *root, struct topo_node *nodes, int max)
{
	int ids[NODES_MAX];
	char path[512];
	struct dirent *e;
	int n = 0, i, got = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/sys/devices/system/node", root);
	d = opendir(path);
	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < NODES_MAX) {
		uint64_t v;

		if (strncmp(e->d_name, "node", 4) == 0 &&
		    util_parse_u64(e->d_name + 4, 0, 999999, &v) == NULL)
			ids[n++] = (int)v;
	}
	closedir(d);
	qsort(ids, (size_t)n, sizeof(ids[0]), cmp_int);
	for (i = 0; i < n && got < max; i++) {
		unsigned long long kb;

		if (node_kb(root, ids[i], &kb) != 0)
			continue;
		nodes[got].node = ids[i];
		nodes[got++].kb = kb;
	}
	return got;
}

int
topo_memory_nodes(const char *root, char *out, size_t len)
{
	static struct topo_node nodes[NODES_MAX];
	size_t used = 0;
	int n, i, written = 0;

	if (len == 0)
		return 0;
	*out = '\0';
	n = topo_node_memory(root, nodes, NODES_MAX);
	for (i = 0; i < n; i++) {
		int w = snprintf(out + used, len - used, "%snode%d %llu MB",
		                 written ? ", " : "", nodes[i].node,
		                 nodes[i].kb / 1024);

		if (w < 0 || (size_t)w >= len - used) {
			out[used] = '\0'; /* whole nodes only */
			break;
		}
		used += (size_t)w;
		written++;
	}
	return written;
}

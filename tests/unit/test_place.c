/* test_place.c - unit tests of placement (lib_place): the LMBENCH_SCHED
 * policies, the one message of a refused pin, and of lib_task's limits. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib_place.h"
#include "lib_task.h"
#include "lib_topo.h"
#include "lib_util.h"
#include "check.h"

/* place_spread must be a permutation of 0..n-1 for any n. */
static int
is_permutation(int n)
{
	char seen[300];
	int k;

	memset(seen, 0, sizeof(seen));
	for (k = 0; k < n; k++) {
		int v = place_spread(k, n);

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

/* A refused pin of this thread, of a thread named, and of a child that
 * cannot say it: one message for the first two, none for the third. */
static void
refused_pins(void)
{
	char out[512], want[512];
	int cap[2], saved, cpu = PLACE_MAX_CPUS - 1;
	ssize_t r;

	if (place_is_allowed(cpu) || pipe(cap) != 0)
		return; /* a machine of that many CPUs: nothing refused */
	fflush(stderr);
	saved = dup(2);
	dup2(cap[1], 2);
	CHECK(place_pin(cpu) == -1);
	CHECK(place_pin_thread(pthread_self(), cpu) == -1);
	CHECK(place_pin_quiet(cpu) == -1);
	CHECK(place_pin_thread(pthread_self(), -1) == 0);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(cap[1]);
	r = read(cap[0], out, sizeof(out) - 1);
	out[r > 0 ? r : 0] = '\0';
	close(cap[0]);
	snprintf(want, sizeof(want), "%s: cannot run on CPU %d: %s\n",
	         util_progname(), cpu, strerror(EINVAL));
	CHECK(strncmp(out, want, strlen(want)) == 0 &&
	      strcmp(out + strlen(want), want) == 0);
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
	CHECK(place_server() == -2);
	setenv("LMBENCH_SCHED", "NONSENSE", 1);
	CHECK(place_server() == -1);
	if (CPU_COUNT(&set) >= 2) {
		setenv("LMBENCH_SCHED", "CROSS", 1);
		cpu = place_target("CROSS", 0, 0, 1);
		CHECK(cpu >= 0 && place_target("CROSS", 0, 1, 1) >= 0);
		CHECK(place_target("CROSS", 0, 1, 1) != cpu);
		CHECK(place_target("CROSS", 0, 2, 3) == cpu);
		CHECK(place_cross_shared("CROSS", 0) != NULL);
		CHECK(place_server() == place_target("CROSS", 0, 1, 1));
		CHECK(sched_getcpu() == place_target("CROSS", 0, 1, 1));
	}
	CHECK(place_set_policy("bogus") == -1);
	CHECK(place_set_policy("SAME") == 0);
	CHECK(strcmp(place_policy(NULL), "SAME") == 0);
	CHECK(strcmp(place_policy("UNIQUE"), "SAME") == 0);
	CHECK(place_cross_shared("SAME", 0) == NULL);
	CHECK(place_server() == first);
	CHECK(sched_getcpu() == first);
	/* Unset: the program's own default, else DEFAULT; a server is SAME. */
	unsetenv("LMBENCH_SCHED");
	CHECK(strcmp(place_policy(NULL), "DEFAULT") == 0);
	CHECK(strcmp(place_policy("UNIQUE"), "UNIQUE") == 0);
	CHECK(place_target("DEFAULT", 0, 0, 1) == -2);
	CHECK(place_target("SAME", 0, 1, 1) == first);
	CHECK(place_server() == first);
}

/* Write text to root/rel; 0 or -1. */
static int
put_file(const char *root, const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "w");
	if (f == NULL)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* A made tree under TMPDIR: root gets its name, then the dirs (parents
 * first) are made in it; 0 or -1. */
static int
tree_make(char *root, size_t len, const char *const *dirs, size_t ndirs)
{
	const char *tmp = getenv("TMPDIR");
	char path[512];
	size_t i;

	snprintf(root, len, "%s/test_place.XXXXXX",
	         tmp != NULL && *tmp == '/' ? tmp : "/tmp");
	if (mkdtemp(root) == NULL)
		return -1;
	for (i = 0; i < ndirs; i++) {
		snprintf(path, sizeof(path), "%s/%s", root, dirs[i]);
		if (mkdir(path, 0700) != 0)
			return -1;
	}
	return 0;
}

/* Remove the files, the dirs (children first) and root; 0 or -1. */
static int
tree_remove(const char *root, const char *const *files, size_t nfiles,
            const char *const *dirs, size_t ndirs)
{
	char path[512];
	int rc = 0;
	size_t i;

	for (i = 0; i < nfiles; i++) {
		snprintf(path, sizeof(path), "%s/%s", root, files[i]);
		rc |= unlink(path);
	}
	for (i = ndirs; i > 0; i--) {
		snprintf(path, sizeof(path), "%s/%s", root, dirs[i - 1]);
		rc |= rmdir(path);
	}
	return rc | rmdir(root);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The NUMA nodes' memory from a made sysfs tree: ascending node numbers
 * (10 after 2), MiB rounded down, a node of 0 kB kept (as memfacts does),
 * a node without meminfo, MemTotal or a size and a name that is not a
 * node passed over, whole nodes only when short of
 * room, nothing where no node is stated. */
static void
memory_nodes(void)
{
	static const char *const dirs[] = { "sys",
		                            "sys/devices",
		                            "sys/devices/system",
		                            "sys/devices/system/node",
		                            "sys/devices/system/node/node0",
		                            "sys/devices/system/node/node2",
		                            "sys/devices/system/node/node10",
		                            "sys/devices/system/node/node1",
		                            "sys/devices/system/node/node3",
		                            "sys/devices/system/node/node4",
		                            "sys/devices/system/node/node5",
		                            "sys/devices/system/node/nodeX" };
	static const char *const files[] = {
		"sys/devices/system/node/node0/meminfo",
		"sys/devices/system/node/node2/meminfo",
		"sys/devices/system/node/node10/meminfo",
		"sys/devices/system/node/node3/meminfo",
		"sys/devices/system/node/possible",
		"sys/devices/system/node/node4/meminfo",
		"sys/devices/system/node/node5/meminfo"
	};
	char root[256], path[512], out[64];

	CHECK(tree_make(root, sizeof(root), dirs, COUNT(dirs)) == 0);
	CHECK(put_file(
	          root, files[0],
	          "Node 0 MemTotal:        2047 kB\nNode 0 MemFree: 1 kB\n") ==
	      0);
	CHECK(put_file(root, files[1],
	               "Node 2 MemFree:  1 kB\nNode 2 MemTotal:       65855488 "
	               "kB\n") == 0);
	CHECK(put_file(root, files[2],
	               "Node 10 MemTotal:       2097152 kB\n") == 0);
	CHECK(put_file(root, files[3], "Node 3 MemFree:       2097152 kB\n") ==
	      0);
	CHECK(put_file(root, files[4], "0-10\n") == 0);
	/* a node of CPUs without memory states 0; a negative size is none */
	CHECK(put_file(root, files[5], "Node 4 MemTotal:       0 kB\n") == 0);
	CHECK(put_file(root, files[6], "Node 5 MemTotal:      -1 kB\n") == 0);
	CHECK(topo_memory_nodes(root, out, sizeof(out)) == 4);
	CHECK(
	    strcmp(out,
	           "node0 1 MB, node2 64312 MB, node4 0 MB, node10 2048 MB") ==
	    0);
	CHECK(topo_memory_nodes(root, out, 30) == 2);
	CHECK(strcmp(out, "node0 1 MB, node2 64312 MB") == 0);
	CHECK(topo_memory_nodes(root, out, 5) == 0);
	CHECK(strcmp(out, "") == 0);
	snprintf(path, sizeof(path), "%s/none", root);
	CHECK(topo_memory_nodes(path, out, sizeof(out)) == 0);
	CHECK(strcmp(out, "") == 0);
	CHECK(tree_remove(root, files, COUNT(files), dirs, COUNT(dirs)) == 0);
}

/* The user's tasks as RLIMIT_NPROC counts them, from a made /proc: a
 * process's threads for a real uid that matches (not the effective one,
 * not a uid that only begins alike), one where no Threads line says,
 * names that are not process ids and a process without status passed
 * over; and on the real /proc, at least this process for its user. */
static void
user_tasks(void)
{
	static const char *const dirs[] = { "proc", "proc/1", "proc/22",
		                            "proc/333", "proc/55", "proc/66",
		                            "proc/self", "proc/0x7" };
	static const char *const files[] = { "proc/1/status", "proc/22/status",
		                             "proc/333/status", "proc/55/status",
		                             "proc/self/status", "proc/0x7/status" };
	static const char *const text[] = {
		"Name:\tsh\nUid:\t65534\t65534\t65534\t65534\nThreads:\t3\n",
		"Name:\tsu\nUid:\t0\t65534\t0\t0\nThreads:\t5\n",
		"Name:\tx\nUid:\t65534\t0\t0\t0\n",
		"Uid:\t655340\t655340\t655340\t655340\nThreads:\t7\n",
		"Uid:\t65534\t65534\t65534\t65534\nThreads:\t100\n",
		"Uid:\t65534\t65534\t65534\t65534\nThreads:\t100\n"
	};
	char root[256], path[512];
	size_t i;

	CHECK(tree_make(root, sizeof(root), dirs, COUNT(dirs)) == 0);
	for (i = 0; i < COUNT(files); i++)
		CHECK(put_file(root, files[i], text[i]) == 0);
	snprintf(path, sizeof(path), "%s/proc", root);
	CHECK(task_user_count(path, 65534) == 4);
	CHECK(task_user_count(path, 0) == 5);
	CHECK(task_user_count(path, 655340) == 7);
	CHECK(task_user_count(path, 1000) == 0);
	snprintf(path, sizeof(path), "%s/none", root);
	CHECK(task_user_count(path, 65534) == 0);
	CHECK(task_user_count("/proc", (unsigned long)getuid()) >= 1);
	CHECK(tree_remove(root, files, COUNT(files), dirs, COUNT(dirs)) == 0);
}

int
main(void)
{
	int n;

	for (n = 1; n <= 257; n++)
		CHECK(is_permutation(n));
	refused_pins();
	/* Neighbours land far apart: 0, 4, 2, 6, 1 ... on 8 CPUs. */
	CHECK(place_spread(0, 8) == 0 && place_spread(1, 8) == 4);
	CHECK(place_spread(2, 8) == 2 && place_spread(3, 8) == 6);

	CHECK(place_logical_cpu(NULL, 0, 0, 0, 4) == -2);
	CHECK(place_logical_cpu("DEFAULT", 3, 1, 1, 4) == -2);
	CHECK(place_logical_cpu("default", 3, 1, 1, 4) == -2);
	CHECK(place_logical_cpu("SINGLE", 3, 1, 1, 4) == 0);
	/* BALANCED: the copy's CPU, shared with its helpers. */
	CHECK(place_logical_cpu("BALANCED", 3, 0, 1, 16) == 3);
	CHECK(place_logical_cpu("BALANCED", 3, 1, 1, 16) == 3);
	CHECK(place_logical_cpu("BALANCED", 5, 0, 0, 4) == 1);
	/* UNIQUE: copy 1's helper 1 with one helper per copy = 3. */
	CHECK(place_logical_cpu("UNIQUE", 1, 1, 1, 16) == 3);
	CHECK(place_logical_cpu("UNIQUE", 0, 1, 1, 16) == 1);
	CHECK(place_logical_cpu("UNIQUE_SPREAD", 0, 1, 1, 8) == 4);
	CHECK(place_logical_cpu("BALANCED_SPREAD", 1, 0, 0, 8) == 4);
	/* CUSTOM lists are taken in turn per copy. */
	CHECK(place_logical_cpu("CUSTOM 3 5 7", 0, 0, 0, 8) == 3);
	CHECK(place_logical_cpu("CUSTOM 3 5 7", 4, 0, 0, 8) == 5);
	CHECK(place_logical_cpu("CUSTOM_UNIQUE 3 5 7", 1, 0, 1, 8) == 7);
	CHECK(place_logical_cpu("CUSTOM ", 0, 0, 0, 8) == -1);
	CHECK(place_logical_cpu("CUSTOM a", 0, 0, 0, 8) == -1);
	CHECK(place_logical_cpu("NONSENSE", 0, 0, 0, 8) == -1);
	/* SAME: every party of copy c on CPU c; CROSS: from the topology. */
	CHECK(place_logical_cpu("SAME", 0, 1, 1, 4) == 0);
	CHECK(place_logical_cpu("same", 5, 3, 7, 4) == 1);
	CHECK(place_logical_cpu("CROSS", 0, 1, 1, 4) == -3);
	CHECK(place_logical_cpu("CROSSED", 0, 1, 1, 4) == -1);
	cross_pairs();
	server_placement();
	memory_nodes();
	user_tasks();
	return check_done("test_place");
}

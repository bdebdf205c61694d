/*
 * lib_task.c - room for many tasks at once (lib_task.h): the cap one
 * program keeps to (LMBENCH_MAX_TASKS), the kernel's limits on tasks and
 * descriptors, and the counts a program's operands give.  Pinning, the
 * futex calls and the crews that run the tasks are lib_task_crew.c.
 */
#include <errno.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "lib_task.h"
#include "lib_util.h"

/* Tasks kept free for what already runs (shells, the supervisor, other
 * programs) when a limit is shared with the whole system. */
#define TASK_MARGIN 64
/* Tasks kept free under RLIMIT_NPROC beyond the user's count now (which
 * includes this program): what the user starts meanwhile, and tasks of
 * the same user in other pid namespaces, which count but are not in
 * this /proc.  A count still too large fails at fork, with one line. */
#define TASK_USER_MARGIN 8
/* The most tasks one program starts at once unless LMBENCH_MAX_TASKS
 * says otherwise: the larger of TASK_CAP_FLOOR and TASK_CAP_PER_CPU a
 * CPU, above the suite's own sweeps (lat_ctx's 96 processes, lat_msg's
 * 16 groups of 40, -P 1024) and far below a pid table (a typo in a count
 * must not fill a shared machine's, root's included). */
#define TASK_CAP_FLOOR 4096
#define TASK_CAP_PER_CPU 64
#define TASK_CAP_MOST 4194304 /* pid_max's own ceiling */

/* The number that starts s; 0 when there is none. */
static uint64_t
leading_u64(const char *s)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	return (end == s || errno != 0) ? 0 : (uint64_t)v;
}

/* The number in /proc/sys/kernel/NAME; 0 when it cannot be read. */
static uint64_t
sysctl_u64(const char *name)
{
	char path[96], line[64];

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	return util_first_line(path, line, sizeof(line)) == 0 ? leading_u64(line)
	                                                  : 0;
}

/* The tasks this system runs now (the fourth field of loadavg:
 * "running/total"); 0 when unknown. */
static uint64_t
tasks_now(void)
{
	char line[128];
	const char *slash;

	if (util_first_line("/proc/loadavg", line, sizeof(line)) != 0)
		return 0;
	slash = strchr(line, '/');
	return slash != NULL ? leading_u64(slash + 1) : 0;
}

uint64_t
task_user_count(const char *proc, unsigned long uid)
{
	char path[512], line[256];
	uint64_t total = 0;
	struct dirent *e;
	DIR *d = opendir(proc);

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		uint64_t threads = 0, v;
		int mine = 0;
		FILE *f;

		if (util_parse_u64(e->d_name, 1, UINT64_MAX, &v) != NULL)
			continue;
		snprintf(path, sizeof(path), "%s/%s/status", proc, e->d_name);
		f = fopen(path, "re");
		if (f == NULL)
			continue; /* gone since, or not a process */
		/* "Uid:\t<real>\t<effective>...", "Threads:\t<n>" */
		while (fgets(line, sizeof(line), f) != NULL) {
			const char *p = line + strcspn(line, ":");

			if (*p == ':')
				p += 1 + strspn(p + 1, " \t");
			if (strncmp(line, "Uid:", 4) == 0)
				mine = *p >= '0' && *p <= '9' && leading_u64(p) == uid;
			else if (strncmp(line, "Threads:", 8) == 0) {
				threads = leading_u64(p);
				break; /* after Uid: the rest is of no use */
			}
		}
		fclose(f);
		if (mine)
			total += threads > 0 ? threads : 1;
	}
	closedir(d);
	return total;
}

/* The smallest limit and which one it is. */
static uint64_t
limit_of(const char **which)
{
	uint64_t best = 0, v, now = tasks_now() + TASK_MARGIN;
	struct rlimit rl;

	*which = "the kernel";
	v = sysctl_u64("threads-max");
	if (v > 0) {
		best = v > now ? v - now : 0;
		*which = "kernel.threads-max";
	}
	v = sysctl_u64("pid_max");
	if (v > 0 && (best == 0 || (v > now ? v - now : 0) < best)) {
		best = v > now ? v - now : 0;
		*which = "kernel.pid_max";
	}
	/* RLIMIT_NPROC does not bind root (taken here as euid 0; root of a
	 * user namespace is bound, and may be refused at fork); for others
	 * it counts every task (thread) whose real user is theirs: the room
	 * is the limit less those running now and a small margin. */
	if (geteuid() != 0 && getrlimit(RLIMIT_NPROC, &rl) == 0 &&
	    rl.rlim_cur != RLIM_INFINITY) {
		uint64_t used = task_user_count("/proc", (unsigned long)getuid()) +
		                TASK_USER_MARGIN;

		v = (uint64_t)rl.rlim_cur;
		v = v > used ? v - used : 0;
		if (best == 0 || v < best) {
			best = v;
			*which = "RLIMIT_NPROC (ulimit -u)";
		}
	}
	return best;
}

uint64_t
task_limit(void)
{
	const char *which;

	return limit_of(&which);
}

int
task_check_env(void)
{
	uint64_t v;

	return util_env_u64("LMBENCH_MAX_TASKS", 1, TASK_CAP_MOST, &v) < 0 ? -1
									     : 0;
}

uint64_t
task_cap(int *given)
{
	const char *env = getenv("LMBENCH_MAX_TASKS");
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t v;

	*given = env != NULL &&
		 util_parse_u64(env, 1, TASK_CAP_MOST, &v) == NULL;
	if (*given)
		return v;
	v = cpus > 0 ? (uint64_t)cpus * TASK_CAP_PER_CPU : 0;
	return v > TASK_CAP_FLOOR ? v : TASK_CAP_FLOOR;
}

int
task_room(uint64_t n, const char *what)
{
	const char *which;
	uint64_t lim, cap;
	int given;

	cap = task_cap(&given);
	if (n > cap) {
		util_err("cannot run %s: %llu tasks at once, more than the %llu "
			 "one program may start (LMBENCH_MAX_TASKS%s)",
			 what, (unsigned long long)n, (unsigned long long)cap,
			 given ? "" : "; by default the larger of 4096 and 64 "
				      "a CPU");
		return -1;
	}
	lim = limit_of(&which);
	if (n <= lim || (lim == 0 && strcmp(which, "the kernel") == 0))
		return 0;
	util_err("cannot run %s: %llu tasks at once, and %s leaves room for "
	         "%llu here",
	         what, (unsigned long long)n, which, (unsigned long long)lim);
	return -1;
}

uint64_t
task_counts(const char *what, int n, char **args, uint64_t max, int *counts)
{
	uint64_t v, most = 0;
	const char *why;
	int i;

	for (i = 0; i < n; i++) {
		why = util_parse_u64(args[i], 1, max, &v);
		if (why != NULL) {
			util_err("bad %s '%s': %s (1 to %llu)", what, args[i], why,
			         (unsigned long long)max);
			return 0;
		}
		counts[i] = (int)v;
		most = v > most ? v : most;
	}
	return most;
}

int
task_fds(uint64_t n, const char *what)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 ||
	    rl.rlim_cur == RLIM_INFINITY || n + 16 <= (uint64_t)rl.rlim_cur)
		return 0;
	util_err("cannot run %s: %llu descriptors open at once, and "
	         "RLIMIT_NOFILE (ulimit -n) allows %llu",
	         what, (unsigned long long)n, (unsigned long long)rl.rlim_cur);
	return -1;
}

/*
 * lib_task.c - many tasks at once (lib_task.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib_task.h"
#include "lib_util.h"

/* Tasks kept free for what already runs (shells, the supervisor, other
 * programs) when a limit is shared with the whole system. */
#define TASK_MARGIN 64

/* The number in /proc/sys/kernel/NAME; 0 when it cannot be read. */
static uint64_t
sysctl_u64(const char *name)
{
	char path[96];
	unsigned long long v = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s", name);
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	if (fscanf(f, "%llu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

/* The tasks this system runs now (the fourth field of loadavg:
 * "running/total"); 0 when unknown. */
static uint64_t
tasks_now(void)
{
	unsigned long long total = 0;
	double a, b, c;
	unsigned r;
	FILE *f = fopen("/proc/loadavg", "r");

	if (f == NULL)
		return 0;
	if (fscanf(f, "%lf %lf %lf %u/%llu", &a, &b, &c, &r, &total) != 5)
		total = 0;
	fclose(f);
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
	/* RLIMIT_NPROC does not bind root; for others it counts every
	 * task of the user, so the system's count is a bound on the use. */
	if (geteuid() != 0 && getrlimit(RLIMIT_NPROC, &rl) == 0 &&
	    rl.rlim_cur != RLIM_INFINITY) {
		v = (uint64_t)rl.rlim_cur;
		v = v > TASK_MARGIN ? v - TASK_MARGIN : 0;
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
task_room(uint64_t n, const char *what)
{
	const char *which;
	uint64_t lim = limit_of(&which);

	if (n <= lim || (lim == 0 && strcmp(which, "the kernel") == 0))
		return 0;
	util_err("%s need %llu processes or threads; %s leaves room for "
	         "%llu here",
	         what, (unsigned long long)n, which, (unsigned long long)lim);
	return -1;
}

int
task_fds(uint64_t n, const char *what)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 ||
	    rl.rlim_cur == RLIM_INFINITY || n + 16 <= (uint64_t)rl.rlim_cur)
		return 0;
	util_err("%s need %llu open descriptors; RLIMIT_NOFILE (ulimit -n) "
	         "allows %llu",
	         what, (unsigned long long)n, (unsigned long long)rl.rlim_cur);
	return -1;
}

int
task_pin(pthread_t t, int cpu)
{
	cpu_set_t one;
	int rc;

	if (cpu < 0)
		return 0;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	rc = pthread_setaffinity_np(t, sizeof(one), &one);
	if (rc != 0) {
		errno = rc;
		util_syserr("cannot pin a thread to CPU %d", cpu);
		return -1;
	}
	return 0;
}

void
task_futex_wait(uint32_t *word, uint32_t val)
{
	(void)syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

void
task_futex_wake(uint32_t *word, int n)
{
	(void)syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

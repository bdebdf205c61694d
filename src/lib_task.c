/*
 * lib_task.c - many tasks at once (lib_task.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h> /* PTHREAD_STACK_MIN */
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_super.h"
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

void
task_arrive(uint32_t *count, uint32_t all)
{
	if (__atomic_add_fetch(count, 1, __ATOMIC_ACQ_REL) == all)
		task_futex_wake(count, 1);
}

void
task_await(uint32_t *count, uint32_t all)
{
	uint32_t d;

	while ((d = __atomic_load_n(count, __ATOMIC_ACQUIRE)) != all)
		task_futex_wait(count, d);
}

int
task_crew_init(struct task_crew *c, int threads, int cap)
{
	c->threads = threads;
	c->n = 0;
	c->cap = cap;
	c->m = calloc((size_t)cap, sizeof(*c->m));
	if (c->m == NULL) {
		util_err("out of memory for %d tasks", cap);
		return -1;
	}
	return 0;
}

/* A member thread's stack is the least the system allows (16 KB on
 * x86-64 glibc, as hackbench's), so members run only small bodies.  At
 * a thread's end glibc gives back the unused part of a stack larger than
 * that (madvise), and frees stacks past the 40 MB it keeps for reuse
 * (munmap), each call inside the timed interval and each interrupting
 * every CPU the process runs on: with the default 8 MB, lat_msg's 160
 * threads of 4 groups made 160 madvise and 158 munmap calls (strace -f
 * -c), hackbench's none.  Under AddressSanitizer, whose frames and
 * reports are larger, 64 KB more. */
#if defined(__SANITIZE_ADDRESS__)
#define MEMBER_STACK ((size_t)PTHREAD_STACK_MIN + ((size_t)64 << 10))
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEMBER_STACK ((size_t)PTHREAD_STACK_MIN + ((size_t)64 << 10))
#endif
#endif
#ifndef MEMBER_STACK
#define MEMBER_STACK ((size_t)PTHREAD_STACK_MIN)
#endif

static void *
member_thread(void *mp)
{
	struct task_member *m = mp;

	return m->body(m->arg) == 0 ? NULL : mp;
}

int
task_crew_start(struct task_crew *c, struct copy_ctx *cx, int helper,
                int (*body)(void *), void *arg, void (*prepare)(void *))
{
	struct task_member *m = &c->m[c->n];
	struct copy_ctx quiet = *cx;
	int rc;

	*m = (struct task_member){ body, arg, -1, 0 };
	if (c->threads) {
		pthread_attr_t a;

		rc = pthread_attr_init(&a);
		if (rc == 0) {
			rc = pthread_attr_setstacksize(&a, MEMBER_STACK);
			if (rc == 0)
				rc = pthread_create(&m->t, &a, member_thread, m);
			pthread_attr_destroy(&a);
		}
		if (rc != 0) {
			errno = rc;
			util_syserr("cannot start thread %d", c->n + 1);
			return -1;
		}
		c->n++;
		return 0;
	}
	/* forked as if timed: no helper of the copy */
	quiet.in_timed = 1;
	m->pid = super_fork(&quiet, helper);
	if (m->pid == 0) {
		if (prepare != NULL)
			prepare(arg);
		_exit(body(arg) == 0 ? 0 : EXIT_FAILED);
	}
	if (m->pid < 0)
		return -1;
	c->n++;
	return 0;
}

/* Reap member k; 0 when it ended well. */
static int
reap(struct task_member *m, int thread)
{
	void *ret = NULL;
	int status = 0;

	if (thread) {
		pthread_join(m->t, &ret);
		return ret == NULL ? 0 : -1;
	}
	if (m->pid <= 0)
		return 0;
	while (waitpid(m->pid, &status, 0) < 0)
		if (errno != EINTR) {
			status = -1;
			break;
		}
	m->pid = -1;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int
task_crew_wait(struct task_crew *c)
{
	int k, bad = 0;

	for (k = 0; k < c->n; k++)
		bad |= reap(&c->m[k], c->threads) != 0;
	c->n = 0;
	return bad ? -1 : 0;
}

void
task_crew_stop(struct task_crew *c)
{
	int k;

	for (k = 0; k < c->n; k++)
		if (c->threads)
			pthread_cancel(c->m[k].t);
		else if (c->m[k].pid > 0)
			kill(c->m[k].pid, SIGKILL);
	(void)task_crew_wait(c);
}

void
task_crew_free(struct task_crew *c)
{
	if (c->m != NULL)
		task_crew_stop(c);
	free(c->m);
	c->m = NULL;
}

/*
 * lib_task_crew.c - the tasks themselves (lib_task.h): the futex calls
 * and the count of arrivals with which threads hand a turn over or wait
 * for one another (lat_pthread's timed loops call them), and crews of threads or processes started one by one and
 * waited for together (lat_msg's).  How many a program may start is
 * lib_task.c's.
 */
#define _GNU_SOURCE /* syscall */
#include <errno.h>
#include <limits.h> /* PTHREAD_STACK_MIN */
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_super.h"
#include "lib_task.h"
#include "lib_util.h"

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

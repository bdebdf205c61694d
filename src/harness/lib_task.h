/*
 * lib_task.h - many tasks at once (processes or threads): whether the
 * kernel lets a program start that many, crews of them, and the futex
 * calls two threads hand a turn over with (pinning one where the policy
 * says is lib_place's).  The limits are lib_task.c's; the futex calls
 * and the crews lib_task_crew.c's.
 */
#ifndef LIB_TASK_H
#define LIB_TASK_H

#include <pthread.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib_party.h"

/*
 * Room for n more processes or threads (what: who needs them, for the
 * message, e.g. "8 groups"): checked against the cap (task_cap, below),
 * then the kernel's threads-max
 * and pid_max and, for a user the limit binds, RLIMIT_NPROC less what
 * already runs.  0, or -1 after one line saying which limit refuses.
 */
int task_room(uint64_t n, const char *what);
/* The most tasks task_room lets one program start: LMBENCH_MAX_TASKS
 * (given set to 1), else the larger of 4096 and 64 a CPU. */
uint64_t task_cap(int *given);
/* LMBENCH_MAX_TASKS, when set, is a count from 1 to 4194304: 0, or -1
 * after "prog: bad LMBENCH_MAX_TASKS 'v': why". */
int task_check_env(void);
/* The counts of tasks (groups, pairs ...) a program's operands give,
 * each 1 to max, into counts (n of them); the largest, or 0 after "bad
 * WHAT 'arg': why (1 to max)". */
uint64_t task_counts(const char *what, int n, char **args, uint64_t max,
                     int *counts);
/* The tasks (threads) now running whose real user is uid, from the
 * status files of proc ("/proc", or a made tree for the tests): what
 * RLIMIT_NPROC counts.  0 when proc cannot be read. */
uint64_t task_user_count(const char *proc, unsigned long uid);
/* Room for n more open descriptors (RLIMIT_NOFILE); as task_room. */
int task_fds(uint64_t n, const char *what);
/* The limit task_room applies (for the tests and messages): the
 * smallest of threads-max, pid_max and RLIMIT_NPROC where it binds, less
 * a margin for what already runs; 0 when it cannot be read. */
uint64_t task_limit(void);

/* FUTEX_WAIT on *word while it holds val (returns at once when it does
 * not, or on a wake); FUTEX_WAKE of up to n waiters.  Process-private
 * futexes: both ends are threads of one process. */
void task_futex_wait(uint32_t *word, uint32_t val);
void task_futex_wake(uint32_t *word, int n);
/* A count of arrivals that one thread waits on: task_arrive adds one
 * (waking the waiter when it reaches all); task_await returns once it
 * holds all. */
void task_arrive(uint32_t *count, uint32_t all);
void task_await(uint32_t *count, uint32_t all);

/*
 * A crew: tasks started one by one and waited for together, each a
 * thread of this process or a process of its own (super_fork, placed as
 * helper `helper` of the copy, killed with it; no party of the copy: the
 * program records where they ran itself).
 */
struct task_member {
	int (*body)(void *); /* what it runs; 0 when it went well */
	void *arg;
	pid_t pid;           /* a process: its id; -1 once reaped */
	pthread_t t;         /* a thread */
};
struct task_crew {
	int threads;            /* members are threads, else processes */
	int n, cap;             /* members started, room for */
	struct task_member *m;
};
/* Room for cap members; 0, or -1 after a message. */
int task_crew_init(struct task_crew *c, int threads, int cap);
/* Start body(arg) as the next member; a process runs prepare(arg) first
 * (prepare may be NULL: closing what it does not use).  0, or -1 after a
 * message. */
int task_crew_start(struct task_crew *c, struct copy_ctx *cx, int helper,
                    int (*body)(void *), void *arg, void (*prepare)(void *));
/* Wait for every member to end; 0 when each body returned 0, else -1
 * (no message: the caller says what the members failed at). */
int task_crew_wait(struct task_crew *c);
/* End the members left (threads cancelled: they must wait only at
 * cancellation points; processes killed) and reap them. */
void task_crew_stop(struct task_crew *c);
void task_crew_free(struct task_crew *c);

#endif

/*
 * lib_task.h - many tasks at once (processes or threads): whether the
 * kernel lets a program start that many, pinning a thread where the
 * placement policy says, and the futex calls two threads hand a turn
 * over with.
 */
#ifndef LIB_TASK_H
#define LIB_TASK_H

#include <pthread.h>
#include <stdint.h>

/*
 * Room for n more processes or threads (what: who needs them, for the
 * message, e.g. "8 groups"): checked against the kernel's threads-max
 * and pid_max and, for a user the limit binds, RLIMIT_NPROC less what
 * already runs.  0, or -1 after one line saying which limit refuses.
 */
int task_room(uint64_t n, const char *what);
/* Room for n more open descriptors (RLIMIT_NOFILE); as task_room. */
int task_fds(uint64_t n, const char *what);
/* The limit task_room applies (for the tests and messages): the
 * smallest of threads-max, pid_max and RLIMIT_NPROC where it binds, less
 * a margin for what already runs; 0 when it cannot be read. */
uint64_t task_limit(void);

/* Pin thread t to CPU cpu (cpu < 0: leave it); 0, or -1 after a
 * message. */
int task_pin(pthread_t t, int cpu);

/* FUTEX_WAIT on *word while it holds val (returns at once when it does
 * not, or on a wake); FUTEX_WAKE of up to n waiters.  Process-private
 * futexes: both ends are threads of one process. */
void task_futex_wait(uint32_t *word, uint32_t val);
void task_futex_wake(uint32_t *word, int n);

#endif

/*
 * lib_ring.h - a ring of processes linked by pipes, around which a token
 * goes (lat_ctx): this process and members 1..n-1, each reading from the
 * one before and writing to the one after; and its overhead, the same
 * pipe operations in one process.
 */
#ifndef LIB_RING_H
#define LIB_RING_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib_party.h"

struct ring {
	int n;       /* processes in the ring, this one included */
	int out;     /* this process's write end (to member 1) */
	int in;      /* and read end (from member n-1) */
	pid_t *pids; /* members 1..n-1 (pids[0] unused) */
};

/*
 * Start members 1..n-1 as helpers 1..n-1 of copy cx (super_fork), each
 * running member(in, out, arg), which never returns.  The ring is built
 * one link at a time, so no process holds more than three of its
 * descriptors and large rings work.  0, or -1 after a message with
 * nothing left running.
 */
int ring_start(struct ring *r, struct copy_ctx *cx, int n,
               void (*member)(int in, int out, void *arg), void *arg);
/* The token once around the ring; 0, or -1 after "a process of the ring
 * of N died". */
int ring_lap(const struct ring *r, int *token);
/* Close this process's ends and end every member. */
void ring_stop(struct ring *r);

/* The same pipe operations in this process alone (a ring's overhead):
 * n pipes, each written and read in turn. */
struct ring_solo {
	int n;
	int (*pipes)[2];
};
/* 0, or -1 after a message (nothing left open). */
int ring_solo_start(struct ring_solo *r, int n);
/* The token through pipe i; 0, or -1 after a message. */
int ring_solo_hop(const struct ring_solo *r, int i, int *token);
void ring_solo_stop(struct ring_solo *r);

/* lat_ctx's work: a working set of bytes (memset to ones; NULL for 0
 * bytes, or after a message), and a ring_start member that sums one
 * (its size a size_t at arg) per hand-off: token in, work, token out,
 * until the ring breaks. */
uint64_t *ring_working_set(size_t bytes);
void ring_summer(int in, int out, void *arg) __attribute__((noreturn));

#endif

/*
 * lib_ring.h - a ring of processes linked by pipes, around which a token
 * goes (lat_ctx): this process and members 1..n-1, each reading from the
 * one before and writing to the one after.
 */
#ifndef LIB_RING_H
#define LIB_RING_H

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

#endif

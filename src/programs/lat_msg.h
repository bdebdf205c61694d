/*
 * lat_msg.h - what lat_msg's two files share: the state, a worker, and
 * the making of one group (lat_msg_group.c).  Private to lat_msg.
 */
#ifndef LAT_MSG_H
#define LAT_MSG_H

#include <stddef.h>
#include <stdint.h>

#include "lib_party.h"
#include "lib_task.h"

/* One worker of a group whose channel ends are chan (2j receiver j's
 * reading end, 2j+1 its writing end): a receiver (in, its end) or a
 * sender (in -1: it writes to every odd end). */
struct worker {
	const struct state *s;
	int in;
	const int *chan;
	char *buf; /* its message (on the heap: a thread's stack is the
	              least the system allows, lib_task) */
};

struct state {
	int pipes;       /* -t pipe: pipes, else socket pairs */
	int threads;     /* -m thread: threads, else processes */
	int fds;         /* receivers (and senders) per group */
	uint64_t loops;  /* messages from each sender to each receiver */
	size_t size;     /* bytes per message */
	int groups;      /* groups in this measurement */
	int ready[2];    /* workers write a byte here when set up */
	int wake[2];     /* one byte here releases them */
	struct task_crew crew; /* the workers */
	int *ends;       /* every channel end (-1: closed), 2 x fds a group */
	struct worker *wk; /* what each worker is */
	struct copy_ctx *cx;
};

/* One group's channels into chan (2 x fds ends) and its workers, started
 * in s's crew, each writing a byte to s->ready once set up and then
 * waiting for the byte on s->wake.  0, or -1 after a message (what was
 * started is the caller's to stop). */
int msg_group(struct state *s, int *chan);

#endif

/*
 * lat_msg_group.c - one group of lat_msg's exchange, as hackbench makes
 * it (lat_msg.h): a channel to each receiver (a UNIX stream socket pair
 * or a pipe), the receivers and the senders started in the crew, and
 * each worker's life: set up, wait for the start byte, then send its
 * messages to every receiver in turn or receive its own.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lat_msg.h"
#include "lib_party.h"
#include "lib_task.h"
#include "lib_util.h"

/* Ready, then wait for the start byte; 0, or -1 (the program went). */
static int
await_start(const struct state *s)
{
	struct pollfd p = { .fd = s->wake[0], .events = POLLIN };
	char c = 1;

	if (util_writen(s->ready[1], &c, 1) != 1)
		return -1;
	while (poll(&p, 1, -1) < 0)
		if (errno != EINTR)
			return -1;
	return (p.revents & POLLIN) ? 0 : -1;
}

/* A worker's whole life: 0 when every message went (or came). */
static int
work(void *wp)
{
	const struct worker *w = wp;
	const struct state *s = w->s;
	uint64_t i;
	int j;

	party_child_start(s->cx);
	if (await_start(s) != 0)
		return -1;
	for (i = 0; i < s->loops; i++)
		for (j = 0; j < s->fds; j++)
			if (w->in < 0 ? util_writen(w->chan[2 * j + 1], w->buf,
			                            s->size) != (ssize_t)s->size
			              : util_readn(w->in, w->buf, s->size)
			                        != (ssize_t)s->size)
				return -1;
	party_child_start(s->cx);
	return 0;
}

/* A worker process closes the ends of its group's channels it does not
 * use: a receiver all but its own, a sender the reading ends. */
static void
prepare(void *wp)
{
	const struct worker *w = wp;
	int k;

	for (k = 0; k < 2 * w->s->fds; k++)
		if (w->in >= 0 ? w->chan[k] != w->in : k % 2 == 0)
			close(w->chan[k]);
	close(w->s->ready[0]);
}

/* Start one worker; 0, or -1 after a message. */
static int
start(struct state *s, int in, const int *chan)
{
	struct worker *w = &s->wk[s->crew.n];

	*w = (struct worker){ s, in, chan, malloc(s->size) };
	if (w->buf == NULL) {
		util_err("out of memory for a worker's message");
		return -1;
	}
	memset(w->buf, 0x5a, s->size);
	if (task_crew_start(&s->crew, s->cx, 1, work, w, prepare) != 0) {
		free(w->buf);
		w->buf = NULL;
		return -1;
	}
	return 0;
}

int
msg_group(struct state *s, int *chan)
{
	size_t j, n = (size_t)s->fds;
	int p[2];

	for (j = 0; j < n; j++) {
		if ((s->pipes ? pipe(p)
		              : socketpair(AF_UNIX, SOCK_STREAM, 0, p)) != 0) {
			util_syserr("cannot make channel %zu of a group", j + 1);
			return -1;
		}
		chan[2 * j] = p[0];
		chan[2 * j + 1] = p[1];
	}
	for (j = 0; j < n; j++)
		if (start(s, chan[2 * j], chan) != 0)
			return -1;
	for (j = 0; j < n; j++)
		if (start(s, -1, chan) != 0)
			return -1;
	return 0;
}

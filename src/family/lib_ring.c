/*
 * lib_ring.c - a ring of processes linked by pipes (lib_ring.h).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_clock.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_ring.h"
#include "lib_super.h"
#include "lib_util.h"

void
ring_stop(struct ring *r)
{
	int i;

	if (r->out >= 0)
		close(r->out);
	if (r->in >= 0)
		close(r->in);
	r->out = r->in = -1;
	/* Every member is killed first, then each is waited for. */
	for (i = 1; r->pids != NULL && i < r->n; i++)
		if (r->pids[i] > 0)
			kill(r->pids[i], SIGKILL);
	for (i = 1; r->pids != NULL && i < r->n; i++)
		super_reap(&r->pids[i]);
	free(r->pids);
	r->pids = NULL;
}

/* Member k: it reads prev_in and writes a new pipe, whose reading end
 * becomes *prev_in; 0, or -1 after a message (prev_in closed). */
static int
add_member(struct ring *r, struct copy_ctx *cx, int k, int *prev_in,
           void (*member)(int in, int out, void *arg), void *arg)
{
	int next[2];

	if (pipe(next) != 0) {
		util_syserr("cannot make pipe %d of %d", k, r->n);
		close(*prev_in);
		return -1;
	}
	r->pids[k] = super_fork(cx, k);
	if (r->pids[k] < 0) {
		util_err("cannot start process %d of %d", k + 1, r->n);
		close(*prev_in);
		close(next[0]);
		close(next[1]);
		return -1;
	}
	if (r->pids[k] == 0) {
		close(r->out);
		close(next[0]);
		member(*prev_in, next[1], arg);
	}
	close(*prev_in);
	close(next[1]);
	*prev_in = next[0];
	return 0;
}

int
ring_start(struct ring *r, struct copy_ctx *cx, int n,
           void (*member)(int in, int out, void *arg), void *arg)
{
	int first[2], prev_in, k;

	r->n = n;
	r->in = r->out = -1;
	r->pids = calloc((size_t)n, sizeof(*r->pids));
	if (r->pids == NULL || pipe(first) != 0) {
		util_syserr("cannot start a ring of %d", n);
		free(r->pids);
		r->pids = NULL;
		return -1;
	}
	r->out = first[1];
	prev_in = first[0];
	for (k = 1; k < n; k++)
		if (add_member(r, cx, k, &prev_in, member, arg) != 0) {
			ring_stop(r);
			return -1;
		}
	r->in = prev_in;
	return 0;
}

int
ring_lap(const struct ring *r, int *token)
{
	if (util_writen(r->out, token, sizeof(*token)) != sizeof(*token) ||
	    util_readn(r->in, token, sizeof(*token)) != sizeof(*token)) {
		util_err("a process of the ring of %d died", r->n);
		return -1;
	}
	return 0;
}

int
ring_solo_start(struct ring_solo *r, int n)
{
	int i;

	r->n = 0;
	r->pipes = calloc((size_t)n, sizeof(*r->pipes));
	if (r->pipes == NULL) {
		util_err("out of memory");
		return -1;
	}
	for (i = 0; i < n; i++, r->n++)
		if (pipe(r->pipes[i]) != 0) {
			util_syserr("cannot make %d pipes", n);
			ring_solo_stop(r);
			return -1;
		}
	return 0;
}

int
ring_solo_hop(const struct ring_solo *r, int i, int *token)
{
	if (util_writen(r->pipes[i][1], token, sizeof(*token)) !=
	            sizeof(*token) ||
	    util_readn(r->pipes[i][0], token, sizeof(*token)) !=
	            sizeof(*token)) {
		util_syserr("pipe");
		return -1;
	}
	return 0;
}

void
ring_solo_stop(struct ring_solo *r)
{
	int i;

	for (i = 0; r->pipes != NULL && i < r->n; i++) {
		close(r->pipes[i][0]);
		close(r->pipes[i][1]);
	}
	free(r->pipes);
	r->pipes = NULL;
	r->n = 0;
}

uint64_t *
ring_working_set(size_t bytes)
{
	uint64_t *p;

	if (bytes == 0)
		return NULL;
	p = malloc(bytes);
	if (p == NULL) {
		util_err("out of memory for a %zu-byte working set", bytes);
		return NULL;
	}
	memset(p, 1, bytes);
	return p;
}

void
ring_summer(int in, int out, void *arg)
{
	size_t size = *(const size_t *)arg;
	uint64_t *buf = ring_working_set(size);
	uint64_t sum = 0;
	int token;

	if (size > 0 && buf == NULL)
		_exit(EXIT_FAILED);
	for (;;) {
		if (util_readn(in, &token, sizeof(token)) != sizeof(token))
			_exit(0);
		sum += mem_sum(buf, size);
		if (util_writen(out, &token, sizeof(token)) != sizeof(token))
			_exit(0);
		timing_use(sum);
	}
}

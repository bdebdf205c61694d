/*
 * lat_pthread_helpers.c - lat_pthread's helper threads (lat_pthread.h):
 * started, each pinned where the placement policy puts it and recorded
 * once it runs; at the end woken from whatever they wait on, joined.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>

#include "lat_pthread.h"
#include "lib_party.h"
#include "lib_place.h"
#include "lib_task.h"
#include "lib_util.h"

void
helpers_stop(void *sp)
{
	struct state *s = sp;
	int k;

	__atomic_store_n(&s->stop, 1, __ATOMIC_RELEASE);
	__atomic_add_fetch(&s->gen, 1, __ATOMIC_ACQ_REL);
	__atomic_store_n(&s->turn, 1, __ATOMIC_RELEASE);
	task_futex_wake(&s->gen, INT_MAX);
	task_futex_wake(&s->turn, INT_MAX);
	for (k = 1; k <= s->started; k++)
		pthread_join(s->slots[k].t, NULL);
	s->started = 0;
	free(s->slots);
	s->slots = NULL;
	mutex_free(s);
}

int
helpers_start(struct state *s, struct copy_ctx *cx, int n,
              void *(*body)(void *))
{
	int k, rc;

	s->slots = calloc((size_t)n + 1, sizeof(*s->slots));
	if (s->slots == NULL) {
		util_err("out of memory for %d threads", n);
		return -1;
	}
	for (k = 1; k <= n; k++) {
		s->slots[k].s = s;
		rc = pthread_create(&s->slots[k].t, NULL, body, &s->slots[k]);
		if (rc != 0) {
			errno = rc;
			util_syserr("cannot start thread %d of %d", k + 1, n + 1);
			return -1;
		}
		s->started = k;
		if (place_pin_thread(s->slots[k].t,
		                     place_target(cx->policy, cx->copy, k, n)) != 0)
			return -1;
	}
	task_await(&s->done, (uint32_t)s->started);
	for (k = 1; k <= n; k++)
		party_add(cx, s->slots[k].tid, k,
		          place_target(cx->policy, cx->copy, k, n));
	return 0;
}

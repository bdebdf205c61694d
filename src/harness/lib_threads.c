/*
 * lib_threads.c - pinned worker teams (each worker pinned by lib_place).
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "lib_place.h"
#include "lib_threads.h"
#include "lib_util.h"

static void *
worker_main(void *p)
{
	struct thr_worker *w = p;

	if (place_pin(w->cpu) != 0) {
		(void)thr_wait_go(w, -1);
		w->rc = -1;
		return NULL;
	}
	w->rc = w->team->fn(w);
	return NULL;
}

int
thr_wait_go(struct thr_worker *w, int rc)
{
	struct thr_team *t = w->team;

	if (rc != 0)
		atomic_fetch_add(&t->failed, 1);
	atomic_fetch_add(&t->ready, 1);
	/* Spin: every worker has a CPU of its own, and the release must
	 * reach all of them at once. */
	while (!atomic_load_explicit(&t->go, memory_order_acquire))
		thr_spin(64);
	return rc != 0 || atomic_load(&t->stop) ? -1 : 0;
}

int
thr_stopping(const struct thr_team *t)
{
	return atomic_load_explicit(&t->stop, memory_order_relaxed);
}

int
thr_team_start(struct thr_team *t, int n, const int *cpus, void **args,
	       int (*fn)(struct thr_worker *))
{
	int k, rc;

	memset(t, 0, sizeof(*t));
	t->fn = fn;
	t->w = calloc((size_t)n, sizeof(*t->w));
	if (t->w == NULL) {
		util_err("out of memory for %d threads", n);
		return -1;
	}
	for (k = 0; k < n; k++) {
		struct thr_worker *w = &t->w[k];

		w->team = t;
		w->index = k;
		w->cpu = cpus[k];
		w->arg = args ? args[k] : NULL;
		rc = pthread_create(&w->tid, NULL, worker_main, w);
		if (rc != 0) {
			util_err("cannot start a thread: %s", strerror(rc));
			atomic_fetch_add(&t->failed, 1);
			break;
		}
		t->n++;
	}
	while (atomic_load(&t->ready) < t->n)
		sched_yield();
	if (atomic_load(&t->failed) != 0) {
		(void)thr_team_stop(t);
		return -1;
	}
	atomic_store_explicit(&t->go, 1, memory_order_release);
	return 0;
}

int
thr_team_stop(struct thr_team *t)
{
	atomic_store(&t->stop, 1);
	atomic_store_explicit(&t->go, 1, memory_order_release);
	return thr_team_join(t);
}

int
thr_team_join(struct thr_team *t)
{
	int k, bad = 0;

	for (k = 0; k < t->n; k++) {
		pthread_join(t->w[k].tid, NULL);
		if (t->w[k].rc != 0)
			bad = 1;
	}
	free(t->w);
	t->w = NULL;
	t->n = 0;
	return bad ? -1 : 0;
}

void
thr_spin(uint64_t n)
{
	while (n-- > 0)
		__asm__ volatile("" ::: "memory");
}

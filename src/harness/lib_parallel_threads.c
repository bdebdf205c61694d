/*
 * lib_parallel_threads.c - -P copies of a measurement as threads of
 * this process (o->threads, the memory programs' -T), the same protocol
 * as the processes of lib_parallel.c: each copy sets up on its own
 * copy of the benchmark's state (d->state_size bytes), calibrates and says it is
 * ready; all are released together, sample, and keep running until
 * every copy has its samples (lib_harness_impl.h).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "lib_harness_impl.h"
#include "lib_party.h"
#include "lib_place.h"
#include "lib_util.h"

/* The copies and what they tell each other. */
struct team {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int n;                    /* copies */
	int ready, done, failed;  /* copies that said so */
	int go;                   /* 1: sample; -1: give up */
	atomic_int stop;          /* every copy has its samples */
	struct copy_run *runs;    /* each copy's run, */
	struct bench_desc *descs; /* benchmark (on its own state), */
	char *states;             /* and state */
	struct party_tab *tabs;   /* each copy's parties, when done */
};

struct member {
	struct team *t;
	int copy;
};

/* Count one copy's word (ready, done or failed) and wake the others. */
static void
tell(struct team *t, int *counter)
{
	pthread_mutex_lock(&t->mu);
	(*counter)++;
	pthread_cond_broadcast(&t->cv);
	pthread_mutex_unlock(&t->mu);
}

/* Wait until the counters reach n (all == NULL: until go is set). */
static void
await(struct team *t, const int *a, const int *b)
{
	pthread_mutex_lock(&t->mu);
	while (a != NULL ? *a + *b < t->n : t->go == 0)
		pthread_cond_wait(&t->cv, &t->mu);
	pthread_mutex_unlock(&t->mu);
}

static void *
member_main(void *arg)
{
	struct member *m = arg;
	struct team *t = m->t;
	struct copy_run *c = &t->runs[m->copy];
	const struct bench_desc *d = c->d;
	int ok;

	party_reset(&c->cx, c->policy, m->copy, 0, &c->o->run);
	ok = place_party(c->policy, m->copy, 0, 0) != -1 &&
	     (d->init == NULL || d->init(d->state, &c->cx) == 0) &&
	     bench_calibrate(c) == 0;
	tell(t, ok ? &t->ready : &t->failed);
	await(t, NULL, NULL);
	if (ok && t->go > 0) {
		ok = bench_measure_copy(c) == 0;
		t->tabs[m->copy] = c->cx.parties;
		tell(t, ok ? &t->done : &t->failed);
		/* Keep the load on until every copy has its samples. */
		while (ok && !atomic_load(&t->stop))
			if (bench_timed(c, c->iters, NULL) != 0)
				break;
	}
	if (d->cleanup)
		d->cleanup(d->state);
	party_free(&c->cx);
	return NULL;
}

/* Each copy's run on its own state; 0, or -1 after a message. */
static int
team_open(struct team *t, const struct copy_run *c, struct bench_sample *all)
{
	size_t size = c->d->state_size;
	int i;

	memset(t, 0, sizeof(*t));
	pthread_mutex_init(&t->mu, NULL);
	pthread_cond_init(&t->cv, NULL);
	atomic_init(&t->stop, 0);
	t->n = c->o->parallel;
	t->runs = calloc((size_t)t->n, sizeof(*t->runs));
	t->descs = calloc((size_t)t->n, sizeof(*t->descs));
	t->states = calloc((size_t)t->n, size);
	t->tabs = calloc((size_t)t->n, sizeof(*t->tabs));
	if (t->runs == NULL || t->descs == NULL || t->states == NULL ||
	    t->tabs == NULL) {
		util_err("out of memory for %d threads", t->n);
		return -1;
	}
	for (i = 0; i < t->n; i++) {
		memcpy(t->states + (size_t)i * size, c->d->state, size);
		t->descs[i] = *c->d;
		t->descs[i].state = t->states + (size_t)i * size;
		t->runs[i] = *c;
		t->runs[i].d = &t->descs[i];
		t->runs[i].out = &all[(size_t)i * (size_t)c->o->repetitions];
	}
	return 0;
}

static void
team_close(struct team *t)
{
	free(t->runs);
	free(t->descs);
	free(t->states);
	free(t->tabs);
	pthread_mutex_destroy(&t->mu);
	pthread_cond_destroy(&t->cv);
}

/* Release (go 1) or give up (go -1). */
static void
team_go(struct team *t, int go)
{
	pthread_mutex_lock(&t->mu);
	t->go = go;
	pthread_cond_broadcast(&t->cv);
	pthread_mutex_unlock(&t->mu);
}

int
bench_run_threads(struct copy_run *c, struct bench_sample *all, char *where,
                  size_t wherelen)
{
	struct team t;
	struct member *m;
	pthread_t *tid;
	int i, started = 0, rc = -1;

	if (c->d->state_size == 0 || c->o->helpers != 0) {
		util_err("internal error: threads need the state's size and "
		         "no helpers");
		return -1;
	}
	m = calloc((size_t)c->o->parallel, sizeof(*m));
	tid = calloc((size_t)c->o->parallel, sizeof(*tid));
	if (m == NULL || tid == NULL || team_open(&t, c, all) != 0) {
		if (m != NULL && tid != NULL)
			team_close(&t);
		else
			util_err("out of memory for threads");
		free(m);
		free(tid);
		return -1;
	}
	for (i = 0; i < t.n; i++) {
		m[i].t = &t;
		m[i].copy = i;
		if (pthread_create(&tid[i], NULL, member_main, &m[i]) != 0) {
			util_err("cannot start thread %d of %d", i + 1, t.n);
			break;
		}
		started++;
	}
	if (started == t.n) {
		await(&t, &t.ready, &t.failed);
		team_go(&t, t.failed ? -1 : 1);
		if (!t.failed)
			await(&t, &t.done, &t.failed);
		rc = t.failed ? -1 : 0;
	} else
		team_go(&t, -1);
	atomic_store(&t.stop, 1);
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	if (rc == 0) {
		party_report(where, wherelen, c->policy, t.tabs, t.n);
		c->iters = t.runs[0].iters;
	}
	team_close(&t);
	free(m);
	free(tid);
	return rc;
}

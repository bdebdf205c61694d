/*
 * lib_load.c - memory traffic generators and the bandwidth they reach.
 *
 * Each thread walks its buffers in 512-byte blocks with the loops of
 * bw_mem's frd and fwr (64-bit words, four sums), so that all reads at
 * delay 0 move what `bw_mem -P <threads> frd` moves; after each burst it
 * adds the burst's bytes to its own counter and spins the delay.  Bytes
 * are counted as the kernel touches them: a block read and a block
 * written are 1024 bytes, as MLC counts reads and writes alike.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__)
#include <emmintrin.h> /* movnti, sfence: SSE2, in every x86-64 */
#endif

#include "lib_clock.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "lib_sample.h"
#include "lib_util.h"

#define WORDS (LOAD_BLOCK / 8)

int
load_have_nt(void)
{
#if defined(__x86_64__)
	return 1;
#else
	return 0;
#endif
}

/* The named kinds; R:W is parsed. */
static const struct load_kind named[] = {
	{ "rd", "ALL Reads", 1, 0, 0, 0, 1 },
	{ "wr", "ALL Writes", 0, 1, 0, 0, 1 },
	{ "cp", "1:1 Reads-Writes", 1, 1, 0, 0, 2 },
	{ "triad", "Stream-triad like", 2, 1, 1, 0, 3 },
	{ "nt", "All NT writes", 0, 1, 0, 1, 1 },
};

int
load_kind_parse(const char *arg, struct load_kind *k)
{
	uint64_t r, w;
	char rs[8], ws[8];
	size_t i;
	const char *colon = strchr(arg, ':');

	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (strcmp(arg, named[i].name) == 0) {
			*k = named[i];
			if (k->nt && !load_have_nt()) {
				util_err("traffic kind 'nt': no non-temporal "
					 "stores on this processor");
				return -2;
			}
			return 0;
		}
	if (colon != NULL && colon - arg < 8 && strlen(colon + 1) < 8) {
		memcpy(rs, arg, (size_t)(colon - arg));
		rs[colon - arg] = '\0';
		strcpy(ws, colon + 1);
		if (util_parse_u64(rs, 0, 16, &r) == NULL &&
		    util_parse_u64(ws, 0, 16, &w) == NULL && r + w > 0) {
			memset(k, 0, sizeof(*k));
			snprintf(k->name, sizeof(k->name), "%s", arg);
			snprintf(k->label, sizeof(k->label),
				 "%s Reads-Writes", arg);
			k->reads = (int)r;
			k->writes = (int)w;
			k->buffers = r > 0 && w > 0 ? 2 : 1;
			return 0;
		}
	}
	util_err("unknown traffic kind '%s' (%s, R and W 0 to 16)", arg,
		 LOAD_KINDS);
	return -1;
}

/* What one thread works on. */
struct lstate {
	struct load_gen *g;
	struct mem_set set;     /* its buffers */
	size_t blocks;          /* blocks in each buffer */
	size_t rpos, wpos;      /* the next block read and written */
	uint64_t value, sum;    /* what stores write; what reads sum */
};

#define BARRIER() __asm__ volatile("" ::: "memory")

static uint64_t
read_block(const uint64_t *p)
{
	uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
	int i;

	for (i = 0; i < WORDS; i += 4) {
		a0 += p[i];
		a1 += p[i + 1];
		a2 += p[i + 2];
		a3 += p[i + 3];
	}
	BARRIER();
	return a0 + a1 + a2 + a3;
}

static void
write_block(uint64_t *p, uint64_t v, int nt)
{
	int i;

#if defined(__x86_64__)
	if (nt) {
		for (i = 0; i < WORDS; i++)
			_mm_stream_si64((long long *)(void *)&p[i],
					(long long)v);
		return;
	}
#else
	(void)nt;
#endif
	for (i = 0; i < WORDS; i++)
		p[i] = v;
	BARRIER();
}

static void
triad_block(uint64_t *a, const uint64_t *b, const uint64_t *c)
{
	int i;

	for (i = 0; i < WORDS; i++)
		a[i] = b[i] + 3 * c[i];
	BARRIER();
}

static uint64_t *
block(const struct lstate *s, int buf, size_t pos)
{
	return (uint64_t *)(void *)(s->set.buf[buf] + pos * LOAD_BLOCK);
}

/* One burst; the bytes it moved. */
static uint64_t
burst(struct lstate *s)
{
	const struct load_kind *k = &s->g->kind;
	int done = 0, i, wbuf = k->reads > 0 && k->writes > 0 ? 1 : 0;

	while (done < LOAD_BURST_BLOCKS) {
		if (k->triad) {
			triad_block(block(s, 0, s->rpos), block(s, 1, s->rpos),
				    block(s, 2, s->rpos));
			s->rpos = s->rpos + 1 == s->blocks ? 0 : s->rpos + 1;
			done += 3;
			continue;
		}
		for (i = 0; i < k->reads; i++) {
			s->sum += read_block(block(s, 0, s->rpos));
			s->rpos = s->rpos + 1 == s->blocks ? 0 : s->rpos + 1;
		}
		for (i = 0; i < k->writes; i++) {
			write_block(block(s, wbuf, s->wpos), s->value, k->nt);
			s->wpos = s->wpos + 1 == s->blocks ? 0 : s->wpos + 1;
		}
		done += k->reads + k->writes;
	}
#if defined(__x86_64__)
	if (k->nt)
		_mm_sfence();
#endif
	return (uint64_t)done * LOAD_BLOCK;
}

static int
load_thread(struct thr_worker *w)
{
	struct lstate s;
	struct load_count *c;
	int rc = 0, i;

	memset(&s, 0, sizeof(s));
	s.g = w->arg;
	c = &s.g->count[w->index];
	if (s.g->bind != NULL)
		rc = s.g->bind(s.g->bind_ctx);
	if (rc == 0)
		rc = mem_set_alloc(&s.set, s.g->kind.buffers, s.g->len,
				   MEM_SPREAD, -1);
	s.blocks = s.g->len / LOAD_BLOCK;
	s.value = (uint64_t)w->cpu + 1;
	/* Every page written before the start, by the thread that uses it
	 * (its node): reads of pages never written all map the kernel's
	 * one zero page, and would stream from the first-level cache. */
	for (i = 0; rc == 0 && i < s.set.n; i++)
		memset(s.set.buf[i], (int)s.value, s.g->len);
	if (thr_wait_go(w, rc) == 0)
		while (!thr_stopping(w->team)) {
			uint64_t b = burst(&s);

			atomic_store_explicit(
			    &c->bytes,
			    atomic_load_explicit(&c->bytes,
						 memory_order_relaxed) + b,
			    memory_order_relaxed);
			thr_spin(atomic_load_explicit(&s.g->delay,
						      memory_order_relaxed));
		}
	timing_use(s.sum);
	mem_set_free(&s.set);
	return rc;
}

int
load_start(struct load_gen *g, const struct load_kind *k, size_t len,
	   const int *cpus, int n, uint64_t delay)
{
	void **args;
	int i, rc;

	g->kind = *k;
	g->len = len / LOAD_BLOCK * LOAD_BLOCK;
	atomic_store(&g->delay, delay);
	g->count = calloc((size_t)n, sizeof(*g->count));
	args = calloc((size_t)n, sizeof(*args));
	if (g->count == NULL || args == NULL) {
		util_err("out of memory for %d threads", n);
		free(g->count);
		free(args);
		return -1;
	}
	for (i = 0; i < n; i++)
		args[i] = g;
	rc = thr_team_start(&g->team, n, cpus, args, load_thread);
	free(args);
	if (rc != 0) {
		free(g->count);
		g->count = NULL;
	}
	return rc;
}

void
load_set_delay(struct load_gen *g, uint64_t delay)
{
	atomic_store_explicit(&g->delay, delay, memory_order_relaxed);
}

uint64_t
load_bytes(struct load_gen *g)
{
	uint64_t sum = 0;
	int i;

	for (i = 0; i < g->team.n; i++)
		sum += atomic_load_explicit(&g->count[i].bytes,
					    memory_order_relaxed);
	return sum;
}

int
load_stop(struct load_gen *g)
{
	int rc = thr_team_stop(&g->team);

	free(g->count);
	g->count = NULL;
	return rc;
}

int
load_sample(struct load_gen *g, int reps, uint64_t interval_ns,
	    const struct bench_ident *id, const char *placement,
	    struct bench_result *r)
{
	struct timespec ts = { (time_t)(interval_ns / 1000000000ULL),
			       (long)(interval_ns % 1000000000ULL) };
	double *ns = calloc((size_t)reps, sizeof(*ns));
	uint64_t t0, t1, b0, b1;
	int i, rc;

	if (ns == NULL) {
		util_err("out of memory for %d samples", reps);
		return -1;
	}
	for (i = 0; i < reps; i++) {
		b0 = load_bytes(g);
		t0 = timing_now_ns();
		/* On a shared CPU a thread may get no slice in one interval:
		 * the interval then goes on, up to a second. */
		do {
			nanosleep(&ts, NULL);
			b1 = load_bytes(g);
			t1 = timing_now_ns();
		} while (b1 == b0 && t1 - t0 < 1000000000ULL);
		if (b1 == b0) {
			util_err("the traffic threads moved nothing in %.0f ms",
				 (double)(t1 - t0) / 1e6);
			free(ns);
			return -1;
		}
		ns[i] = (double)(t1 - t0) / ((double)(b1 - b0) / 1e6);
	}
	rc = sample_result(r, ns, reps, 1000000, BENCH_MEDIAN, id, placement);
	free(ns);
	return rc;
}

size_t
load_fit(size_t want, int threads, int buffers, size_t extra, size_t floor)
{
	uint64_t avail = mem_available() / 2, per;

	if (avail <= extra)
		per = 0;
	else
		per = (avail - extra) / (uint64_t)threads / (uint64_t)buffers;
	if (want <= per)
		return want;
	if (per <= floor) {
		util_err("%d threads x %d buffers of more than %llu MB do not "
			 "fit in half the %llu MB of memory available",
			 threads, buffers, (unsigned long long)(floor >> 20),
			 (unsigned long long)(mem_available() >> 20));
		return 0;
	}
	return (size_t)per / LOAD_BLOCK * LOAD_BLOCK;
}

uint64_t
load_llc(void)
{
	uint64_t stated[8];

	return mem_cache_stated(stated, 8);
}

double
load_interval_ns(void)
{
	double e = timing_enough_ns();

	return e < 10e6 ? 10e6 : e;
}

uint64_t
load_chase_turns(struct mem_chase *c, double interval_ns)
{
	uint64_t t0 = timing_now_ns(), turns;

	c->start[0] = chase100(c->start[0], 100);
	turns = (uint64_t)(interval_ns / ((double)(timing_now_ns() - t0) /
					  100.0));
	return turns < 10 ? 10 : turns;
}

void
load_chase(struct mem_chase *c, uint64_t turns, int reps, double *ns,
	      struct load_gen *g, double *bw)
{
	double o = timing_overhead_ns();
	uint64_t t0, t1, b0 = 0, b1;
	int i;

	for (i = 0; i < reps; i++) {
		if (g != NULL)
			b0 = load_bytes(g);
		t0 = timing_now_ns();
		c->start[0] = chase100(c->start[0], turns);
		t1 = timing_now_ns();
		ns[i] = ((double)(t1 - t0) - o) / ((double)turns * 100.0);
		if (g == NULL)
			continue;
		b1 = load_bytes(g);
		bw[i] = (double)(t1 - t0) / ((double)(b1 - b0 + 1) / 1e6);
	}
	timing_use_ptr(c->start[0]);
}

/*
 * lat_c2c_pair.c - one cell of lat_c2c (lat_c2c.h): the writer and the
 * reader threads on their CPUs, taking turns through pr->turn, the
 * reader's samples made a record.
 */
#include <stdio.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "lat_c2c.h"
#include "lib_clock.h"
#include "lib_report.h"
#include "lib_sample.h"
#include "lib_threads.h"

static void
flush_line(void *p)
{
#if defined(__x86_64__)
	_mm_clflush(p);
#elif defined(__aarch64__)
	__asm__ volatile("dc civac, %0" ::"r"(p) : "memory");
#else
	(void)p;
#endif
}

static void
flush_done(void)
{
#if defined(__x86_64__)
	_mm_mfence();
#elif defined(__aarch64__)
	__asm__ volatile("dsb ish" ::: "memory");
#endif
}

static void
wait_turn(struct pair *pr, unsigned want)
{
	while (atomic_load_explicit(&pr->turn, memory_order_acquire) != want)
		thr_spin(4);
}

/* The writer: each round, store to every line (and for hit flush and
 * read it back clean), then hand over. */
static void
writer(struct pair *pr)
{
	unsigned k, rounds = (unsigned)pr->samples * ROUNDS;
	void **p;
	int i;

	for (k = 0; k < rounds; k++) {
		wait_turn(pr, 2 * k);
		p = pr->ring;
		for (i = 0; i < LINES; i++) {
			void **next = *p;

			*(void **volatile *)p = next;
			p = next;
		}
		if (pr->hit) {
			for (i = 0; i < LINES; i++) {
				void **next = *p;

				flush_line(p);
				p = next;
			}
			flush_done();
			for (i = 0; i < LINES; i++)
				p = *(void **volatile *)p;
		}
		timing_use_ptr(p);
		atomic_store_explicit(&pr->turn, 2 * k + 1,
				      memory_order_release);
	}
}

/* The walk the reader times: LINES dependent loads or CASes. */
static void **
walk(void **p, int cas)
{
	int i;

	if (cas)
		for (i = 0; i < LINES; i++) {
			void *seen = NULL;

			(void)__atomic_compare_exchange_n(p, &seen, NULL, 0,
							  __ATOMIC_ACQ_REL,
							  __ATOMIC_ACQUIRE);
			p = seen;
		}
	else
		for (i = 0; i < LINES; i++)
			p = *(void **volatile *)p;
	return p;
}

static void
reader(struct pair *pr)
{
	double o = timing_overhead_ns();
	unsigned k = 0;
	int s, j;

	for (s = 0; s < pr->samples; s++) {
		double sum = 0;

		for (j = 0; j < ROUNDS; j++, k++) {
			uint64_t t0;
			void **p;

			wait_turn(pr, 2 * k + 1);
			t0 = timing_now_ns();
			p = walk(pr->ring, pr->cas);
			sum += (double)(timing_now_ns() - t0) - o;
			timing_use_ptr(p);
			atomic_store_explicit(&pr->turn, 2 * k + 2,
					      memory_order_release);
		}
		pr->ns[s] = sum / (ROUNDS * LINES);
	}
}

static int
role(struct thr_worker *w)
{
	struct pair *pr = w->arg;

	if (thr_wait_go(w, 0) != 0)
		return 0;
	if (w->index == 0)
		writer(pr);
	else
		reader(pr);
	return 0;
}

int
pair_cell(struct pair *pr, int a, int b, const char *variant, double *v)
{
	int cpus[2] = { a, b };
	void *args[2] = { pr, pr };
	char metric[96], place[128];
	struct report_fig f = { metric, "ns", REPORT_NS, 1, -1, 0 };
	struct thr_team t;
	struct bench_result r;
	int rc;

	atomic_store(&pr->turn, 0);
	if (thr_team_start(&t, 2, cpus, args, role) != 0 ||
	    thr_team_join(&t) != 0)
		return -1;
	snprintf(metric, sizeof(metric), "c2c %s %d>%d", variant, a, b);
	snprintf(place, sizeof(place), "CUSTOM %d,%d cpus=%d main=%d "
		 "writer=%d", a, b, b, b, a);
	if (sample_result(&r, pr->ns, pr->samples, (uint64_t)ROUNDS * LINES,
			BENCH_MEDIAN, pr->id, place) != 0)
		return -1;
	rc = report_measured(&r, &f, v);
	if (rc == 0)
		report_record(&r, &f, *v);
	bench_result_free(&r);
	return rc;
}

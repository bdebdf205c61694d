/*
 * lib_threads.c - the process's CPUs, CPU lists, pinned worker teams.
 */
#define _GNU_SOURCE /* sched_setaffinity, CPU_SET */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_threads.h"
#include "lib_util.h"

int
thr_allowed(const int **cpus)
{
	static int list[THR_MAX_CPUS];
	static int n = -1;
	cpu_set_t set;
	int i;

	if (n < 0) {
		if (sched_getaffinity(0, sizeof(set), &set) != 0) {
			util_syserr("sched_getaffinity");
			return -1;
		}
		n = 0;
		for (i = 0; i < THR_MAX_CPUS && i < CPU_SETSIZE; i++)
			if (CPU_ISSET(i, &set))
				list[n++] = i;
	}
	*cpus = list;
	return n;
}

int
thr_is_allowed(int cpu)
{
	const int *c;
	int n = thr_allowed(&c), i;

	for (i = 0; i < n; i++)
		if (c[i] == cpu)
			return 1;
	return 0;
}

/* Whether the kernel says cpu is online (sysfs; CPU 0 often has no
 * "online" file: it cannot go offline). */
static int
is_online(int cpu)
{
	char path[96];
	FILE *f;
	int c, ok;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d", cpu);
	f = fopen(path, "r");
	if (f == NULL && errno == ENOENT)
		return 0;
	if (f != NULL)
		fclose(f);
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
		 cpu);
	f = fopen(path, "r");
	if (f == NULL)
		return 1;
	c = fgetc(f);
	ok = c != '0';
	fclose(f);
	return ok;
}

/* One number of a CPU list at *s; -1 when there is none. */
static long
list_number(const char **s)
{
	char *end;
	long v;

	if (**s < '0' || **s > '9')
		return -1;
	errno = 0;
	v = strtol(*s, &end, 10);
	if (errno != 0 || v > 1000000)
		return -1;
	*s = end;
	return v;
}

/* Add CPU a to the list, checked; NULL, or why not. */
static const char *
list_add(long a, int *cpus, int *n, int max)
{
	static char why[96];
	int i;

	for (i = 0; i < *n; i++)
		if (cpus[i] == a) {
			snprintf(why, sizeof(why), "CPU %ld named twice", a);
			return why;
		}
	if (a >= THR_MAX_CPUS || !is_online((int)a)) {
		snprintf(why, sizeof(why), "CPU %ld is not online", a);
		return why;
	}
	if (!thr_is_allowed((int)a)) {
		snprintf(why, sizeof(why),
			 "CPU %ld is not in this process's affinity mask", a);
		return why;
	}
	if (*n == max) {
		snprintf(why, sizeof(why), "more than %d CPUs", max);
		return why;
	}
	cpus[(*n)++] = (int)a;
	return NULL;
}

int
thr_parse_list(const char *what, const char *arg, int *cpus, int max)
{
	const char *s = arg, *why = NULL;
	long a, b;
	int n = 0;

	while (why == NULL) {
		a = list_number(&s);
		b = a;
		if (a >= 0 && *s == '-') {
			s++;
			b = list_number(&s);
		}
		if (a < 0 || b < a) {
			why = "not a list of CPU numbers such as 0,2-5";
			break;
		}
		for (; a <= b && why == NULL; a++)
			why = list_add(a, cpus, &n, max);
		if (*s == '\0')
			break;
		if (*s++ != ',')
			why = "not a list of CPU numbers such as 0,2-5";
	}
	if (why != NULL) {
		util_err("bad %s '%s': %s", what, arg, why);
		return -1;
	}
	return n;
}

void
thr_format_list(char *buf, size_t len, const int *cpus, int n)
{
	size_t used = 0;
	int i;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (i = 0; i < n && used + 1 < len; i++) {
		int w = snprintf(buf + used, len - used, "%s%d", i ? "," : "",
				 cpus[i]);

		if (w < 0 || (size_t)w >= len - used)
			break;
		used += (size_t)w;
	}
}

int
thr_pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		util_syserr("cannot run on CPU %d", cpu);
		return -1;
	}
	return 0;
}

static void *
worker_main(void *p)
{
	struct thr_worker *w = p;

	if (thr_pin(w->cpu) != 0) {
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

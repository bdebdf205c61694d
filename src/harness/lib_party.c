/*
 * lib_party.c - the parties of one copy's measurement and the CPUs each
 * was seen on during the timed intervals (lib_party.h).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib_party.h"
#include "lib_place.h"
#include "lib_util.h"

#define CHILD_WORDS 16 /* children's CPU set: 1024 CPUs */

void
party_add(struct copy_ctx *cx, pid_t pid, int helper, int asked)
{
	struct party_tab *t = &cx->parties;
	struct party *q;

	if (t->n >= PARTY_MAX) {
		t->untracked++;
		return;
	}
	q = &t->p[t->n++];
	memset(q, 0, sizeof(*q));
	q->pid = pid;
	q->helper = helper;
	q->asked = asked;
	q->last = -1;
}

void
party_add_server(struct copy_ctx *cx, pid_t pid)
{
	if (pid > 0)
		party_add(cx, pid, PARTY_SERVER, -1);
	else if (pid < 0)
		party_add(cx, -1, PARTY_SERVER, -1);
}

void
party_reset(struct copy_ctx *cx, const char *policy, int copy, int helpers,
            const struct super_run *run)
{
	memset(cx, 0, sizeof(*cx));
	cx->run = run;
	cx->policy = policy;
	cx->copy = copy;
	cx->helpers = helpers;
	cx->ctl_fd = -1;
	cx->err_fd = -1;
	cx->child_cpu = -1;
	party_add(cx, 0, 0, place_target(policy, copy, 0, helpers));
}

void
party_free(struct copy_ctx *cx)
{
	if (cx->child_set != NULL)
		munmap(cx->child_set, CHILD_WORDS * sizeof(uint64_t));
	cx->child_set = NULL;
}

void
party_begin(struct copy_ctx *cx)
{
	int i;

	for (i = 0; i < cx->parties.n; i++) {
		cx->parties.p[i].nseen = 0;
		cx->parties.p[i].last = -1;
	}
	if (cx->child_set != NULL)
		for (i = 0; i < CHILD_WORDS; i++)
			__atomic_store_n(&cx->child_set[i], 0,
			                 __ATOMIC_RELAXED);
}

static void
seen_add(struct party *q, int cpu)
{
	int i;

	if (cpu < 0)
		return;
	q->last = cpu;
	for (i = 0; i < q->nseen && i < PARTY_SEEN; i++)
		if (q->seen[i] == cpu)
			return;
	if (q->nseen < PARTY_SEEN)
		q->seen[q->nseen] = (short)cpu;
	q->nseen++;
}

/* The CPU a process last ran on: field 39 of /proc/<pid>/stat; -1. */
static int
proc_cpu(pid_t pid)
{
	char path[64], buf[1024], *p, *end;
	int fd, field;
	ssize_t r;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	r = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (r <= 0)
		return -1;
	buf[r] = '\0';
	/* The name (field 2) may hold spaces: count from its ')'. */
	p = strrchr(buf, ')');
	if (p == NULL)
		return -1;
	p++;
	for (field = 3; field < 39; field++) {
		p = strchr(p + 1, ' ');
		if (p == NULL)
			return -1;
	}
	field = (int)strtol(p + 1, &end, 10);
	return end == p + 1 ? -1 : field;
}

/* The CPUs the children marked, into party q. */
static void
seen_children(struct party *q, const uint64_t *set)
{
	int w, b;

	for (w = 0; w < CHILD_WORDS; w++) {
		uint64_t m = __atomic_load_n(&set[w], __ATOMIC_RELAXED);

		for (b = 0; b < 64; b++)
			if (m & (1ULL << b))
				seen_add(q, w * 64 + b);
	}
}

void
party_sample(struct copy_ctx *cx)
{
	int i;

	for (i = 0; i < cx->parties.n; i++) {
		struct party *q = &cx->parties.p[i];

		if (q->pid == 0)
			seen_add(q, sched_getcpu());
		else if (q->pid > 0)
			seen_add(q, proc_cpu(q->pid));
		else if (q->helper == PARTY_CHILD && cx->child_set != NULL)
			seen_children(q, cx->child_set);
	}
}

int
party_track_children(struct copy_ctx *cx)
{
	int main_cpu = place_target(cx->policy, cx->copy, 0, cx->helpers);

	if (cx->child_set == NULL) {
		cx->child_set = mmap(NULL, CHILD_WORDS * sizeof(uint64_t),
		                     PROT_READ | PROT_WRITE,
		                     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (cx->child_set == MAP_FAILED) {
			cx->child_set = NULL;
			util_syserr("mmap");
			return -1;
		}
	}
	cx->child_cpu = place_target(cx->policy, cx->copy, 1, cx->helpers);
	party_add(cx, -1, PARTY_CHILD, cx->child_cpu);
	/* A child inherits this process's CPU; it moves only when the
	 * policy puts it elsewhere. */
	if (cx->child_cpu == main_cpu || cx->child_cpu < 0)
		cx->child_cpu = -1;
	return 0;
}

void
party_child_start(const struct copy_ctx *cx)
{
	int cpu;

	if (cx->child_cpu >= 0)
		(void)place_pin_quiet(cx->child_cpu);
	cpu = sched_getcpu();
	if (cx->child_set != NULL && cpu >= 0 && cpu < CHILD_WORDS * 64)
		__atomic_fetch_or(&cx->child_set[cpu / 64], 1ULL << (cpu % 64),
		                  __ATOMIC_RELAXED);
}

/* Append to buf (len bytes, *used so far), never past its end. */
static void __attribute__((format(printf, 4, 5)))
append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*used + 1 >= len)
		return;
	va_start(ap, fmt);
	w = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (w < 0)
		return;
	*used += (size_t)w;
	if (*used >= len) {
		*used = len - 1;
		if (len > 4)
			memcpy(buf + len - 4, "...", 4);
	}
}

static int
party_helpers(const struct party_tab *t)
{
	int i, k = 0;

	for (i = 0; i < t->n; i++)
		k += t->p[i].helper > 0;
	return k + t->untracked;
}

/* The name of party i: main, helper (the only one), helperK, child,
 * server. */
static void
party_name(char *buf, size_t len, const struct party_tab *t, int i)
{
	const struct party *q = &t->p[i];

	if (q->helper == 0)
		snprintf(buf, len, "main");
	else if (q->helper == PARTY_SERVER)
		snprintf(buf, len, "server");
	else if (q->helper < 0)
		snprintf(buf, len, "child");
	else if (party_helpers(t) == 1)
		snprintf(buf, len, "helper");
	else
		snprintf(buf, len, "helper%d", q->helper);
}

/* The CPUs party i was seen on, per copy: "0", "0+1", "0,1" (copies). */
static void
party_cpus(char *buf, size_t len, const struct party_tab *tabs, int ncopies,
           int i)
{
	size_t used = 0;
	int c, k;

	buf[0] = '\0';
	for (c = 0; c < ncopies; c++) {
		const struct party *q =
		    i < tabs[c].n ? &tabs[c].p[i] : NULL;

		if (c)
			append(buf, len, &used, ",");
		if (q == NULL || q->nseen == 0) {
			append(buf, len, &used, "?");
			continue;
		}
		for (k = 0; k < q->nseen && k < PARTY_SEEN; k++)
			append(buf, len, &used, "%s%d", k ? "+" : "", q->seen[k]);
		if (q->nseen > PARTY_SEEN)
			append(buf, len, &used, "+...");
	}
}

static int
party_moved(const struct party_tab *tabs, int ncopies, int i)
{
	int c;

	for (c = 0; c < ncopies; c++)
		if (i < tabs[c].n && tabs[c].p[i].nseen > 1)
			return 1;
	return 0;
}

/*
 * "POLICY cpus=A,B main=A,B helper=A,B ..." for ncopies copies: cpus
 * lists the CPU each copy's own process was last seen on (lmbench-ng's
 * first form), then every party with the CPUs it was seen on during the
 * timed intervals, per copy; a run of helpers seen alike is one entry
 * (helper1-7=0).  CROSS adds shared=<cache level>; moved= names the
 * parties seen on more than one CPU.  Returns the number of those.
 */
static int
placement(char *buf, size_t len, const char *policy,
          const struct party_tab *tabs, int ncopies)
{
	char name[32], v[256], w[256];
	const char *shared = place_cross_shared(policy, 0);
	size_t used = 0;
	int c, i, j, moved = 0;

	append(buf, len, &used, "%s cpus=", policy);
	for (c = 0; c < ncopies; c++) {
		int cpu = tabs[c].n > 0 ? tabs[c].p[0].last : -1;

		if (cpu < 0)
			append(buf, len, &used, "%s?", c ? "," : "");
		else
			append(buf, len, &used, "%s%d", c ? "," : "", cpu);
	}
	for (i = 0; i < tabs[0].n; i = j) {
		party_name(name, sizeof(name), &tabs[0], i);
		party_cpus(v, sizeof(v), tabs, ncopies, i);
		/* Helpers k..m seen alike: one entry. */
		for (j = i + 1; tabs[0].p[i].helper > 0 && j < tabs[0].n &&
		                tabs[0].p[j].helper == tabs[0].p[j - 1].helper + 1;
		     j++) {
			party_cpus(w, sizeof(w), tabs, ncopies, j);
			if (strcmp(v, w) != 0)
				break;
		}
		if (j - i > 1)
			append(buf, len, &used, " %s-%d=%s", name,
			       tabs[0].p[j - 1].helper, v);
		else
			append(buf, len, &used, " %s=%s", name, v);
	}
	if (tabs[0].untracked)
		append(buf, len, &used, " untracked=%d", tabs[0].untracked);
	if (shared != NULL)
		append(buf, len, &used, " shared=%s", shared);
	for (i = 0; i < tabs[0].n; i++)
		if (party_moved(tabs, ncopies, i)) {
			party_name(name, sizeof(name), &tabs[0], i);
			append(buf, len, &used, "%s%s", moved ? "," : " moved=",
			       name);
			moved++;
		}
	return moved;
}

/* Children the policy left where the scheduler puts them (lat_msg's
 * workers): a crowd, on as many CPUs as it likes by design. */
static int
crowd(const struct party *p)
{
	return p->helper == PARTY_CHILD && p->asked < 0;
}

/* The record's placement, and one line on stderr when a party that the
 * policy placed, or any party of a measurement with several, was seen
 * on more than one CPU during the timed intervals (an unplaced crowd of
 * children is recorded, never warned about, nor counted as a party). */
void
party_report(char *buf, size_t len, const char *policy,
             const struct party_tab *tabs, int ncopies)
{
	char name[32], v[256], line[512];
	size_t used = 0;
	int i, placed = 0, parties = 0;

	if (placement(buf, len, policy, tabs, ncopies) == 0)
		return;
	for (i = 0; i < tabs[0].n; i++)
		parties += !crowd(&tabs[0].p[i]);
	for (i = 0; i < tabs[0].n; i++) {
		if (!party_moved(tabs, ncopies, i) || crowd(&tabs[0].p[i]))
			continue;
		placed |= tabs[0].p[i].asked >= 0;
		party_name(name, sizeof(name), &tabs[0], i);
		party_cpus(v, sizeof(v), tabs, ncopies, i);
		append(line, sizeof(line), &used, "%s%s on CPUs %s",
		       used ? ", " : "", name, v);
		if (tabs[0].p[i].asked >= 0)
			append(line, sizeof(line), &used, " (placed on %d)",
			       tabs[0].p[i].asked);
	}
	if (used > 0 && (placed || parties > 1))
		util_err("warning: moved between CPUs during the timed "
		         "intervals (LMBENCH_SCHED %s): %s; the figure mixes "
		         "placements",
		         policy, line);
}


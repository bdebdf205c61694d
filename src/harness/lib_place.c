/*
 * lib_place.c - the CPUs this program may use (the one reading of the
 * affinity mask), CPU lists, and the pins of a process or a thread with
 * their one message (lib_place.h).  The policies are lib_place_policy.c.
 */
#define _GNU_SOURCE /* sched_setaffinity, pthread_setaffinity_np, CPU_SET */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include "lib_place.h"
#include "lib_util.h"

int
place_allowed(const int **cpus)
{
	static int list[PLACE_MAX_CPUS];
	static int n = -1;
	cpu_set_t set;
	int i;

	if (n < 0) {
		if (sched_getaffinity(0, sizeof(set), &set) != 0) {
			util_syserr("sched_getaffinity");
			return -1;
		}
		n = 0;
		for (i = 0; i < PLACE_MAX_CPUS && i < CPU_SETSIZE; i++)
			if (CPU_ISSET(i, &set))
				list[n++] = i;
	}
	*cpus = list;
	return n;
}

int
place_is_allowed(int cpu)
{
	const int *c;
	int n = place_allowed(&c), i;

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
	if (a >= PLACE_MAX_CPUS || !is_online((int)a)) {
		snprintf(why, sizeof(why), "CPU %ld is not online", a);
		return why;
	}
	if (!place_is_allowed((int)a)) {
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
place_parse_list(const char *what, const char *arg, int *cpus, int max)
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
place_format_list(char *buf, size_t len, const int *cpus, int n)
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

/* Pin thread *t (NULL: the calling one) to cpu; 0, or an errno. */
static int
pin(const pthread_t *t, int cpu)
{
	cpu_set_t one;

	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (t != NULL)
		return pthread_setaffinity_np(*t, sizeof(one), &one);
	return sched_setaffinity(0, sizeof(one), &one) == 0 ? 0 : errno;
}

/* pin, with the one message every refused pin gives. */
static int
pin_said(const pthread_t *t, int cpu)
{
	int rc = pin(t, cpu);

	if (rc != 0) {
		errno = rc;
		util_syserr("cannot run on CPU %d", cpu);
		return -1;
	}
	return 0;
}

int
place_pin(int cpu)
{
	return pin_said(NULL, cpu);
}

int
place_pin_thread(pthread_t t, int cpu)
{
	return cpu < 0 ? 0 : pin_said(&t, cpu);
}

int
place_pin_quiet(int cpu)
{
	return pin(NULL, cpu) == 0 ? 0 : -1;
}

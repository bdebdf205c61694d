/*
 * lib_util.c - program name, error messages, whole-buffer reads and
 * writes, the lines of a text and the small files of /proc.  The strict
 * parsers are lib_util_parse.c.
 */
#define _GNU_SOURCE /* program_invocation_short_name */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_util.h"

/* The C library sets program_invocation_short_name to argv[0]'s last
 * component before main (glibc and musl alike): nothing to remember. */
const char *
util_progname(void)
{
	const char *name = program_invocation_short_name;

	return name != NULL && *name != '\0' ? name : "lmbench";
}

static void __attribute__((format(printf, 3, 0)))
verr(int with_errno, int saved, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (with_errno)
		fprintf(stderr, "%s: %s: %s\n", util_progname(), msg,
		        strerror(saved));
	else
		fprintf(stderr, "%s: %s\n", util_progname(), msg);
}

void
util_usage(const char *args)
{
	fprintf(stderr, "Usage: %s%s%s\n", util_progname(), *args ? " " : "",
	        args);
}

void
util_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verr(0, 0, fmt, ap);
	va_end(ap);
}

void
util_syserr(const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	va_start(ap, fmt);
	verr(1, saved, fmt, ap);
	va_end(ap);
}

ssize_t
util_readn(int fd, void *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, (char *)buf + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

ssize_t
util_writen(int fd, const void *buf, size_t n)
{
	size_t put = 0;

	while (put < n) {
		ssize_t w = write(fd, (const char *)buf + put, n - put);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		put += (size_t)w;
	}
	return (ssize_t)put;
}

/* Append a copy of line to the list; 0, or -1 when out of memory. */
static int
add_line(struct util_lines *l, const char *line)
{
	if (l->n + 1 >= l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 16;
		char **more = realloc(l->line, cap * sizeof(*more));

		if (more == NULL)
			return -1;
		l->line = more;
		l->cap = cap;
	}
	l->line[l->n] = strdup(line);
	if (l->line[l->n] == NULL)
		return -1;
	l->line[++l->n] = NULL;
	return 0;
}

int
util_read_lines(FILE *in, const char *skip, struct util_lines *l)
{
	char buf[1024];

	memset(l, 0, sizeof(*l));
	while (fgets(buf, sizeof(buf), in) != NULL) {
		char *p = buf + strspn(buf, skip);

		p[strcspn(p, "\r\n")] = '\0';
		if (*p != '\0' && add_line(l, p) != 0) {
			util_err("out of memory");
			util_free_lines(l);
			return -1;
		}
	}
	return 0;
}

void
util_free_lines(struct util_lines *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->line[i]);
	free(l->line);
	memset(l, 0, sizeof(*l));
}

int
util_sibling(const char *name, char *path, size_t len)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (n <= 0) {
		util_syserr("readlink /proc/self/exe");
		return -1;
	}
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (slash != NULL)
		*slash = '\0';
	if ((size_t)snprintf(path, len, "%s/%s", self, name) >= len ||
	    access(path, X_OK) != 0) {
		util_err("cannot run %s: %s must be next to %s", path, name,
		         util_progname());
		return -1;
	}
	return 0;
}

int
util_first_line(const char *path, char *text, size_t len)
{
	FILE *f = fopen(path, "r");
	int rc = 0;

	text[0] = '\0';
	if (f == NULL)
		return -1;
	if (fgets(text, (int)len, f) == NULL)
		rc = -1;
	fclose(f);
	text[strcspn(text, "\n")] = '\0';
	return rc;
}

uint64_t
util_meminfo_kb(const char *key)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	size_t n = strlen(key);
	uint64_t v = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, key, n) == 0) {
			v = strtoull(line + n, NULL, 10);
			break;
		}
	fclose(f);
	return v;
}

/*
 * lib_dd.c - lmdd's operands and files (lib_dd.h).  Sizes take
 * lmbench's k m g (2^10..) and K M G (10^3..); an operand of lmbench's
 * lmdd that this one lacks exits 77 saying so, an unknown one 2.
 */
#define _GNU_SOURCE /* O_DIRECT */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_dd.h"
#include "lib_util.h"

static const char *const known[] = {
	"if", "of", "bs", "count", "move", "skip", "rand", "srand", "start",
	"ipat", "opat", "mismatch", "fsync", "sync", "flush", "direct",
	"idirect", "odirect", "osync", "append", "notrunc", "nocreate",
	"touch", "usleep", "time", "timeopen", "padin", "poff", "hash",
	"label", "print", NULL
};
static const char *const lacking[] = {
	"bufs", "fork", "norepeat", "rtmax", "wtmax", "rtmin", "wtmin",
	"realtime", "rusage", "end", "awrite", "mpin", "debug", NULL
};

const char *
dd_arg(const struct dd *d, const char *name)
{
	size_t len = strlen(name);
	int i;

	for (i = 1; i < d->argc; i++)
		if (strncmp(d->argv[i], name, len) == 0 &&
		    d->argv[i][len] == '=')
			return d->argv[i] + len + 1;
	return NULL;
}

/* A size argument into *v (def when absent); -1 after a message. */
static int
size_arg(const struct dd *d, const char *name, uint64_t lo, uint64_t hi,
	 uint64_t def, uint64_t *v)
{
	const char *s = dd_arg(d, name);
	char what[32];

	*v = def;
	if (s == NULL)
		return 0;
	snprintf(what, sizeof(what), "%s=", name);
	return util_size_arg(what, s, lo, hi, v);
}

/* A flag argument (name=N, N != 0) into *v; -1 after a message. */
static int
flag_arg(const struct dd *d, const char *name, int *v)
{
	uint64_t n;

	if (size_arg(d, name, 0, 1ULL << 62, 0, &n) != 0)
		return -1;
	*v = n != 0;
	return 0;
}

/* (checked already by dd_parse) */
int
dd_flag(const struct dd *d, const char *name)
{
	int v = 0;

	(void)flag_arg(d, name, &v);
	return v;
}

/* Every argument is name=value of a known name: 0, else the exit
 * status (2, or 77 for an lmbench argument not offered here). */
static int
check_names(const struct dd *d)
{
	int i, k;

	/* An empty word anywhere is said as such, before any other. */
	for (i = 1; i < d->argc; i++)
		if (util_blank(d->argv[i])) {
			util_err("operand %d is empty: name=value expected", i);
			return EXIT_USAGE;
		}
	for (i = 1; i < d->argc; i++) {
		const char *a = d->argv[i];
		size_t len = strcspn(a, "=");

		if (a[len] != '=') {
			util_err("bad argument '%s': name=value expected", a);
			return EXIT_USAGE;
		}
		for (k = 0; known[k]; k++)
			if (strlen(known[k]) == len && strncmp(a, known[k], len) == 0)
				break;
		if (known[k] != NULL)
			continue;
		for (k = 0; lacking[k]; k++)
			if (strlen(lacking[k]) == len &&
			    strncmp(a, lacking[k], len) == 0) {
				util_err("%.*s= is not supported here", (int)len, a);
				return EXIT_UNSUPPORTED;
			}
		util_err("unknown argument '%.*s' (see man lmdd)", (int)len, a);
		return EXIT_USAGE;
	}
	return 0;
}

/* The flags, in one table. */
static int
parse_flags(struct dd *d)
{
	const struct {
		const char *name;
		int *v;
	} flags[] = {
		{ "ipat", &d->ipat }, { "opat", &d->opat }, { "poff", &d->poff },
		{ "hash", &d->hash }, { "touch", &d->touch },
		{ "timeopen", &d->timeopen }, { "padin", &d->padin },
	};
	static const char *const others[] = {
		"fsync", "sync", "flush", "direct", "idirect", "odirect",
		"osync", "append", "notrunc", "nocreate",
	};
	size_t i;
	int unused;

	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (flag_arg(d, flags[i].name, flags[i].v) != 0)
			return -1;
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (flag_arg(d, others[i], &unused) != 0)
			return -1;
	return 0;
}

/* The sizes and counts; -1 after a message. */
static int
parse_sizes(struct dd *d)
{
	uint64_t v, mv;

	if (size_arg(d, "bs", 4, 1ULL << 30, 8192, &d->bs) != 0 ||
	    size_arg(d, "count", 0, UINT64_MAX / 2, UINT64_MAX, &d->count) != 0 ||
	    size_arg(d, "move", 1, UINT64_MAX / 2, 0, &mv) != 0 ||
	    size_arg(d, "skip", 0, 1ULL << 40, 0, &d->skip) != 0 ||
	    size_arg(d, "rand", 0, UINT64_MAX / 2, 0, &d->rnd) != 0 ||
	    size_arg(d, "start", 0, UINT64_MAX / 2, 0, &d->start) != 0 ||
	    size_arg(d, "mismatch", 0, UINT64_MAX / 2, 0, &d->misses) != 0 ||
	    size_arg(d, "print", 0, 1000, 1000, &v) != 0)
		return -1;
	d->print = (int)v;
	if (dd_arg(d, "move") != NULL)
		d->count = mv / d->bs;
	if (size_arg(d, "usleep", 0, 100000000, 0, &v) != 0)
		return -1;
	d->slp = (long)v;
	if (size_arg(d, "time", 0, 100000000, 0, &v) != 0)
		return -1;
	d->tick = (int)v;
	if (size_arg(d, "srand", 0, UINT64_MAX / 2, 0x9abc56781234ULL, &v) != 0)
		return -1;
	d->seed[0] = (unsigned short)v;
	d->seed[1] = (unsigned short)(v >> 16);
	d->seed[2] = (unsigned short)(v >> 32);
	return 0;
}

int
dd_parse(struct dd *d, int argc, char **argv)
{
	int rc;

	memset(d, 0, sizeof(*d));
	d->argc = argc;
	d->argv = argv;
	d->in = d->out = -1;
	rc = check_names(d);
	if (rc != 0)
		return rc;
	if (parse_sizes(d) != 0 || parse_flags(d) != 0)
		return EXIT_USAGE;
	d->label = dd_arg(d, "label");
	if ((d->ipat || d->opat) && d->bs % 4 != 0) {
		util_err("bs=%llu: the pattern needs a multiple of 4",
			 (unsigned long long)d->bs);
		return EXIT_USAGE;
	}
	if (d->rnd != 0 && d->rnd <= d->bs) {
		util_err("rand=%llu: must exceed the block size",
			 (unsigned long long)d->rnd);
		return EXIT_USAGE;
	}
	if (dd_arg(d, "if") == NULL && dd_arg(d, "count") == NULL &&
	    dd_arg(d, "move") == NULL && d->tick == 0) {
		util_err("an internal source needs count=, move= or time=");
		return EXIT_USAGE;
	}
	return 0;
}

/* Open if= or of= into *fd (-1 for "internal"); -1 after a message. */
static int
open_file(const struct dd *d, int output, int *fd)
{
	const char *v = dd_arg(d, output ? "of" : "if");
	int fl;

	*fd = -1;
	if (v == NULL || strcmp(v, "internal") == 0)
		return 0;
	if (!output) {
		fl = O_RDONLY;
		if (dd_flag(d, "direct") || dd_flag(d, "idirect"))
			fl |= O_DIRECT;
	} else {
		fl = O_WRONLY;
		if (!dd_flag(d, "nocreate"))
			fl |= O_CREAT;
		if (!dd_flag(d, "notrunc") && !dd_flag(d, "nocreate") &&
		    !dd_flag(d, "append"))
			fl |= O_TRUNC;
		if (dd_flag(d, "append"))
			fl |= O_APPEND;
		if (dd_flag(d, "osync"))
			fl |= O_SYNC;
		if (dd_flag(d, "direct") || dd_flag(d, "odirect"))
			fl |= O_DIRECT;
	}
	*fd = open(v, fl, 0644);
	if (*fd < 0) {
		util_syserr("%s", v);
		return -1;
	}
	return 0;
}

int
dd_open(struct dd *d)
{
	if (posix_memalign((void **)&d->buf, 4096, (size_t)d->bs) != 0) {
		d->buf = NULL;
		util_err("out of memory for bs=%llu", (unsigned long long)d->bs);
		return -1;
	}
	memset(d->buf, 0, (size_t)d->bs);
	if (open_file(d, 0, &d->in) != 0 || open_file(d, 1, &d->out) != 0)
		return -1;
	if (d->skip) {
		d->off = d->skip * d->bs;
		if (d->in >= 0 && lseek(d->in, (off_t)d->off, SEEK_SET) < 0)
			util_syserr("skip on %s", dd_arg(d, "if"));
		if (d->out >= 0 && lseek(d->out, (off_t)d->off, SEEK_SET) < 0)
			util_syserr("skip on %s", dd_arg(d, "of"));
	}
	if (d->padin && d->in >= 0 && read(d->in, d->buf, (size_t)d->bs) < 0)
		util_syserr("%s", dd_arg(d, "if"));
	return 0;
}

int
dd_close(struct dd *d)
{
	int rc = 0;

	if (d->out >= 0 && close(d->out) != 0) {
		util_syserr("close %s", dd_arg(d, "of"));
		rc = -1;
	}
	if (d->in >= 0)
		close(d->in);
	d->in = d->out = -1;
	free(d->buf);
	d->buf = NULL;
	return rc;
}

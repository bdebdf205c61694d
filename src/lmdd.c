/*
 * lmdd - lmbench's dd: move data between files, devices and an internal
 * source and sink, and print how fast.
 *
 * Arguments are name=value, in any order (sizes take lmbench's k m g =
 * 2^10.. and K M G = 10^3..):
 *   if=FILE  of=FILE   input and output; "internal" (the default for both)
 *                      is a source of the buffer as it is / a sink
 *   bs=N               block size (default 8k); count=N blocks (default:
 *                      until the input ends); move=N bytes instead of count
 *   skip=N             blocks skipped on input and output before starting
 *   rand=N             random block offsets within the first N bytes
 *                      (srand=SEED; start=N added to every offset)
 *   ipat=1 opat=1      check input / write output as the offset pattern
 *                      (each 32-bit word holds its own byte offset);
 *                      mismatch=N stops after N mismatches; any
 *                      mismatch makes the exit status 1
 *   fsync=1 sync=1     fsync the output / sync everything before the clock
 *                      stops; flush=1 drops the output's cached pages too
 *   direct=1 idirect=1 odirect=1   O_DIRECT; osync=1 O_SYNC; append=1;
 *                      notrunc=1 keeps the output's length; nocreate=1
 *                      needs it to exist
 *   touch=1            touch every page of the buffer after each transfer
 *   usleep=N           sleep N microseconds between blocks
 *   time=N             stop after N seconds; timeopen=1 times the opens
 *   padin=1            one untimed read first
 *   poff=1 hash=1      print each offset / a '#' per block on stderr
 *   label=TEXT         printed first; print=N chooses the line:
 *     0 nothing   1 "N BKB xfers in S secs, M millisec/xfer, R MB/sec"
 *     2 "X microseconds" per block   3 "R KB/sec"   4 "R MB/sec"
 *     5 "MB RATE" pair   absent/other: "X MB in S secs, R MB/sec"
 * KB = 1000 and MB = 10^6 bytes.  Results go to stderr, as lmbench's.
 * Arguments of lmbench's lmdd that this one lacks (bufs, fork, norepeat,
 * rtmax, wtmax, rtmin, wtmin, realtime, rusage, end, awrite, mpin) exit
 * 77 saying so; an unknown name, or a bad value, exits 2.
 */
#define _GNU_SOURCE /* O_DIRECT */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_opts.h"
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

/* One run: its arguments, what they set, and where the transfer is. */
struct lmdd {
	int argc;          /* the name=value arguments: argv[1..argc-1] */
	char **argv;
	uint64_t bs;       /* bs=: block size */
	uint64_t count;    /* count= or move=/bs: blocks at most */
	uint64_t skip;     /* skip=: blocks skipped before starting */
	uint64_t rnd;      /* rand=: random offsets below it (0: none) */
	uint64_t start;    /* start=: added to every random offset */
	uint64_t misses;   /* mismatch=: stop after that many (0: never) */
	int print;         /* print=: the result line's form */
	int ipat, opat;    /* check the input / write the output pattern */
	int poff, hash;    /* print offsets / a '#' per block */
	int touch;         /* touch every page after each transfer */
	int timeopen;      /* the opens are timed */
	int padin;         /* one untimed read first */
	long slp;          /* usleep=: microseconds between blocks */
	int tick;          /* time=: seconds at most (0: no bound) */
	const char *label; /* label=: printed first */
	unsigned short seed[3]; /* srand=: erand48's state */
	int in, out;       /* the files; -1: internal */
	uint32_t *buf;     /* one block, page aligned */
	uint64_t off;      /* where the next block is */
	uint64_t moved;    /* bytes moved */
	uint64_t bad;      /* words that did not hold the pattern */
};

/* The value of name=, or NULL. */
static const char *
arg(const struct lmdd *d, const char *name)
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
size_arg(const struct lmdd *d, const char *name, uint64_t lo, uint64_t hi,
	 uint64_t def, uint64_t *v)
{
	const char *s = arg(d, name);
	char what[32];

	*v = def;
	if (s == NULL)
		return 0;
	snprintf(what, sizeof(what), "%s=", name);
	return util_size_arg(what, s, lo, hi, v);
}

/* A flag argument (name=N, N != 0) into *v; -1 after a message. */
static int
flag_arg(const struct lmdd *d, const char *name, int *v)
{
	uint64_t n;

	if (size_arg(d, name, 0, 1ULL << 62, 0, &n) != 0)
		return -1;
	*v = n != 0;
	return 0;
}

/* Whether name=N is given with N != 0 (checked already by lmdd_parse). */
static int
flag(const struct lmdd *d, const char *name)
{
	int v = 0;

	(void)flag_arg(d, name, &v);
	return v;
}

/* Every argument is name=value of a known name: 0, else the exit
 * status (2, or 77 for an lmbench argument not offered here). */
static int
check_names(const struct lmdd *d)
{
	int i, k;

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
parse_flags(struct lmdd *d)
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
parse_sizes(struct lmdd *d)
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
	if (arg(d, "move") != NULL)
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

/* The arguments into d: 0, else the exit status. */
static int
lmdd_parse(struct lmdd *d, int argc, char **argv)
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
	d->label = arg(d, "label");
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
	if (arg(d, "if") == NULL && arg(d, "count") == NULL &&
	    arg(d, "move") == NULL && d->tick == 0) {
		util_err("an internal source needs count=, move= or time=");
		return EXIT_USAGE;
	}
	return 0;
}

static volatile sig_atomic_t out_of_time;

static void
on_alarm(int sig)
{
	(void)sig;
	out_of_time = 1;
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Open if= or of= into *fd (-1 for "internal"); -1 after a message. */
static int
open_file(const struct lmdd *d, int output, int *fd)
{
	const char *v = arg(d, output ? "of" : "if");
	int fl;

	*fd = -1;
	if (v == NULL || strcmp(v, "internal") == 0)
		return 0;
	if (!output) {
		fl = O_RDONLY;
		if (flag(d, "direct") || flag(d, "idirect"))
			fl |= O_DIRECT;
	} else {
		fl = O_WRONLY;
		if (!flag(d, "nocreate"))
			fl |= O_CREAT;
		if (!flag(d, "notrunc") && !flag(d, "nocreate") &&
		    !flag(d, "append"))
			fl |= O_TRUNC;
		if (flag(d, "append"))
			fl |= O_APPEND;
		if (flag(d, "osync"))
			fl |= O_SYNC;
		if (flag(d, "direct") || flag(d, "odirect"))
			fl |= O_DIRECT;
	}
	*fd = open(v, fl, 0644);
	if (*fd < 0) {
		util_syserr("%s", v);
		return -1;
	}
	return 0;
}

/* The buffer, the files, skip= and padin=; -1 after a message. */
static int
lmdd_open(struct lmdd *d)
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
			util_syserr("skip on %s", arg(d, "if"));
		if (d->out >= 0 && lseek(d->out, (off_t)d->off, SEEK_SET) < 0)
			util_syserr("skip on %s", arg(d, "of"));
	}
	if (d->padin && d->in >= 0 && read(d->in, d->buf, (size_t)d->bs) < 0)
		util_syserr("%s", arg(d, "if"));
	return 0;
}

/* ipat=: the words of the block read that do not hold their offset;
 * 1 when mismatch= says stop. */
static int
check_pattern(struct lmdd *d, size_t got)
{
	size_t i;

	for (i = 0; i < got / 4; i++)
		if (d->buf[i] != (uint32_t)(d->off + i * 4)) {
			fprintf(stderr, "off=%llu want=%x got=%x\n",
				(unsigned long long)d->off,
				(uint32_t)(d->off + i * 4), d->buf[i]);
			d->bad++;
			if (d->misses && d->bad >= d->misses)
				return 1;
		}
	return 0;
}

/* One block: 1 moved, 0 at the end (input ended, time= ran out, a
 * mismatch limit), -1 after a message. */
static int
one_block(struct lmdd *d, uint64_t lim)
{
	ssize_t got = (ssize_t)d->bs, put;
	size_t i;
	int stop = 0;

	if (d->rnd) {
		d->off = (uint64_t)(erand48(d->seed) * (double)(lim + 1)) * d->bs +
			 d->start;
		if (d->in >= 0)
			lseek(d->in, (off_t)d->off, SEEK_SET);
		if (d->out >= 0)
			lseek(d->out, (off_t)d->off, SEEK_SET);
	}
	if (d->poff)
		fprintf(stderr, "%llu ", (unsigned long long)d->off);
	if (d->in >= 0) {
		got = read(d->in, d->buf, (size_t)d->bs);
		if (got < 0 && errno == EINTR)
			return 0;
		if (got < 0) {
			util_syserr("read %s", arg(d, "if"));
			return -1;
		}
		if (got == 0)
			return 0;
	}
	if (d->ipat)
		stop = check_pattern(d, (size_t)got);
	for (i = 0; d->touch && i < (size_t)got; i += 4096)
		((char *)d->buf)[i] = 0;
	if (d->out >= 0) {
		for (i = 0; d->opat && i < (size_t)got / 4; i++)
			d->buf[i] = (uint32_t)(d->off + i * 4);
		put = write(d->out, d->buf, (size_t)got);
		if (put < 0 && errno == EINTR)
			return 0;
		if (put != got) {
			if (put < 0)
				util_syserr("write %s", arg(d, "of"));
			else
				util_err("write %s: wanted %zd, got %zd",
					 arg(d, "of"), got, put);
			return -1;
		}
	}
	d->off += (uint64_t)got;
	d->moved += (uint64_t)got;
	if (d->hash)
		fputc('#', stderr);
	if (d->slp)
		usleep((useconds_t)d->slp);
	return stop ? 2 : 1;
}

/* Every block; 0, or -1 after a message. */
static int
lmdd_transfer(struct lmdd *d)
{
	uint64_t n, lim = d->rnd ? (d->rnd - d->bs) / d->bs : 0;
	int rc = 1;

	if (d->tick > 0) {
		signal(SIGALRM, on_alarm);
		alarm((unsigned)d->tick);
	}
	for (n = 0; n < d->count && !out_of_time && rc == 1; n++)
		rc = one_block(d, lim);
	alarm(0);
	return rc < 0 ? -1 : 0;
}

/* sync=, fsync=, flush= (inside the timed part); 0 or -1. */
static int
lmdd_flush(const struct lmdd *d)
{
	if (flag(d, "sync"))
		sync();
	if (d->out >= 0 && flag(d, "fsync") && fsync(d->out) != 0) {
		util_syserr("fsync %s", arg(d, "of"));
		return -1;
	}
	if (d->out >= 0 && flag(d, "flush")) {
		fdatasync(d->out);
		posix_fadvise(d->out, 0, 0, POSIX_FADV_DONTNEED);
	}
	return 0;
}

static void
report(int print, double bytes, uint64_t bs, double secs)
{
	double mb = bytes / 1e6, xfers = bytes / (double)bs;

	if (secs <= 0)
		secs = 1e-9;
	switch (print) {
	case 0:
		fputc('\n', stderr);
		break;
	case 1:
		fprintf(stderr,
			"%.0f %lluKB xfers in %.2f secs, %.4f millisec/xfer, "
			"%.2f MB/sec\n",
			xfers, (unsigned long long)(bs / 1000), secs,
			xfers > 0 ? secs * 1000 / xfers : 0, mb / secs);
		break;
	case 2:
		fprintf(stderr, "%.4f microseconds\n",
			xfers > 0 ? secs * 1e6 / xfers : 0);
		break;
	case 3:
		fprintf(stderr, "%.0f KB/sec\n", bytes / 1000 / secs);
		break;
	case 4:
		fprintf(stderr, "%.2f MB/sec\n", mb / secs);
		break;
	case 5:
		fprintf(stderr, mb < 1 ? "%.6f " : "%.2f ", mb);
		fprintf(stderr, mb / secs < 1 ? "%.6f\n" : "%.2f\n", mb / secs);
		break;
	default:
		fprintf(stderr, "%.4f MB in %.4f secs, %.4f MB/sec\n", mb, secs,
			mb / secs);
	}
}

/* Close what lmdd_open opened (the output checked); 0 or -1. */
static int
lmdd_close(struct lmdd *d)
{
	int rc = 0;

	if (d->out >= 0 && close(d->out) != 0) {
		util_syserr("close %s", arg(d, "of"));
		rc = -1;
	}
	if (d->in >= 0)
		close(d->in);
	d->in = d->out = -1;
	free(d->buf);
	d->buf = NULL;
	return rc;
}

/* The usage line and what its operands mean, for --help. */
#define LMDD_USAGE "[if=FILE] [of=FILE] [bs=N] [count=N] [move=N] " \
	"[print=N] [label=TEXT] ..."
#define LMDD_HELP \
	"if=FILE     read FILE (default: internal, nothing read)\n" \
	"of=FILE     write FILE (default: internal, nothing written)\n" \
	"bs=N        block size in bytes (k m g suffixes; default 8k)\n" \
	"count=N     blocks to move\n" \
	"move=N      bytes to move (k m g suffixes), instead of count\n" \
	"print=N     0-3: the form of the rate line (man lmdd)\n" \
	"label=TEXT  printed before the rate line\n" \
	"...         the rest of lmbench's lmdd operands: man lmdd"

int
main(int argc, char **argv)
{
	struct lmdd d;
	double t0 = 0;
	int rc;

	util_set_progname(argv[0]);
	rc = opts_standard(argc, argv, LMDD_USAGE, LMDD_HELP, 1);
	if (rc != 0)
		return rc > 0 ? 0 : EXIT_USAGE;
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	rc = lmdd_parse(&d, argc, argv);
	if (rc != 0)
		return rc;
	if (d.timeopen)
		t0 = now();
	if (lmdd_open(&d) != 0) {
		lmdd_close(&d);
		return EXIT_FAILED;
	}
	if (!d.timeopen)
		t0 = now();
	if (lmdd_transfer(&d) != 0 || lmdd_flush(&d) != 0) {
		lmdd_close(&d);
		return EXIT_FAILED;
	}
	t0 = now() - t0;
	if (d.hash || d.poff)
		fputc('\n', stderr);
	if (d.label != NULL)
		fputs(d.label, stderr);
	if (d.print != 0 || d.label != NULL)
		report(d.print, (double)d.moved, d.bs, t0);
	if (lmdd_close(&d) != 0)
		return EXIT_FAILED;
	if (d.bad) {
		util_err("%llu words did not hold the pattern",
			 (unsigned long long)d.bad);
		return EXIT_FAILED;
	}
	return 0;
}

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

static int nargs;
static char **args;

/* The value of name=, or NULL. */
static const char *
arg(const char *name)
{
	size_t len = strlen(name);
	int i;

	for (i = 1; i < nargs; i++)
		if (strncmp(args[i], name, len) == 0 && args[i][len] == '=')
			return args[i] + len + 1;
	return NULL;
}

/* A size argument: def when absent; exits 2 when bad. */
static uint64_t
size_arg(const char *name, uint64_t lo, uint64_t hi, uint64_t def)
{
	const char *v = arg(name);
	char what[32];
	uint64_t n;

	if (v == NULL)
		return def;
	snprintf(what, sizeof(what), "%s=", name);
	if (util_size_arg(what, v, lo, hi, &n) != 0)
		exit(EXIT_USAGE);
	return n;
}

static int
flag(const char *name)
{
	return size_arg(name, 0, 1ULL << 62, 0) != 0;
}

static void
check_names(void)
{
	int i, k;

	for (i = 1; i < nargs; i++) {
		size_t len = strcspn(args[i], "=");

		if (args[i][len] != '=') {
			util_err("bad argument '%s': name=value expected",
				 args[i]);
			exit(EXIT_USAGE);
		}
		for (k = 0; known[k]; k++)
			if (strlen(known[k]) == len &&
			    strncmp(args[i], known[k], len) == 0)
				break;
		if (known[k] != NULL)
			continue;
		for (k = 0; lacking[k]; k++)
			if (strlen(lacking[k]) == len &&
			    strncmp(args[i], lacking[k], len) == 0) {
				util_err("%.*s= is not supported here", (int)len,
					 args[i]);
				exit(EXIT_UNSUPPORTED);
			}
		util_err("unknown argument '%.*s' (see man lmdd)", (int)len,
			 args[i]);
		exit(EXIT_USAGE);
	}
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

/* Open if= or of=; -1 for "internal". */
static int
open_file(const char *v, int output)
{
	int fl, fd;

	if (v == NULL || strcmp(v, "internal") == 0)
		return -1;
	if (!output) {
		fl = O_RDONLY;
		if (flag("direct") || flag("idirect"))
			fl |= O_DIRECT;
	} else {
		fl = O_WRONLY;
		if (!flag("nocreate"))
			fl |= O_CREAT;
		if (!flag("notrunc") && !flag("nocreate") && !flag("append"))
			fl |= O_TRUNC;
		if (flag("append"))
			fl |= O_APPEND;
		if (flag("osync"))
			fl |= O_SYNC;
		if (flag("direct") || flag("odirect"))
			fl |= O_DIRECT;
	}
	fd = open(v, fl, 0644);
	if (fd < 0) {
		util_syserr("%s", v);
		exit(EXIT_FAILED);
	}
	return fd;
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

int
main(int argc, char **argv)
{
	uint64_t bs, count, skip, rnd, start_off, misses, i, n;
	uint64_t off = 0, moved_total = 0, lim, bad = 0;
	int in, out, print, ipat, opat, tick, poff, touch, hash, timeopen;
	int padin;
	long slp;
	const char *label;
	unsigned short seed[3] = { 0x1234, 0x5678, 0x9abc };
	uint32_t *buf;
	double t0 = 0;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	nargs = argc;
	args = argv;
	if (argc == 2 && strcmp(argv[1], "-h") == 0) {
		fprintf(stderr, "Usage: lmdd [if=FILE] [of=FILE] [bs=N] [count=N] "
				"[move=N] [print=N] [label=TEXT] ... (man lmdd)\n");
		return EXIT_USAGE;
	}
	check_names();
	bs = size_arg("bs", 4, 1ULL << 30, 8192);
	count = size_arg("count", 0, UINT64_MAX / 2, UINT64_MAX);
	if (arg("move") != NULL)
		count = size_arg("move", 1, UINT64_MAX / 2, 0) / bs;
	skip = size_arg("skip", 0, 1ULL << 40, 0);
	rnd = size_arg("rand", 0, UINT64_MAX / 2, 0);
	start_off = size_arg("start", 0, UINT64_MAX / 2, 0);
	misses = size_arg("mismatch", 0, UINT64_MAX / 2, 0);
	print = (int)size_arg("print", 0, 1000, 1000);
	ipat = flag("ipat");
	opat = flag("opat");
	poff = flag("poff");
	hash = flag("hash");
	touch = flag("touch");
	timeopen = flag("timeopen");
	padin = flag("padin");
	slp = (long)size_arg("usleep", 0, 100000000, 0);
	tick = (int)size_arg("time", 0, 100000000, 0);
	label = arg("label");
	if (arg("srand") != NULL) {
		uint64_t s = size_arg("srand", 0, UINT64_MAX / 2, 0);

		seed[0] = (unsigned short)s;
		seed[1] = (unsigned short)(s >> 16);
		seed[2] = (unsigned short)(s >> 32);
	}
	if ((ipat || opat) && bs % 4 != 0) {
		util_err("bs=%llu: the pattern needs a multiple of 4",
			 (unsigned long long)bs);
		return EXIT_USAGE;
	}
	if (rnd != 0 && rnd <= bs) {
		util_err("rand=%llu: must exceed the block size",
			 (unsigned long long)rnd);
		return EXIT_USAGE;
	}
	if (arg("if") == NULL && arg("count") == NULL && arg("move") == NULL &&
	    tick == 0) {
		util_err("an internal source needs count=, move= or time=");
		return EXIT_USAGE;
	}
	if (posix_memalign((void **)&buf, 4096, (size_t)bs) != 0) {
		util_err("out of memory for bs=%llu", (unsigned long long)bs);
		return EXIT_FAILED;
	}
	memset(buf, 0, (size_t)bs);
	if (timeopen)
		t0 = now();
	in = open_file(arg("if"), 0);
	out = open_file(arg("of"), 1);
	if (tick > 0) {
		signal(SIGALRM, on_alarm);
		alarm((unsigned)tick);
	}
	if (skip) {
		off = skip * bs;
		if (in >= 0 && lseek(in, (off_t)off, SEEK_SET) < 0)
			util_syserr("skip on %s", arg("if"));
		if (out >= 0 && lseek(out, (off_t)off, SEEK_SET) < 0)
			util_syserr("skip on %s", arg("of"));
	}
	if (padin && in >= 0 && read(in, buf, (size_t)bs) < 0)
		util_syserr("%s", arg("if"));
	if (!timeopen)
		t0 = now();
	lim = rnd ? (rnd - bs) / bs : 0;
	for (n = 0; n < count && !out_of_time; n++) {
		ssize_t got = (ssize_t)bs, put;

		if (rnd) {
			off = (uint64_t)(erand48(seed) * (double)(lim + 1)) * bs +
			      start_off;
			if (in >= 0)
				lseek(in, (off_t)off, SEEK_SET);
			if (out >= 0)
				lseek(out, (off_t)off, SEEK_SET);
		}
		if (poff)
			fprintf(stderr, "%llu ", (unsigned long long)off);
		if (in >= 0) {
			got = read(in, buf, (size_t)bs);
			if (got < 0 && errno == EINTR)
				break;
			if (got < 0) {
				util_syserr("read %s", arg("if"));
				return EXIT_FAILED;
			}
			if (got == 0)
				break;
		}
		for (i = 0; ipat && i < (uint64_t)got / 4; i++)
			if (buf[i] != (uint32_t)(off + i * 4)) {
				fprintf(stderr, "off=%llu want=%x got=%x\n",
					(unsigned long long)off,
					(uint32_t)(off + i * 4), buf[i]);
				bad++;
				if (misses && bad >= misses) {
					count = n + 1;
					break;
				}
			}
		if (touch)
			for (i = 0; i < (uint64_t)got; i += 4096)
				((char *)buf)[i] = 0;
		if (out >= 0) {
			if (opat)
				for (i = 0; i < (uint64_t)got / 4; i++)
					buf[i] = (uint32_t)(off + i * 4);
			put = write(out, buf, (size_t)got);
			if (put < 0 && errno == EINTR)
				break;
			if (put != got) {
				if (put < 0)
					util_syserr("write %s", arg("of"));
				else
					util_err("write %s: wanted %zd, got %zd",
						 arg("of"), got, put);
				return EXIT_FAILED;
			}
		}
		off += (uint64_t)got;
		moved_total += (uint64_t)got;
		if (hash)
			fputc('#', stderr);
		if (slp)
			usleep((useconds_t)slp);
	}
	alarm(0);
	if (flag("sync"))
		sync();
	if (out >= 0 && flag("fsync") && fsync(out) != 0) {
		util_syserr("fsync %s", arg("of"));
		return EXIT_FAILED;
	}
	if (out >= 0 && flag("flush")) {
		fdatasync(out);
		posix_fadvise(out, 0, 0, POSIX_FADV_DONTNEED);
	}
	t0 = now() - t0;
	if (hash || poff)
		fputc('\n', stderr);
	if (label != NULL)
		fputs(label, stderr);
	if (print != 0 || label != NULL)
		report(print, (double)moved_total, bs, t0);
	if (out >= 0 && close(out) != 0) {
		util_syserr("close %s", arg("of"));
		return EXIT_FAILED;
	}
	if (in >= 0)
		close(in);
	free(buf);
	if (bad) {
		util_err("%llu words did not hold the pattern",
			 (unsigned long long)bad);
		return EXIT_FAILED;
	}
	return 0;
}

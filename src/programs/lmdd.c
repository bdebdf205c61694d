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
 * 77 saying so; an unknown name, or a bad value, exits 2 (lib_dd parses
 * them and opens the files, lib_ddio moves the blocks; this file reports).
 */
#include <stdio.h>

#include "lib_bench.h"
#include "lib_dd.h"
#include "lib_ddio.h"
#include "lib_util.h"

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
	const struct bench_prog prog = { .usage = LMDD_USAGE,
		.help = LMDD_HELP, .max_operands = -1, .first_operand = 1 };
	struct bench_opts o;
	struct dd d;
	double secs;
	int first = bench_begin(argc, argv, &prog, &o), rc;

	rc = dd_parse(&d, argc - first + 1, argv + first - 1);
	if (rc != 0)
		return rc;
	secs = ddio_timed(&d);
	if (secs < 0) {
		dd_close(&d);
		return EXIT_FAILED;
	}
	if (d.hash || d.poff)
		fputc('\n', stderr);
	if (d.label != NULL)
		fputs(d.label, stderr);
	if (d.print != 0 || d.label != NULL)
		report(d.print, (double)d.moved, d.bs, secs);
	if (dd_close(&d) != 0)
		return EXIT_FAILED;
	if (d.bad) {
		util_err("%llu words did not hold the pattern",
			 (unsigned long long)d.bad);
		return EXIT_FAILED;
	}
	return 0;
}

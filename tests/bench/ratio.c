/*
 * ratio.c - make bench's verdict on one figure measured in interleaved
 * rounds: ours against a reference (lmbench 3, a bare loop, a peer).
 *
 * Input (stdin): one line a round, "OURS REF" (both > 0; other lines are
 * left out and counted).  Each round is one run of each side, so a round
 * gives one value a side: the run is the unit, as lmbench-compare's gate
 * counts it.  Output (stdout), one line:
 *
 *   ratio R [LO, HI] (median of N rounds M; rounds A-B): VERDICT
 *
 * R is the ratio of the sides' geometric means with the 95 % interval of
 * Welch's t test on the log run values (lib_infer, the gate's test); M
 * the median of the rounds' own ratios, A-B their range.  With -l the
 * figure is a latency (lower is better) and the target is an upper
 * bound.  VERDICT against -t TARGET: "met" where the whole interval is on
 * the good side of it, "not met" where the whole interval is on the bad
 * side, "cannot tell" where it spans the target; "no target" without -t.
 * Fewer than two rounds: no interval, "cannot tell".
 *
 * Usage: ratio [-l] [-t TARGET]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_infer.h"

#define MAXR 1000

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	static double lo_[MAXR], lr_[MAXR], r[MAXR];
	double target = 0, o, b, med;
	struct infer_welch w;
	char line[256], *end, *end2 = NULL;
	int lat = 0, c, n = 0, bad = 0;
	const char *verdict;

	opterr = 0; /* one line of ours below */
	while ((c = getopt(argc, argv, "lt:")) != -1) {
		if (c == 'l') {
			lat = 1;
		} else if (c == 't') {
			target = strtod(optarg, &end);
			if (*end != '\0' || !(target > 0) || !isfinite(target)) {
				fprintf(stderr, "ratio: bad -t '%s'\n", optarg);
				return 2;
			}
		} else {
			fprintf(stderr, "ratio: bad option -%c; usage: ratio "
			        "[-l] [-t TARGET]\n", optopt);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "ratio: unexpected operand '%s' (the rounds "
		        "come on standard input)\n", argv[optind]);
		return 2;
	}
	while (fgets(line, sizeof(line), stdin) != NULL) {
		o = strtod(line, &end);
		b = end != line ? strtod(end, &end2) : 0;
		if (end == line || end2 == end || !(o > 0) ||
		    !(b > 0) || !isfinite(o) || !isfinite(b) || n == MAXR) {
			bad++;
			continue;
		}
		lo_[n] = log(o);
		lr_[n] = log(b);
		r[n] = o / b;
		n++;
	}
	if (n == 0) {
		printf("no rounds gave both figures (%d lines left out): "
		       "cannot tell\n", bad);
		return 0;
	}
	qsort(r, (size_t)n, sizeof(r[0]), cmp);
	med = n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
	if (infer_welch(lr_, (size_t)n, lo_, (size_t)n, 0.95, &w) != 0) {
		printf("ratio %.3f (1 round): cannot tell\n", med);
		return 0;
	}
	if (target == 0)
		verdict = "no target";
	else if (lat ? exp(w.hi) <= target : exp(w.lo) >= target)
		verdict = "met";
	else if (lat ? exp(w.lo) > target : exp(w.hi) < target)
		verdict = "not met";
	else
		verdict = "cannot tell";
	printf("ratio %.3f [%.3f, %.3f] (median of %d rounds %.3f; rounds "
	       "%.3f-%.3f%s): %s\n",
	       exp(w.diff), exp(w.lo), exp(w.hi), n, med, r[0], r[n - 1],
	       bad ? ", some lines left out" : "", verdict);
	return 0;
}

/*
 * lib_opts.c - the options every program shares (-P -W -N, -h) and the
 * getopt loop over them and a program's own (lib_opts.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_util.h"

int
opts_common(struct bench_opts *o, int c, const char *arg)
{
	uint64_t v;
	const char *why;

	switch (c) {
	case '?':
		/* getopt takes "-1m" for an option: say what it is. */
		if (optopt >= '0' && optopt <= '9') {
			util_err("negative numbers are not accepted (-%c...)",
			         optopt);
			return -1;
		}
		return 0;
	case 'P':
		why = util_parse_u64(arg, 1, BENCH_MAX_PARALLEL, &v);
		if (why) {
			util_err("bad -P '%s': %s (1 to %d)", arg, why,
			         BENCH_MAX_PARALLEL);
			return -1;
		}
		o->parallel = (int)v;
		return 1;
	case 'W':
		why = util_parse_u64(arg, 0, 3600000000ULL, &v);
		if (why) {
			util_err("bad -W '%s': %s (microseconds)", arg, why);
			return -1;
		}
		o->warmup_us = v;
		return 1;
	case 'N':
		why = util_parse_u64(arg, 1, BENCH_MAX_REPETITIONS, &v);
		if (why) {
			util_err("bad -N '%s': %s (1 to %d)", arg, why,
			         BENCH_MAX_REPETITIONS);
			return -1;
		}
		o->repetitions = (int)v;
		return 1;
	default: return 0;
	}
}

int
opts_getopt(int argc, char **argv, const char *own, struct bench_opts *o,
            int (*handle)(void *ctx, int c, const char *arg), void *ctx)
{
	char optstring[64];
	int c, rc;

	snprintf(optstring, sizeof(optstring), "%shP:W:N:", own);
	opterr = 0;
	while ((c = getopt(argc, argv, optstring)) != -1) {
		rc = opts_common(o, c, optarg);
		if (rc < 0)
			return -1;
		if (rc == 1)
			continue;
		if (c != '?' && c != 'h' && c != ':' && c != '+' &&
		    strchr(own, c) != NULL && handle != NULL) {
			if (handle(ctx, c, optarg) != 0)
				return -1;
			continue;
		}
		return -2;
	}
	return optind;
}

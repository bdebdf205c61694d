/*
 * lib_opts.c - the options every program shares (-P -W -N) and the
 * getopt loop over the options a program's usage line names
 * (lib_opts.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_util.h"

/* -P, -W or -N with its value into o: 1, or -1 after a message. */
static int
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
opts_letters(const char *usage, char *optstring, size_t len)
{
	size_t used = 0;
	const char *p;
	int depth = 0;

	if (len == 0)
		return -1;
	optstring[0] = '\0';
	for (p = usage; *p != '\0'; p++) {
		const char *q;
		int arg;

		if (*p == '[')
			depth++;
		else if (*p == ']' && depth > 0)
			depth--;
		/* "-X" at the start of a word, X a letter or digit. */
		if (p[0] != '-' || !((p[1] >= 'a' && p[1] <= 'z') ||
		                     (p[1] >= 'A' && p[1] <= 'Z') ||
		                     (p[1] >= '0' && p[1] <= '9')) ||
		    (p > usage && p[-1] != '[' && p[-1] != ' ' && p[-1] != '|'))
			continue;
		q = p + 2;
		if (*q != ']' && *q != ' ' && *q != '\0' && *q != '|')
			continue; /* a longer word, not an option */
		/* Within brackets, anything before the closing one is its
		 * value ("[-m <message size>]", "[-M len[K|M]]"); outside,
		 * a bare "-s" or "-S" is a flag. */
		arg = depth > 0 && *q == ' ' && q[1] != '[' && q[1] != ']';
		if (strchr(optstring, p[1]) == NULL) {
			if (used + 3 >= len)
				return -1;
			optstring[used++] = p[1];
			if (arg)
				optstring[used++] = ':';
			optstring[used] = '\0';
		}
		p++;
	}
	return 0;
}

void
opts_usage(const char *usage)
{
	const char *p = usage, *bar;

	/* Each form after a " | " starts with the program's name too. */
	fprintf(stderr, "Usage: %s", util_progname());
	while ((bar = strstr(p, " | ")) != NULL) {
		fprintf(stderr, "%s%.*s | %s", *p ? " " : "", (int)(bar - p), p,
		        util_progname());
		p = bar + 3;
	}
	fprintf(stderr, "%s%s\n", *p ? " " : "", p);
}

int
opts_parse(int argc, char **argv, const char *usage, int first_operand,
           struct bench_opts *o,
           int (*handle)(void *ctx, int c, const char *arg), void *ctx)
{
	char optstring[128], all[132];
	int c;

	optstring[0] = '\0';
	if (opts_letters(usage, optstring, sizeof(optstring)) != 0) {
		util_err("usage line with too many options");
		return -1;
	}
	snprintf(all, sizeof(all), "%s%s", first_operand ? "+" : "", optstring);
	opterr = 0;
	while ((c = getopt(argc, argv, all)) != -1) {
		if (c == '?' || c == ':' || c == 'h') {
			/* getopt takes "-1m" for an option: say what it is. */
			if (c == '?' && optopt >= '0' && optopt <= '9') {
				util_err("negative numbers are not accepted (-%c...)",
				         optopt);
				return -1;
			}
			return -2;
		}
		if (c == 'P' || c == 'W' || c == 'N') {
			if (opts_common(o, c, optarg) < 0)
				return -1;
			continue;
		}
		if (handle == NULL)
			return -2;
		if (handle(ctx, c, optarg) != 0)
			return -1;
	}
	return optind;
}

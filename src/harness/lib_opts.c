/*
 * lib_opts.c - the options every program shares (-P -W -N) and the
 * getopt loop over the options a program's usage line names
 * (lib_opts.h).  Which options the line names, and what is printed
 * about them (the usage, --help), is lib_opts_help.c's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_util.h"

/* The suite's version: the Makefile passes it (git describe in a
 * checkout, the VERSION file in a release tarball). */
#ifndef LMBENCH_VERSION
#define LMBENCH_VERSION "unknown"
#endif

/* -P, -W or -N with its value into o: 1, or -1 after a message. */
static int
opts_common(struct bench_opts *o, int c, const char *arg)
{
	uint64_t v;
	const char *why;

	switch (c) {
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
		o->repetitions_set = 1;
		return 1;
	default: return 0;
	}
}

void
opts_version(void)
{
	printf("%s (lmbench-ng) %s\n", util_progname(), LMBENCH_VERSION);
}

/* Does option c of optstring take a value? */
static int
takes_value(const char *optstring, int c)
{
	const char *p = strchr(optstring, c);

	return c != ':' && p != NULL && p[1] == ':';
}

/*
 * An empty or blank option value or operand: one line naming it, -1.
 * With first_operand the words after the first operand are a command's
 * own (lat_cmd printf ''): those are not ours to refuse.
 */
static int
blank_args(int argc, char **argv, const char *letters, int first_operand)
{
	int i, operands = 0, options = 1;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (options && strcmp(a, "--") == 0) {
			options = 0;
			continue;
		}
		if (options && a[0] == '-' && a[1] != '\0') {
			/* "-m 100": the next word is the value; "-m100" holds it. */
			if (a[2] == '\0' && takes_value(letters, a[1]) && i + 1 < argc) {
				if (util_blank(argv[++i])) {
					util_err("-%c: the value is empty", a[1]);
					return -1;
				}
			}
			continue;
		}
		operands++;
		if (util_blank(a)) {
			util_err("operand %d is empty: every operand needs a value "
			         "(see -h)",
			         operands);
			return -1;
		}
		if (first_operand)
			return 0;
	}
	return 0;
}

int
opts_standard(int argc, char **argv, const char *usage, const char *help,
              int first_operand)
{
	char letters[128];
	int i;

	if (opts_letters(usage, letters, sizeof(letters)) != 0)
		letters[0] = '\0';
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--") == 0)
			break;
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			opts_help(usage, help);
			return 1;
		}
		if (strcmp(a, "--version") == 0) {
			if (argc != 2) {
				util_err("--version takes no other arguments");
				return -1;
			}
			opts_version();
			return 1;
		}
		/* No program takes a long option but these two. */
		if (a[0] == '-' && a[1] == '-') {
			opts_unknown(a);
			return -2;
		}
		if (a[0] != '-' || a[1] == '\0') {
			if (first_operand)
				break;
			continue;
		}
		/* "-m 100": the value is the next word, not an option. */
		if (a[2] == '\0' && takes_value(letters, a[1]))
			i++;
	}
	return blank_args(argc, argv, letters, first_operand);
}

int
opts_parse(int argc, char **argv, const char *usage, int first_operand,
           struct bench_opts *o,
           int (*handle)(void *ctx, int c, const char *arg), void *ctx)
{
	char optstring[128], all[132];
	int c;

	c = opts_standard(argc, argv, usage, NULL, first_operand);
	if (c > 0)
		return OPTS_DONE;
	if (c < 0)
		return c;
	optstring[0] = '\0';
	if (opts_letters(usage, optstring, sizeof(optstring)) != 0) {
		util_err("usage line with too many options");
		return -1;
	}
	/* A leading ':' (after the '+') tells a missing value (':') from
	 * an unknown option ('?'). */
	snprintf(all, sizeof(all), "%s:%s", first_operand ? "+" : "",
	         optstring);
	opterr = 0;
	while ((c = getopt(argc, argv, all)) != -1) {
		if (c == '?' || c == ':') {
			char word[3] = { '-', (char)optopt, '\0' };

			/* getopt takes "-1m" for an option: say what it is. */
			if (c == '?' && optopt >= '0' && optopt <= '9') {
				util_err("negative numbers are not accepted "
				         "(-%c...)",
				         optopt);
				return -1;
			}
			if (c == '?')
				opts_unknown(word);
			else
				opts_needs_value(word);
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

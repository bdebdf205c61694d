/*
 * compare_hist_main.c - lmbench-compare --history's options and main
 * (lmbench-ng history: lmbench-ng-history(1)).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare_hist.h"
#include "lib_opts.h"
#include "lib_util.h"

#define ARGS                                                                  \
	"[--threshold PCT] [--thresholds FILE] [--alpha A] "                  \
	"[--fail-on-step[=N]] [--sort given|time] [--each-file] "             \
	"[--format text|markdown] [-o FILE.html] [--cache DIR|--no-cache] "   \
	"SET..."
#define HELP                                                                  \
	"--threshold PCT       a change under PCT percent is not listed nor "  \
	"failed (default 5)\n"                                                 \
	"--thresholds FILE     per-metric thresholds (lmbench-compare(1))\n"   \
	"--alpha A             the significance level over all figures "       \
	"(default 0.05)\n"                                                     \
	"--fail-on-step[=N]    exit 1 when a step toward worse starts in the " \
	"newest N sets (default 1)\n"                                          \
	"--sort given|time     the sets in the order given (default), or by "  \
	"the time their runs recorded\n"                                       \
	"--each-file           each result file its own set (a directory of "  \
	"nightly runs), not a directory's files one set\n"                     \
	"--format F            text (default) or markdown\n"                   \
	"-o FILE.html          also write a page with every figure's history " \
	"plotted\n"                                                            \
	"--cache DIR           keep what was read in DIR (default "            \
	"$XDG_CACHE_HOME/lmbench-ng/history, else "                            \
	"~/.cache/lmbench-ng/history)\n"                                       \
	"--no-cache            read every file, keep nothing\n"                \
	"SET...                result files, directories of them (one set "   \
	"each), or trees whose directories hold them, oldest first\n"          \
	"Environment: XDG_CACHE_HOME or HOME, where the cache goes; "         \
	"LMBENCH_COMPARE_NAME, the name its messages go by (lmbench-ng "      \
	"history sets it)"

/* The cache directory by default; NULL where no home is known. */
static char *
default_cache(void)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	struct buf b = { 0 };

	if (x != NULL && *x == '/') {
		buf_str(&b, x);
	} else if (home != NULL && *home == '/') {
		buf_str(&b, home);
		buf_str(&b, "/.cache");
	} else {
		return NULL;
	}
	mkdir(b.s, 0700);
	buf_str(&b, "/lmbench-ng");
	mkdir(b.s, 0700);
	buf_str(&b, "/history");
	return b.s;
}

static int
number(const char *name, const char *v, double *out, double lo, double hi)
{
	if (util_parse_double(v, out) != NULL || *out < lo || *out > hi) {
		util_err("bad %s '%s': a number from %g to %g expected", name, v, lo, hi);
		return -1;
	}
	return 0;
}

/* One option at argv[*i] into o; 1 taken, 0 not an option, -1 bad. */
static int
option(int argc, char **argv, int *i, struct hopts *o, const char **tfile, const char *usage)
{
	const char *a = argv[*i], *v;
	int missing = 0;
	double x;

	if ((v = opt_value(argc, argv, i, "--threshold", &missing)) != NULL)
		return number("--threshold", v, &o->threshold, 0, 1e6) < 0 ? -1 : 1;
	if ((v = opt_value(argc, argv, i, "--thresholds", &missing)) != NULL) {
		*tfile = v;
		return 1;
	}
	if ((v = opt_value(argc, argv, i, "--alpha", &missing)) != NULL)
		return number("--alpha", v, &o->alpha, 1e-12, 0.5) < 0 ? -1 : 1;
	if ((v = opt_value(argc, argv, i, "--sort", &missing)) != NULL) {
		if (strcmp(v, "given") != 0 && strcmp(v, "time") != 0) {
			util_err("bad --sort '%s': given or time expected", v);
			return -1;
		}
		o->sort_time = strcmp(v, "time") == 0;
		return 1;
	}
	if ((v = opt_value(argc, argv, i, "--format", &missing)) != NULL) {
		if (strcmp(v, "text") != 0 && strcmp(v, "markdown") != 0) {
			util_err("unknown format '%s' (text or markdown)", v);
			return -1;
		}
		o->markdown = strcmp(v, "markdown") == 0;
		return 1;
	}
	if ((v = opt_value(argc, argv, i, "-o", &missing)) != NULL) {
		if (util_blank(v)) {
			util_err("-o: the value is empty");
			return -1;
		}
		if (hist_html_dir(v) < 0)
			return -1;
		o->html = v;
		return 1;
	}
	if ((v = opt_value(argc, argv, i, "--cache", &missing)) != NULL) {
		if (util_blank(v)) {
			util_err("--cache: the value is empty");
			return -1;
		}
		o->cache = v;
		return 1;
	}
	if (missing) {
		opts_needs_value(a);
		util_usage(usage);
		return -1;
	}
	if (strcmp(a, "--fail-on-step") == 0) {
		o->fail_on_step = 1;
		return 1;
	}
	if (strncmp(a, "--fail-on-step=", 15) == 0) {
		if (number("--fail-on-step", a + 15, &x, 1, 1e6) < 0)
			return -1;
		if (x != (double)(int)x) {
			util_err("bad --fail-on-step '%s': a whole number of sets expected", a + 15);
			return -1;
		}
		o->fail_on_step = (int)x;
		return 1;
	}
	if (strcmp(a, "--each-file") == 0) {
		o->each_file = 1;
		return 1;
	}
	if (strcmp(a, "--no-cache") == 0) {
		o->cache = "";
		return 1;
	}
	return 0;
}

int
hist_main(int argc, char **argv)
{
	struct opts co = { 5, 0.05, 0, 0, 0, F_TEXT, NULL, 0 };
	struct hopts o = { 5, 0.05, 0, 0, 0, 0, NULL, NULL, &co };
	struct hist h;
	const char *tfile = NULL, *usage;
	char *cache = NULL;
	int i, rc = 2, operands = 0, dashdash = 0, k;
	/* which arguments are SETs: read once every option is known (an
	 * option after a SET applies to it too), and no file is looked at
	 * before the command line is found good */
	unsigned char *is_set = calloc((size_t)argc + 1, 1);

	memset(&h, 0, sizeof(h));
	if (is_set == NULL) {
		util_err("out of memory");
		return 2;
	}
	/* Run as lmbench-ng history, its name says the mode. */
	usage = getenv("LMBENCH_COMPARE_NAME") != NULL ? ARGS : "--history " ARGS;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!dashdash && a[0] == '-' && a[1] != '\0' && strcmp(a, "--") != 0) {
			if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
				opts_help(usage, HELP);
				rc = 0;
				goto out;
			}
			if (strcmp(a, "--version") == 0) {
				if (argc != 2) {
					util_err("--version takes no other arguments");
					goto out;
				}
				opts_version();
				rc = 0;
				goto out;
			}
			k = option(argc, argv, &i, &o, &tfile, usage);
			if (k < 0)
				goto out;
			if (k == 0) {
				opts_unknown(a);
				util_usage(usage);
				goto out;
			}
			continue;
		}
		if (strcmp(a, "--") == 0 && !dashdash) {
			dashdash = 1;
			continue;
		}
		operands = 1;
		if (util_blank(a)) {
			util_err("an empty SET: name result files or directories");
			goto out;
		}
		is_set[i] = 1;
	}
	if (!operands) {
		util_usage(usage);
		goto out;
	}
	for (i = 1; i < argc; i++)
		if (is_set[i] && hist_find(&h, argv[i], o.each_file) < 0)
			goto out;
	if (h.nsets == 0) {
		util_err("no result set to read");
		goto out;
	}
	co.threshold = o.threshold;
	if (tfile != NULL && read_rules(&co, tfile) < 0)
		goto out;
	if (o.cache == NULL)
		o.cache = cache = default_cache();
	else if (*o.cache == '\0')
		o.cache = NULL;
	if (hist_read(&h, &o) < 0)
		goto out;
	if (o.sort_time)
		hist_sort_time(&h);
	hist_detect(&h, &o);
	if (o.html != NULL && hist_html(&h, &o, o.html) < 0) {
		rc = 1;
		goto out;
	}
	hist_text(&h, &o, stdout);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		util_syserr("cannot write the output");
		goto out;
	}
	rc = o.fail_on_step > 0 && h.nfailed > 0 ? 1 : 0;
out:
	for (k = 0; k < (int)co.nrules; k++)
		regfree(&co.rules[k].re);
	free(co.rules);
	free(cache);
	free(is_set);
	hist_free(&h);
	return rc;
}

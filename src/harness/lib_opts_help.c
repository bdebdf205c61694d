/*
 * lib_opts_help.c - the usage line as a program's option table
 * (lib_opts.h): the options it names (opts_letters), and what is
 * printed about them: the usage line of a usage error and the line
 * before it naming the option at fault, --help's usage and option
 * columns.
 */
#include <stdio.h>
#include <string.h>

#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_util.h"

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

/* word as a message shows it (len bytes at out): a byte that is not
 * printable ASCII as \xNN, cut short where out is full. */
static void
shown(const char *word, char *out, size_t len)
{
	const unsigned char *p;
	size_t n = 0;

	for (p = (const unsigned char *)word; *p != '\0' && n + 5 < len; p++) {
		if (*p >= 0x20 && *p < 0x7f)
			out[n++] = (char)*p;
		else
			n += (size_t)snprintf(out + n, len - n, "\\x%02x", *p);
	}
	out[n] = '\0';
}

void
opts_unknown(const char *word)
{
	char s[64];

	shown(word, s, sizeof(s));
	util_err("unknown option '%s'", s);
}

void
opts_needs_value(const char *word)
{
	char s[64];

	shown(word, s, sizeof(s));
	util_err("option '%s' needs a value", s);
}

/* What the shared options mean, for --help; the -P range from the
 * limit itself (a bare number), so the two cannot drift apart. */
#define OPTS_STR_(x) #x
#define OPTS_STR(x)  OPTS_STR_(x)
static const char *const common_help[] = {
	"-P <parallelism>  copies of the measurement run at once (1 to " OPTS_STR(BENCH_MAX_PARALLEL) ")",
	"-W <warmup>       microseconds of untimed running before sampling",
	"-N <repetitions>  timed intervals per copy; the median is reported",
};

/* Is there a line for option c in help ("-c..." at a line's start)? */
static int
help_has(const char *help, int c)
{
	const char *p = help;

	while (p != NULL && *p != '\0') {
		if (p[0] == '-' && p[1] == c)
			return 1;
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return 0;
}

/* The bracket that closes the one before p ("[-M len[K|M]]": the
 * last), or the end of the string. */
static const char *
closing(const char *p)
{
	int depth = 1;

	for (; *p != '\0'; p++) {
		if (*p == '[')
			depth++;
		else if (*p == ']' && --depth == 0)
			return p;
	}
	return p;
}

/* The option c's bracketed form in the usage line ("-m <message size>"),
 * printed as a help line of its own. */
static void
help_from_usage(const char *usage, int c)
{
	const char *p = usage, *end;

	while ((p = strchr(p, '-')) != NULL) {
		if (p[1] == c && (p == usage || p[-1] == '[' || p[-1] == ' ')) {
			/* "[-m <message size>]" to its bracket, a bare "-s"
			 * to the end of its word. */
			if (p > usage && p[-1] == '[')
				end = closing(p);
			else if ((end = strchr(p, ' ')) == NULL)
				end = p + strlen(p);
			printf("  %.*s\n", (int)(end - p), p);
			return;
		}
		p++;
	}
}

/* A help line "TERM  DESCRIPTION" (len bytes at s): the length of its
 * term, up to the first two blanks (all of it when it has none). */
static size_t
help_term(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i + 1 < len; i++)
		if (s[i] == ' ' && s[i + 1] == ' ')
			return i;
	return len;
}

/* The line printed with its description at column width + 4 (on a line
 * of its own below a term wider than that, as GNU programs print it). */
static void
help_line(const char *s, size_t len, size_t width)
{
	size_t t = help_term(s, len), d = t;

	while (d < len && s[d] == ' ')
		d++;
	if (d >= len)
		printf("  %.*s\n", (int)t, s);
	else if (t > width)
		printf("  %.*s\n  %-*s  %.*s\n", (int)t, s, (int)width, "",
		       (int)(len - d), s + d);
	else
		printf("  %-*.*s  %.*s\n", (int)width, (int)t, s,
		       (int)(len - d), s + d);
}

/* The program's own help lines (up to "Environment:"): printed with
 * their descriptions at width + 4 when width is not 0; the widest term
 * of at most 24, and at least 16, when it is. */
static size_t
help_lines(const char *help, size_t width)
{
	const char *p, *nl;
	size_t w = 16, t, len;

	for (p = help; p != NULL && *p != '\0' &&
	               strncmp(p, "Environment:", 12) != 0;
	     p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p) - 1;
		len = (size_t)(nl - p + (*nl != '\n'));
		if (width != 0)
			help_line(p, len, width);
		else if ((t = help_term(p, len)) > w && t <= 24)
			w = t;
	}
	return w;
}

void
opts_help(const char *usage, const char *help)
{
	char letters[128];
	const char *p, *nl;
	size_t i, width = help_lines(help, 0);

	fflush(stderr);
	printf("Usage: %s", util_progname());
	for (p = usage; (nl = strstr(p, " | ")) != NULL; p = nl + 3)
		printf("%s%.*s\n   or: %s", *p ? " " : "", (int)(nl - p), p,
		       util_progname());
	printf("%s%s\n", *p ? " " : "", p);
	if (opts_letters(usage, letters, sizeof(letters)) != 0)
		letters[0] = '\0';
	printf("Options:\n");
	/* (a program whose help has its own line for one of them, as where
	 * the minimum is reported, keeps that one) */
	for (i = 0; i < sizeof(common_help) / sizeof(common_help[0]); i++)
		if (strchr(letters, common_help[i][1]) != NULL &&
		    !help_has(help, common_help[i][1]))
			help_line(common_help[i], strlen(common_help[i]),
			          width);
	(void)help_lines(help, width);
	for (p = letters; *p != '\0'; p++)
		if (*p != ':' && strchr("PWN", *p) == NULL &&
		    !help_has(help, *p))
			help_from_usage(usage, *p);
	help_line("-h, --help  this text", 21, width);
	help_line("--version  the program's version", 32, width);
	/* A help that names no harness options says its environment. */
	p = help != NULL ? strstr(help, "\nEnvironment:") : NULL;
	if (p != NULL)
		printf("%s\n", p + 1);
	else
		printf("Environment: ENOUGH, TIMING_O, LOOP_O, LMBENCH_SCHED, "
		       "LMBENCH_JSON (lmbench-ng(7)).\n");
	/* Run as "lmbench-ng compare", the page is lmbench-ng-compare. */
	printf("Manual: man ");
	for (p = util_progname(); *p != '\0'; p++)
		putchar(*p == ' ' ? '-' : *p);
	putchar('\n');
}

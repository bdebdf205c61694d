/* test_util.c - unit tests of the strict parsers in lib_util, and of
 * the lines that processes reporting as one say (util_said_line). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_util.h"
#include "check.h"

static int
size_ok(const char *s, uint64_t unit, uint64_t want)
{
	uint64_t v = 0;

	return util_parse_size(s, unit, &v) == NULL && v == want;
}

static int
size_bad(const char *s)
{
	uint64_t v = 0;

	return util_parse_size(s, 1, &v) != NULL;
}

/* How many of lines (n of them, each the text after "prog: ", or
 * whole where it starts with '=') util_said_line lets through, one
 * struct util_said over them all. */
static int
said_count(const char *const *lines, int n)
{
	struct util_said said = { 0 };
	char line[256];
	int i, said_n = 0;

	for (i = 0; i < n; i++) {
		if (lines[i][0] == '=')
			snprintf(line, sizeof(line), "%s", lines[i] + 1);
		else
			snprintf(line, sizeof(line), "%s: %s", util_progname(),
			         lines[i]);
		said_n += util_said_line(&said, line);
	}
	return said_n;
}

/* What util_said_read, then util_said_rest, say of pieces (each
 * "P" in them the program's name) written in turn to a pipe: into out
 * (len bytes); 0, or -1 where the pipe was not read to its end. */
static int
relayed(const char *const *pieces, int n, char *out, size_t len)
{
	struct util_said said = { 0 };
	const char *name = util_progname(), *p;
	int in[2], cap[2], saved, i, end;
	ssize_t r;

	if (pipe(in) != 0 || pipe(cap) != 0 ||
	    fcntl(in[0], F_SETFL, O_NONBLOCK) != 0)
		return -1;
	fflush(stderr);
	saved = dup(2);
	dup2(cap[1], 2);
	for (i = 0; i < n; i++) {
		for (p = pieces[i]; *p != '\0'; p++)
			if ((*p == 'P' ? write(in[1], name, strlen(name))
			               : write(in[1], p, 1)) < 0)
				return -1;
		if (util_said_read(&said, in[0]) != 0)
			return -1;
	}
	close(in[1]);
	end = util_said_read(&said, in[0]);
	util_said_rest(&said);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(cap[1]);
	close(in[0]);
	r = read(cap[0], out, len - 1);
	out[r > 0 ? r : 0] = '\0';
	close(cap[0]);
	return end == 1 ? 0 : -1;
}

static void
shared_messages(void)
{
	static const char *const alike[] = {
		"fork: refused", "fork: refused", "fork: refused",
		"fork: refused", "fork: refused", "fork: refused",
		"fork: refused", "fork: refused",
	};
	static const char *const warnings[] = {
		"warning: A", "warning: A", "warning: B",
		"warning: A", "an error",   "another error",
	};
	static const char *const other[] = {
		"an error", "=socket connection: refused",
		"=socket connection: refused", "=other: an error",
	};

	/* eight copies failing alike: one line */
	CHECK(said_count(alike, 8) == 1);
	/* a warning again right after itself is left out, another is not;
	 * after one error, no other */
	CHECK(said_count(warnings, 6) == 4);
	/* a line not of the program's form is said whatever was said */
	CHECK(said_count(other, 4) == 4);
}

/* Lines read from a pipe in pieces that split them: each said whole,
 * once, as util_said_line allows; the last without its end said at the
 * end, without one. */
static void
relayed_lines(void)
{
	static const char *const pieces[] = {
		"P: fork: refused\nP: fo",
		"rk: refused\nP: warning: A\n",
		"P: warning: A\nraw line\nP: another error\nP: warning: B",
	};
	char want[256], out[512];

	snprintf(want, sizeof(want), "%s: fork: refused\n%s: warning: A\n"
	         "raw line\n%s: warning: B", util_progname(), util_progname(),
	         util_progname());
	CHECK(relayed(pieces, 3, out, sizeof(out)) == 0);
	CHECK(strcmp(out, want) == 0);
}

int
main(void)
{
	uint64_t v;
	double d;

	CHECK(util_parse_u64("0", 0, 10, &v) == NULL && v == 0);
	CHECK(util_parse_u64("10", 0, 10, &v) == NULL && v == 10);
	CHECK(util_parse_u64("11", 0, 10, &v) != NULL);
	CHECK(util_parse_u64("0", 1, 10, &v) != NULL);
	CHECK(util_parse_u64("", 0, 10, &v) != NULL);
	CHECK(util_parse_u64("-1", 0, 10, &v) != NULL);
	/* a sign and a number is negative; an option put after the
	 * operands ("-N", "--") is not a number at all */
	CHECK(strcmp(util_parse_u64("-1", 0, 10, &v), "negative") == 0);
	CHECK(strcmp(util_parse_u64("-N", 0, 10, &v), "not a number") == 0);
	CHECK(strcmp(util_parse_u64("--", 0, 10, &v), "not a number") == 0);
	CHECK(strcmp(util_parse_double("-.5", &d), "negative") == 0);
	CHECK(strcmp(util_parse_size("-t", 1, &v), "not a number") == 0);
	CHECK(strcmp(util_parse_size("-5m", 1, &v), "negative") == 0);
	CHECK(util_parse_u64(" 1", 0, 10, &v) != NULL);
	CHECK(util_parse_u64("+1", 0, 10, &v) != NULL);
	CHECK(util_parse_u64("1x", 0, 10, &v) != NULL);
	CHECK(util_parse_u64("abc", 0, 10, &v) != NULL);
	CHECK(util_parse_u64("18446744073709551616", 0, UINT64_MAX, &v) !=
	      NULL);
	CHECK(util_parse_u64("18446744073709551615", 0, UINT64_MAX, &v) ==
	          NULL &&
	      v == UINT64_MAX);

	/* lmbench's suffixes: lower case binary, upper case decimal. */
	CHECK(size_ok("512", 1, 512));
	CHECK(size_ok("1k", 1, 1024));
	CHECK(size_ok("1K", 1, 1000));
	CHECK(size_ok("64m", 1, 67108864));
	CHECK(size_ok("1024M", 1, 1024000000));
	CHECK(size_ok("2g", 1, 2147483648ULL));
	CHECK(size_ok("2G", 1, 2000000000ULL));
	CHECK(size_ok("1.5k", 1, 1536));
	CHECK(size_ok("8", 1048576, 8388608)); /* lat_mem_rd's MB */
	CHECK(size_ok("0", 1, 0));
	CHECK(size_bad("64x"));
	CHECK(size_bad("-1m"));
	CHECK(size_bad(""));
	CHECK(size_bad("k"));
	CHECK(size_bad("abc"));
	CHECK(size_bad("1kk"));
	CHECK(size_bad("1e3"));
	CHECK(size_bad("99999999999999999999999g"));
	CHECK(strcmp(util_parse_size("64x", 1, &v),
	             "unknown suffix (use k K m M g G)") == 0);

	CHECK(util_parse_double("0.5", &d) == NULL && d == 0.5);
	CHECK(util_parse_double("nan", &d) != NULL);
	CHECK(util_parse_double("inf", &d) != NULL);
	CHECK(util_parse_double("1e5", &d) != NULL);
	CHECK(util_parse_double("-2", &d) != NULL);
	CHECK(util_parse_double("1.2.3", &d) != NULL);
	shared_messages();
	relayed_lines();
	return check_done("test_util");
}

/* test_opts.c - unit tests of lib_opts: the options a usage line names
 * (SPEC.md's usage lines and the programs' own), and parsing by them. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_params.h"
#include "check.h"

/* The getopt string of a usage line. */
static const char *
letters(const char *usage)
{
	static char buf[128];

	buf[0] = '\0';
	if (opts_letters(usage, buf, sizeof(buf)) != 0)
		return "(too small)";
	return buf;
}

static int seen_c;
static const char *seen_arg;

static int
handle(void *ctx, int c, const char *arg)
{
	(void)ctx;
	seen_c = c;
	seen_arg = arg;
	return 0;
}

/* What f(word) writes on stderr (at most 255 bytes). */
static const char *
said_by(void (*f)(const char *), const char *word)
{
	static char buf[256];
	FILE *t = tmpfile();
	int saved = dup(2);
	size_t n = 0;

	buf[0] = '\0';
	if (t == NULL || saved < 0)
		return "(no tmpfile)";
	fflush(stderr);
	if (dup2(fileno(t), 2) >= 0) {
		f(word);
		fflush(stderr);
		dup2(saved, 2);
		rewind(t);
		n = fread(buf, 1, sizeof(buf) - 1, t);
	}
	buf[n] = '\0';
	close(saved);
	fclose(t);
	return buf;
}

/* opts_parse over a command line given as words. */
static int
parse(const char *usage, int first_operand, struct bench_opts *o, int argc,
      char **argv)
{
	optind = 1;
	seen_c = 0;
	seen_arg = NULL;
	bench_opts_init(o);
	return opts_parse(argc, argv, usage, first_operand, o, handle, NULL);
}

int
main(void)
{
	struct bench_opts o;
	char buf[4];

	/* SPEC.md's lines, and the programs' own. */
	CHECK(strcmp(letters("[-P <parallelism>] [-W <warmup>] [-N <repetitions>] [-t] len [stride...]"),
	             "P:W:N:t") == 0);
	CHECK(strcmp(letters("[-L <line size>] [-M len[K|M]] [-W <warmup>] [-N <repetitions>]"),
	             "L:M:W:N:") == 0);
	CHECK(strcmp(letters("[-c] [-L <line size>] [-M len[K|M]] [-W <warmup>] [-N <repetitions>]"),
	             "cL:M:W:N:") == 0);
	CHECK(strcmp(letters("[-r] [-u <method>] [-P <parallelism>] [-W <warmup>] [-N <repetitions>] usecs"),
	             "ru:P:W:N:") == 0);
	CHECK(strcmp(letters("[-s kbytes] processes [processes ...]"), "s:") == 0);
	CHECK(strcmp(letters("-s [-b <address>] [-p <port>] | [-m <message size>] server | -S server"),
	             "sb:p:m:S") == 0);
	CHECK(strcmp(letters("[-p <tcp|udp>] [-P parallel] [-W <warmup>] [-N <repetitions>] serverhost"),
	             "p:P:W:N:") == 0);
	CHECK(strcmp(letters("[-d] [-e] [-S] serverhost [port] < list"), "deS") == 0);
	CHECK(strcmp(letters("<size> rd|wr|rdwr|cp|fwr|frd|fcp|bzero|bcopy [conflict]"), "") == 0);
	CHECK(strcmp(letters("null|read|write|stat|fstat|open [file]"), "") == 0);
	CHECK(strcmp(letters(""), "") == 0);
	/* A word with a dash inside is no option; a letter named twice
	 * is one option. */
	CHECK(strcmp(letters("[-v <stream version 1|2>] fill-copy [-v <x>]"), "v:") == 0);
	/* Too many for the buffer. */
	CHECK(opts_letters("[-a x] [-b x]", buf, sizeof(buf)) == -1);

	/* Parsing by the line: named options go through, others are a
	 * usage error, -P only where the line names it. */
	{
		char *av[] = { "prog", "-N", "3", "-t", "64", NULL };

		CHECK(parse("[-P <p>] [-W <w>] [-N <n>] [-t] len", 0, &o, 5, av) == 4);
		CHECK(o.repetitions == 3 && seen_c == 't');
	}
	{
		char *av[] = { "prog", "-P", "2", "x", NULL };

		CHECK(parse("[-W <warmup>] [-N <repetitions>]", 0, &o, 4, av) == -2);
		CHECK(o.parallel == 1);
	}
	{
		char *av[] = { "prog", "-m", "1k", "host", NULL };

		CHECK(parse("[-m <message size>] server", 0, &o, 4, av) == 3);
		CHECK(seen_c == 'm' && seen_arg != NULL && strcmp(seen_arg, "1k") == 0);
	}
	{
		/* --help, -h and --version are answered (and opts_parse
		 * exits) before getopt; a value "-h" is a value. */
		char *help[] = { "prog", "-N", "3", "--help", NULL };
		char *ver[] = { "prog", "--version", NULL };
		char *verx[] = { "prog", "--version", "x", NULL };
		char *val[] = { "prog", "-m", "-h", "server", NULL };
		char *after[] = { "prog", "cmd", "-h", NULL };

		CHECK(opts_standard(4, help, "[-N <n>]", NULL, 0) == 1);
		CHECK(opts_standard(2, ver, "[-N <n>]", NULL, 0) == 1);
		CHECK(opts_standard(3, verx, "[-N <n>]", NULL, 0) == -1);
		CHECK(opts_standard(4, val, "[-m <message size>] server", NULL,
		                    0) == 0);
		CHECK(opts_standard(3, after, "cmdline...", NULL, 1) == 0);
	}
	{
		char *av[] = { "prog", "-N", "0", NULL };

		CHECK(parse("[-N <n>]", 0, &o, 3, av) == -1);
	}
	{
		/* An option the line does not name, or a value missing at the
		 * end: -2 (the usage follows), after the line naming it. */
		char *z[] = { "prog", "-N", "2", "-Z", NULL };
		char *longw[] = { "prog", "--bogus", "x", NULL };
		char *m[] = { "prog", "-N", "1", "-m", NULL };
		char *cmd[] = { "prog", "-m", NULL };

		CHECK(parse("[-N <n>]", 0, &o, 4, z) == -2);
		CHECK(parse("[-N <n>] file", 0, &o, 3, longw) == -2);
		CHECK(opts_standard(3, longw, "[-N <n>] file", NULL, 0) == -2);
		CHECK(parse("[-N <n>] [-m <message size>] server", 0, &o, 4,
		            m) == -2);
		CHECK(parse("[-m <size>] cmdline...", 1, &o, 2, cmd) == -2);
		CHECK(strcmp(said_by(opts_unknown, "-Z"),
		             "test_opts: unknown option '-Z'\n") == 0);
		CHECK(strcmp(said_by(opts_unknown, "--color"),
		             "test_opts: unknown option '--color'\n") == 0);
		CHECK(strcmp(said_by(opts_needs_value, "-m"),
		             "test_opts: option '-m' needs a value\n") == 0);
		/* Bytes that are not printable ASCII are shown as \xNN. */
		CHECK(
		    strcmp(said_by(opts_unknown, "--\303\251\n"),
		           "test_opts: unknown option '--\\xc3\\xa9\\x0a'\n") ==
		    0);
	}
	{
		char *av[] = { "prog", "-N", NULL };

		CHECK(parse("[-N <n>]", 0, &o, 2, av) == -2);
	}
	{
		/* first_operand: the command's own options are not ours. */
		char *av[] = { "prog", "-N", "2", "ls", "-l", NULL };

		CHECK(parse("[-N <n>] cmdline...", 1, &o, 5, av) == 3);
		CHECK(o.repetitions == 2);
	}
	{
		/* The records' typed parameters from a parsed command line. */
		char *av[] = { "prog", "-m", "64k", "-p", "8000", "-N", "3",
			       "rd", NULL };
		char out[128];

		params_line(8, av, "[-m <message size>] [-p <port>] "
		            "[-N <repetitions>] rd|wr|cp", 7, out, sizeof(out));
		CHECK(strcmp(out, "message_bytes=64k port=8000 mode=rd") == 0);
		params_line(8, av, "[-m <message size>] [-p <port>] "
		            "[-N <repetitions>] size", 7, out, sizeof(out));
		CHECK(strcmp(out, "message_bytes=64k port=8000") == 0);
		params_line(8, av, "[-m <message size>] [-p <port>] "
		            "[-N <repetitions>] rd|wr", 7, out, 10);
		CHECK(out[0] == '\0'); /* too long: none, not half */
	}
	{
		/* An empty word is no mode: strstr finds "" everywhere, and
		 * the search never moved on (issue 37: 23 programs spun). */
		char *av[] = { "prog", "-N", "1", "", NULL };
		char out[128];

		params_line(4, av, "[-N <repetitions>] null|read|write", 3, out,
		            sizeof(out));
		CHECK(strcmp(out, "") == 0);
	}
	{
		/* Empty or blank values and operands are refused (-1); after
		 * lat_cmd's command, its own words are the command's. */
		char *op[] = { "prog", "-N", "1", "", NULL };
		char *op2[] = { "prog", "1m", " \t", NULL };
		char *val[] = { "prog", "-N", "", "null", NULL };
		char *dash[] = { "prog", "--", "", NULL };
		char *cmd[] = { "prog", "printf", "", NULL };
		char *cmd0[] = { "prog", "-N", "2", "", NULL };
		char *fine[] = { "prog", "-m", "-h", "server", NULL };

		CHECK(opts_standard(4, op, "[-N <n>] null|read", NULL, 0) == -1);
		CHECK(opts_standard(3, op2, "<size> rd|wr", NULL, 0) == -1);
		CHECK(opts_standard(4, val, "[-N <n>] null|read", NULL, 0) == -1);
		CHECK(opts_standard(3, dash, "[-N <n>] file", NULL, 0) == -1);
		CHECK(opts_standard(3, cmd, "[-N <n>] cmdline...", NULL, 1) == 0);
		CHECK(opts_standard(4, cmd0, "[-N <n>] cmdline...", NULL, 1) == -1);
		CHECK(opts_standard(4, fine, "[-m <message size>] server", NULL,
		                    0) == 0);
	}
	return check_done("test_opts");
}

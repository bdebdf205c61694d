/* test_util.c - unit tests of the strict parsers in lib_util, and of
 * the one message that processes reporting as one print. */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
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

/* The lines that what() (run in n processes at once, which share a
 * struct util_said set by hand to *start) writes on stderr, in out (len
 * bytes); their count, or -1. */
static int
said_lines(int n, struct util_said start, void (*what)(void), char *out,
           size_t len)
{
	struct util_said *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
	                            MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	size_t used = 0;
	int fd[2], i, lines = 0;
	ssize_t r;

	if (sh == MAP_FAILED || pipe(fd) != 0)
		return -1;
	atomic_init(&sh->error, atomic_load(&start.error));
	atomic_init(&sh->warning, atomic_load(&start.warning));
	fflush(NULL);
	for (i = 0; i < n; i++)
		if (fork() == 0) {
			close(fd[0]);
			dup2(fd[1], 2);
			util_err_shared(sh);
			what();
			_exit(0);
		}
	close(fd[1]);
	while (used + 1 < len && (r = read(fd[0], out + used, len - 1 - used)) > 0)
		used += (size_t)r;
	out[used] = '\0';
	close(fd[0]);
	while (wait(NULL) > 0)
		;
	munmap(sh, sizeof(*sh));
	for (i = 0; out[i] != '\0'; i++)
		lines += out[i] == '\n';
	return lines;
}

static void
one_error(void)
{
	util_err("fork: refused");
}

static void
warnings(void)
{
	util_err("warning: A");
	util_err("warning: A");
	util_err("warning: B");
	util_err("warning: A");
	util_err("an error");
	util_err("another error");
}

static void
shared_messages(void)
{
	struct util_said zero = { 0, 0u }, claimed = { 1, 0u };
	char out[4096];

	/* eight copies failing alike: one line */
	CHECK(said_lines(8, zero, one_error, out, sizeof(out)) == 1);
	CHECK(strstr(out, "fork: refused\n") != NULL);
	/* a warning again right after itself is left out, another is not;
	 * after one error, no other */
	CHECK(said_lines(1, zero, warnings, out, sizeof(out)) == 4);
	CHECK(strstr(out, "warning: A\n") != NULL &&
	      strstr(out, "warning: B\n") != NULL &&
	      strstr(out, "an error\n") != NULL &&
	      strstr(out, "another error") == NULL);
	/* claimed by one that never wrote it (killed): said all the same */
	CHECK(said_lines(1, claimed, one_error, out, sizeof(out)) == 1);
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
	return check_done("test_util");
}

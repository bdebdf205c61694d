/* test_util.c - unit tests of the strict parsers in lib_util. */
#include <string.h>

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
	return check_done("test_util");
}

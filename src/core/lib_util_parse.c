/*
 * lib_util_parse.c - the strict parsers that every number from the
 * command line or the environment goes through (lib_util.h): decimal
 * counts, fractions and sizes with lmbench's suffixes, each refusing
 * blanks, signs, exponents and trailing characters with a word saying
 * why, and the environment variables read through them.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib_util.h"

/* What is wrong with s, which begins with '-': a negative number, or
 * not a number at all (an option put after the operands: "-N", "--"). */
static const char *
dash_why(const char *s)
{
	return isdigit((unsigned char)s[1]) || s[1] == '.' ? "negative"
	                                                   : "not a number";
}

const char *
util_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (s == NULL || *s == '\0')
		return "empty";
	/* strtoull accepts blanks and a sign: refuse both. */
	if (*s == '-')
		return dash_why(s);
	if (!isdigit((unsigned char)*s))
		return "not a number";
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return "too large";
	if (*end != '\0')
		return "trailing characters";
	if (v < min)
		return "too small";
	if (v > max)
		return "too large";
	*out = v;
	return NULL;
}

int
util_blank(const char *s)
{
	return s[strspn(s, " \t\n\r\v\f")] == '\0';
}

const char *
util_parse_double(const char *s, double *out)
{
	double v;
	char *end;
	const char *p;

	if (s == NULL || *s == '\0')
		return "empty";
	if (*s == '-')
		return dash_why(s);
	/* Digits and at most one dot: no exponents, no hex, no inf/nan. */
	for (p = s; *p; p++)
		if (!isdigit((unsigned char)*p) && *p != '.')
			return "not a number";
	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0')
		return "not a number";
	if (errno == ERANGE || !isfinite(v))
		return "out of range";
	*out = v;
	return NULL;
}

const char *
util_parse_size(const char *s, uint64_t unit, uint64_t *out)
{
	char num[64];
	size_t len;
	double v, mult = (double)unit;
	const char *why;

	if (s == NULL || *s == '\0')
		return "empty";
	if (*s == '-')
		return dash_why(s);
	len = strlen(s);
	if (len >= sizeof(num))
		return "too long";
	memcpy(num, s, len + 1);
	if (!isdigit((unsigned char)num[len - 1])) {
		switch (num[len - 1]) {
		case 'k': mult = 1024.0; break;
		case 'K': mult = 1e3; break;
		case 'm': mult = 1048576.0; break;
		case 'M': mult = 1e6; break;
		case 'g': mult = 1073741824.0; break;
		case 'G': mult = 1e9; break;
		default:
			/* "abc" is not a number; "64x" has a bad suffix. */
			if (len < 2 || strspn(num, "0123456789.") != len - 1)
				return "not a number";
			return "unknown suffix (use k K m M g G)";
		}
		num[len - 1] = '\0';
	}
	why = util_parse_double(num, &v);
	if (why != NULL)
		return why;
	v *= mult;
	if (v >= 18446744073709551615.0)
		return "too large";
	*out = (uint64_t)v;
	return NULL;
}

int
util_size_arg(const char *what, const char *arg, uint64_t lo, uint64_t hi,
              uint64_t *out)
{
	const char *why = util_parse_size(arg, 1, out);

	if (why == NULL && (*out < lo || *out > hi))
		why = "out of range";
	if (why != NULL) {
		util_err("bad %s '%s': %s (%llu to %llu bytes)", what, arg, why,
		         (unsigned long long)lo, (unsigned long long)hi);
		return -1;
	}
	return 0;
}

int
util_env_u64(const char *name, uint64_t min, uint64_t max, uint64_t *out)
{
	const char *s = getenv(name);
	const char *why;

	if (s == NULL || *s == '\0')
		return 0;
	why = util_parse_u64(s, min, max, out);
	if (why != NULL) {
		util_err("bad %s '%s': %s", name, s, why);
		return -1;
	}
	return 1;
}

int
util_env_double(const char *name, double *out)
{
	const char *s = getenv(name);
	const char *why;

	if (s == NULL || *s == '\0')
		return 0;
	why = util_parse_double(s, out);
	if (why != NULL) {
		util_err("bad %s '%s': %s", name, s, why);
		return -1;
	}
	return 1;
}

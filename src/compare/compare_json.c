/*
 * compare_json.c - the JSON syntax for the records of a .json companion,
 * one object a line (compare.h): blanks, strings with their escapes
 * decoded to UTF-8, numbers, and whole values, nested ones checked and
 * dropped.  What a record's members mean to compare is compare_jrec.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

void
jws(struct jparse *j)
{
	while (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')
		j->p++;
}

int
jstring(struct jparse *j)
{
	j->str.n = 0;
	buf_add(&j->str, "", 0);
	for (;;) {
		const char *s = j->p;
		unsigned long c, lo;

		while (*s != '"' && *s != '\\' && *s != '\0' &&
		       (unsigned char)*s >= 0x20)
			s++;
		buf_add(&j->str, j->p, (size_t)(s - j->p));
		j->p = s;
		if (*s == '"') {
			j->p++;
			return 0;
		}
		if (*s != '\\')
			return -1;
		s++;
		switch (*s) {
		case '"': buf_add(&j->str, "\"", 1); break;
		case '\\': buf_add(&j->str, "\\", 1); break;
		case '/': buf_add(&j->str, "/", 1); break;
		case 'b': buf_add(&j->str, "\b", 1); break;
		case 'f': buf_add(&j->str, "\f", 1); break;
		case 'n': buf_add(&j->str, "\n", 1); break;
		case 'r': buf_add(&j->str, "\r", 1); break;
		case 't': buf_add(&j->str, "\t", 1); break;
		case 'u':
			if (hex4(s + 1, &c) < 0)
				return -1;
			s += 4;
			if (c >= 0xd800 && c < 0xdc00 && s[1] == '\\' &&
			    s[2] == 'u' && hex4(s + 3, &lo) == 0 &&
			    lo >= 0xdc00 && lo < 0xe000) {
				c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
				s += 6;
			} else if (c >= 0xd800 && c < 0xe000) {
				c = 0xfffd;
			}
			utf8_put(&j->str, c);
			break;
		default: return -1;
		}
		j->p = s + 1;
	}
}

static int
jnumber(struct jparse *j, double *v)
{
	const char *s = j->p;
	char *end;

	if (*s == '-')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtod(j->p, &end);
	if (end == j->p || errno == ERANGE)
		return -1;
	j->p = end;
	return 0;
}

/* The members of an array after its '[': numbers to nums, strings
 * joined by blanks to strs (each when given). */
static enum jtype
jarray(struct jparse *j, struct vec *nums, struct buf *strs, int *nstrs,
       int depth)
{
	double d = 0;

	jws(j);
	if (*j->p == ']') {
		j->p++;
		return J_ARR;
	}
	for (;;) {
		enum jtype t = jvalue(j, &d, NULL, NULL, NULL, depth + 1);

		if (t == J_NONE)
			return J_NONE;
		if (t == J_NUM && nums != NULL)
			vec_add(nums, d);
		if (t == J_STR && strs != NULL) {
			if ((*nstrs)++ > 0)
				buf_add(strs, " ", 1);
			buf_add(strs, j->str.s, j->str.n);
		}
		jws(j);
		if (*j->p == ']') {
			j->p++;
			return J_ARR;
		}
		if (*j->p != ',')
			return J_NONE;
		j->p++;
	}
}

/* The members of an object after its '{', checked and dropped. */
static enum jtype
jobject(struct jparse *j, int depth)
{
	double d;

	jws(j);
	if (*j->p == '}') {
		j->p++;
		return J_OBJ;
	}
	for (;;) {
		jws(j);
		if (*j->p != '"')
			return J_NONE;
		j->p++;
		if (jstring(j) < 0)
			return J_NONE;
		jws(j);
		if (*j->p != ':')
			return J_NONE;
		j->p++;
		if (jvalue(j, &d, NULL, NULL, NULL, depth + 1) == J_NONE)
			return J_NONE;
		jws(j);
		if (*j->p == '}') {
			j->p++;
			return J_OBJ;
		}
		if (*j->p != ',')
			return J_NONE;
		j->p++;
	}
}

/*
 * Parse one JSON value (the whole syntax, nested values checked and
 * dropped); numbers go to *num, strings to j->str, arrays' members to
 * nums (numbers) or strs (strings) when given.  Returns its type or
 * J_NONE on a syntax error.
 */
enum jtype
jvalue(struct jparse *j, double *num, struct vec *nums, struct buf *strs,
       int *nstrs, int depth)
{
	if (depth > 64)
		return J_NONE;
	jws(j);
	switch (*j->p) {
	case '"':
		j->p++;
		return jstring(j) == 0 ? J_STR : J_NONE;
	case '[':
		j->p++;
		return jarray(j, nums, strs, nstrs, depth);
	case '{':
		j->p++;
		return jobject(j, depth);
	case 'n':
		if (strncmp(j->p, "null", 4) != 0)
			return J_NONE;
		j->p += 4;
		return J_NULL;
	case 't':
	case 'f':
		if (strncmp(j->p, "true", 4) == 0) {
			j->p += 4;
			return J_BOOL;
		}
		if (strncmp(j->p, "false", 5) != 0)
			return J_NONE;
		j->p += 5;
		return J_BOOL;
	default:
		return jnumber(j, num) == 0 ? J_NUM : J_NONE;
	}
}

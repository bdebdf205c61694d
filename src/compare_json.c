/*
 * compare_json.c - a JSON parser for the records of a .json companion, one object a line.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

struct jparse {
	const char *p;
	struct buf str; /* the last string decoded */
};

static void
jws(struct jparse *j)
{
	while (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')
		j->p++;
}

/* A string at j->p (after its quote) into j->str; 0 or -1. */
static int
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

static enum jtype jvalue(struct jparse *j, double *num, struct vec *nums,
                         struct buf *strs, int *nstrs, int depth);

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
static enum jtype
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

void
jrec_free(struct jrec *r)
{
	free(r->program);
	free(r->metric);
	free(r->unit);
	free(r->status);
	free(r->error);
	free(r->placement);
	free(r->args.s);
	free(r->samples.v);
	free(r->mixed.v);
}

/* Where the member name of a record goes: a list of numbers, the
 * joined strings of args, or a string; all NULL if compare ignores it. */
static void
jrec_slot(struct jrec *r, const char *name, struct vec **nums,
          struct buf **strs, char ***str)
{
	static const struct {
		const char *name;
		size_t off;
	} strings[] = {
		{ "program", offsetof(struct jrec, program) },
		{ "metric", offsetof(struct jrec, metric) },
		{ "unit", offsetof(struct jrec, unit) },
		{ "status", offsetof(struct jrec, status) },
		{ "error", offsetof(struct jrec, error) },
		{ "placement", offsetof(struct jrec, placement) },
	};
	size_t i;

	*nums = NULL;
	*strs = NULL;
	*str = NULL;
	if (strcmp(name, "samples") == 0)
		*nums = &r->samples;
	else if (strcmp(name, "mixed") == 0)
		*nums = &r->mixed;
	else if (strcmp(name, "args") == 0)
		*strs = &r->args;
	for (i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
		if (strcmp(name, strings[i].name) == 0)
			*str = (char **)(void *)((char *)r + strings[i].off);
}

/* A number member of a record. */
static void
jrec_number(struct jrec *r, const char *name, double d)
{
	if (strcmp(name, "schema") == 0) {
		r->schema = d;
		r->has_schema = 1;
	} else if (strcmp(name, "value") == 0) {
		r->value = d;
		r->has_value = 1;
	} else if (strcmp(name, "size_bytes") == 0) {
		r->size_bytes = d;
		r->has_size = 1;
	} else if (strcmp(name, "exit") == 0) {
		r->exitcode = d;
		r->has_exit = 1;
	}
}

/* The two arguments that tell sweeps of one name apart: lat_mem_rd -t,
 * bw_mem ... conflict. */
static void
jrec_args(struct jrec *r)
{
	const char *a = r->args.s;

	r->has_t = strcmp(a, "-t") == 0 || strncmp(a, "-t ", 3) == 0 ||
	           strstr(a, " -t ") ||
	           (strlen(a) > 3 && strcmp(a + strlen(a) - 3, " -t") == 0);
	r->has_conflict = strstr(a, "conflict") != NULL;
}

/* Schema 3's placement object after its '{': its "policy" string into
 * r->placement, the other members checked and dropped; 0 or -1. */
static int
jrec_placement(struct jparse *j, struct jrec *r)
{
	struct buf key = { 0 };
	double d;
	int rc = -1;

	jws(j);
	if (*j->p == '}') {
		j->p++;
		return 0;
	}
	for (;;) {
		enum jtype t;

		jws(j);
		if (*j->p != '"')
			break;
		j->p++;
		if (jstring(j) < 0)
			break;
		key.n = 0;
		buf_add(&key, j->str.s, j->str.n);
		jws(j);
		if (*j->p++ != ':')
			break;
		t = jvalue(j, &d, NULL, NULL, NULL, 1);
		if (t == J_NONE)
			break;
		if (t == J_STR && strcmp(key.s, "policy") == 0) {
			free(r->placement);
			r->placement = strdup(j->str.s);
		}
		jws(j);
		if (*j->p == '}') {
			j->p++;
			rc = 0;
			break;
		}
		if (*j->p++ != ',')
			break;
	}
	free(key.s);
	return rc;
}

/* One "name": value member of a record at j->p into r; 0 or -1. */
static int
jrec_member(struct jparse *j, struct jrec *r, struct buf *name)
{
	enum jtype t;
	double d = 0;
	struct vec *nums;
	struct buf *strs;
	char **str;

	jws(j);
	if (*j->p != '"')
		return -1;
	j->p++;
	if (jstring(j) < 0)
		return -1;
	name->n = 0;
	buf_add(name, j->str.s, j->str.n);
	jws(j);
	if (*j->p++ != ':')
		return -1;
	jws(j);
	if (*j->p == '{' && strcmp(name->s, "placement") == 0) {
		j->p++;
		return jrec_placement(j, r);
	}
	jrec_slot(r, name->s, &nums, &strs, &str);
	if (strs != NULL)
		buf_add(strs, "", 0);
	t = jvalue(j, &d, nums, strs, &r->nargs, 0);
	if (t == J_NONE)
		return -1;
	if (strs != NULL)
		jrec_args(r);
	if (t == J_ARR && nums == &r->mixed)
		r->has_mixed = r->mixed.n == 2;
	if (t == J_STR && str != NULL) {
		free(*str);
		*str = strdup(j->str.s);
	}
	if (t == J_NUM)
		jrec_number(r, name->s, d);
	return 0;
}

/* Parse a record line into r; 0, or -1 when it is not one JSON object. */
int
jrec_parse(const char *line, struct jrec *r)
{
	struct jparse j = { line, { 0 } };
	struct buf name = { 0 };
	int rc = -1;

	memset(r, 0, sizeof(*r));
	jws(&j);
	if (*j.p++ != '{')
		goto out;
	jws(&j);
	if (*j.p == '}') {
		j.p++;
		goto end;
	}
	for (;;) {
		if (jrec_member(&j, r, &name) < 0)
			goto out;
		jws(&j);
		if (*j.p == '}') {
			j.p++;
			break;
		}
		if (*j.p++ != ',')
			goto out;
	}
end:
	jws(&j);
	rc = *j.p == '\0' ? 0 : -1;
out:
	free(name.s);
	free(j.str.s);
	return rc;
}

/*
 * compare_jrec.c - one record line of a .json companion into struct jrec
 * (compare.h): the top-level members compare uses (program, metric,
 * unit, value, samples, args ...), schema 3's placement policy, the rest
 * checked and dropped; the syntax is compare_json.c's.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"

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

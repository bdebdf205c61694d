/*
 * compare_metrics.c - the units table and the metric table: every metric of both sides by its key.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

/*
 * Every unit compare knows and every way an original lmbench 3 file
 * gives one, in one table.  BY_NAME rows define the units: their name in
 * JSON records and which way is better (+1 higher, -1 lower, 0 a fact
 * about the machine, shown but never judged).  The other rows say which
 * of them a classic figure has, the first row that matches winning; a
 * unit word is also matched by the units' own names.
 */
static const struct unit_rule units[] = {
	{ BY_NAME, "us", "us", -1, X_AT },
	{ BY_NAME, "ns", "ns", -1, X_AT },
	{ BY_NAME, "ms", "ms", -1, X_AT },
	{ BY_NAME, "MB/s", "MB/s", 1, X_AT },
	{ BY_NAME, "KB/s", "KB/s", 1, X_AT },
	{ BY_NAME, "1/s", "1/s", 1, X_AT },
	{ BY_NAME, "loads", "loads", 1, X_AT },
	{ BY_NAME, "", "", 1, X_AT }, /* a ratio: par_ops */
	{ BY_NAME, "pages", "pages", 0, X_AT },
	{ BY_NAME, "bytes", "bytes", 0, X_AT },
	{ BY_NAME, "MHz", "MHz", 0, X_AT },
	{ BY_NAME, "%", "%", 0, X_AT },   /* a share of the CPU: bw_bonnie */
	{ BY_WORD, "microseconds", "us", 0, X_AT },
	{ BY_WORD, "nanoseconds", "ns", 0, X_AT },
	{ BY_WORD, "milliseconds", "ms", 0, X_AT },
	{ BY_WORD, "MB/sec", "MB/s", 0, X_AT },
	{ BY_WORD, "KB/sec", "KB/s", 0, X_AT },
	{ BY_SECTION, "stride=", "ns", 0, X_MIB },         /* lat_mem_rd: MiB */
	{ BY_SECTION, "size=", "us", 0, X_PROCS },         /* lat_ctx: processes */
	{ BY_SECTION, "mappings", "us", 0, X_MB },         /* lat_mmap */
	{ BY_SECTION, "Seek times", "ms", 0, X_AT },       /* disk */
	{ BY_SECTION, "Zone bandwidth", "MB/s", 0, X_AT }, /* disk */
	{ BY_SECTION, "parallelism", "loads", 0, X_MB },   /* par_mem */
	{ BY_SECTION, "bandwidth", "MB/s", 0, X_MB },
	{ BY_SECTION, "bcopy", "MB/s", 0, X_MB },
	{ BY_SECTION, "bzero", "MB/s", 0, X_MB },
	/* As lmbench names them: reads and writes are rates, the rest
	 * latencies. */
	{ BY_SECTION, "read", "MB/s", 0, X_AT },
	{ BY_SECTION, "write", "MB/s", 0, X_AT },
	{ BY_SECTION, "", "us", 0, X_AT },
	{ BY_LABEL, "parallelism", "", 0, X_AT },          /* par_ops */
	/* The figures of the classic tables compare reads whole. */
	{ BY_LABEL, "File system", "1/s", 0, X_AT },       /* lat_fs */
	{ BY_LABEL, "HTTP transfer", "MB/s", 0, X_AT },    /* lat_http */
};

#define NUNITS (sizeof(units) / sizeof(units[0]))

/* A unit by its JSON name; NULL if unknown. */
const struct unit_rule *
unit_find(const char *name)
{
	size_t i;

	for (i = 0; i < NUNITS && units[i].by == BY_NAME; i++)
		if (strcmp(units[i].match, name) == 0)
			return &units[i];
	return NULL;
}

/*
 * The unit of a classic figure: by its unit word (word non-NULL), else by
 * its section (section 1) or its label matching a row of that kind;
 * NULL if no row says.  *x, when given, gets the row's kind of x.
 */
const struct unit_rule *
unit_classic(const char *word, const char *s, int section, enum xkind *x)
{
	enum unit_by by = word != NULL ? BY_WORD : section ? BY_SECTION : BY_LABEL;
	size_t i;

	if (word != NULL && *word == '\0')
		return NULL;
	for (i = 0; i < NUNITS; i++)
		if (units[i].by == by &&
		    (word != NULL ? strcmp(word, units[i].match) == 0
		                  : strstr(s, units[i].match) != NULL)) {
			if (x != NULL)
				*x = units[i].x;
			return unit_find(units[i].unit);
		}
	return word != NULL ? unit_find(word) : NULL;
}

static uint64_t
hash(const char *s)
{
	return fnv_mix(fnv_add(FNV_BASIS, s));
}

static struct metric *
metric_lookup(struct cmp *cx, const char *key, int create)
{
	size_t i;

	if (cx->table_size == 0 || (create && 10 * (cx->nmetrics + 1) > 7 * cx->table_size)) {
		size_t old = cx->table_size, j;
		struct metric **t = cx->table;

		cx->table_size = old ? 2 * old : 1024;
		cx->table = calloc(cx->table_size, sizeof(struct metric *));
		if (cx->table == NULL) {
			util_err("out of memory");
			exit(2);
		}
		for (j = 0; j < old; j++) {
			if (t[j] == NULL)
				continue;
			i = hash(t[j]->key) & (cx->table_size - 1);
			while (cx->table[i] != NULL)
				i = (i + 1) & (cx->table_size - 1);
			cx->table[i] = t[j];
		}
		free(t);
	}
	i = hash(key) & (cx->table_size - 1);
	while (cx->table[i] != NULL) {
		if (strcmp(cx->table[i]->key, key) == 0)
			return cx->table[i];
		i = (i + 1) & (cx->table_size - 1);
	}
	if (!create)
		return NULL;
	cx->table[i] = xalloc(cx, sizeof(struct metric));
	cx->table[i]->key = xstrdup(cx, key);
	cx->table[i]->order = (int)cx->nmetrics++;
	cx->table[i]->part[0].last_run = cx->table[i]->part[1].last_run = -1;
	if (cx->last != NULL)
		cx->last->next_in_order = cx->table[i];
	else
		cx->first = cx->table[i];
	cx->last = cx->table[i];
	return cx->table[i];
}

/*
 * Add one run's value (and its samples) of a metric.  A metric that
 * comes again in the same run (two copies of a program) becomes
 * "NAME #2", "#3", ...
 */
struct metric *
metric_add(struct cmp *cx, const struct source *src, const char *name, const char *params,
           const char *size, double size_bytes, const char *unit, int better,
           double value, const struct vec *samples)
{
	struct buf key = cx->add_key, nm = cx->add_name;
	struct metric *m;
	struct part *p;
	size_t i;
	int dup = 0;

	if (!isfinite(value) || value <= 0)
		return NULL;
	nm.n = 0;
	buf_str(&nm, name);
	norm_name(nm.s);
	for (;;) {
		key.n = 0;
		buf_str(&key, nm.s);
		if (dup > 0) {
			char n[32];

			snprintf(n, sizeof(n), " #%d", dup + 1);
			buf_str(&key, n);
		}
		buf_add(&key, "\x1f", 1);
		buf_str(&key, params);
		buf_add(&key, "\x1f", 1);
		buf_str(&key, size);
		m = metric_lookup(cx, key.s, 1);
		p = &m->part[src->side];
		if (p->last_run != src->run)
			break;
		/* Seen in this run: the next free number, counted on the
		 * first name so repeats cost no search. */
		if (dup == 0) {
			dup = ++p->dups;
			continue;
		}
		break;
	}
	if (dup == 0)
		p->dups = 0;
	if (m->name == NULL) {
		if (dup > 0) {
			char n[32];

			snprintf(n, sizeof(n), " #%d", dup + 1);
			buf_str(&nm, n);
		}
		m->name = xstrdup(cx, nm.s);
		m->params = xstrdup(cx, params);
		m->size = xstrdup(cx, size);
		m->size_bytes = size_bytes;
		m->unit = xstrdup(cx, unit);
		m->better = better;
	}
	cx->add_key = key;
	cx->add_name = nm;
	p->last_run = src->run;
	cx->nvalues_added++;
	if (p->program == NULL && src->program != NULL) {
		p->program = src->program;
		p->args = src->args;
	}
	vec_add(&p->runs, value);
	if (samples != NULL)
		for (i = 0; i < samples->n; i++)
			if (isfinite(samples->v[i]) && samples->v[i] > 0)
				vec_add(&p->samples, samples->v[i]);
	return m;
}

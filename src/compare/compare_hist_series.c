/*
 * compare_hist_series.c - a history's series: the table of them by host
 * and figure, and each set's runs of a figure as one point of its series
 * (what both a reading and the cache add).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_hist.h"
#include "lib_util.h"

static uint64_t
hash2(const char *a, const char *b)
{
	return fnv_mix(fnv_add(fnv_add(fnv_add(FNV_BASIS, a), "\x1e"), b));
}

static void
table_grow(struct hist *h)
{
	size_t old = h->table_size, j;
	struct hseries **t = h->table;

	h->table_size = old ? 2 * old : 1024;
	h->table = calloc(h->table_size, sizeof(struct hseries *));
	if (h->table == NULL) {
		util_err("out of memory");
		exit(2);
	}
	for (j = 0; j < old; j++)
		if (t[j] != NULL) {
			size_t i = hash2(t[j]->host, t[j]->key) & (h->table_size - 1);

			while (h->table[i] != NULL)
				i = (i + 1) & (h->table_size - 1);
			h->table[i] = t[j];
		}
	free(t);
}

struct hseries *
hist_series(struct hist *h, const char *host, const char *key)
{
	size_t i;
	struct hseries *s;

	if (h->table_size == 0 || 10 * (h->nseries + 1) > 7 * h->table_size)
		table_grow(h);
	i = hash2(host, key) & (h->table_size - 1);
	while ((s = h->table[i]) != NULL) {
		if (strcmp(s->key, key) == 0 && strcmp(s->host, host) == 0)
			return s;
		i = (i + 1) & (h->table_size - 1);
	}
	s = xalloc(&h->store, sizeof(*s));
	memset(s, 0, sizeof(*s));
	s->host = xstrdup(&h->store, host);
	s->key = xstrdup(&h->store, key);
	h->table[i] = s;
	h->nseries++;
	if (h->last != NULL)
		h->last->next_in_order = s;
	else
		h->first = s;
	h->last = s;
	return s;
}

void
hist_point(struct hist *h, size_t set, const char *key, const char *name, const char *params,
           const char *size, double size_bytes, const char *unit, int better, int cross,
           const char *program, const double *runs, size_t nruns)
{
	struct hseries *s;
	struct hpoint *p;
	double sum = 0, ss = 0;
	size_t i;

	if (nruns == 0)
		return;
	s = hist_series(h, h->sets[set].host, key);
	if (s->name == NULL) {
		s->name = xstrdup(&h->store, name);
		s->params = xstrdup(&h->store, params);
		s->size = xstrdup(&h->store, size);
		s->unit = xstrdup(&h->store, unit);
		s->size_bytes = size_bytes;
		s->better = better;
		s->cross = cross;
		s->program = xstrdup(&h->store, program ? program : "");
	} else if (*s->program == '\0' && program != NULL && *program != '\0') {
		s->program = xstrdup(&h->store, program);
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;
		struct hpoint *n = realloc(s->pt, cap * sizeof(*n));

		if (n == NULL) {
			util_err("out of memory");
			exit(2);
		}
		s->pt = n;
		s->cap = cap;
	}
	if (s->nrunv + nruns > s->caprunv) {
		size_t cap = 2 * (s->nrunv + nruns);
		double *n = realloc(s->runv, cap * sizeof(*n));

		if (n == NULL) {
			util_err("out of memory");
			exit(2);
		}
		s->runv = n;
		s->caprunv = cap;
	}
	p = &s->pt[s->n++];
	p->run0 = (uint32_t)s->nrunv;
	for (i = 0; i < nruns; i++)
		sum += s->runv[s->nrunv++] = log(runs[i]);
	p->set = (uint32_t)set;
	p->runs = (uint32_t)nruns;
	p->y = sum / (double)nruns;
	for (i = 0; i < nruns; i++)
		ss += (log(runs[i]) - p->y) * (log(runs[i]) - p->y);
	p->sd = nruns > 1 ? sqrt(ss / (double)(nruns - 1)) : -1;
	h->sets[set].nfigures++;
}

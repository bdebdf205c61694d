/*
 * compare_hist_sets.c - a history's series: reading each set with
 * compare's readers (or from the cache), one point a set in each
 * figure's series, the hosts, the sets' dates and their order.
 */
#define _GNU_SOURCE /* timegm */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare_hist.h"
#include "lib_util.h"

/* ------------------------------------------------------------ reading */

static void
cmp_free(struct cmp *cx)
{
	struct metric *m;

	for (m = cx->first; m != NULL; m = m->next_in_order) {
		free(m->part[BASE].runs.v);
		free(m->part[BASE].samples.v);
	}
	free(cx->add_key.s);
	free(cx->add_name.s);
	free(cx->table);
	arena_free(cx);
}

/* Read one set with compare's readers into cx (side BASE); 0, or -1
 * after saying why. */
static int
read_set(struct cmp *cx, const struct hset *s)
{
	size_t i;
	int json = 1;

	for (i = 0; i < s->nfiles; i++)
		json &= has_companion(s->files[i]);
	for (i = 0; i < s->nfiles; i++) {
		size_t nv;

		if (read_file(cx, BASE, s->files[i], json, &nv) < 0)
			return -1;
	}
	if (cx->first == NULL) {
		util_err("%s: no figure found in it (skipped)", s->spec);
		return -1;
	}
	return 0;
}

/* (the zone is not read: the runs of one history are taken to share one) */
/* The number of the len digits at s into *v; 0, or -1 when not all
 * digits (or none). */
static int
digits(const char *s, size_t len, int *v)
{
	size_t i;

	*v = 0;
	if (len == 0 || len > 4)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return 0;
}

time_t
hist_date(const char *d)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	const char *w[6], *m;
	size_t len[6], n = 0;
	int day, hh, mm, ss, year;
	struct tm tm;

	/* Www Mmm dd HH:MM:SS ZONE YYYY: six words */
	while (d != NULL && *d != '\0' && n < 6) {
		while (*d == ' ')
			d++;
		if (*d == '\0')
			break;
		w[n] = d;
		len[n] = strcspn(d, " ");
		d += len[n++];
	}
	if (d == NULL || n != 6 || *d != '\0' || len[1] != 3 || len[3] != 8 ||
	    (m = strstr(months, (char[4]){ w[1][0], w[1][1], w[1][2], '\0' })) == NULL ||
	    (m - months) % 3 != 0 || digits(w[2], len[2], &day) < 0 || w[3][2] != ':' || w[3][5] != ':' ||
	    digits(w[3], 2, &hh) < 0 || digits(w[3] + 3, 2, &mm) < 0 || digits(w[3] + 6, 2, &ss) < 0 ||
	    digits(w[5], len[5], &year) < 0 || year < 1970 || day < 1 || day > 31 || hh > 23 || mm > 59 || ss > 60)
		return -1;
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = year - 1900;
	tm.tm_mon = (int)((m - months) / 3);
	tm.tm_mday = day;
	tm.tm_hour = hh;
	tm.tm_min = mm;
	tm.tm_sec = ss;
	return timegm(&tm);
}

/* Set i's facts and figures from cx into h. */
static void
take_set(struct hist *h, size_t i, const struct cmp *cx)
{
	struct hset *s = &h->sets[i];
	const struct metric *m;

	s->host = xstrdup(&h->store, cx->sides[BASE].host ? cx->sides[BASE].host : "");
	s->date = cx->sides[BASE].date ? xstrdup(&h->store, cx->sides[BASE].date) : NULL;
	for (m = cx->first; m != NULL; m = m->next_in_order)
		hist_point(h, i, m->key, m->name, m->params, m->size, m->size_bytes, m->unit, m->better,
		           m->cross, m->part[BASE].program, m->part[BASE].runs.v, m->part[BASE].runs.n);
}

int
hist_read(struct hist *h, const struct hopts *o)
{
	size_t i, good = 0;
	const char *nohost = NULL, *host = NULL;

	for (i = 0; i < h->nsets; i++) {
		struct hset *s = &h->sets[i];
		struct cmp cx;

		if (o->cache != NULL && hcache_load(h, i, o->cache) == 1) {
			h->ncached++;
		} else {
			memset(&cx, 0, sizeof(cx));
			cx.records_tail = &cx.records;
			if (read_set(&cx, s) < 0) {
				s->bad = 1;
				h->nbad++;
				cmp_free(&cx);
				continue;
			}
			take_set(h, i, &cx);
			if (o->cache != NULL)
				hcache_store(h, i, o->cache, &cx);
			cmp_free(&cx);
		}
		s->when = hist_date(s->date);
		good++;
		if (*s->host == '\0')
			nohost = s->spec;
		else if (host == NULL)
			host = s->host;
		else if (strcmp(host, s->host) != 0)
			h->nhosts = 2;
	}
	if (good == 0) {
		util_err("no result set could be read");
		return -1;
	}
	if (nohost != NULL && host != NULL) {
		util_err("%s names no host while others name one (%s): give each host's sets apart", nohost, host);
		return -1;
	}
	if (h->nhosts == 0)
		h->nhosts = 1;
	return 0;
}

/* A set's place in the order by time. */
struct when_at {
	time_t when; /* its time, < 0 unknown */
	size_t at;   /* its place as given */
};

/* The order of the sets by time: stable, unknown times last. */
static int
cmp_when(const void *a, const void *b)
{
	const struct when_at *x = a, *y = b;

	if ((x->when < 0) != (y->when < 0))
		return x->when < 0 ? 1 : -1;
	if (x->when != y->when)
		return x->when < y->when ? -1 : 1;
	return (x->at > y->at) - (x->at < y->at);
}

static int
cmp_point(const void *a, const void *b)
{
	const struct hpoint *x = a, *y = b;

	return (x->set > y->set) - (x->set < y->set);
}

void
hist_sort_time(struct hist *h)
{
	struct when_at *ord = malloc((h->nsets + 1) * sizeof(*ord));
	uint32_t *rank = malloc((h->nsets + 1) * sizeof(*rank));
	struct hset *sorted = malloc((h->nsets + 1) * sizeof(*sorted));
	struct hseries *s;
	size_t i;

	if (ord == NULL || rank == NULL || sorted == NULL) {
		util_err("out of memory");
		exit(2);
	}
	for (i = 0; i < h->nsets; i++) {
		ord[i].when = h->sets[i].when;
		ord[i].at = i;
	}
	qsort(ord, h->nsets, sizeof(*ord), cmp_when);
	for (i = 0; i < h->nsets; i++) {
		rank[ord[i].at] = (uint32_t)i;
		sorted[i] = h->sets[ord[i].at];
	}
	memcpy(h->sets, sorted, h->nsets * sizeof(*sorted));
	for (s = h->first; s != NULL; s = s->next_in_order) {
		for (i = 0; i < s->n; i++)
			s->pt[i].set = rank[s->pt[i].set];
		qsort(s->pt, s->n, sizeof(*s->pt), cmp_point);
	}
	free(ord);
	free(rank);
	free(sorted);
}

void
hist_free(struct hist *h)
{
	struct hseries *s;

	for (s = h->first; s != NULL; s = s->next_in_order) {
		free(s->pt);
		free(s->runv);
		free(s->ch);
	}
	free(h->table);
	free(h->sets);
	arena_free(&h->store);
}

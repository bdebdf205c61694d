/*
 * compare_hist_find.c - which sets a history's arguments name: a result
 * file, a directory of them (one set, or each file its own), or a tree
 * whose directories hold them, in version order of their paths.
 */
#define _GNU_SOURCE /* strverscmp: host.2 before host.10 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare_hist.h"
#include "lib_util.h"

/* How deep a tree of sets is walked (links are followed; this bounds
 * a loop of them). */
#define TREE_DEPTH 8

static int
cmp_ver(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

/* A new set of h, its spec and label path; NULL when out of memory. */
static struct hset *
set_new(struct hist *h, const char *path)
{
	struct hset *s;

	if (h->nsets == h->capsets) {
		size_t cap = h->capsets ? 2 * h->capsets : 64;
		struct hset *n = realloc(h->sets, cap * sizeof(*n));

		if (n == NULL)
			return NULL;
		h->sets = n;
		h->capsets = cap;
	}
	s = &h->sets[h->nsets++];
	memset(s, 0, sizeof(*s));
	s->spec = xstrdup(&h->store, path);
	s->label = s->spec;
	s->host = "";
	s->when = -1;
	return s;
}

static void
set_file(struct hist *h, struct hset *s, const char *file)
{
	char **f = xalloc(&h->store, (s->nfiles + 1) * sizeof(*f));

	if (s->nfiles)
		memcpy(f, s->files, s->nfiles * sizeof(*f));
	f[s->nfiles++] = xstrdup(&h->store, file);
	s->files = f;
}

/* The entries of dir (no dot files), sorted as versions, into *names;
 * how many, or -1 after saying why it cannot be read. */
static long
dir_list(const char *dir, char ***names)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, cap = 0;

	*names = NULL;
	if (d == NULL) {
		util_syserr("cannot read the directory %s", dir);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		struct buf p = { 0 };

		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			char **m = realloc(*names, (cap = cap ? 2 * cap : 32) * sizeof(*m));

			if (m == NULL)
				break;
			*names = m;
		}
		buf_str(&p, dir);
		buf_str(&p, "/");
		buf_str(&p, e->d_name);
		(*names)[n++] = p.s;
	}
	closedir(d);
	if (n > 1)
		qsort(*names, n, sizeof(**names), cmp_ver);
	return (long)n;
}

static void
names_free(char **names, long n)
{
	long i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int
skipped_name(const char *path)
{
	size_t len = strlen(path);

	return (len > 5 && strcmp(path + len - 5, ".json") == 0) ||
	       (len > 5 && strcmp(path + len - 5, ".INFO") == 0);
}

/* The sets of the directory dir: its result files as one set (or each
 * its own), else the sets of the directories below.  How many found. */
static size_t
walk(struct hist *h, const char *dir, int each_file, int depth)
{
	char **names;
	long n = dir_list(dir, &names), i;
	size_t found = 0;
	struct hset *one = NULL;
	struct stat st;

	for (i = 0; i < n; i++) {
		if (skipped_name(names[i]) || !is_result_file(names[i]))
			continue;
		if (each_file || one == NULL)
			one = set_new(h, each_file ? names[i] : dir);
		if (one == NULL)
			break;
		set_file(h, one, names[i]);
		found++;
	}
	if (found == 0 && depth < TREE_DEPTH)
		for (i = 0; i < n; i++)
			if (stat(names[i], &st) == 0 && S_ISDIR(st.st_mode))
				found += walk(h, names[i], each_file, depth + 1);
	names_free(names, n);
	return found;
}

int
hist_find(struct hist *h, const char *spec, int each_file)
{
	struct stat st;
	struct hset *s;

	if (stat(spec, &st) < 0) {
		util_syserr("cannot read %s (skipped)", spec);
		h->nbad++;
		return 0;
	}
	if (S_ISDIR(st.st_mode)) {
		if (walk(h, spec, each_file, 0) == 0) {
			util_err("no result file in the directory %s (nor below it)", spec);
			h->nbad++;
		}
		return 0;
	}
	s = set_new(h, spec);
	if (s == NULL) {
		util_err("out of memory");
		return -1;
	}
	set_file(h, s, spec);
	return 0;
}

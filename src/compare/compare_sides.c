/*
 * compare_sides.c - the two sides: which files a side names (a file, a comma list, a directory, the top of a RESULTS_DIR) and reading them all.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare.h"
#include "lib_util.h"

int
is_result_file(const char *path)
{
	char head[16];
	FILE *f;
	size_t n;
	struct stat st;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	n = fread(head, 1, 10, f);
	fclose(f);
	return n == 10 && memcmp(head, "[lmbench3.", 10) == 0;
}

static void
side_add_file(struct cmp *cx, struct side *s, const char *path, size_t *cap)
{
	if (s->nfiles == *cap) {
		const char **f;

		*cap = *cap ? 2 * *cap : 8;
		f = xalloc(cx, *cap * sizeof(*f));
		if (s->nfiles)
			memcpy(f, s->files, s->nfiles * sizeof(*f));
		s->files = f;
	}
	s->files[s->nfiles++] = xstrdup(cx, path);
}

/* The last `parts` components of a path (trailing slashes dropped). */
static const char *
base_name(struct cmp *cx, const char *path, int parts)
{
	char *s = xstrdup(cx, path), *p;

	while (strlen(s) > 1 && s[strlen(s) - 1] == '/')
		s[strlen(s) - 1] = '\0';
	for (p = s + strlen(s); p > s; p--)
		if (p[-1] == '/' && --parts == 0)
			return p;
	return s;
}

/*
 * Add the result files of the directory dir to s (s NULL: only count
 * them); how many, or -1 after saying why it cannot be read.
 */
static int
dir_scan(struct cmp *cx, struct side *s, const char *dir, size_t *cap)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (d == NULL) {
		util_syserr("cannot read the directory %s", dir);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		struct buf p = { 0 };
		size_t len = strlen(e->d_name);

		if (e->d_name[0] == '.' ||
		    (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0) ||
		    (len > 5 && strcmp(e->d_name + len - 5, ".INFO") == 0))
			continue;
		buf_str(&p, dir);
		buf_str(&p, "/");
		buf_str(&p, e->d_name);
		if (is_result_file(p.s)) {
			n++;
			if (s != NULL && cap != NULL)
				side_add_file(cx, s, p.s, cap);
		}
		free(p.s);
	}
	closedir(d);
	return n;
}

/*
 * The directories below dir that hold result files (RESULTS_DIR's
 * results/<os>), sorted, into *subs; how many.
 */
static size_t
dir_subs(struct cmp *cx, const char *dir, const char ***subs)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0, cap = 0;

	*subs = NULL;
	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		struct buf p = { 0 };
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		buf_str(&p, dir);
		buf_str(&p, "/");
		buf_str(&p, e->d_name);
		if (stat(p.s, &st) == 0 && S_ISDIR(st.st_mode) &&
		    dir_scan(cx, NULL, p.s, NULL) > 0) {
			if (n == cap) {
				const char **l = xalloc(cx, (cap = cap ? 2 * cap : 8) * sizeof(*l));

				if (n)
					memcpy(l, *subs, n * sizeof(*l));
				*subs = l;
			}
			(*subs)[n++] = xstrdup(cx, p.s);
		}
		free(p.s);
	}
	closedir(d);
	if (n > 1)
		qsort(*subs, n, sizeof(**subs), cmp_str);
	return n;
}

/*
 * A directory side: its result files; where it has none, those of the
 * one directory below it that has some (the top of a RESULTS_DIR,
 * results/<os>/<host>.<n>).  0, or -1 after one line saying what to pass.
 */
static int
side_dir(struct cmp *cx, struct side *s, const char *spec)
{
	const char *dir = spec, **subs;
	size_t cap = 0, nsubs;
	int n = dir_scan(cx, s, spec, &cap);

	if (n < 0)
		return -1;
	if (n == 0) {
		nsubs = dir_subs(cx, spec, &subs);
		if (nsubs == 0) {
			util_err("no result file in the directory %s (nor in a directory below it)", spec);
			return -1;
		}
		if (nsubs > 1) {
			util_err("no result file in the directory %s, but in %zu directories below it: name one (%s, %s%s)",
			         spec, nsubs, subs[0], subs[1], nsubs > 2 ? ", ..." : "");
			return -1;
		}
		dir = subs[0];
		if (dir_scan(cx, s, dir, &cap) < 0)
			return -1;
	}
	qsort(s->files, s->nfiles, sizeof(*s->files), cmp_str);
	/* results/<os>: the directory above names the runs. */
	s->label = base_name(cx, dir, 2);
	return 0;
}

/* The files a side names: a directory's result files, a comma list, or
 * one file.  0, or -1 after saying why. */
int
side_files(struct cmp *cx, struct side *s, const char *spec)
{
	struct stat st;
	size_t cap = 0;

	s->spec = spec;
	if (stat(spec, &st) == 0 && S_ISDIR(st.st_mode))
		return side_dir(cx, s, spec);
	if (stat(spec, &st) == 0 || strchr(spec, ',') == NULL) {
		side_add_file(cx, s, spec, &cap);
	} else {
		char *copy = xstrdup(cx, spec), *p, *save = NULL;

		for (p = strtok_r(copy, ",", &save); p != NULL;
		     p = strtok_r(NULL, ",", &save))
			side_add_file(cx, s, p, &cap);
	}
	if (s->nfiles == 0) {
		util_err("no result file in '%s'", spec);
		return -1;
	}
	s->label = base_name(cx, s->files[0], 1);
	if (s->nfiles > 1) {
		char *l = xalloc(cx, strlen(s->label) + 32);

		sprintf(l, "%s+%zu", s->label, s->nfiles - 1);
		s->label = l;
	}
	return 0;
}

int
has_companion(const char *file)
{
	struct buf p = { 0 };
	struct stat st;
	int ok;

	buf_str(&p, file);
	buf_str(&p, ".json");
	ok = stat(p.s, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
	free(p.s);
	return ok;
}

int
read_file(struct cmp *cx, int side, const char *file, int json, size_t *nvalues)
{
	struct header h;
	char *placement = NULL;
	size_t nv = 0;

	memset(&h, 0, sizeof(h));
	if (read_text(cx, side, file, !json, &h, &nv) < 0) {
		header_merge(cx, &cx->sides[side], &h, NULL);
		return -1;
	}
	if (json) {
		struct buf p = { 0 };
		int rc;

		buf_str(&p, file);
		buf_str(&p, ".json");
		rc = read_json(cx, side, p.s, file, &placement, &nv);
		free(p.s);
		if (rc < 0) {
			header_merge(cx, &cx->sides[side], &h, NULL);
			free(placement);
			return -1;
		}
	}
	header_merge(cx, &cx->sides[side], &h, placement);
	free(placement);
	*nvalues = nv;
	return 0;
}

/* Read both sides; 0, or -1 after one line saying why. */
int
read_sides(struct cmp *cx, int *json_mode)
{
	size_t i;
	int s, json = 1;

	for (s = 0; s < 2; s++)
		for (i = 0; i < cx->sides[s].nfiles; i++)
			json &= has_companion(cx->sides[s].files[i]);
	*json_mode = json;
	for (s = 0; s < 2; s++)
		for (i = 0; i < cx->sides[s].nfiles; i++) {
			const char *file = cx->sides[s].files[i];
			size_t nv = 0, recs = cx->sides[s].nrecords[0] + cx->sides[s].nrecords[1];

			if (read_file(cx, s, file, json, &nv) < 0)
				return -1;
			if (nv == 0 && cx->sides[s].nrecords[0] + cx->sides[s].nrecords[1] == recs) {
				util_err("%s: no metric found in it (not a result file?)", file);
				return -1;
			}
		}
	return 0;
}

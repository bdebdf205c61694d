/*
 * compare_hist_cache.c - the history's cache: one file a set, holding
 * what reading its result files gave (host, date, each figure's run
 * values), valid while every file of the set has the size, change time
 * and inode it had.  The result files stay the source of truth: a cache
 * file that is stale, truncated or not ours is ignored and written anew,
 * and removing the directory loses nothing.
 *
 * A line: a tag, then fields separated by tabs, with backslash, tab, CR
 * and LF in a field written \\ \t \r \n:
 *   lmbench-ng history cache 1
 *   S spec
 *   F path size mtime ino json-size json-mtime   (json -1 -1: none)
 *   H host date                                   (date "" unknown)
 *   M key unit size-bytes better cross program n value...
 *   E count-of-M-lines
 */
#define _GNU_SOURCE /* realpath, getdelim: the set's one name */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compare_hist.h"
#include "lib_util.h"

#define MAGIC "lmbench-ng history cache 1"
#define MAX_FIELDS 4096

int
hcache_path(const char *dir, const struct hset *s, char *out, size_t len)
{
	char real[PATH_MAX];
	const char *p = realpath(s->spec, real) != NULL ? real : s->spec;
	uint64_t x = fnv_add(fnv_add(FNV_BASIS, p), s->nfiles == 1 ? "1" : "n");
	int n;

	n = snprintf(out, len, "%s/%016llx.hc", dir, (unsigned long long)x);
	return n > 0 && (size_t)n < len ? 0 : -1;
}

static void
put_field(struct buf *b, const char *s)
{
	buf_add(b, "\t", 1);
	for (; *s; s++)
		switch (*s) {
		case '\\': buf_add(b, "\\\\", 2); break;
		case '\t': buf_add(b, "\\t", 2); break;
		case '\n': buf_add(b, "\\n", 2); break;
		case '\r': buf_add(b, "\\r", 2); break;
		default: buf_add(b, s, 1);
		}
}

/* A number in 17 significant digits: it reads back as the same double. */
static void
put_num(struct buf *b, double v)
{
	char n[40];

	snprintf(n, sizeof(n), "%.17g", v);
	put_field(b, n);
}

/* The F line of one file as it is now, into b; -1 when it cannot be
 * looked at. */
static int
file_line(struct buf *b, const char *file)
{
	struct stat st, js;
	struct buf j = { 0 };
	char n[200];
	int has;

	if (stat(file, &st) < 0)
		return -1;
	buf_str(&j, file);
	buf_str(&j, ".json");
	has = stat(j.s, &js) == 0;
	free(j.s);
	buf_str(b, "F");
	put_field(b, file);
	snprintf(n, sizeof(n), "\t%lld\t%lld.%09ld\t%llu\t%lld\t%lld.%09ld\n", (long long)st.st_size,
	         (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec, (unsigned long long)st.st_ino,
	         has ? (long long)js.st_size : -1LL, has ? (long long)js.st_mtim.tv_sec : -1LL,
	         has ? js.st_mtim.tv_nsec : 0L);
	buf_str(b, n);
	return 0;
}

/* The lines a set's cache file begins with, from its files as they are
 * now; -1 when one cannot be looked at. */
static int
head_lines(struct buf *b, const struct hset *s)
{
	size_t i;

	buf_str(b, MAGIC "\nS");
	put_field(b, s->spec);
	buf_str(b, "\n");
	for (i = 0; i < s->nfiles; i++)
		if (file_line(b, s->files[i]) < 0)
			return -1;
	return 0;
}

void
hcache_store(const struct hist *h, size_t set, const char *dir, const struct cmp *cx)
{
	const struct hset *s = &h->sets[set];
	const struct metric *m;
	struct buf b = { 0 };
	char path[PATH_MAX], tmp[PATH_MAX + 16];
	size_t count = 0, i;
	int fd;

	if (hcache_path(dir, s, path, sizeof(path)) < 0 || head_lines(&b, s) < 0)
		goto out;
	buf_str(&b, "H");
	put_field(&b, s->host);
	put_field(&b, s->date ? s->date : "");
	buf_str(&b, "\n");
	for (m = cx->first; m != NULL; m = m->next_in_order) {
		if (m->part[BASE].runs.n == 0)
			continue;
		buf_str(&b, "M");
		put_field(&b, m->key);
		put_field(&b, m->unit);
		put_num(&b, m->size_bytes);
		put_num(&b, m->better);
		put_num(&b, m->cross);
		put_field(&b, m->part[BASE].program ? m->part[BASE].program : "");
		put_num(&b, (double)m->part[BASE].runs.n);
		for (i = 0; i < m->part[BASE].runs.n; i++)
			put_num(&b, m->part[BASE].runs.v[i]);
		buf_str(&b, "\n");
		count++;
	}
	snprintf(tmp, sizeof(tmp), "E\t%zu\n", count);
	buf_str(&b, tmp);
	if (mkdir(dir, 0700) < 0 && errno != EEXIST)
		goto out;
	snprintf(tmp, sizeof(tmp), "%s/.new.XXXXXX", dir);
	fd = mkstemp(tmp);
	if (fd < 0)
		goto out;
	if (util_writen(fd, b.s, b.n) != (ssize_t)b.n || close(fd) < 0 || rename(tmp, path) < 0)
		unlink(tmp);
out:
	free(b.s);
}

/* Split what follows a line's tag (each field after a tab) into
 * unescaped fields, in place; how many, or -1 on a bad escape or more
 * than max. */
static int
fields(char *s, char **f, int max)
{
	int n = 0;
	char *r = s, *w, c = *s;

	while (c == '\t') {
		if (n == max)
			return -1;
		f[n++] = w = ++r;
		while (*r != '\0' && *r != '\t') {
			if (*r != '\\') {
				*w++ = *r++;
				continue;
			}
			switch (*++r) {
			case 't': *w++ = '\t'; break;
			case 'n': *w++ = '\n'; break;
			case 'r': *w++ = '\r'; break;
			case '\\': *w++ = '\\'; break;
			default: return -1;
			}
			r++;
		}
		/* The terminator may land on the tab: c keeps what was there. */
		c = *r;
		*w = '\0';
	}
	return c == '\0' ? n : -1;
}

/* The key's three parts (name, params, size), split at its separators. */
static int
key_parts(const char *key, char **name, char **params, char **size)
{
	const char *a = strchr(key, '\x1f'), *b = a ? strchr(a + 1, '\x1f') : NULL;

	if (b == NULL)
		return -1;
	*name = strndup(key, (size_t)(a - key));
	*params = strndup(a + 1, (size_t)(b - a - 1));
	*size = strdup(b + 1);
	return *name && *params && *size ? 0 : -1;
}

/* One M line's figure into h (the checks passed); -1 when malformed. */
static int
m_line(struct hist *h, size_t set, char **f, int nf, int add)
{
	double sb, better, cross, n, v[MAX_FIELDS];
	char *name = NULL, *params = NULL, *size = NULL;
	int i, rc = -1;

	if (nf < 8 || !is_number(f[2], &sb) || !is_number(f[3], &better) || !is_number(f[4], &cross) ||
	    !is_number(f[6], &n) || n < 1 || n != (double)(nf - 7) ||
	    (better != -1 && better != 0 && better != 1) || (cross != 0 && cross != 1))
		return -1;
	for (i = 7; i < nf; i++)
		if (!is_number(f[i], &v[i - 7]) || !(v[i - 7] > 0))
			return -1;
	if (key_parts(f[0], &name, &params, &size) == 0) {
		if (add)
			hist_point(h, set, f[0], name, params, size, sb, f[1], (int)better, (int)cross, f[5],
			           v, (size_t)n);
		rc = 0;
	}
	free(name);
	free(params);
	free(size);
	return rc;
}

/* Check the cache file's text (add 0) or take its figures (add 1); 0 when
 * it is whole and current. */
static int
walk_text(struct hist *h, size_t set, char *text, const char *head, int add)
{
	size_t hl = strlen(head), count = 0;
	char *line, *save = NULL, *f[MAX_FIELDS + 8];
	int host = 0;

	if (strncmp(text, head, hl) != 0)
		return -1;
	for (line = strtok_r(text + hl, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		int nf = fields(line + 1, f, MAX_FIELDS + 8);

		if (nf < 0)
			return -1;
		if (line[0] == 'H' && nf == 2 && !host) {
			host = 1;
			if (add) {
				struct hset *s = &h->sets[set];

				s->host = xstrdup(&h->store, f[0]);
				s->date = *f[1] ? xstrdup(&h->store, f[1]) : NULL;
			}
		} else if (line[0] == 'M' && host) {
			if (m_line(h, set, f, nf, add) < 0)
				return -1;
			count++;
		} else if (line[0] == 'E' && nf == 1) {
			char c[32];

			snprintf(c, sizeof(c), "%zu", count);
			return strcmp(c, f[0]) == 0 && strtok_r(NULL, "\n", &save) == NULL ? 0 : -1;
		} else {
			return -1;
		}
	}
	return -1;
}

int
hcache_load(struct hist *h, size_t set, const char *dir)
{
	char path[PATH_MAX];
	struct buf head = { 0 };
	char *text = NULL;
	size_t len = 0;
	int rc = 0;
	FILE *f;

	if (hcache_path(dir, &h->sets[set], path, sizeof(path)) < 0 || head_lines(&head, &h->sets[set]) < 0)
		goto out;
	f = fopen(path, "r");
	if (f == NULL)
		goto out;
	if (getdelim(&text, &len, '\0', f) < 0 || ferror(f)) {
		fclose(f);
		goto out;
	}
	fclose(f);
	rc = hcache_take(h, set, text, head.s);
out:
	free(head.s);
	free(text);
	return rc;
}

int
hcache_take(struct hist *h, size_t set, char *text, const char *head)
{
	char *copy = strdup(text);
	int rc = 0;

	/* Whole and current first; only then are its figures taken. */
	if (copy != NULL && walk_text(h, set, copy, head, 0) == 0 && walk_text(h, set, text, head, 1) == 0)
		rc = 1;
	free(copy);
	return rc;
}

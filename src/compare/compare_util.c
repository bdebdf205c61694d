/*
 * compare_util.c - memory and text: the arena, growing arrays and strings, and the small parsers of result lines.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

/* Strings and metrics live in an arena freed at exit. */
struct block {
	struct block *next;
	size_t used, size;
	char data[];
};

void *
xalloc(struct cmp *cx, size_t n)
{
	struct block *b = cx->arena;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (b == NULL || b->size - b->used < n) {
		size_t size = n > 65536 ? n : 65536;

		b = malloc(sizeof(*b) + size);
		if (b == NULL) {
			util_err("out of memory");
			exit(2);
		}
		b->next = cx->arena;
		b->used = 0;
		b->size = size;
		cx->arena = b;
	}
	p = b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

char *
xstrdup(struct cmp *cx, const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xalloc(cx, n), s, n);
}

void
arena_free(struct cmp *cx)
{
	while (cx->arena != NULL) {
		struct block *b = cx->arena;

		cx->arena = b->next;
		free(b);
	}
}

void
vec_add(struct vec *a, double x)
{
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 16;
		double *v = realloc(a->v, cap * sizeof(*v));

		if (v == NULL) {
			util_err("out of memory");
			exit(2);
		}
		a->v = v;
		a->cap = cap;
	}
	a->v[a->n++] = x;
}

void
buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		char *p;

		while (cap < b->n + n + 1)
			cap *= 2;
		p = realloc(b->s, cap);
		if (p == NULL) {
			util_err("out of memory");
			exit(2);
		}
		b->s = p;
		b->cap = cap;
	}
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

void
buf_str(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

int
is_number(const char *s, double *v)
{
	char *end;

	if (*s == '\0' || strchr("+-.0123456789", *s) == NULL)
		return 0;
	errno = 0;
	*v = strtod(s, &end);
	return end != s && *end == '\0' && errno == 0 && isfinite(*v);
}

char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* Split s at blanks into at most max words; returns the count. */
int
split(char *s, char **w, int max)
{
	int n = 0;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\0' || n == max)
			return n;
		w[n++] = s;
		while (*s != '\0' && *s != ' ' && *s != '\t')
			s++;
		if (*s != '\0')
			*s++ = '\0';
	}
}

/* The size of a JSON record as shown: 8m, 64k, 512 (bytes). */
void
size_text(char *out, size_t len, double b)
{
	const char *suf = "kmg";
	double u = 1024;
	int i = -1;

	while (i < 2 && b >= u && fmod(b, u) == 0) {
		i++;
		if (i < 2 && b >= u * 1024 && fmod(b, u * 1024) == 0)
			u *= 1024;
		else
			break;
	}
	if (i < 0)
		snprintf(out, len, "%.0f", b);
	else
		snprintf(out, len, "%.0f%c", b / u, suf[i]);
}

int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The runner's private directories (mktemp: lmbench-ng-fs.PID.RANDOM,
 * lmbench-ng-run.RANDOM) lose their unique part, up to the next '/'. */
static void
norm_dir(char *s, const char *prefix)
{
	size_t n = strlen(prefix);
	char *p = s;

	while ((p = strstr(p, prefix)) != NULL) {
		char *q = p + n;

		while (*q != '\0' && *q != '/' && *q != ' ' && *q != ':')
			q++;
		memmove(p + n - 1, q, strlen(q) + 1);
		p += n - 1;
	}
}

/* The temporary file the suite uses is named by the runner's pid:
 * XXX.<digits> becomes XXX, so runs compare; so do the runner's
 * private directories. */
void
norm_name(char *s)
{
	char *p = s;

	norm_dir(s, "lmbench-ng-fs.");
	norm_dir(s, "lmbench-ng-run.");
	while ((p = strstr(p, "XXX.")) != NULL) {
		char *q = p + 4;

		while (*q >= '0' && *q <= '9')
			q++;
		if (q > p + 4)
			memmove(p + 3, q, strlen(q) + 1);
		p += 3;
	}
}

/* The code point c in UTF-8 onto b. */
void
utf8_put(struct buf *b, unsigned long c)
{
	char o[4];
	size_t n;

	if (c < 0x80) {
		o[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		o[0] = (char)(0xc0 | (c >> 6));
		o[1] = (char)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		o[0] = (char)(0xe0 | (c >> 12));
		o[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		o[2] = (char)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		o[0] = (char)(0xf0 | (c >> 18));
		o[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		o[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		o[3] = (char)(0x80 | (c & 0x3f));
		n = 4;
	}
	buf_add(b, o, n);
}

/* Four hex digits at p into *c; 0, or -1 if they are not. */
int
hex4(const char *p, unsigned long *c)
{
	int i;

	*c = 0;
	for (i = 0; i < 4; i++) {
		int d = (unsigned char)p[i];

		if (d >= '0' && d <= '9')
			d -= '0';
		else if (d >= 'a' && d <= 'f')
			d -= 'a' - 10;
		else if (d >= 'A' && d <= 'F')
			d -= 'A' - 10;
		else
			return -1;
		*c = *c * 16 + (unsigned long)d;
	}
	return 0;
}

int
read_rules(struct opts *o, const char *file)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0;
	long n = 0;
	int rc = 0;

	if (f == NULL) {
		util_syserr("cannot read the thresholds file %s", file);
		return -1;
	}
	while (rc == 0 && getline(&line, &cap, f) > 0) {
		char *w[3], *hash_at = strchr(line, '#');
		double lim;
		struct rule *r;

		n++;
		if (hash_at != NULL)
			*hash_at = '\0';
		if (split(line, w, 3) < 2)
			continue;
		w[1][strcspn(w[1], "\r\n")] = '\0';
		if (util_parse_double(w[1], &lim) != NULL) {
			util_err("%s: line %ld: bad threshold '%s': a number of percent expected", file, n, w[1]);
			rc = -1;
			break;
		}
		r = realloc(o->rules, (o->nrules + 1) * sizeof(*r));
		if (r == NULL) {
			rc = -1;
			break;
		}
		o->rules = r;
		if (regcomp(&r[o->nrules].re, w[0], REG_EXTENDED | REG_NOSUB) != 0) {
			util_err("%s: line %ld: bad regular expression '%s'", file, n, w[0]);
			rc = -1;
			break;
		}
		r[o->nrules++].limit = lim;
	}
	free(line);
	fclose(f);
	return rc;
}

const char *
opt_value(int argc, char **argv, int *i, const char *name, int *missing)
{
	size_t n = strlen(name);
	const char *a = argv[*i];

	if (a == NULL || strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

uint64_t
fnv_add(uint64_t h, const char *s)
{
	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

uint64_t
fnv_mix(uint64_t h)
{
	/* FNV's low bits are weak and tables are indexed by them: mix. */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	return h ^ (h >> 33);
}

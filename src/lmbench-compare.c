/*
 * lmbench-compare - compare two sets of lmbench results metric by metric
 * and say what got worse, for people and for CI pipelines.
 *
 * Usage: lmbench-compare [options] BASE NEW (scripts/compare runs it; the
 * manual is doc/compare.1).  BASE and NEW are each a result file, a
 * directory of them or a comma-separated list.  Our result files carry a
 * .json companion with every sample: when every file on both sides has
 * one, metrics and samples come from there; otherwise (an original
 * lmbench 3 file on either side) from the classic lines, one value a run.
 *
 * Statistics come from lib_stats: per side the median of the runs'
 * values, the 95 % interval of the median from order statistics (none
 * below 6 samples), and a two-sided Mann-Whitney U test between the
 * sides' samples (exact for small untied sets).  The change column is
 * signed one way everywhere, the geometric mean included: + = better.
 *
 * Exit: 0; 1 when the gate (--fail-on-regression) fails; 2 for a usage
 * error or unusable input, after one line on stderr.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib_stats.h"
#include "lib_util.h"

#define USAGE                                                                 \
	"[--threshold PCT] [--thresholds FILE] [--alpha A] "                  \
	"[--fail-on-regression] [--allow-missing] [--strict] "                \
	"[--format text|json|csv|markdown|github|junit] BASE NEW"

enum { BASE, NEW };
static const char *const side_name[] = { "base", "new" };

enum format { F_TEXT, F_JSON, F_CSV, F_MARKDOWN, F_GITHUB, F_JUNIT };
static const char *const format_names[] = { "text",     "json",   "csv",
	                                    "markdown", "github", "junit" };

/*
 * The cross-CPU figures: records whose placement's policy is CROSS (the
 * runner measures the two-party programs once more that way) are rows of
 * their own, their name ending in CROSS_TAG, compared only with the other
 * side's cross-CPU figure.
 */
#define CROSS_POLICY "CROSS"
#define CROSS_TAG " [CROSS]"

/* ------------------------------------------------------------ units */

/* How the first number of a classic section's "x y" pair is shown. */
enum xkind { X_MB, X_MIB, X_PROCS, X_AT };

/* What a row of the units table matches. */
enum unit_by {
	BY_NAME,    /* a unit by its JSON name: its definition */
	BY_WORD,    /* the unit word ending a classic "Label: value unit" */
	BY_SECTION, /* a substring of a classic section's "title/marker" */
	BY_LABEL,   /* a substring of a classic label with no unit word */
};

/*
 * Every unit compare knows and every way an original lmbench 3 file
 * gives one, in one table.  BY_NAME rows define the units: their name in
 * JSON records and which way is better (+1 higher, -1 lower, 0 a fact
 * about the machine, shown but never judged).  The other rows say which
 * of them a classic figure has, the first row that matches winning; a
 * unit word is also matched by the units' own names.
 */
static const struct unit_rule {
	enum unit_by by;
	const char *match;
	const char *unit; /* the JSON name of the unit */
	int better;       /* BY_NAME rows: +1, -1, or 0 */
	enum xkind x;     /* BY_SECTION rows: how a pair's x is shown */
} units[] = {
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
static const struct unit_rule *
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
static const struct unit_rule *
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

/* ------------------------------------------------------------ memory */

/* Strings and metrics live in an arena freed at exit. */
struct block {
	struct block *next;
	size_t used, size;
	char data[];
};
static struct block *arena;

static void *
xalloc(size_t n)
{
	struct block *b = arena;
	void *p;

	n = (n + 15) & ~(size_t)15;
	if (b == NULL || b->size - b->used < n) {
		size_t size = n > 65536 ? n : 65536;

		b = malloc(sizeof(*b) + size);
		if (b == NULL) {
			util_err("out of memory");
			exit(2);
		}
		b->next = arena;
		b->used = 0;
		b->size = size;
		arena = b;
	}
	p = b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

static char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xalloc(n), s, n);
}

static void
arena_free(void)
{
	while (arena != NULL) {
		struct block *b = arena;

		arena = b->next;
		free(b);
	}
}

/* A growing array of doubles (malloc'd; freed with its metric). */
struct vec {
	double *v;
	size_t n, cap;
};

static void
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

/* A growing string in the arena-free heap (one line's worth of work). */
struct buf {
	char *s;
	size_t n, cap;
};

static void
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

static void
buf_str(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

/* ------------------------------------------------------------ metrics */

/* What one side holds of a metric. */
struct part {
	struct vec runs;    /* one value per run */
	struct vec samples; /* every sample of every run (JSON) */
	int last_run;       /* the run that added last, for duplicates */
	int dups;           /* how often it came again in that run */
	int mixed;          /* a run flagged its samples as mixed */
	double mixlo, mixhi;
	const char *program; /* the program and args that measured it */
	const char *args;
	const char *policy;  /* JSON: its placement's first word, first seen */
};

/* One metric: identity, unit, and both sides. */
struct metric {
	const char *key;    /* name, params and size: the identity */
	const char *name;   /* "lat_syscall Simple syscall", a classic label */
	const char *params; /* other parameters: "-t", "procs=8", or "" */
	const char *size;   /* the size as shown, "" when none */
	double size_bytes;  /* the size in bytes, < 0 when none */
	const char *unit;
	int better;
	int cross; /* a cross-CPU figure (placement CROSS): its own row */
	struct part part[2];
	int order;
	struct metric *next_in_order;
};

static struct metric **table;
static size_t table_size, nmetrics;
static size_t nvalues_added; /* values metric_add took, all files */
static struct metric *first, *last;

static uint64_t
hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	/* FNV's low bits are weak and the table is indexed by them: mix. */
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	return h ^ (h >> 33);
}

static struct metric *
metric_lookup(const char *key, int create)
{
	size_t i;

	if (table_size == 0 || (create && 10 * (nmetrics + 1) > 7 * table_size)) {
		size_t old = table_size, j;
		struct metric **t = table;

		table_size = old ? 2 * old : 1024;
		table = calloc(table_size, sizeof(struct metric *));
		if (table == NULL) {
			util_err("out of memory");
			exit(2);
		}
		for (j = 0; j < old; j++) {
			if (t[j] == NULL)
				continue;
			i = hash(t[j]->key) & (table_size - 1);
			while (table[i] != NULL)
				i = (i + 1) & (table_size - 1);
			table[i] = t[j];
		}
		free(t);
	}
	i = hash(key) & (table_size - 1);
	while (table[i] != NULL) {
		if (strcmp(table[i]->key, key) == 0)
			return table[i];
		i = (i + 1) & (table_size - 1);
	}
	if (!create)
		return NULL;
	table[i] = xalloc(sizeof(struct metric));
	table[i]->key = xstrdup(key);
	table[i]->order = (int)nmetrics++;
	table[i]->part[0].last_run = table[i]->part[1].last_run = -1;
	if (last != NULL)
		last->next_in_order = table[i];
	else
		first = table[i];
	last = table[i];
	return table[i];
}

/* Where a value comes from while reading. */
struct source {
	int side;
	int run;             /* a number unique to the file */
	const char *program; /* JSON: the program and its args; else NULL */
	const char *args;
};

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
static void
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

/* metric_add's scratch strings, kept between calls. */
static struct buf add_key, add_name;

/*
 * Add one run's value (and its samples) of a metric.  A metric that
 * comes again in the same run (two copies of a program) becomes
 * "NAME #2", "#3", ...
 */
static struct metric *
metric_add(const struct source *src, const char *name, const char *params,
           const char *size, double size_bytes, const char *unit, int better,
           double value, const struct vec *samples)
{
	struct buf key = add_key, nm = add_name;
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
		m = metric_lookup(key.s, 1);
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
		m->name = xstrdup(nm.s);
		m->params = xstrdup(params);
		m->size = xstrdup(size);
		m->size_bytes = size_bytes;
		m->unit = xstrdup(unit);
		m->better = better;
	}
	add_key = key;
	add_name = nm;
	p->last_run = src->run;
	nvalues_added++;
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

/* ------------------------------------------------------------ sides */

/* A failed or skipped program run, as the runner records it. */
struct record {
	int side;
	int failed; /* 1 failed, 0 skipped */
	const char *command; /* program and args, space-separated */
	const char *program, *args;
	int exit;
	const char *error;
	const char *file;
	int cross; /* a run of the cross-CPU figures */
	struct record *next;
};
static struct record *records, **records_tail = &records;

/* The machine facts the two sides are checked for. */
enum fact { K_CPU, K_KERNEL, K_COMPILER, K_FLAGS, K_PLACEMENT, K_ENOUGH, NFACTS };
static const char *const fact_name[] = { "CPU model",      "kernel",
	                                 "compiler",       "build flags",
	                                 "placement policy", "ENOUGH" };

struct side {
	const char *spec;  /* as given */
	const char *label; /* the column header */
	const char **files;
	size_t nfiles;
	const char *host, *date;
	const char *fact[NFACTS];
	int varied[NFACTS];
	size_t nrecords[2]; /* skipped, failed */
};
static struct side sides[2];

/* Facts of one file, before they are merged into its side. */
struct header {
	char *key[NFACTS];
	char *host, *date, *release, *sysname, *sched;
	int cross; /* inside the runner's bracketed cross-CPU section */
};

static void
side_fact(struct side *s, enum fact k, const char *v)
{
	if (v == NULL || *v == '\0')
		return;
	if (s->fact[k] == NULL)
		s->fact[k] = xstrdup(v);
	else if (strcmp(s->fact[k], v) != 0)
		s->varied[k] = 1;
}

/* "[KEY: value]" header keys and what they feed. */
static const struct {
	const char *key;
	int fact; /* enum fact, or -1 */
} header_keys[] = {
	{ "CPU_MODEL", K_CPU },   { "KERNEL", K_KERNEL },
	{ "COMPILER", K_COMPILER }, { "BUILD_FLAGS", K_FLAGS },
	{ "ENOUGH", K_ENOUGH },
};

/* ------------------------------------------------------------ parsing */

static int
is_number(const char *s, double *v)
{
	char *end;

	if (*s == '\0' || strchr("+-.0123456789", *s) == NULL)
		return 0;
	errno = 0;
	*v = strtod(s, &end);
	return end != s && *end == '\0' && errno == 0 && isfinite(*v);
}

static char *
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
static int
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
static void
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

/* ---------------------------------------------- JSON records, one a line */

enum jtype { J_NONE, J_STR, J_NUM, J_NULL, J_BOOL, J_ARR, J_OBJ };

/* The top-level members of one record that compare uses. */
struct jrec {
	double schema;
	int has_schema;
	char *program, *metric, *unit, *status, *error, *placement;
	struct buf args; /* the args joined by single blanks */
	int nargs, has_t, has_conflict;
	double value, size_bytes, exitcode;
	int has_value, has_size, has_exit;
	struct vec samples, mixed;
	int has_mixed;
};

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

static void
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

static int
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
	double d;

	if (depth > 64)
		return J_NONE;
	jws(j);
	switch (*j->p) {
	case '"':
		j->p++;
		return jstring(j) == 0 ? J_STR : J_NONE;
	case '[':
		j->p++;
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
	case '{':
		j->p++;
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

static void
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

/* Parse a record line into r; 0, or -1 when it is not one JSON object. */
static int
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
		enum jtype t;
		double d = 0;
		struct vec *nums = NULL;
		struct buf *strs = NULL;
		char **str = NULL;

		jws(&j);
		if (*j.p != '"')
			goto out;
		j.p++;
		if (jstring(&j) < 0)
			goto out;
		name.n = 0;
		buf_add(&name, j.str.s, j.str.n);
		jws(&j);
		if (*j.p++ != ':')
			goto out;
		if (strcmp(name.s, "samples") == 0)
			nums = &r->samples;
		else if (strcmp(name.s, "mixed") == 0)
			nums = &r->mixed;
		else if (strcmp(name.s, "args") == 0)
			strs = &r->args;
		else if (strcmp(name.s, "program") == 0)
			str = &r->program;
		else if (strcmp(name.s, "metric") == 0)
			str = &r->metric;
		else if (strcmp(name.s, "unit") == 0)
			str = &r->unit;
		else if (strcmp(name.s, "status") == 0)
			str = &r->status;
		else if (strcmp(name.s, "error") == 0)
			str = &r->error;
		else if (strcmp(name.s, "placement") == 0)
			str = &r->placement;
		if (strs != NULL)
			buf_add(strs, "", 0);
		t = jvalue(&j, &d, nums, strs, &r->nargs, 0);
		if (t == J_NONE)
			goto out;
		if (strs != NULL) {
			/* The two arguments that tell sweeps of one name
			 * apart: lat_mem_rd -t, bw_mem ... conflict. */
			const char *a = r->args.s;

			r->has_t = strcmp(a, "-t") == 0 ||
			           strncmp(a, "-t ", 3) == 0 || strstr(a, " -t ") ||
			           (strlen(a) > 3 && strcmp(a + strlen(a) - 3, " -t") == 0);
			r->has_conflict = strstr(a, "conflict") != NULL;
		}
		if (t == J_ARR && nums == &r->mixed)
			r->has_mixed = r->mixed.n == 2;
		if (t == J_STR && str != NULL) {
			free(*str);
			*str = strdup(j.str.s);
		}
		if (t == J_NUM) {
			if (strcmp(name.s, "schema") == 0) {
				r->schema = d;
				r->has_schema = 1;
			} else if (strcmp(name.s, "value") == 0) {
				r->value = d;
				r->has_value = 1;
			} else if (strcmp(name.s, "size_bytes") == 0) {
				r->size_bytes = d;
				r->has_size = 1;
			} else if (strcmp(name.s, "exit") == 0) {
				r->exitcode = d;
				r->has_exit = 1;
			}
		}
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

/* ------------------------------------------------------------ files */

static int next_run;

/* Why reading stopped, said once: the caller exits 2. */
static int
bad_file(const char *file, const char *why, long line)
{
	if (line > 0)
		util_err("%s: line %ld: %s", file, line, why);
	else
		util_err("%s: %s", file, why);
	return -1;
}

static void
add_record(int side, int failed, const char *command, const char *program,
           const char *args, int exitcode, const char *error, const char *file,
           int cross)
{
	struct record *r = xalloc(sizeof(*r));
	struct buf c = { 0 };

	buf_str(&c, command);
	if (cross)
		buf_str(&c, CROSS_TAG);
	r->side = side;
	r->failed = failed;
	r->cross = cross;
	r->command = xstrdup(c.s);
	free(c.s);
	r->program = program ? xstrdup(program) : NULL;
	r->args = args ? xstrdup(args) : NULL;
	r->exit = exitcode;
	r->error = xstrdup(error ? error : "");
	r->file = file;
	*records_tail = r;
	records_tail = &r->next;
	sides[side].nrecords[failed]++;
}

/* A classic "[FAILED: prog args: status N: why]" or "[SKIPPED: prog
 * args: why]" line (the brackets already off). */
static void
classic_record(int side, char *s, int failed, const char *file, int cross)
{
	char *why = strstr(s, failed ? ": status " : ": ");
	int code = failed ? 1 : 77;

	if (why == NULL) {
		add_record(side, failed, trim(s), NULL, NULL, code, "", file, cross);
		return;
	}
	*why = '\0';
	why += failed ? 9 : 2;
	if (failed) {
		code = (int)strtol(why, &why, 10);
		if (strncmp(why, ": ", 2) == 0)
			why += 2;
	}
	add_record(side, failed, trim(s), NULL, NULL, code, why, file, cross);
}

/* Classic-line reading state of one file. */
struct classic {
	char title[512];
	char marker[512];
	int dirty;      /* title or marker changed since sec was made */
	char sec[1100]; /* "title/marker", the metric's name */
	const struct unit_rule *unit; /* its unit, from the table */
	int kind;       /* enum xkind */
};

/* The section's name, unit and kind of x, once per section. */
static void
classic_section(struct classic *c)
{
	enum xkind x = X_AT;
	const struct unit_rule *u;

	c->dirty = 0;
	if (c->title[0] != '\0' && c->marker[0] != '\0')
		snprintf(c->sec, sizeof(c->sec), "%s/%s", c->title, c->marker);
	else
		snprintf(c->sec, sizeof(c->sec), "%s%s", c->title, c->marker);
	u = unit_classic(NULL, c->sec, 1, &x);
	c->unit = u;
	c->kind = (int)x;
}

static void
classic_pair(const struct source *src, struct classic *c, const char *x,
             double xv, double v)
{
	char size[128] = "", params[128] = "", name[1200];
	double bytes = -1;

	if (c->dirty)
		classic_section(c);
	if (c->sec[0] == '\0')
		return;
	switch ((enum xkind)c->kind) {
	case X_MB:
		bytes = floor(xv * 1e6 + 0.5);
		snprintf(size, sizeof(size), "%sMB", x);
		break;
	case X_MIB:
		bytes = floor(xv * 1048576 + 0.5);
		snprintf(size, sizeof(size), "%sMiB", x);
		break;
	case X_PROCS: snprintf(params, sizeof(params), "procs=%s", x); break;
	case X_AT: snprintf(params, sizeof(params), "at=%s", x); break;
	}
	if (c->kind == X_PROCS)
		snprintf(name, sizeof(name), "Context switch %s", c->sec);
	metric_add(src, c->kind == X_PROCS ? name : c->sec, params, size, bytes,
	           c->unit->unit, c->unit->better, v, NULL);
}

/* "Label: value [unit]" */
static void
classic_label(const struct source *src, char *line, char *colon)
{
	char *w[3];
	const struct unit_rule *u;
	double v;
	int n;

	*colon = '\0';
	n = split(colon + 2, w, 3);
	if (n < 1 || !is_number(w[0], &v))
		return;
	u = unit_classic(n >= 2 ? w[1] : NULL, line, 0, NULL);
	if (u != NULL)
		metric_add(src, line, "", "", -1, u->unit, u->better, v, NULL);
	else /* a unit no row knows: lower is better, as most of lmbench */
		metric_add(src, line, "", "", -1, n >= 2 ? w[1] : "", -1, v, NULL);
}

/* lat_fs: "SIZEk TAB files TAB creates/s TAB deletes/s" */
static int
classic_fs(const struct source *src, char *line)
{
	char *f[4], *p = line, size[64];
	const struct unit_rule *u;
	double k, c, d;
	int n = 0;

	while (n < 4 && p != NULL) {
		f[n++] = p;
		p = strchr(p, '\t');
		if (p != NULL)
			*p++ = '\0';
	}
	if (n < 4 || strlen(f[0]) < 2 || f[0][strlen(f[0]) - 1] != 'k')
		return 0;
	f[0][strlen(f[0]) - 1] = '\0';
	if (!is_number(f[0], &k) || !is_number(f[2], &c) || !is_number(f[3], &d))
		return 0;
	snprintf(size, sizeof(size), "%sk", f[0]);
	u = unit_classic(NULL, "File system create", 0, NULL);
	metric_add(src, "File system create", "", size, k * 1024, u->unit, u->better, c, NULL);
	metric_add(src, "File system delete", "", size, k * 1024, u->unit, u->better, d, NULL);
	return 1;
}

/* One body line of a classic file. */
static void
classic_line(const struct source *src, struct classic *c, char *line)
{
	char *w[4], *colon, copy[64];
	double x, v;
	int n;

	if (*line == '#' || *trim(line) == '\0')
		return;
	if (*line == '"') {
		char *m = line + 1, *o = strstr(m, " ovr=");

		if (o != NULL)
			*o = '\0';
		if (strncmp(m, "stride=", 7) != 0)
			c->title[0] = '\0';
		snprintf(c->marker, sizeof(c->marker), "%s", trim(m));
		c->dirty = 1;
		return;
	}
	if (strchr(line, '\t') != NULL && *line >= '0' && *line <= '9') {
		char tmp[512];

		snprintf(tmp, sizeof(tmp), "%s", line);
		if (classic_fs(src, tmp))
			return;
	}
	if (strncmp(line, "Avg xfer", 8) == 0) {
		/* lat_http: ..., R MB/sec (or KB/sec) at the end */
		char *e = line + strlen(line), *u, *num;
		const struct unit_rule *hu;

		while (e > line && e[-1] == ' ')
			e--;
		*e = '\0';
		u = strrchr(line, ' ');
		if (u == NULL)
			return;
		*u = '\0';
		num = strrchr(line, ' ');
		if (num == NULL || !is_number(num + 1, &v))
			return;
		if (strcmp(u + 1, "KB/sec") == 0)
			v /= 1000;
		hu = unit_classic(NULL, "HTTP transfer", 0, NULL);
		metric_add(src, "HTTP transfer", "", "", -1, hu->unit, hu->better, v, NULL);
		return;
	}
	colon = strstr(line, ": ");
	if (colon == NULL) {
		/* a pair "x y", or bw_tcp's "x y MB/sec" */
		char tmp[512];

		snprintf(tmp, sizeof(tmp), "%s", line);
		n = split(tmp, w, 4);
		if ((n == 2 || (n == 3 && strcmp(w[2], "MB/sec") == 0)) &&
		    is_number(w[0], &x) && is_number(w[1], &v)) {
			snprintf(copy, sizeof(copy), "%s", w[0]);
			classic_pair(src, c, copy, x, v);
			return;
		}
	} else {
		classic_label(src, line, colon);
		return;
	}
	/* A section title without a quote: "Memory read bandwidth". */
	if ((*line >= 'A' && *line <= 'Z') || (*line >= 'a' && *line <= 'z')) {
		const char *p;

		for (p = line; *p != '\0'; p++)
			if (p[0] >= '0' && p[0] <= '9' && p[1] == '.' &&
			    p[2] >= '0' && p[2] <= '9')
				return;
		snprintf(c->title, sizeof(c->title), "%s", trim(line));
		c->marker[0] = '\0';
		c->dirty = 1;
	}
}

/* The line speaks of a cross-CPU figure: "cross" in any case. */
static int
has_cross(const char *s)
{
	for (; *s != '\0'; s++)
		if ((s[0] | 0x20) == 'c' && (s[1] | 0x20) == 'r' &&
		    (s[2] | 0x20) == 'o' && (s[3] | 0x20) == 's' &&
		    (s[4] | 0x20) == 's')
			return 1;
	return 0;
}

/* The key s..end of a bracketed line names the cross-CPU figures. */
static int
cross_key(char *s, char *end)
{
	char c = *end;
	int r;

	*end = '\0';
	r = has_cross(s);
	*end = c;
	return r;
}

/* A "[...]" line of a text file: header keys, records, the date. */
static void
bracket_line(int side, struct header *h, char *s, int classic, const char *file)
{
	char *colon;
	size_t i, n = strlen(s);

	if (n < 2 || s[n - 1] != ']')
		return;
	s[n - 1] = '\0';
	s++;
	if (strncmp(s, "FAILED: ", 8) == 0 || strncmp(s, "SKIPPED: ", 9) == 0) {
		if (classic)
			classic_record(side, s + (s[0] == 'F' ? 8 : 9), s[0] == 'F',
			               file, h->cross);
		return;
	}
	/* The runner's cross-CPU section: "[CROSS-CPU: begin: ...]" up to
	 * "[CROSS-CPU: end]", its figures on bracketed lines of their own. */
	colon = strchr(s, ':');
	if (colon != NULL && cross_key(s, colon)) {
		const char *v = colon + 1;

		while (*v == ' ')
			v++;
		if (strncmp(v, "begin", 5) == 0)
			h->cross = 1;
		else if (strncmp(v, "end", 3) == 0)
			h->cross = 0;
		return;
	}
	/* [Sat Nov 29 20:30:00 UTC 2025]: the first one is the run's date */
	if (h->date == NULL && strlen(s) > 12 && s[3] == ' ' && s[7] == ' ' &&
	    s[0] >= 'A' && s[0] <= 'Z' && s[4] >= 'A' && s[4] <= 'Z' &&
	    strchr(s, ':') != NULL && s[2] != ':') {
		h->date = strdup(s);
		return;
	}
	colon = strstr(s, ": ");
	if (colon == NULL) {
		colon = strchr(s, ':'); /* [CACHES:...] has no blank */
		if (colon == NULL)
			return;
		*colon = '\0';
		colon -= 1;
	} else {
		*colon = '\0';
	}
	{
		const char *key = s, *val = trim(colon + 2);

		for (i = 0; i < sizeof(header_keys) / sizeof(header_keys[0]); i++)
			if (strcmp(key, header_keys[i].key) == 0)
				break;
		if (i < sizeof(header_keys) / sizeof(header_keys[0])) {
			char **slot = &h->key[header_keys[i].fact];

			if (*slot == NULL)
				*slot = strdup(val);
			return;
		}
		if (strcmp(key, "HOSTNAME") == 0 && h->host == NULL)
			h->host = strdup(val);
		else if (strcmp(key, "RELEASE") == 0 && h->release == NULL)
			h->release = strdup(val);
		else if (strcmp(key, "SYSNAME") == 0 && h->sysname == NULL)
			h->sysname = strdup(val);
		else if (strcmp(key, "LMBENCH_SCHED") == 0 && h->sched == NULL)
			h->sched = strdup(val);
	}
}

/* The first word of a placement: its policy. */
static void
policy(char *out, size_t len, const char *s)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strcspn(s, " ");
	snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), s);
}

static void
header_merge(struct side *sd, struct header *h, const char *json_placement)
{
	char pol[64] = "", kern[512];
	int k;

	if (h->key[K_KERNEL] == NULL && h->release != NULL) {
		snprintf(kern, sizeof(kern), "%s %s", h->sysname ? h->sysname : "",
		         h->release);
		h->key[K_KERNEL] = strdup(trim(kern));
	}
	if (h->sched != NULL)
		policy(pol, sizeof(pol), h->sched);
	if (*pol == '\0' && json_placement != NULL)
		policy(pol, sizeof(pol), json_placement);
	for (k = 0; k < NFACTS; k++)
		side_fact(sd, (enum fact)k, k == K_PLACEMENT ? pol : h->key[k]);
	if (sd->host == NULL && h->host != NULL)
		sd->host = xstrdup(h->host);
	if (sd->date == NULL && h->date != NULL)
		sd->date = xstrdup(h->date);
	for (k = 0; k < NFACTS; k++)
		free(h->key[k]);
	free(h->host);
	free(h->date);
	free(h->release);
	free(h->sysname);
	free(h->sched);
}

/*
 * Read one text result file: its header always, its body when classic.
 * 0, or -1 after saying why it cannot be used.
 */
static int
read_text(int side, const char *file, int classic, struct header *h,
          size_t *nvalues)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0, before = nvalues_added;
	ssize_t len;
	long lineno = 0;
	int last_bracket = 0, rc = 0, ended = 1;
	struct classic c = { "", "", 1, "", NULL, 0 };
	struct source src = { side, next_run++, NULL, NULL };

	if (f == NULL) {
		util_syserr("cannot read %s", file);
		return -1;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (strlen(line) != (size_t)len) {
			rc = bad_file(file, "binary data: not an lmbench result file", 0);
			break;
		}
		ended = line[len - 1] == '\n';
		if (ended)
			line[--len] = '\0';
		if (lineno == 1) {
			if (strncmp(line, "[lmbench3.", 10) != 0) {
				rc = bad_file(file, "not an lmbench result file (its first line is no '[lmbench3.0 results for' header)", 0);
				break;
			}
			continue;
		}
		if (strncmp(line, "[lmbench3.", 10) == 0) {
			rc = bad_file(file, "a second result header: two runs in one file?", lineno);
			break;
		}
		if (*line == '[') {
			bracket_line(side, h, line, classic, file);
			last_bracket = 1;
			continue;
		}
		if (*trim(line) == '\0')
			continue;
		last_bracket = 0;
		/* A cross-CPU figure is never the same-CPU one: its lines,
		 * whatever their shape, are passed over (the JSON records
		 * carry them). */
		if (classic && !h->cross && !has_cross(line))
			classic_line(&src, &c, line);
	}
	if (rc == 0 && ferror(f))
		rc = bad_file(file, "read error", 0);
	if (rc == 0 && lineno == 0)
		rc = bad_file(file, "empty file", 0);
	if (rc == 0 && (!ended || !last_bracket))
		rc = bad_file(file, "truncated: it does not end with the run's closing date line", 0);
	free(line);
	fclose(f);
	*nvalues = nvalues_added - before;
	return rc;
}

/* Read a .json companion: measurement and failure records. */
static int
read_json(int side, const char *file, const char *text, char **placement,
          size_t *nvalues)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0, values = 0;
	ssize_t len;
	long lineno = 0;
	int rc = 0, run = next_run++;
	double schema = -1;

	if (f == NULL) {
		util_syserr("cannot read %s", file);
		return -1;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		struct jrec r;
		char name[2048], size[64] = "", params[64] = "", pol[64] = "";
		int cross;
		struct source src = { side, run, NULL, NULL };
		const struct unit_rule *u;

		lineno++;
		if (strlen(line) != (size_t)len) {
			rc = bad_file(file, "binary data: not a JSON record file", 0);
			break;
		}
		if (line[len - 1] != '\n') {
			rc = bad_file(file, "truncated: the last record has no end of line", lineno);
			break;
		}
		line[--len] = '\0';
		if (jrec_parse(line, &r) < 0 || !r.has_schema) {
			jrec_free(&r);
			rc = bad_file(file, "not a JSON result record (truncated or corrupt)", lineno);
			break;
		}
		if (r.schema != 1) {
			jrec_free(&r);
			rc = bad_file(file, "schema other than 1: written by another version", lineno);
			break;
		}
		if (schema < 0)
			schema = r.schema;
		if (r.placement != NULL)
			policy(pol, sizeof(pol), r.placement);
		cross = strcmp(pol, CROSS_POLICY) == 0;
		if (r.status != NULL) {
			char cmd[4096];

			snprintf(cmd, sizeof(cmd), "%s%s%s", r.program ? r.program : "?",
			         r.nargs ? " " : "", r.args.s ? r.args.s : "");
			/* Args that name the runner's private directories
			 * (lat_syscall stat FILE) match without their unique
			 * part, as the metrics' args below: the failure of the
			 * new run is the base's metric's. */
			if (r.args.s != NULL)
				norm_name(r.args.s);
			add_record(side, strcmp(r.status, "failed") == 0, cmd, r.program,
			           r.args.s ? r.args.s : "",
			           r.has_exit ? (int)r.exitcode : 0, r.error, text, cross);
			jrec_free(&r);
			continue;
		}
		if (r.program == NULL || r.metric == NULL || r.unit == NULL ||
		    !r.has_value) {
			jrec_free(&r);
			continue;
		}
		if (*placement == NULL && r.placement != NULL && !cross)
			*placement = strdup(r.placement);
		snprintf(name, sizeof(name), "%s %s%s", r.program, r.metric,
		         cross ? CROSS_TAG : "");
		if (r.has_t)
			snprintf(params, sizeof(params), "-t");
		if (r.has_conflict)
			snprintf(params + strlen(params), sizeof(params) - strlen(params),
			         "%sconflict", params[0] ? " " : "");
		if (r.has_size)
			size_text(size, sizeof(size), r.size_bytes);
		src.program = xstrdup(r.program);
		if (r.args.s != NULL)
			norm_name(r.args.s);
		src.args = xstrdup(r.args.s ? r.args.s : "");
		u = unit_find(r.unit);
		{
			struct metric *m = metric_add(
				&src, name, params, size, r.has_size ? r.size_bytes : -1,
				r.unit, u ? u->better : -1, r.value, &r.samples);

			if (m != NULL) {
				struct part *p = &m->part[side];

				values++;
				m->cross = cross;
				if (p->policy == NULL && *pol != '\0')
					p->policy = xstrdup(pol);
				if (r.has_mixed) {
					p->mixed = 1;
					p->mixlo = r.mixed.v[0];
					p->mixhi = r.mixed.v[1];
				}
			}
		}
		jrec_free(&r);
	}
	if (rc == 0 && ferror(f))
		rc = bad_file(file, "read error", 0);
	free(line);
	fclose(f);
	*nvalues = values;
	return rc;
}

/* ------------------------------------------------------------ sides */

static int
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

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void
side_add_file(struct side *s, const char *path, size_t *cap)
{
	if (s->nfiles == *cap) {
		const char **f;

		*cap = *cap ? 2 * *cap : 8;
		f = xalloc(*cap * sizeof(*f));
		if (s->nfiles)
			memcpy(f, s->files, s->nfiles * sizeof(*f));
		s->files = f;
	}
	s->files[s->nfiles++] = xstrdup(path);
}

/* The last `parts` components of a path (trailing slashes dropped). */
static const char *
base_name(const char *path, int parts)
{
	char *s = xstrdup(path), *p;

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
dir_scan(struct side *s, const char *dir, size_t *cap)
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
			if (s != NULL)
				side_add_file(s, p.s, cap);
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
dir_subs(const char *dir, const char ***subs)
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
		    dir_scan(NULL, p.s, NULL) > 0) {
			if (n == cap) {
				const char **l = xalloc((cap = cap ? 2 * cap : 8) * sizeof(*l));

				if (n)
					memcpy(l, *subs, n * sizeof(*l));
				*subs = l;
			}
			(*subs)[n++] = xstrdup(p.s);
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
side_dir(struct side *s, const char *spec)
{
	const char *dir = spec, **subs;
	size_t cap = 0, nsubs;
	int n = dir_scan(s, spec, &cap);

	if (n < 0)
		return -1;
	if (n == 0) {
		nsubs = dir_subs(spec, &subs);
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
		if (dir_scan(s, dir, &cap) < 0)
			return -1;
	}
	qsort(s->files, s->nfiles, sizeof(*s->files), cmp_str);
	/* results/<os>: the directory above names the runs. */
	s->label = base_name(dir, 2);
	return 0;
}

/* The files a side names: a directory's result files, a comma list, or
 * one file.  0, or -1 after saying why. */
static int
side_files(struct side *s, const char *spec)
{
	struct stat st;
	size_t cap = 0;

	s->spec = spec;
	if (stat(spec, &st) == 0 && S_ISDIR(st.st_mode))
		return side_dir(s, spec);
	if (stat(spec, &st) == 0 || strchr(spec, ',') == NULL) {
		side_add_file(s, spec, &cap);
	} else {
		char *copy = xstrdup(spec), *p, *save = NULL;

		for (p = strtok_r(copy, ",", &save); p != NULL;
		     p = strtok_r(NULL, ",", &save))
			side_add_file(s, p, &cap);
	}
	if (s->nfiles == 0) {
		util_err("no result file in '%s'", spec);
		return -1;
	}
	s->label = base_name(s->files[0], 1);
	if (s->nfiles > 1) {
		char *l = xalloc(strlen(s->label) + 32);

		sprintf(l, "%s+%zu", s->label, s->nfiles - 1);
		s->label = l;
	}
	return 0;
}

static int
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

/* ------------------------------------------------------------ results */

enum status { S_OK, S_SAME, S_IMPROVED, S_REGRESSED, S_CHANGED, S_UNRELIABLE,
	      S_MISSING, S_FAILED, S_SKIPPED, S_ADDED };
static const char *const status_word[] = {
	"ok",      "~",          "improvement", "regression", "changed",
	"unreliable", "missing", "failed",      "skipped",    "new"
};

/* One side's statistics of a metric. */
struct stat1 {
	double value; /* median of the runs' values */
	size_t n;     /* samples the test and interval use */
	int ci;       /* an interval was had */
	double lo, hi, mid;
};

/* A row of the comparison. */
struct row {
	struct metric *m;
	enum status st;
	struct stat1 s[2];
	double change; /* %, + = better (a fact: the raw change) */
	double p;      /* < 0: no test */
	int exact;     /* the test's p is exact */
	int unknown;   /* past the threshold, no test possible */
	double limit;
	const struct record *rec; /* failed or skipped record for it */
};

struct rule {
	regex_t re;
	double limit;
};

struct opts {
	double threshold, alpha;
	int gate, allow_missing, strict;
	enum format format;
	struct rule *rules;
	size_t nrules;
};

struct summary {
	size_t rows, regress, improve, missing, failed, added, unreliable, unknown;
	size_t fewci;  /* rows with a side of 1-5 samples */
	double geo;    /* geomean change, %, + = better */
	size_t ngeo;
	int fail;      /* the gate's verdict */
};

static double
limit_for(const struct opts *o, const struct metric *m)
{
	struct buf k = { 0 };
	double lim = o->threshold;
	size_t i;

	if (o->nrules == 0)
		return lim;
	buf_str(&k, m->name);
	if (*m->params) {
		buf_str(&k, " ");
		buf_str(&k, m->params);
	}
	if (*m->size) {
		buf_str(&k, " size=");
		buf_str(&k, m->size);
	}
	for (i = 0; i < o->nrules; i++)
		if (regexec(&o->rules[i].re, k.s, 0, NULL, 0) == 0) {
			lim = o->rules[i].limit;
			break;
		}
	free(k.s);
	return lim;
}

static void
stat_side(const struct part *p, struct stat1 *s, const struct vec **set)
{
	/* The samples when the records had them, else the runs' values. */
	*set = p->samples.n > 0 ? &p->samples : &p->runs;
	s->value = stats_median(p->runs.v, p->runs.n);
	s->n = (*set)->n;
	s->mid = stats_median((*set)->v, (*set)->n);
	s->ci = stats_median_ci((*set)->v, (*set)->n, 0.95, &s->lo, &s->hi, NULL) == 0;
}

/* The smallest two-sided p any rank test of n1 and n2 samples can give
 * (complete separation): 2 / C(n1 + n2, n1). */
static double
pmin(size_t n1, size_t n2)
{
	double l = 0;
	size_t i;

	for (i = 1; i <= n1; i++)
		l += log((double)(n2 + i)) - log((double)i);
	return 2 * exp(-l);
}

static const struct record *
record_for(const struct metric *m)
{
	const struct part *b = &m->part[BASE];
	const struct record *r;

	if (b->program == NULL)
		return NULL;
	for (r = records; r != NULL; r = r->next)
		if (r->side == NEW && r->program != NULL && r->cross == m->cross &&
		    strcmp(r->program, b->program) == 0 &&
		    strcmp(r->args ? r->args : "", b->args ? b->args : "") == 0)
			return r;
	return NULL;
}

/* Compared metrics whose placement policies differ between the sides:
 * how many, and the first. */
static size_t npolicy;
static const struct metric *policy_first;

static struct row *
compare(const struct opts *o, struct summary *sum)
{
	struct row *rows = calloc(nmetrics ? nmetrics : 1, sizeof(*rows));
	struct metric *m;
	double lg = 0;
	size_t n = 0;

	if (rows == NULL) {
		util_err("out of memory");
		exit(2);
	}
	memset(sum, 0, sizeof(*sum));
	for (m = first; m != NULL; m = m->next_in_order) {
		struct row *r = &rows[n++];
		int hb = m->part[BASE].runs.n > 0, hn = m->part[NEW].runs.n > 0;
		const struct vec *xs, *ys;
		struct stats_test t;
		double ratio;

		r->m = m;
		r->p = -1;
		r->limit = limit_for(o, m);
		if (!hn) {
			r->rec = record_for(m);
			r->st = r->rec == NULL ? S_MISSING : r->rec->failed ? S_FAILED : S_SKIPPED;
			stat_side(&m->part[BASE], &r->s[BASE], &xs);
			if (r->st == S_FAILED)
				sum->failed++;
			else
				sum->missing++;
			continue;
		}
		if (!hb) {
			r->st = S_ADDED;
			stat_side(&m->part[NEW], &r->s[NEW], &ys);
			sum->added++;
			continue;
		}
		sum->rows++;
		if (m->part[BASE].policy != NULL && m->part[NEW].policy != NULL &&
		    strcmp(m->part[BASE].policy, m->part[NEW].policy) != 0 &&
		    npolicy++ == 0)
			policy_first = m;
		stat_side(&m->part[BASE], &r->s[BASE], &xs);
		stat_side(&m->part[NEW], &r->s[NEW], &ys);
		if ((r->s[BASE].n > 1 && r->s[BASE].n < 6) ||
		    (r->s[NEW].n > 1 && r->s[NEW].n < 6))
			sum->fewci++;
		if (stats_mwu(xs->v, xs->n, ys->v, ys->n, &t) == 0 &&
		    pmin(xs->n, ys->n) <= o->alpha) {
			r->p = t.p;
			r->exact = t.exact;
		}
		ratio = r->s[NEW].value / r->s[BASE].value;
		if (m->better < 0)
			ratio = 1 / ratio;
		r->change = (ratio - 1) * 100;
		if (m->part[BASE].mixed || m->part[NEW].mixed) {
			r->st = S_UNRELIABLE;
			sum->unreliable++;
			continue;
		}
		if (r->p >= 0 && r->p >= o->alpha)
			r->st = S_SAME;
		else if (m->better == 0)
			r->st = fabs(r->change) >= r->limit ? S_CHANGED : S_OK;
		else if (r->change <= -r->limit)
			r->st = S_REGRESSED;
		else if (r->change >= r->limit)
			r->st = S_IMPROVED;
		else
			r->st = S_OK;
		if (r->p < 0 && (r->st == S_REGRESSED || r->st == S_IMPROVED ||
		                 r->st == S_CHANGED)) {
			r->unknown = 1;
			sum->unknown++;
		}
		if (r->st == S_REGRESSED)
			sum->regress++;
		if (r->st == S_IMPROVED)
			sum->improve++;
		if (m->better != 0) {
			lg += log(ratio);
			sum->ngeo++;
		}
	}
	sum->geo = sum->ngeo ? (exp(lg / (double)sum->ngeo) - 1) * 100 : 0;
	sum->fail = sum->regress > 0 || sides[NEW].nrecords[1] > 0 ||
	            (!o->allow_missing && sum->missing > 0) ||
	            (o->strict && sum->unreliable > 0);
	return rows;
}

/* ------------------------------------------------------------ escaping */

/* Length of the valid UTF-8 sequence at s, 0 if none starts there. */
static size_t
utf8_len(const unsigned char *s)
{
	size_t n, i;
	unsigned long c;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	c = s[0] & (0x3f >> (n - 1));
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && (c < 0x800 || (c >= 0xd800 && c < 0xe000))) ||
	    (n == 4 && (c < 0x10000 || c > 0x10ffff)))
		return 0;
	return n;
}

enum esc { E_TEXT, E_JSON, E_CSV, E_XML, E_MD, E_GH, E_GHPROP };

/*
 * Write s escaped for one output syntax: every string of every format
 * goes through here.  Bytes that are not UTF-8 become U+FFFD (JSON, XML)
 * or '?'; control characters are escaped where the syntax can, else
 * replaced.
 */
static void
put(FILE *f, const char *str, enum esc e)
{
	const unsigned char *s = (const unsigned char *)str;

	if (e == E_JSON || e == E_CSV)
		fputc('"', f);
	while (*s != '\0') {
		size_t n;
		unsigned c;
		const unsigned char *run = s;

		/* A run of characters no syntax treats specially, at once. */
		while ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		       (*s >= '0' && *s <= '9') || *s == ' ' || *s == '.' ||
		       *s == '=' || *s == '/' || *s == '+' || *s == '-')
			s++;
		if (s > run)
			fwrite(run, 1, (size_t)(s - run), f);
		if (*s == '\0')
			break;
		n = utf8_len(s);
		c = *s;

		if (n == 0) {
			fputs(e == E_JSON ? "\\ufffd" : e == E_XML ? "&#xFFFD;" : "?", f);
			s++;
			continue;
		}
		if (n > 1) {
			fwrite(s, 1, n, f);
			s += n;
			continue;
		}
		s++;
		switch (e) {
		case E_JSON:
			if (c == '"' || c == '\\')
				fprintf(f, "\\%c", c);
			else if (c < 0x20)
				fprintf(f, "\\u%04x", c);
			else
				fputc((int)c, f);
			break;
		case E_CSV:
			if (c == '"')
				fputs("\"\"", f);
			else
				fputc(c < 0x20 ? ' ' : (int)c, f);
			break;
		case E_XML:
			if (c == '&')
				fputs("&amp;", f);
			else if (c == '<')
				fputs("&lt;", f);
			else if (c == '>')
				fputs("&gt;", f);
			else if (c == '"')
				fputs("&quot;", f);
			else if (c == '\'')
				fputs("&apos;", f);
			else if (c < 0x20 && c != '\t')
				fputc('?', f);
			else
				fputc((int)c, f);
			break;
		case E_MD:
			if (strchr("\\`*_|<>[]#&", (int)c) != NULL && c != 0)
				fprintf(f, "\\%c", c);
			else
				fputc(c < 0x20 || c == 0x7f ? ' ' : (int)c, f);
			break;
		case E_GH:
		case E_GHPROP:
			if (c == '%')
				fputs("%25", f);
			else if (c == '\r')
				fputs("%0D", f);
			else if (c == '\n')
				fputs("%0A", f);
			else if (e == E_GHPROP && c == ':')
				fputs("%3A", f);
			else if (e == E_GHPROP && c == ',')
				fputs("%2C", f);
			else
				fputc(c < 0x20 || c == 0x7f ? ' ' : (int)c, f);
			break;
		case E_TEXT:
			fputc(c < 0x20 || c == 0x7f ? '?' : (int)c, f);
			break;
		}
	}
	if (e == E_JSON || e == E_CSV)
		fputc('"', f);
}

/* ------------------------------------------------------------ output */

/* A number as the tables show it. */
static void
fmt_num(char *out, size_t len, double v)
{
	if (v >= 10000)
		snprintf(out, len, "%.0f", v);
	else
		snprintf(out, len, "%.4g", v);
}

/* The metric as one line of text: name, params, size. */
static void
put_name(FILE *f, const struct metric *m, enum esc e)
{
	put(f, m->name, e);
	if (*m->params) {
		put(f, " ", e == E_JSON || e == E_CSV ? E_TEXT : e);
		put(f, m->params, e == E_JSON || e == E_CSV ? E_TEXT : e);
	}
	if (*m->size) {
		put(f, " size=", e == E_JSON || e == E_CSV ? E_TEXT : e);
		put(f, m->size, e == E_JSON || e == E_CSV ? E_TEXT : e);
	}
}

/* A side's cell: "0.0996 +-0.3%" (the interval's larger half-width;
 * ASCII in text, where columns are counted in bytes). */
static int cell_ascii = 1;

static void
cell(char *out, size_t len, const struct stat1 *s)
{
	char v[32];

	fmt_num(v, sizeof(v), s->value);
	if (s->ci && s->mid > 0) {
		double w = fmax(s->mid - s->lo, s->hi - s->mid) / s->mid * 100;

		snprintf(out, len, "%s %s%.1f%%", v, cell_ascii ? "+-" : "±", w);
	} else {
		snprintf(out, len, "%s", v);
	}
}

static void
status_text(char *out, size_t len, const struct row *r)
{
	switch (r->st) {
	case S_SAME: snprintf(out, len, "~ (p=%.2g)", r->p); break;
	case S_REGRESSED:
	case S_IMPROVED:
	case S_CHANGED:
		if (r->unknown)
			snprintf(out, len, "%s (significance unknown)", status_word[r->st]);
		else
			snprintf(out, len, "%s (p=%.3g)", status_word[r->st], r->p);
		break;
	case S_UNRELIABLE: snprintf(out, len, "unreliable (mixed samples)"); break;
	default: snprintf(out, len, "%s", status_word[r->st]); break;
	}
}

static int
row_compared(const struct row *r)
{
	return r->st <= S_UNRELIABLE;
}

/* A line per machine fact the sides differ in; returns how many. */
static int
warnings(FILE *f, const char *prefix, const char *suffix, enum esc e)
{
	int k, s, n = 0, placed = 0;

	for (k = 0; k < NFACTS; k++) {
		const char *a = sides[BASE].fact[k], *b = sides[NEW].fact[k];

		if (a != NULL && b != NULL && strcmp(a, b) != 0) {
			placed |= k == K_PLACEMENT;
			fprintf(f, "%swarning: the sides differ in %s: base '", prefix,
			        fact_name[k]);
			put(f, a, e);
			fputs("', new '", f);
			put(f, b, e);
			fprintf(f, "'%s\n", suffix);
			n++;
		}
		for (s = 0; s < 2; s++)
			if (sides[s].varied[k]) {
				fprintf(f, "%swarning: the %s runs differ among themselves in %s%s\n",
				        prefix, side_name[s], fact_name[k], suffix);
				n++;
			}
	}
	/* The policies of single metrics, when the runs' own did not
	 * already differ (a program's default against the runner's). */
	if (npolicy > 0 && !placed) {
		const struct metric *m = policy_first;

		fprintf(f, "%swarning: the sides differ in placement policy of ", prefix);
		put_name(f, m, e);
		fputs(": base '", f);
		put(f, m->part[BASE].policy, e);
		fputs("', new '", f);
		put(f, m->part[NEW].policy, e);
		fputc('\'', f);
		if (npolicy > 1)
			fprintf(f, " (and %zu more metric%s)", npolicy - 1, npolicy > 2 ? "s" : "");
		fprintf(f, "%s\n", suffix);
		n++;
	}
	return n;
}

static void
side_line(FILE *f, int s, enum esc e)
{
	const struct side *sd = &sides[s];

	fprintf(f, "%s: ", side_name[s]);
	put(f, sd->spec, e);
	fprintf(f, " (%zu run%s", sd->nfiles, sd->nfiles == 1 ? "" : "s");
	if (sd->host) {
		fputs(", ", f);
		put(f, sd->host, e);
	}
	if (sd->date) {
		fputs(", ", f);
		put(f, sd->date, e);
	}
	fputs(")", f);
}

static const char *const ci_note =
	"no confidence interval below 6 samples a side: no pair of order "
	"statistics covers the median with 95 % probability (the full range "
	"of 5 covers it 93.75 % of the time)";

/* The geometric mean's change as "+1.23%", or "n/a" when no row was
 * judged (nothing compared, or only facts such as tlb's pages): never a
 * zero that reads as "no change". */
static void
geo_text(char *out, size_t len, const struct summary *s)
{
	if (s->ngeo > 0)
		snprintf(out, len, "%+.2f%%", s->geo);
	else
		snprintf(out, len, "n/a");
}

/*
 * The geomean row's word, the gate's verdict in other words: "no
 * regression" only when the gate passes; when it fails with no
 * regression among the compared rows, what fails it.  Empty when there
 * are regressions (the rows above say so).
 */
static void
verdict_text(char *out, size_t len, const struct summary *s,
             const struct opts *o)
{
	size_t failed = sides[NEW].nrecords[1], n;

	*out = '\0';
	if (s->regress > 0)
		return;
	if (!s->fail) {
		snprintf(out, len, "no regression");
		return;
	}
	n = (size_t)snprintf(out, len, "no regression compared, but the gate fails:");
	if (failed > 0 && n < len)
		n += (size_t)snprintf(out + n, len - n, " %zu failed run%s", failed,
		                      failed == 1 ? "" : "s");
	if (!o->allow_missing && s->missing > 0 && n < len)
		n += (size_t)snprintf(out + n, len - n, "%s %zu missing",
		                      failed > 0 ? "," : "", s->missing);
	if (o->strict && s->unreliable > 0 && n < len)
		snprintf(out + n, len - n, "%s %zu unreliable (--strict)",
		         failed > 0 || (!o->allow_missing && s->missing > 0) ? "," : "",
		         s->unreliable);
}

/* The summary in one line, ended by end. */
static void
summary_line(FILE *f, const struct summary *s, const struct opts *o,
             const char *end)
{
	char geo[32];

	geo_text(geo, sizeof(geo), s);
	fprintf(f, "%zu compared: %zu regression%s, %zu improvement%s, %zu failed run%s, "
	        "%zu missing%s, %zu new, %zu unreliable; geomean %s (+ = better)",
	        s->rows, s->regress, s->regress == 1 ? "" : "s", s->improve,
	        s->improve == 1 ? "" : "s", sides[NEW].nrecords[1],
	        sides[NEW].nrecords[1] == 1 ? "" : "s",
	        s->missing, o->allow_missing && s->missing ? " (allowed)" : "",
	        s->added, s->unreliable, geo);
	if (o->gate)
		fprintf(f, "; gate: %s", s->fail ? "FAIL" : "pass");
	fputs(end, f);
}

static void
out_text(FILE *f, const struct row *rows, const struct summary *sum,
         const struct opts *o)
{
	size_t i, w = 6, lw = 14;
	char b[64], n[64], st[96], nm[256], geo[32], verdict[160];
	const struct record *rec;

	side_line(f, BASE, E_TEXT);
	fputc('\n', f);
	side_line(f, NEW, E_TEXT);
	fputc('\n', f);
	warnings(f, "", "", E_TEXT);
	for (i = 0; i < nmetrics; i++) {
		size_t l = strlen(rows[i].m->name) + strlen(rows[i].m->params) +
		           strlen(rows[i].m->size) + 8;

		if (row_compared(&rows[i]) && l > w)
			w = l;
	}
	if (w > 60)
		w = 60;
	if (strlen(sides[BASE].label) > lw)
		lw = strlen(sides[BASE].label);
	if (strlen(sides[NEW].label) > lw)
		lw = strlen(sides[NEW].label);
	fprintf(f, "%-*s %6s %*s %4s %*s %4s %9s  %s\n", (int)w, "metric", "unit",
	        (int)lw, sides[BASE].label, "n", (int)lw, sides[NEW].label, "n",
	        "change", "status (change: + = better)");
	for (i = 0; i < nmetrics; i++) {
		const struct row *r = &rows[i];
		char *c;

		if (!row_compared(r))
			continue;
		snprintf(nm, sizeof(nm), "%s%s%s%s%s", r->m->name,
		         *r->m->params ? " " : "", r->m->params,
		         *r->m->size ? " size=" : "", r->m->size);
		for (c = nm; *c != '\0'; c++)
			if ((unsigned char)*c < 0x20 || *c == 0x7f)
				*c = '?';
		cell(b, sizeof(b), &r->s[BASE]);
		cell(n, sizeof(n), &r->s[NEW]);
		status_text(st, sizeof(st), r);
		fprintf(f, "%-*.60s %6s %*s %4zu %*s %4zu %+8.2f%%  %s\n", (int)w, nm,
		        r->m->unit, (int)lw, b, r->s[BASE].n, (int)lw, n,
		        r->s[NEW].n, r->change, st);
	}
	geo_text(geo, sizeof(geo), sum);
	verdict_text(verdict, sizeof(verdict), sum, o);
	fprintf(f, "%-*s %6s %*s %4s %*s %4s %9s  %s\n", (int)w,
	        "geomean", "", (int)lw, "", "", (int)lw, "", "", geo, verdict);
	for (i = 0; i < nmetrics; i++) {
		const struct row *r = &rows[i];

		if (row_compared(r))
			continue;
		fprintf(f, "%s: ", r->st == S_ADDED ? "new" : status_word[r->st]);
		put_name(f, r->m, E_TEXT);
		if (r->st == S_ADDED)
			fputs(" (only in new)", f);
		else if (r->rec != NULL) {
			fputs(" (", f);
			put(f, r->rec->command, E_TEXT);
			fprintf(f, ": %s %d: ", r->rec->failed ? "status" : "skipped,", r->rec->exit);
			put(f, r->rec->error, E_TEXT);
			fputs(")", f);
		} else
			fputs(" (only in base)", f);
		fputc('\n', f);
	}
	for (rec = records; rec != NULL; rec = rec->next) {
		fprintf(f, "%s in %s: ", rec->failed ? "FAILED" : "skipped", side_name[rec->side]);
		put(f, rec->command, E_TEXT);
		fprintf(f, ": status %d: ", rec->exit);
		put(f, rec->error, E_TEXT);
		fputc('\n', f);
	}
	if (sum->unknown)
		fprintf(f, "note: %zu change%s past the threshold with too few samples for a test: significance unknown\n",
		        sum->unknown, sum->unknown > 1 ? "s" : "");
	if (sum->fewci)
		fprintf(f, "note: %s\n", ci_note);
	if (sum->unreliable)
		fprintf(f, "note: %zu unreliable: a run's samples form two groups (mixed), so its median stands for neither; %s\n",
		        sum->unreliable, o->strict ? "--strict fails them" : "neither passed nor failed (--strict fails them)");
	summary_line(f, sum, o, "\n");
}

static void
json_num(FILE *f, const char *key, double v, int have)
{
	if (have && isfinite(v))
		fprintf(f, ",\"%s\":%.6g", key, v);
	else
		fprintf(f, ",\"%s\":null", key);
}

static void
json_side(FILE *f, int s)
{
	const struct side *sd = &sides[s];
	size_t i;
	int k;

	fprintf(f, "\"%s\":{\"label\":", side_name[s]);
	put(f, sd->label, E_JSON);
	fputs(",\"files\":[", f);
	for (i = 0; i < sd->nfiles; i++) {
		if (i)
			fputc(',', f);
		put(f, sd->files[i], E_JSON);
	}
	fputs("],\"host\":", f);
	put(f, sd->host ? sd->host : "", E_JSON);
	fputs(",\"date\":", f);
	put(f, sd->date ? sd->date : "", E_JSON);
	for (k = 0; k < NFACTS; k++) {
		static const char *const jk[] = { "cpu_model", "kernel", "compiler",
			                          "build_flags", "placement", "enough" };

		fprintf(f, ",\"%s\":", jk[k]);
		put(f, sd->fact[k] ? sd->fact[k] : "", E_JSON);
	}
	fputc('}', f);
}

static void
out_json(FILE *f, const struct row *rows, const struct summary *sum,
         const struct opts *o)
{
	const struct record *rec;
	size_t i;
	int s, k, nw = 0;

	fprintf(f, "{\"schema\":2,\"threshold_pct\":%g,\"alpha\":%g,\"sign\":\"+ = better\",", o->threshold, o->alpha);
	json_side(f, BASE);
	fputc(',', f);
	json_side(f, NEW);
	fputs(",\"warnings\":[", f);
	for (k = 0; k < NFACTS; k++)
		if (sides[BASE].fact[k] && sides[NEW].fact[k] &&
		    strcmp(sides[BASE].fact[k], sides[NEW].fact[k]) != 0)
			fprintf(f, "%s\"%s\"", nw++ ? "," : "", fact_name[k]);
	fputs("],\"metrics\":[", f);
	for (i = 0; i < nmetrics; i++) {
		const struct row *r = &rows[i];
		const struct metric *m = r->m;

		fputs(i ? ",\n{\"metric\":" : "\n{\"metric\":", f);
		put(f, m->name, E_JSON);
		fputs(",\"params\":", f);
		put(f, m->params, E_JSON);
		if (m->size_bytes >= 0)
			fprintf(f, ",\"size_bytes\":%.0f", m->size_bytes);
		else
			fputs(",\"size_bytes\":null", f);
		fputs(",\"unit\":", f);
		put(f, m->unit, E_JSON);
		fprintf(f, ",\"better\":\"%s\"", m->better > 0 ? "higher" : m->better < 0 ? "lower" : "none");
		for (s = 0; s < 2; s++) {
			const struct stat1 *st = &r->s[s];
			int have = m->part[s].runs.n > 0;

			json_num(f, side_name[s], st->value, have);
			fprintf(f, ",\"%s_n\":%zu", side_name[s], have ? st->n : 0);
			if (have && st->ci)
				fprintf(f, ",\"%s_ci\":[%.6g,%.6g]", side_name[s], st->lo, st->hi);
			else
				fprintf(f, ",\"%s_ci\":null", side_name[s]);
			fprintf(f, ",\"%s_mixed\":", side_name[s]);
			if (m->part[s].mixed)
				fprintf(f, "[%.6g,%.6g]", m->part[s].mixlo, m->part[s].mixhi);
			else
				fputs("null", f);
		}
		json_num(f, "better_pct", r->change, row_compared(r));
		json_num(f, "p", r->p, r->p >= 0);
		fprintf(f, ",\"test\":%s", r->p < 0 ? "null" : r->exact ? "\"exact\"" : "\"normal\"");
		fprintf(f, ",\"threshold_pct\":%g,\"status\":\"%s\"", r->limit, status_word[r->st]);
		if (r->unknown)
			fputs(",\"significance\":\"unknown\"", f);
		fputc('}', f);
	}
	fputs("],\n\"records\":[", f);
	for (rec = records; rec != NULL; rec = rec->next) {
		fprintf(f, "%s{\"side\":\"%s\",\"status\":\"%s\",\"command\":", rec == records ? "" : ",",
		        side_name[rec->side], rec->failed ? "failed" : "skipped");
		put(f, rec->command, E_JSON);
		fprintf(f, ",\"exit\":%d,\"error\":", rec->exit);
		put(f, rec->error, E_JSON);
		fputc('}', f);
	}
	fputs("],\n", f);
	if (sum->ngeo > 0)
		fprintf(f, "\"geomean_better_pct\":%.4f", sum->geo);
	else
		fputs("\"geomean_better_pct\":null", f);
	fprintf(f, ",\"compared\":%zu,\"regressions\":%zu,"
	        "\"improvements\":%zu,\"failed_runs\":%zu,\"failed_metrics\":%zu,"
	        "\"missing\":%zu,\"new_metrics\":%zu,"
	        "\"unreliable\":%zu,\"gate\":\"%s\"}\n",
	        sum->rows, sum->regress, sum->improve,
	        sides[NEW].nrecords[1], sum->failed, sum->missing, sum->added,
	        sum->unreliable, sum->fail ? "fail" : "pass");
}

/* ",v" with v as %.*g (fixed 0: %.*f), or "," alone when not had. */
static void
csv_num(FILE *f, double v, int have, int digits, int fixed)
{
	fputc(',', f);
	if (have && isfinite(v)) {
		if (fixed)
			fprintf(f, "%.*f", digits, v);
		else
			fprintf(f, "%.*g", digits, v);
	}
}

static void
out_csv(FILE *f, const struct row *rows, const struct summary *sum,
        const struct opts *o)
{
	size_t i;
	int s;

	fputs("metric,params,size_bytes,unit,better,base,base_n,base_ci_lo,base_ci_hi,"
	      "new,new_n,new_ci_lo,new_ci_hi,better_pct,p,test,threshold_pct,status\n", f);
	for (i = 0; i < nmetrics; i++) {
		const struct row *r = &rows[i];
		const struct metric *m = r->m;

		put(f, m->name, E_CSV);
		fputc(',', f);
		put(f, m->params, E_CSV);
		csv_num(f, m->size_bytes, m->size_bytes >= 0, 0, 1);
		fputc(',', f);
		put(f, m->unit, E_CSV);
		fprintf(f, ",%s", m->better > 0 ? "higher" : m->better < 0 ? "lower" : "none");
		for (s = 0; s < 2; s++) {
			int have = m->part[s].runs.n > 0;

			csv_num(f, r->s[s].value, have, 6, 0);
			fprintf(f, ",%zu", have ? r->s[s].n : 0);
			csv_num(f, r->s[s].lo, have && r->s[s].ci, 6, 0);
			csv_num(f, r->s[s].hi, have && r->s[s].ci, 6, 0);
		}
		csv_num(f, r->change, row_compared(r), 4, 1);
		csv_num(f, r->p, r->p >= 0, 4, 0);
		fprintf(f, ",%s,%g,%s\n", r->p < 0 ? "" : r->exact ? "exact" : "normal",
		        r->limit, status_word[r->st]);
	}
	/* The summary is no data row: it goes to stderr. */
	warnings(stderr, "compare: ", "", E_TEXT);
	fputs("compare: ", stderr);
	summary_line(stderr, sum, o, "\n");
}

static void
md_row(FILE *f, const struct row *r)
{
	char b[64] = "", n[64] = "", st[96];

	if (r->m->part[BASE].runs.n)
		cell(b, sizeof(b), &r->s[BASE]);
	if (r->m->part[NEW].runs.n)
		cell(n, sizeof(n), &r->s[NEW]);
	status_text(st, sizeof(st), r);
	fputs("| ", f);
	put_name(f, r->m, E_MD);
	fputs(" | ", f);
	put(f, r->m->unit, E_MD);
	fprintf(f, " | %s | %zu | %s | %zu | ", b,
	        r->m->part[BASE].runs.n ? r->s[BASE].n : 0, n,
	        r->m->part[NEW].runs.n ? r->s[NEW].n : 0);
	if (row_compared(r))
		fprintf(f, "%+.2f%%", r->change);
	fputs(" | ", f);
	if (r->st == S_REGRESSED || r->st == S_FAILED ||
	    (r->st == S_MISSING))
		fprintf(f, "**%s**", st);
	else
		put(f, st, E_MD);
	fputs(" |\n", f);
}

static void
md_head(FILE *f)
{
	fputs("| metric | unit | ", f);
	put(f, sides[BASE].label, E_MD);
	fputs(" | n | ", f);
	put(f, sides[NEW].label, E_MD);
	fputs(" | n | change (+ = better) | status |\n", f);
	fputs("|:--|:--|--:|--:|--:|--:|--:|:--|\n", f);
}

static int
row_notable(const struct row *r)
{
	return r->st != S_OK && r->st != S_SAME;
}

static void
out_markdown(FILE *f, const struct row *rows, const struct summary *sum,
             const struct opts *o)
{
	const struct record *rec;
	size_t i, notable = 0;

	fputs("### lmbench-ng compare: ", f);
	put(f, sides[BASE].label, E_MD);
	fputs(" → ", f);
	put(f, sides[NEW].label, E_MD);
	fputs("\n\n", f);
	for (i = 0; i < 2; i++) {
		fputs("- ", f);
		side_line(f, (int)i, E_MD);
		fputc('\n', f);
	}
	fputc('\n', f);
	if (warnings(f, "> **", "**  ", E_MD) > 0)
		fputc('\n', f);
	fputs("**", f);
	summary_line(f, sum, o, "**\n\n");
	for (i = 0; i < nmetrics; i++)
		notable += row_notable(&rows[i]);
	if (notable) {
		fputs("#### Changes\n\n", f);
		md_head(f);
		for (i = 0; i < nmetrics; i++)
			if (row_notable(&rows[i]))
				md_row(f, &rows[i]);
		fputc('\n', f);
	}
	for (rec = records; rec != NULL; rec = rec->next) {
		fprintf(f, "- %s in %s: `", rec->failed ? "**FAILED**" : "skipped", side_name[rec->side]);
		put(f, rec->command, E_TEXT);
		fprintf(f, "` status %d: ", rec->exit);
		put(f, rec->error, E_MD);
		fputc('\n', f);
	}
	if (records)
		fputc('\n', f);
	fprintf(f, "<details><summary>All %zu metrics</summary>\n\n", nmetrics);
	md_head(f);
	for (i = 0; i < nmetrics; i++)
		md_row(f, &rows[i]);
	fputs("\n</details>\n", f);
	if (sum->fewci)
		fprintf(f, "\nNote: %s.\n", ci_note);
}

static void
out_github(FILE *f, const struct row *rows, const struct summary *sum,
           const struct opts *o)
{
	const struct record *rec;
	size_t i;
	char b[64], n[64], st[96];

	for (i = 0; i < nmetrics; i++) {
		const struct row *r = &rows[i];
		int err = r->st == S_REGRESSED || r->st == S_FAILED ||
		          (r->st == S_MISSING && !o->allow_missing);

		if (!err && r->st != S_UNRELIABLE && !(r->st == S_MISSING))
			continue;
		fprintf(f, "::%s title=lmbench %s::", err ? "error" : "warning",
		        r->st == S_UNRELIABLE ? "unreliable" : status_word[r->st]);
		put_name(f, r->m, E_GH);
		if (row_compared(r)) {
			cell(b, sizeof(b), &r->s[BASE]);
			cell(n, sizeof(n), &r->s[NEW]);
			status_text(st, sizeof(st), r);
			fprintf(f, ": %s -> %s ", b, n);
			put(f, r->m->unit, E_GH);
			fprintf(f, " (%+.2f%%, + = better): %s", r->change, st);
		} else if (r->rec != NULL) {
			fputs(": ", f);
			put(f, r->rec->command, E_GH);
			fprintf(f, " status %d: ", r->rec->exit);
			put(f, r->rec->error, E_GH);
		} else {
			fputs(": in base, not in new", f);
		}
		fputc('\n', f);
	}
	for (rec = records; rec != NULL; rec = rec->next) {
		if (rec->side != NEW || !rec->failed)
			continue;
		fputs("::error title=lmbench failed::", f);
		put(f, rec->command, E_GH);
		fprintf(f, " status %d: ", rec->exit);
		put(f, rec->error, E_GH);
		fputc('\n', f);
	}
	warnings(f, "::warning title=lmbench machines differ::", "", E_GH);
	fputs("::notice title=lmbench compare::", f);
	summary_line(f, sum, o, "\n");
}

static void
out_junit(FILE *f, const struct row *rows, const struct summary *sum,
          const struct opts *o)
{
	size_t i, nfail = 0, nskip = 0;
	const struct record *rec;
	char b[64], n[64], st[96];

	for (i = 0; i < nmetrics; i++) {
		enum status s = rows[i].st;

		nfail += s == S_REGRESSED || s == S_FAILED ||
		         (s == S_MISSING && !o->allow_missing) ||
		         (s == S_UNRELIABLE && o->strict);
		nskip += (s == S_UNRELIABLE && !o->strict) ||
		         (s == S_MISSING && o->allow_missing);
	}
	for (rec = records; rec != NULL; rec = rec->next)
		nfail += rec->side == NEW && rec->failed;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n", f);
	fputs("<testsuite name=\"lmbench compare ", f);
	put(f, sides[BASE].label, E_XML);
	fputs(" vs ", f);
	put(f, sides[NEW].label, E_XML);
	fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"%zu\">\n",
	        nmetrics + sides[NEW].nrecords[1], nfail, nskip);
	for (i = 0; i < nmetrics; i++) {
		const struct row *r = &rows[i];
		enum status s = r->st;

		fputs("<testcase classname=\"lmbench\" name=\"", f);
		put_name(f, r->m, E_XML);
		fputs("\"", f);
		status_text(st, sizeof(st), r);
		if (row_compared(r)) {
			cell(b, sizeof(b), &r->s[BASE]);
			cell(n, sizeof(n), &r->s[NEW]);
		}
		if (s == S_REGRESSED || s == S_FAILED || (s == S_MISSING && !o->allow_missing) ||
		    (s == S_UNRELIABLE && o->strict)) {
			fputs(">\n<failure type=\"", f);
			put(f, status_word[s], E_XML);
			fputs("\" message=\"", f);
			if (row_compared(r)) {
				fprintf(f, "%s -> %s ", b, n);
				put(f, r->m->unit, E_XML);
				fprintf(f, " (%+.2f%%, + = better): ", r->change);
			}
			put(f, st, E_XML);
			if (r->rec != NULL) {
				fputs(": ", f);
				put(f, r->rec->command, E_XML);
				fprintf(f, " status %d: ", r->rec->exit);
				put(f, r->rec->error, E_XML);
			}
			fputs("\"/>\n</testcase>\n", f);
		} else if (s == S_UNRELIABLE || s == S_MISSING) {
			fputs(">\n<skipped message=\"", f);
			put(f, st, E_XML);
			fputs("\"/>\n</testcase>\n", f);
		} else {
			fputs("/>\n", f);
		}
	}
	for (rec = records; rec != NULL; rec = rec->next) {
		if (rec->side != NEW || !rec->failed)
			continue;
		fputs("<testcase classname=\"lmbench\" name=\"", f);
		put(f, rec->command, E_XML);
		fprintf(f, "\">\n<failure type=\"failed\" message=\"status %d: ", rec->exit);
		put(f, rec->error, E_XML);
		fputs("\"/>\n</testcase>\n", f);
	}
	fputs("</testsuite>\n</testsuites>\n", f);
	(void)sum;
}

/* ------------------------------------------------------------ main */

static int
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

/* The value of --name VALUE or --name=VALUE at argv[*i]; NULL if not it. */
static const char *
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

static int
number_opt(const char *name, const char *v, double *out)
{
	if (util_parse_double(v, out) != NULL) {
		util_err("bad %s '%s': a number expected", name, v);
		return -1;
	}
	return 0;
}

static void
free_all(struct opts *o, struct row *rows)
{
	struct metric *m;
	size_t i;
	int s;

	for (m = first; m != NULL; m = m->next_in_order)
		for (s = 0; s < 2; s++) {
			free(m->part[s].runs.v);
			free(m->part[s].samples.v);
		}
	for (i = 0; i < o->nrules; i++)
		regfree(&o->rules[i].re);
	free(o->rules);
	free(rows);
	free(add_key.s);
	free(add_name.s);
	free(table);
	arena_free();
}

/* Read both sides; 0, or -1 after one line saying why. */
static int
read_sides(int *json_mode)
{
	size_t i, values[2] = { 0, 0 };
	int s, json = 1;

	for (s = 0; s < 2; s++)
		for (i = 0; i < sides[s].nfiles; i++)
			json &= has_companion(sides[s].files[i]);
	*json_mode = json;
	for (s = 0; s < 2; s++)
		for (i = 0; i < sides[s].nfiles; i++) {
			const char *file = sides[s].files[i];
			struct header h;
			char *placement = NULL;
			size_t nv = 0, nj = 0;
			size_t recs = sides[s].nrecords[0] + sides[s].nrecords[1];

			memset(&h, 0, sizeof(h));
			if (read_text(s, file, !json, &h, &nv) < 0) {
				header_merge(&sides[s], &h, NULL);
				return -1;
			}
			if (json) {
				struct buf p = { 0 };
				int rc;

				buf_str(&p, file);
				buf_str(&p, ".json");
				rc = read_json(s, p.s, file, &placement, &nj);
				free(p.s);
				if (rc < 0) {
					header_merge(&sides[s], &h, NULL);
					free(placement);
					return -1;
				}
				nv = nj;
			}
			header_merge(&sides[s], &h, placement);
			free(placement);
			if (nv == 0 && sides[s].nrecords[0] + sides[s].nrecords[1] == recs) {
				util_err("%s: no metric found in it (not a result file?)", file);
				return -1;
			}
			values[s] += nv;
		}
	return 0;
}

int
main(int argc, char **argv)
{
	struct opts o = { 5, 0.05, 0, 0, 0, F_TEXT, NULL, 0 };
	struct summary sum;
	struct row *rows = NULL;
	const char *pos[2] = { NULL, NULL }, *v, *tfile = NULL;
	int i, npos = 0, json, missing = 0, rc = 2;
	size_t k;
	struct metric *m;

	util_set_progname(argv[0]);
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if ((v = opt_value(argc, argv, &i, "--threshold", &missing)) != NULL) {
			if (number_opt("--threshold", v, &o.threshold) < 0)
				goto out;
		} else if ((v = opt_value(argc, argv, &i, "--thresholds", &missing)) != NULL) {
			tfile = v;
		} else if ((v = opt_value(argc, argv, &i, "--alpha", &missing)) != NULL) {
			if (number_opt("--alpha", v, &o.alpha) < 0)
				goto out;
			if (o.alpha <= 0 || o.alpha >= 1) {
				util_err("bad --alpha '%s': between 0 and 1 expected", v);
				goto out;
			}
		} else if ((v = opt_value(argc, argv, &i, "--format", &missing)) != NULL) {
			for (k = 0; k < sizeof(format_names) / sizeof(format_names[0]); k++)
				if (strcmp(v, format_names[k]) == 0)
					break;
			if (k == sizeof(format_names) / sizeof(format_names[0])) {
				util_err("unknown format '%s' (text, json, csv, markdown, github or junit)", v);
				goto out;
			}
			o.format = (enum format)k;
		} else if (missing) {
			util_err("%s needs a value", a);
			goto out;
		} else if (strcmp(a, "--json") == 0) {
			o.format = F_JSON;
		} else if (strcmp(a, "--csv") == 0) {
			o.format = F_CSV;
		} else if (strcmp(a, "--fail-on-regression") == 0) {
			o.gate = 1;
		} else if (strcmp(a, "--allow-missing") == 0) {
			o.allow_missing = 1;
		} else if (strcmp(a, "--strict") == 0) {
			o.strict = 1;
			o.gate = 1;
		} else if (strcmp(a, "--") == 0) {
			for (i++; i < argc; i++) {
				if (npos == 2) {
					util_usage(USAGE);
					goto out;
				}
				pos[npos++] = argv[i];
			}
			break;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			util_usage(USAGE);
			goto out;
		} else if (a[0] == '-' && a[1] != '\0') {
			util_err("unknown option %s (see %s -h)", a, util_progname());
			goto out;
		} else {
			if (npos == 2) { /* a third operand */
				util_usage(USAGE);
				goto out;
			}
			pos[npos++] = a;
		}
	}
	if (npos != 2) {
		util_usage(USAGE);
		goto out;
	}
	if (tfile != NULL && read_rules(&o, tfile) < 0)
		goto out;
	if (side_files(&sides[BASE], pos[0]) < 0 || side_files(&sides[NEW], pos[1]) < 0)
		goto out;
	if (strcmp(sides[BASE].label, sides[NEW].label) == 0) {
		sides[BASE].label = "base";
		sides[NEW].label = "new";
	}
	if (read_sides(&json) < 0)
		goto out;
	for (m = first; m != NULL; m = m->next_in_order)
		if (m->part[BASE].runs.n && m->part[NEW].runs.n)
			break;
	if (m == NULL && !(sides[NEW].nrecords[1] > 0 && nmetrics > 0)) {
		util_err("no metric in common between %s and %s", pos[0], pos[1]);
		goto out;
	}
	rows = compare(&o, &sum);
	switch (o.format) {
	case F_TEXT: out_text(stdout, rows, &sum, &o); break;
	case F_JSON: out_json(stdout, rows, &sum, &o); break;
	case F_CSV: out_csv(stdout, rows, &sum, &o); break;
	case F_MARKDOWN:
		cell_ascii = 0;
		out_markdown(stdout, rows, &sum, &o);
		break;
	case F_GITHUB: out_github(stdout, rows, &sum, &o); break;
	case F_JUNIT: out_junit(stdout, rows, &sum, &o); break;
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		util_syserr("cannot write the output");
		goto out;
	}
	rc = o.gate && sum.fail ? 1 : 0;
out:
	free_all(&o, rows);
	return rc;
}

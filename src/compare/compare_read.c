/*
 * compare_read.c - reading one text result file: its bracketed lines
 * (machine facts, failed and skipped runs, the cross-CPU section) and
 * its body, each as classic_kind reads it; the facts merged into a side.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "compare.h"
#include "lib_util.h"

const char *const side_name[] = { "base", "new" };
const char *const fact_name[] = { "CPU model",          "kernel",
	                          "compiler",           "build flags",
	                          "placement policy",   "ENOUGH",
	                          "memory (NUMA nodes)" };
_Static_assert(sizeof(fact_name) / sizeof(fact_name[0]) == NFACTS,
               "a name for every machine fact");

/* "[KEY: value]" header keys and what they feed. */
static const struct {
	const char *key;
	int fact; /* enum fact, or -1 */
} header_keys[] = {
	{ "CPU_MODEL", K_CPU },     { "KERNEL", K_KERNEL },
	{ "COMPILER", K_COMPILER }, { "BUILD_FLAGS", K_FLAGS },
	{ "ENOUGH", K_ENOUGH },     { "MEMORY_NODES", K_MEMORY },
};

void
add_record(struct cmp *cx, int side, int failed, const char *command, const char *program,
           const char *args, int exitcode, const char *error, const char *file,
           int cross)
{
	struct record *r = xalloc(cx, sizeof(*r));
	struct buf c = { 0 };

	buf_str(&c, command);
	if (cross)
		buf_str(&c, CROSS_TAG);
	r->side = side;
	r->failed = failed;
	r->cross = cross;
	r->command = xstrdup(cx, c.s);
	free(c.s);
	r->program = program ? xstrdup(cx, program) : NULL;
	r->args = args ? xstrdup(cx, args) : NULL;
	r->exit = exitcode;
	r->error = xstrdup(cx, error ? error : "");
	r->file = file;
	*cx->records_tail = r;
	cx->records_tail = &r->next;
	cx->sides[side].nrecords[failed]++;
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

/* The span s as a string in b (what b held before gone). */
static char *
span_str(struct buf *b, struct span s)
{
	b->n = 0;
	buf_add(b, s.p, s.n);
	return b->s;
}

/* Whether the span s is the word w. */
static int
span_is(struct span s, const char *w)
{
	return s.n == strlen(w) && memcmp(s.p, w, s.n) == 0;
}

/* Where the header line's key k goes in h, or NULL for none. */
static char **
header_slot(struct header *h, struct span k)
{
	size_t i;

	for (i = 0; i < sizeof(header_keys) / sizeof(header_keys[0]); i++)
		if (span_is(k, header_keys[i].key))
			return &h->key[header_keys[i].fact];
	if (span_is(k, "HOSTNAME"))
		return &h->host;
	if (span_is(k, "RELEASE"))
		return &h->release;
	if (span_is(k, "SYSNAME"))
		return &h->sysname;
	if (span_is(k, "LMBENCH_SCHED"))
		return &h->sched;
	return NULL;
}

/* A header line without a value that is date(1)'s output, "Sat Nov 29
 * 20:30:00 UTC 2025" (the first one is the run's date). */
static int
is_date(const struct line_kind *k)
{
	struct span s = k->f[0];

	return k->f[1].n == 0 && s.n > 12 && s.p[3] == ' ' && s.p[7] == ' ' &&
	       s.p[0] >= 'A' && s.p[0] <= 'Z' && s.p[4] >= 'A' && s.p[4] <= 'Z' &&
	       s.p[2] != ':' && memchr(s.p, ':', s.n) != NULL;
}

/*
 * A "[...]" line of a text file, as classic_kind reads it (a line not
 * closed by its ']' is passed over): a header fact (the first of each),
 * the date, the runner's failed and skipped runs (in a classic body),
 * the bounds of its cross-CPU section ("[CROSS-CPU: begin: ...]" to
 * "[CROSS-CPU: end]"), whose figures' own lines are the JSON's.
 */
static void
bracket_line(struct cmp *cx, int side, struct header *h, const char *line, size_t n,
             int classic, const char *file)
{
	struct line_kind k;
	struct buf a = { 0 }, b = { 0 };
	char **slot;

	if (n < 2 || line[n - 1] != ']')
		return;
	classic_kind(line, n, &k);
	if (k.kind == L_XBEGIN || k.kind == L_XEND) {
		h->cross = k.kind == L_XBEGIN;
	} else if ((k.kind == L_FAILED || k.kind == L_SKIPPED) && classic) {
		int failed = k.kind == L_FAILED;
		int code = failed ? (k.status >= 0 ? k.status : 1) : 77;

		add_record(cx, side, failed, trim(span_str(&a, k.f[0])), NULL, NULL, code,
		           span_str(&b, k.f[1]), file, h->cross);
	} else if (k.kind == L_HEAD && h->date == NULL && is_date(&k)) {
		h->date = strdup(span_str(&a, k.f[0]));
	} else if (k.kind == L_HEAD && (slot = header_slot(h, k.f[0])) != NULL &&
	           *slot == NULL) {
		*slot = strdup(trim(span_str(&a, k.f[1])));
	}
	free(a.s);
	free(b.s);
}

/* The first word of a placement: its policy. */
void
policy(char *out, size_t len, const char *s)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strcspn(s, " ");
	snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), s);
}

/* The next "nodeN SIZE MB" of a memory list at *s, past its ", ":
 * 0 with the node and size, -1 at the end or on anything else. */
static int
next_node(const char **s, unsigned long *node, unsigned long *mb)
{
	const char *p = *s;
	char *end;

	if (strncmp(p, "node", 4) != 0 || p[4] < '0' || p[4] > '9')
		return -1;
	*node = strtoul(p + 4, &end, 10);
	if (*end != ' ' || end[1] < '0' || end[1] > '9')
		return -1;
	*mb = strtoul(end + 1, &end, 10);
	if (strncmp(end, " MB", 3) != 0)
		return -1;
	p = end + 3;
	if (strncmp(p, ", ", 2) == 0)
		p += 2;
	else if (*p != '\0')
		return -1;
	*s = p;
	return 0;
}

int
fact_same(enum fact k, const char *a, const char *b)
{
	unsigned long na, nb, ma, mb;

	if (strcmp(a, b) == 0)
		return 1;
	if (k != K_MEMORY)
		return 0;
	while (*a != '\0' && *b != '\0') {
		if (next_node(&a, &na, &ma) != 0 || next_node(&b, &nb, &mb) != 0 ||
		    na != nb ||
		    (double)(ma > mb ? ma - mb : mb - ma) > 0.01 * (double)(ma > mb ? ma : mb))
			return 0;
	}
	return *a == '\0' && *b == '\0';
}

static void
side_fact(struct cmp *cx, struct side *s, enum fact k, const char *v)
{
	/* memfacts says "not stated (why)" where older files say nothing:
	 * either is no fact */
	if (v == NULL || *v == '\0' || strncmp(v, "not stated", 10) == 0)
		return;
	if (s->fact[k] == NULL)
		s->fact[k] = xstrdup(cx, v);
	else if (!fact_same(k, s->fact[k], v))
		s->varied[k] = 1;
}

void
header_merge(struct cmp *cx, struct side *sd, struct header *h, const char *json_placement)
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
		side_fact(cx, sd, (enum fact)k, k == K_PLACEMENT ? pol : h->key[k]);
	if (sd->host == NULL && h->host != NULL)
		sd->host = xstrdup(cx, h->host);
	if (sd->date == NULL && h->date != NULL)
		sd->date = xstrdup(cx, h->date);
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
int
read_text(struct cmp *cx, int side, const char *file, int classic, struct header *h,
          size_t *nvalues)
{
	FILE *f = fopen(file, "r");
	char *line = NULL;
	size_t cap = 0, before = cx->nvalues_added;
	ssize_t len;
	long lineno = 0;
	int last_bracket = 0, rc = 0, ended = 1;
	struct classic c = { "", "", 1, "", NULL, 0 };
	struct source src = { side, cx->next_run++, NULL, NULL };

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
			bracket_line(cx, side, h, line, (size_t)len, classic, file);
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
			classic_line(cx, &src, &c, line);
	}
	if (rc == 0 && ferror(f))
		rc = bad_file(file, "read error", 0);
	if (rc == 0 && lineno == 0)
		rc = bad_file(file, "empty file", 0);
	if (rc == 0 && (!ended || !last_bracket))
		rc = bad_file(file, "truncated: it does not end with the run's closing date line", 0);
	free(line);
	fclose(f);
	*nvalues = cx->nvalues_added - before;
	return rc;
}

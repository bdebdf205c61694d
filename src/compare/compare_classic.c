/*
 * compare_classic.c - the figures of a classic result file's lines
 * (ours and original lmbench 3 ones), as classic_kind reads each line:
 * labels, sections of pairs, the lat_fs and lat_http tables.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"


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
classic_pair(struct cmp *cx, const struct source *src, struct classic *c, const char *x,
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
	metric_add(cx, src, c->kind == X_PROCS ? name : c->sec, params, size, bytes,
	           c->unit->unit, c->unit->better, v, NULL);
}

/* The span s of line as a string: its end overwritten with a NUL (the
 * blank or ": " that ends it). */
static char *
term(char *line, struct span s)
{
	char *p = line + (s.p - line);

	p[s.n] = '\0';
	return p;
}

/* "Label: value [unit]": the label, value and unit words of k. */
static void
classic_label(struct cmp *cx, const struct source *src, char *line, const struct line_kind *k)
{
	const struct unit_rule *u;
	const char *unit = k->f[2].n > 0 ? term(line, k->f[2]) : NULL;
	const char *label = term(line, k->f[0]);
	double v;

	if (k->f[1].n == 0 || !is_number(term(line, k->f[1]), &v))
		return;
	u = unit_classic(unit, label, 0, NULL);
	if (u != NULL)
		metric_add(cx, src, label, "", "", -1, u->unit, u->better, v, NULL);
	else /* a unit no row knows: lower is better, as most of lmbench */
		metric_add(cx, src, label, "", "", -1, unit != NULL ? unit : "", -1, v, NULL);
}

/* lat_fs: "SIZEk TAB files TAB creates/s TAB deletes/s" */
static int
classic_fs(struct cmp *cx, const struct source *src, char *line)
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
	metric_add(cx, src, "File system create", "", size, k * 1024, u->unit, u->better, c, NULL);
	metric_add(cx, src, "File system delete", "", size, k * 1024, u->unit, u->better, d, NULL);
	return 1;
}

/* lat_http: "Avg xfer: ..., R MB/sec" (or KB/sec) */
static void
classic_http(struct cmp *cx, const struct source *src, char *line)
{
	char *e = line + strlen(line), *u, *num;
	const struct unit_rule *hu;
	double v;

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
	metric_add(cx, src, "HTTP transfer", "", "", -1, hu->unit, hu->better, v, NULL);
}

/*
 * One body line of a classic file (no bracket, not blank, its trailing
 * blanks off): what it is comes from classic_kind, the one reader the
 * summary and the report share (lmbench-compare --classic); the figures
 * compare takes from it are its own rules.
 */
void
classic_line(struct cmp *cx, const struct source *src, struct classic *c, char *line)
{
	struct line_kind k;
	char copy[64];
	double x, v;

	if (*line == '#')
		return;
	if (strchr(line, '\t') != NULL && *line >= '0' && *line <= '9') {
		char tmp[512];

		snprintf(tmp, sizeof(tmp), "%s", line);
		if (classic_fs(cx, src, tmp))
			return;
	}
	if (strncmp(line, "Avg xfer", 8) == 0) {
		classic_http(cx, src, line);
		return;
	}
	classic_kind(line, strlen(line), &k);
	switch (k.kind) {
	case L_MARKER: {
		char *m = term(line, k.f[0]), *o = strstr(m, " ovr=");

		if (o != NULL)
			*o = '\0';
		if (strncmp(m, "stride=", 7) != 0)
			c->title[0] = '\0';
		snprintf(c->marker, sizeof(c->marker), "%s", trim(m));
		c->dirty = 1;
		break;
	}
	case L_LABEL: classic_label(cx, src, line, &k); break;
	case L_PAIR:
		if (is_number(term(line, k.f[0]), &x) && is_number(term(line, k.f[1]), &v)) {
			snprintf(copy, sizeof(copy), "%s", k.f[0].p);
			classic_pair(cx, src, c, copy, x, v);
		}
		break;
	case L_TITLE: {
		/* a section title without a quote ("Memory read bandwidth"),
		 * but never a line of figures */
		const char *p;

		for (p = line; *p != '\0'; p++)
			if (p[0] >= '0' && p[0] <= '9' && p[1] == '.' &&
			    p[2] >= '0' && p[2] <= '9')
				return;
		snprintf(c->title, sizeof(c->title), "%s", trim(line));
		c->marker[0] = '\0';
		c->dirty = 1;
		break;
	}
	default: break;
	}
}

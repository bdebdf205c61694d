/*
 * compare_classic.c - the classic lines of a result file (original lmbench 3 files): labels, sections of pairs, the lat_fs and lat_http tables.
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

/* "Label: value [unit]" */
static void
classic_label(struct cmp *cx, const struct source *src, char *line, char *colon)
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
		metric_add(cx, src, line, "", "", -1, u->unit, u->better, v, NULL);
	else /* a unit no row knows: lower is better, as most of lmbench */
		metric_add(cx, src, line, "", "", -1, n >= 2 ? w[1] : "", -1, v, NULL);
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

/* One body line of a classic file. */
void
classic_line(struct cmp *cx, const struct source *src, struct classic *c, char *line)
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
		if (classic_fs(cx, src, tmp))
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
		metric_add(cx, src, "HTTP transfer", "", "", -1, hu->unit, hu->better, v, NULL);
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
			classic_pair(cx, src, c, copy, x, v);
			return;
		}
	} else {
		classic_label(cx, src, line, colon);
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

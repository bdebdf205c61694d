/*
 * compare_put.c - escaping for every output syntax and the cells every format shares.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

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

/* One ASCII character c escaped for the syntax e. */
static void
put_char(FILE *f, unsigned c, enum esc e)
{
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
		else if ((c < 0x20 && c != '\t') || c == 0x7f)
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

/*
 * Write s escaped for one output syntax: every string of every format
 * goes through here.  Bytes that are not UTF-8 become U+FFFD (JSON, XML)
 * or '?'; control characters are escaped where the syntax can, else
 * replaced (in XML, which HTML pages use too, DEL by '?' and the C1
 * controls by U+FFFD).
 */
void
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
		/* C1 controls: not characters HTML allows in text */
		if (n == 2 && e == E_XML && s[0] == 0xc2 && s[1] < 0xa0) {
			fputs("&#xFFFD;", f);
			s += n;
			continue;
		}
		if (n > 1) {
			fwrite(s, 1, n, f);
			s += n;
			continue;
		}
		s++;
		put_char(f, c, e);
	}
	if (e == E_JSON || e == E_CSV)
		fputc('"', f);
}

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
void
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

/* A side's cell: "0.0996 +-0.5%", the median of its runs and their
 * spread (the sd of their logs; ASCII in text, where columns are
 * counted in bytes); the value alone below two runs. */
void
cell(struct cmp *cx, char *out, size_t len, const struct stat1 *s)
{
	char v[32];

	fmt_num(v, sizeof(v), s->value);
	if (s->spread >= 0)
		snprintf(out, len, "%s %s%.1f%%", v, cx->cell_ascii ? "+-" : "±", s->spread);
	else
		snprintf(out, len, "%s", v);
}

/* The change's interval, "[-3.1%, +0.8%]", or "" without a test. */
void
interval_text(char *out, size_t len, const struct row *r)
{
	if (r->tested && row_compared(r))
		snprintf(out, len, "[%+.1f%%, %+.1f%%]", r->lo, r->hi);
	else
		snprintf(out, len, "%s", "");
}

/* The noise floor, "4.2%", or "?" when unknown. */
void
floor_text(char *out, size_t len, const struct row *r)
{
	if (r->floor >= 0)
		snprintf(out, len, "%.1f%%", r->floor);
	else
		snprintf(out, len, "?");
}

void
status_text(char *out, size_t len, const struct row *r)
{
	switch (r->st) {
	case S_SAME: snprintf(out, len, "~ (p=%.2g)", r->p); break;
	case S_REGRESSED:
	case S_IMPROVED:
	case S_CHANGED:
		snprintf(out, len, "%s (p=%.2g, Holm %.2g)", status_word[r->st], r->p, r->padj);
		break;
	case S_CANNOT:
		if (!r->tested && r->hint >= 0)
			snprintf(out, len, "cannot tell: 1 run a side, no test (%d a side: about %.0f%% at best)",
			         RUNS_ADVISED, r->hint);
		else if (!r->tested)
			snprintf(out, len, "cannot tell: 1 run a side, no test");
		else
			snprintf(out, len, "cannot judge %g%% here (floor %.1f%%)", r->limit, r->floor);
		break;
	case S_UNRELIABLE: snprintf(out, len, "unreliable (mixed samples)"); break;
	default: snprintf(out, len, "%s", status_word[r->st]); break;
	}
}

/*
 * lib_json.c - the pieces of a JSON record (lib_json.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_json.h"
#include "lib_util.h"

/*
 * The length of the well-formed UTF-8 sequence at s (RFC 3629: the
 * shortest form, no surrogates, nothing above U+10FFFF), or 0 when the
 * byte at s does not start one.
 */
size_t
json_utf8_len(const unsigned char *s)
{
	size_t n, i;
	unsigned long c;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		c = s[0] & 0x1fu;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		c = s[0] & 0x0fu;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		c = s[0] & 0x07u;
	} else {
		return 0;
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80) /* the string's end included */
			return 0;
		c = c << 6 | (s[i] & 0x3fu);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	return n;
}

void
json_string(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', f);
	while (*p != '\0') {
		size_t n = json_utf8_len(p);

		if (n == 0) {
			/* Not UTF-8: the replacement character, and on with
			 * the next byte. */
			fputs("\\ufffd", f);
			n = 1;
		} else if (*p == '"' || *p == '\\') {
			fprintf(f, "\\%c", *p);
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(f, "\\u%04x", *p);
		} else {
			fwrite(p, 1, n, f);
		}
		p += n;
	}
	fputc('"', f);
}

void
json_number(FILE *f, double v)
{
	char buf[40];
	int digits;

	if (!isfinite(v)) {
		fputs("null", f);
		return;
	}
	/* Whole numbers as integers ("2000", not "2e+03"). */
	if (v == floor(v) && fabs(v) < 1e15) {
		fprintf(f, "%.0f", v);
		return;
	}
	/* The fewest significant digits that read back as v: 17 always do. */
	for (digits = 1; digits < 17; digits++) {
		snprintf(buf, sizeof(buf), "%.*g", digits, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (digits == 17)
		snprintf(buf, sizeof(buf), "%.17g", v);
	fputs(buf, f);
}

/* A parameter's field name: known keys with their unit. */
static const char *
param_name(const char *key, size_t len)
{
	static const struct {
		const char *key, *name;
	} names[] = {
		{ "stride", "stride_bytes" }, { "size", "size_bytes" },
		{ "procs", "processes" },     { "jobs", "jobs" },
		{ "usecs", "work_us" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i].key) == len &&
		    strncmp(key, names[i].key, len) == 0)
			return names[i].name;
	return NULL;
}

/* One KEY=VALUE word (len bytes at w) as a member, with sep before it. */
static void
param(FILE *f, const char *w, size_t len, const char *eq, const char *sep)
{
	char key[64], val[64];
	const char *name;
	uint64_t n;
	size_t klen = (size_t)(eq - w), vlen = len - klen - 1;

	if (klen >= sizeof(key) || vlen >= sizeof(val))
		return;
	memcpy(key, w, klen);
	key[klen] = '\0';
	memcpy(val, eq + 1, vlen);
	val[vlen] = '\0';
	name = param_name(key, klen);
	fputs(sep, f);
	json_string(f, name ? name : key);
	fputc(':', f);
	/* A number, or a size with its suffix (16k), as a number. */
	if (util_parse_size(val, 1, &n) == NULL)
		json_number(f, (double)n);
	else
		json_string(f, val);
}

/* Does words hold a word "KEY=..." for the key of the klen bytes at k? */
static int
has_key(const char *words, const char *k, size_t klen)
{
	const char *p = words;

	while (*p != '\0') {
		size_t len = strcspn(p, " ");

		if (len > klen && strncmp(p, k, klen) == 0 && p[klen] == '=')
			return 1;
		p += len;
		p += strspn(p, " ");
	}
	return 0;
}

/* The KEY=VALUE words of words as members (but those whose key skip
 * holds), *sep before each: ",\"params\":{" first, then ",". */
static void
params_of(FILE *f, const char *words, const char *skip, const char **sep)
{
	const char *p = words;

	while (*p != '\0') {
		size_t len = strcspn(p, " ");
		const char *eq = memchr(p, '=', len);

		if (eq != NULL && eq > p && (size_t)(eq - p) + 1 < len &&
		    (skip == NULL || !has_key(skip, p, (size_t)(eq - p)))) {
			param(f, p, len, eq, *sep);
			*sep = ",";
		}
		p += len;
		p += strspn(p, " ");
	}
}

void
json_params(FILE *f, const char *metric, const char *extra)
{
	const char *sep = ",\"params\":{";

	params_of(f, metric, NULL, &sep);
	if (extra != NULL)
		params_of(f, extra, metric, &sep);
	if (*sep == ',' && sep[1] == '\0')
		fputc('}', f);
}

void
json_emit(const char *path, const char *line, size_t len)
{
	int fd, close_it = 0;
	ssize_t w;

	if (strcmp(path, "-") == 0) {
		fflush(stdout);
		fd = STDOUT_FILENO;
	} else {
		fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0) {
			util_syserr("cannot open LMBENCH_JSON file %s", path);
			return;
		}
		close_it = 1;
	}
	do
		w = write(fd, line, len);
	while (w < 0 && errno == EINTR);
	if (w != (ssize_t)len)
		util_syserr("cannot write the JSON record");
	if (close_it)
		close(fd);
}

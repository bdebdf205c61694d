/*
 * lib_json_place.c - a measurement's placement (the words lib_party and
 * lib_mem write, "CROSS cpus=0 main=0 helper=1 shared=L3") as a JSON
 * object of typed members (lib_json.h, doc/lmbench-ng-json.5), so that
 * no reader of a record parses the words again.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_json.h"
#include "lib_util.h"

/* The words of a placement: at most this many are read. */
#define PLACE_WORDS 96

struct words {
	const char *w[PLACE_WORDS];
	size_t len[PLACE_WORDS];
	int n;
};

static void
split(const char *s, struct words *ws)
{
	ws->n = 0;
	s += strspn(s, " ");
	while (*s != '\0' && ws->n < PLACE_WORDS) {
		size_t len = strcspn(s, " ");

		ws->w[ws->n] = s;
		ws->len[ws->n++] = len;
		s += len;
		s += strspn(s, " ");
	}
}

/* The len bytes at s as a JSON string. */
static void
string_n(FILE *f, const char *s, size_t len)
{
	char buf[512];

	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	json_string(f, buf);
}

/* The decimal number of len bytes at s into *v: 0, or -1 where it is
 * not one ("?"). */
static int
number_of(const char *s, size_t len, uint64_t *v)
{
	char buf[24];

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return util_parse_u64(buf, 0, UINT64_MAX / 2, v) == NULL ? 0 : -1;
}

/* A CPU number ("12"), or -1 where it is not one. */
static long
cpu_of(const char *s, size_t len)
{
	uint64_t v;

	if (number_of(s, len, &v) != 0 || v > 1u << 20)
		return -1;
	return (long)v;
}

/* The comma-separated items of the len bytes at s as a JSON array, each
 * written by item. */
static void
list(FILE *f, const char *s, size_t len,
     void (*item)(FILE *f, const char *s, size_t len))
{
	const char *end = s + len;

	fputc('[', f);
	while (s < end) {
		const char *comma = memchr(s, ',', (size_t)(end - s));
		size_t n = (size_t)((comma != NULL ? comma : end) - s);

		item(f, s, n);
		s += n;
		if (s < end) {
			fputc(',', f);
			s++;
		}
	}
	fputc(']', f);
}

/* A copy's CPU: a number, or null for "?". */
static void
cpu_item(FILE *f, const char *s, size_t len)
{
	long cpu = cpu_of(s, len);

	if (cpu < 0)
		fputs("null", f);
	else
		fprintf(f, "%ld", cpu);
}

/* A copy's CPUs seen, "0+1": [0,1]; "?" (not found) null; a "+..."
 * (more CPUs than a party's record holds) is left out. */
static void
seen_item(FILE *f, const char *s, size_t len)
{
	const char *end = s + len;
	int first = 1;

	if (len == 1 && *s == '?') {
		fputs("null", f);
		return;
	}
	fputc('[', f);
	while (s < end) {
		const char *plus = memchr(s, '+', (size_t)(end - s));
		size_t n = (size_t)((plus != NULL ? plus : end) - s);
		long cpu = cpu_of(s, n);

		if (cpu >= 0) {
			fprintf(f, "%s%ld", first ? "" : ",", cpu);
			first = 0;
		}
		s += n + (plus != NULL);
	}
	fputc(']', f);
}

/* A party word's name and value: "helper3-7=0" is helpers 3 to 7, each
 * a member of its own. */
static void
party(FILE *f, const char *w, size_t klen, const char *v, size_t vlen,
      const char **sep)
{
	const char *dash = memchr(w, '-', klen);
	size_t base = dash != NULL ? (size_t)(dash - w) : klen;
	size_t digits = base;
	long lo, hi, k;

	while (digits > 0 && w[digits - 1] >= '0' && w[digits - 1] <= '9')
		digits--;
	lo = hi = -1;
	if (dash != NULL && digits < base) {
		lo = cpu_of(w + digits, base - digits);
		hi = cpu_of(dash + 1, klen - base - 1);
	}
	if (lo < 0 || hi < lo || hi - lo > 4096) {
		fputs(*sep, f);
		string_n(f, w, klen);
		fputc(':', f);
		list(f, v, vlen, seen_item);
		*sep = ",";
		return;
	}
	for (k = lo; k <= hi; k++) {
		char name[96];

		snprintf(name, sizeof(name), "%.*s%ld", (int)(digits < 64 ? digits : 64), w, k);
		fputs(*sep, f);
		json_string(f, name);
		fputc(':', f);
		list(f, v, vlen, seen_item);
		*sep = ",";
	}
}

/* Is the key of klen bytes at w one of the words' own (not a party)? */
static int
is_key(const char *w, size_t klen, const char *key)
{
	return strlen(key) == klen && strncmp(w, key, klen) == 0;
}

/* "WORD+BYTES" (v, vlen bytes) as ,"name":{"word":"WORD","bytes":BYTES}
 * under the names given; BYTES null where it is not a number. */
static void
word_bytes(FILE *f, const char *name, const char *word, const char *bytes,
           const char *v, size_t vlen)
{
	const char *plus = memchr(v, '+', vlen);
	size_t ln = plus != NULL ? (size_t)(plus - v) : vlen;
	uint64_t n;

	fprintf(f, ",\"%s\":{\"%s\":", name, word);
	string_n(f, v, ln);
	if (plus != NULL && number_of(plus + 1, vlen - ln - 1, &n) == 0)
		fprintf(f, ",\"%s\":%llu}", bytes, (unsigned long long)n);
	else
		fprintf(f, ",\"%s\":null}", bytes);
}

/* The words that are not parties. */
static int
own_key(const char *w, size_t klen)
{
	static const char *const keys[] = { "cpus",  "untracked", "shared", "moved",
		                            "buffers", "copies", "width",  "pages" };
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (is_key(w, klen, keys[i]))
			return 1;
	return 0;
}

void
json_placement(FILE *f, const char *text)
{
	struct words ws;
	const char *sep = ",\"parties\":{";
	int i, first;

	split(text, &ws);
	for (first = 0; first < ws.n && !memchr(ws.w[first], '=', ws.len[first]);)
		first++;
	fputs("{\"policy\":", f);
	/* "CUSTOM 1 0": the policy's words, as LMBENCH_SCHED has them. */
	string_n(f, ws.n > 0 ? ws.w[0] : "",
	         first > 0 ? (size_t)(ws.w[first - 1] + ws.len[first - 1] - ws.w[0]) : 0);
	fputs(",\"text\":", f);
	json_string(f, text);
	for (i = first; i < ws.n; i++) {
		const char *w = ws.w[i], *eq = memchr(w, '=', ws.len[i]);
		size_t klen = eq != NULL ? (size_t)(eq - w) : ws.len[i];
		const char *v = eq != NULL ? eq + 1 : w + klen;
		size_t vlen = ws.len[i] - klen - (eq != NULL);
		uint64_t n;

		if (eq == NULL || klen == 0)
			continue;
		if (is_key(w, klen, "cpus")) {
			fputs(",\"cpus\":", f);
			list(f, v, vlen, cpu_item);
		} else if (is_key(w, klen, "untracked")) {
			if (number_of(v, vlen, &n) == 0)
				fprintf(f, ",\"untracked\":%llu", (unsigned long long)n);
		} else if (is_key(w, klen, "shared")) {
			fputs(",\"shared\":", f);
			string_n(f, v, vlen);
		} else if (is_key(w, klen, "moved")) {
			fputs(",\"moved\":", f);
			list(f, v, vlen, string_n);
		} else if (is_key(w, klen, "copies")) {
			fputs(",\"copies\":", f);
			string_n(f, v, vlen);
		} else if (is_key(w, klen, "width")) {
			if (number_of(v, vlen, &n) == 0)
				fprintf(f, ",\"width_bytes\":%llu", (unsigned long long)n);
		} else if (is_key(w, klen, "pages")) {
			word_bytes(f, "pages", "kind", "page_bytes", v, vlen);
		} else if (is_key(w, klen, "buffers")) {
			word_bytes(f, "buffers", "layout", "apart_bytes", v, vlen);
		}
	}
	/* The parties, in the order the words have them. */
	for (i = first; i < ws.n; i++) {
		const char *w = ws.w[i], *eq = memchr(w, '=', ws.len[i]);
		size_t klen = eq != NULL ? (size_t)(eq - w) : 0;

		if (eq == NULL || klen == 0 || own_key(w, klen))
			continue;
		party(f, w, klen, eq + 1, ws.len[i] - klen - 1, &sep);
	}
	if (*sep == ',' && sep[1] == '\0')
		fputc('}', f);
	fputc('}', f);
}

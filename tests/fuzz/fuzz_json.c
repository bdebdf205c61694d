/*
 * fuzz_json - libFuzzer harness for the JSON writers over outside bytes:
 * json_string (every input a string: the output must be one JSON string
 * of valid UTF-8 without a raw control character), json_placement (the
 * input as a placement's words) and json_run (the input as LMBENCH_RUN):
 * each output must be one balanced object.
 */
#define _GNU_SOURCE /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_TEXT 8192

/* What fn writes for s. */
static char *
written(void (*fn)(FILE *, const char *), const char *s, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (f == NULL)
		abort();
	fn(f, s);
	if (fclose(f) != 0)
		abort();
	return buf;
}

/* Valid UTF-8 throughout, no raw byte below 0x20. */
static void
check_utf8(const char *s, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t n = json_utf8_len((const unsigned char *)s + i);

		if (n == 0 || (unsigned char)s[i] < 0x20)
			abort();
		i += n;
	}
}

/* Braces and brackets outside strings balance, and end at depth 0. */
static void
check_balanced(const char *s, size_t len)
{
	int depth = 0, instr = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (instr) {
			if (s[i] == '\\')
				i++;
			else if (s[i] == '"')
				instr = 0;
			continue;
		}
		if (s[i] == '"')
			instr = 1;
		else if (s[i] == '{' || s[i] == '[')
			depth++;
		else if ((s[i] == '}' || s[i] == ']') && --depth < 0)
			abort();
	}
	if (depth != 0 || instr)
		abort();
}

static void
run_wrapped(FILE *f, const char *s)
{
	fputc('{', f);
	json_run(f, s);
	fputc('}', f);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[MAX_TEXT + 1];
	size_t n = size < MAX_TEXT ? size : MAX_TEXT, len;
	char *out;

	memcpy(text, data, n);
	text[n] = '\0';
	out = written(json_string, text, &len);
	if (len < 2 || out[0] != '"' || out[len - 1] != '"')
		abort();
	check_utf8(out, len);
	check_balanced(out, len);
	free(out);
	out = written(json_placement, text, &len);
	check_utf8(out, len);
	check_balanced(out, len);
	free(out);
	out = written(run_wrapped, text, &len);
	check_utf8(out, len);
	check_balanced(out, len);
	free(out);
	return 0;
}

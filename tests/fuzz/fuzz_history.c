/*
 * fuzz_history - libFuzzer harness for lmbench-ng history's cache
 * reader (the one parser of its own over bytes from a file) and what
 * follows it: the change detection, the gate and the text and markdown
 * outputs over whatever figures and values the cache files hold.  The
 * input is up to eight cache files' bodies (after the lines the set's
 * files give), separated by the line "\1--\1", one set each.
 */
#define _GNU_SOURCE /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_hist.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SETS 8
#define SEP "\n\1--\1\n"
#define HEAD "lmbench-ng history cache 1\nS\tfuzz\n"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct hist h;
	struct hopts o = { 5, 0.05, 2, 0, 0, 0, NULL, NULL, NULL };
	const uint8_t *p = data, *end = data + size;
	size_t i;

	if (sink == NULL && (sink = fopen("/dev/null", "w")) == NULL)
		return 0;
	memset(&h, 0, sizeof(h));
	h.sets = calloc(SETS, sizeof(*h.sets));
	if (h.sets == NULL)
		return 0;
	h.capsets = SETS;
	for (i = 0; i < SETS && p <= end; i++) {
		const uint8_t *q = memmem(p, (size_t)(end - p), SEP, strlen(SEP));
		size_t n = q != NULL ? (size_t)(q - p) : (size_t)(end - p);
		char *text = malloc(strlen(HEAD) + n + 1);

		h.sets[i].spec = h.sets[i].label = "fuzz";
		h.sets[i].host = "";
		h.sets[i].when = -1;
		h.nsets++;
		if (text != NULL) {
			memcpy(text, HEAD, strlen(HEAD));
			memcpy(text + strlen(HEAD), p, n);
			text[strlen(HEAD) + n] = '\0';
			if (hcache_take(&h, i, text, HEAD) == 1)
				h.sets[i].when = hist_date(h.sets[i].date);
			free(text);
		}
		p = q != NULL ? q + strlen(SEP) : end + 1;
	}
	h.nhosts = 1;
	hist_detect(&h, &o);
	hist_text(&h, &o, sink);
	o.markdown = 1;
	hist_text(&h, &o, sink);
	hist_free(&h);
	return 0;
}

/*
 * fuzz_parse - libFuzzer harness for the parsers of the command line and
 * the environment: sizes, counts, numbers, line sizes, page kinds, CPU
 * lists, blank arguments, the letters a usage line names, and the typed
 * parameters a record makes of a parsed command line (params_line, over
 * argument words split at newlines, with real usage lines and with the
 * input's own).  Every parser gets every input.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib_mem.h"
#include "lib_opts.h"
#include "lib_params.h"
#include "lib_place.h"
#include "lib_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_TEXT 4096
#define MAX_WORDS 32

static const char *const usages[] = {
	"[-P <parallelism>] [-W <warmup>] [-N <repetitions>] <size> "
	"rd|wr|rdwr|cp|fwr|frd|fcp|bzero|bcopy [align]",
	"[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	"null|read|write|stat|fstat|open [file]",
	"[-m <message size>] [-p <port>] [-P <parallelism>] [-W <warmup>] "
	"[-N <repetitions>] server",
	"[-c] [-v] [-L <line size>] [-M len[K|M]] [-H thp|huge|none] "
	"[-W <warmup>] [-N <repetitions>]",
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[MAX_TEXT + 1], words[MAX_TEXT + 1], out[512], letters[64];
	char *argv[MAX_WORDS + 1];
	size_t n = size < MAX_TEXT ? size : MAX_TEXT, u;
	uint64_t v;
	double d;
	enum mem_pages pages;
	int cpus[64], argc = 0;
	char *p;

	memcpy(text, data, n);
	text[n] = '\0';
	(void)util_parse_size(text, 1, &v);
	(void)util_parse_size(text, 1048576, &v);
	(void)util_parse_u64(text, 0, UINT64_MAX, &v);
	(void)util_parse_u64(text, 1, 1000, &v);
	(void)util_parse_double(text, &d);
	(void)mem_parse_line(text, 4096, &v);
	(void)mem_pages_parse(text, &pages);
	(void)place_parse_list("CPU list", text, cpus, 64);
	(void)util_blank(text);
	(void)opts_letters(text, letters, sizeof(letters));

	/* The words of a command line, split at newlines. */
	memcpy(words, text, n + 1);
	argv[argc++] = "prog";
	for (p = words; argc < MAX_WORDS; argc++) {
		argv[argc] = p;
		p = strchr(p, '\n');
		if (p == NULL) {
			argc++;
			break;
		}
		*p++ = '\0';
	}
	argv[argc] = NULL;
	for (u = 0; u < sizeof(usages) / sizeof(usages[0]); u++)
		params_line(argc, argv, usages[u], 1 + (int)(n % 3) % argc, out,
			    sizeof(out));
	params_line(argc, argv, argv[argc - 1], 1, out, sizeof(out));
	return 0;
}

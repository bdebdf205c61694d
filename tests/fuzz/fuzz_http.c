/*
 * fuzz_http - libFuzzer harness for lmhttp's request parser: the bytes
 * a client sends, read as the server reads them (http_parse, at every
 * length they could have arrived in, complete and not), and the name of
 * a GET checked as the server checks it (http_safe_name).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib_http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REQ_MAX 4096

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char req[REQ_MAX + 1];
	size_t have = size < REQ_MAX ? size : REQ_MAX, cut, name_len;

	memcpy(req, data, have);
	req[have] = '\0';
	for (cut = have; cut + 1 > 0; cut = cut > 64 ? cut / 2 : cut - 1) {
		int kind;

		name_len = 0;
		kind = http_parse(req, cut, cut < have ? REQ_MAX : have,
				  &name_len);
		if (kind == HTTP_GET) {
			char name[REQ_MAX + 1];

			if (5 + name_len > cut)
				abort(); /* the name past what was read */
			memcpy(name, req + 5, name_len);
			name[name_len] = '\0';
			(void)http_safe_name(name);
		}
		if (cut == 0)
			break;
	}
	return 0;
}

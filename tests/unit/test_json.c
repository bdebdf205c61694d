/* test_json.c - unit tests of the JSON writers: strings always valid
 * UTF-8 (each byte that does not start a well-formed sequence as
 * U+FFFD), and a placement's words as a typed object. */
#define _GNU_SOURCE /* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_json.h"
#include "check.h"

/* What fn writes for s, in a buffer of the caller's. */
static const char *
written(void (*fn)(FILE *, const char *), const char *s, char *out, size_t len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);

	if (f == NULL)
		return "";
	fn(f, s);
	fclose(f);
	snprintf(out, len, "%s", buf != NULL ? buf : "");
	free(buf);
	return out;
}

/* Does fn write want for in? (Says what it wrote when not.) */
static int
writes(void (*fn)(FILE *, const char *), const char *in, const char *want)
{
	char out[2048];

	written(fn, in, out, sizeof(out));
	if (strcmp(out, want) != 0)
		fprintf(stderr, "got  %s\nwant %s\n", out, want);
	return strcmp(out, want) == 0;
}

#define string_is(in, want)    writes(json_string, in, want)
#define placement_is(in, want) writes(json_placement, in, want)

int
main(void)
{
	/* ASCII, escapes, controls and DEL. */
	CHECK(string_is("plain", "\"plain\""));
	CHECK(string_is("a\"b\\c", "\"a\\\"b\\\\c\""));
	CHECK(string_is("t\tn\n\x7f", "\"t\\u0009n\\u000a\\u007f\""));
	/* Well-formed UTF-8 kept: 2, 3 and 4 bytes, the edges. */
	CHECK(string_is("\xc3\xa9", "\"\xc3\xa9\""));
	CHECK(string_is("\xe2\x82\xac", "\"\xe2\x82\xac\""));
	CHECK(string_is("\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\""));
	CHECK(string_is("\xc2\x80", "\"\xc2\x80\""));
	CHECK(string_is("\xef\xbf\xbf", "\"\xef\xbf\xbf\""));
	CHECK(string_is("\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\""));
	/* Not UTF-8: each byte that starts no well-formed sequence. */
	CHECK(string_is("f\xff.dat", "\"f\\ufffd.dat\""));
	CHECK(string_is("\x80", "\"\\ufffd\""));
	CHECK(string_is("\xc0\xaf", "\"\\ufffd\\ufffd\""));         /* overlong / */
	CHECK(string_is("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"")); /* overlong */
	CHECK(string_is("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"")); /* surrogate */
	CHECK(string_is("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"")); /* > U+10FFFF */
	CHECK(string_is("\xe2\x82", "\"\\ufffd\\ufffd\""));         /* cut short */
	CHECK(string_is("\xe2\x82x\xc3\xa9", "\"\\ufffd\\ufffdx\xc3\xa9\""));
	CHECK(json_utf8_len((const unsigned char *)"\xf0\x9f\x98\x80") == 4);
	CHECK(json_utf8_len((const unsigned char *)"\xf5\x80\x80\x80") == 0);

	/* Placements as lib_party and lib_mem write them. */
	CHECK(placement_is("DEFAULT cpus=1 main=1",
	                   "{\"policy\":\"DEFAULT\",\"text\":\"DEFAULT cpus=1 main=1\","
	                   "\"cpus\":[1],\"parties\":{\"main\":[[1]]}}"));
	CHECK(placement_is("CROSS cpus=0 main=0 helper=1+0 shared=L3 moved=helper",
	                   "{\"policy\":\"CROSS\",\"text\":\"CROSS cpus=0 main=0 helper=1+0 "
	                   "shared=L3 moved=helper\",\"cpus\":[0],\"shared\":\"L3\","
	                   "\"moved\":[\"helper\"],\"parties\":{\"main\":[[0]],\"helper\":[[1,0]]}}"));
	/* Two copies, a run of helpers, one not found, the untracked. */
	CHECK(placement_is("CUSTOM 1 0 cpus=0,? main=0,1 helper1-3=0,1 server=? untracked=2",
	                   "{\"policy\":\"CUSTOM 1 0\",\"text\":\"CUSTOM 1 0 cpus=0,? main=0,1 "
	                   "helper1-3=0,1 server=? untracked=2\",\"cpus\":[0,null],"
	                   "\"untracked\":2,\"parties\":{\"main\":[[0],[1]],"
	                   "\"helper1\":[[0],[1]],\"helper2\":[[0],[1]],\"helper3\":[[0],[1]],"
	                   "\"server\":[null]}}"));
	CHECK(placement_is("SAME cpus=0 main=0+1+... buffers=SPREAD+20480",
	                   "{\"policy\":\"SAME\",\"text\":\"SAME cpus=0 main=0+1+... "
	                   "buffers=SPREAD+20480\",\"cpus\":[0],\"buffers\":{\"layout\":"
	                   "\"SPREAD\",\"apart_bytes\":20480},\"parties\":{\"main\":[[0,1]]}}"));
	/* bw_mem's own words: threads, a wide kernel's width, the pages. */
	CHECK(placement_is("DEFAULT cpus=0,1 main=0,1 copies=threads pages=thp+2097152 width=32",
	                   "{\"policy\":\"DEFAULT\",\"text\":\"DEFAULT cpus=0,1 main=0,1 "
	                   "copies=threads pages=thp+2097152 width=32\",\"cpus\":[0,1],"
	                   "\"copies\":\"threads\",\"pages\":{\"kind\":\"thp\",\"page_bytes\":2097152},"
	                   "\"width_bytes\":32,\"parties\":{\"main\":[[0],[1]]}}"));
	/* Whatever the words, an object (no words at all: the policy ""). */
	CHECK(placement_is("", "{\"policy\":\"\",\"text\":\"\"}"));
	CHECK(placement_is("X =1 a= b==c", "{\"policy\":\"X\",\"text\":\"X =1 a= b==c\","
	                                    "\"parties\":{\"a\":[],\"b\":[[]]}}"));
	return check_done("test_json");
}

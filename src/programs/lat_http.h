/*
 * lat_http.h - lat_http's state and its fetches (lat_http_fetch.c).
 * Private to lat_http.
 */
#ifndef LAT_HTTP_H
#define LAT_HTTP_H

#include <stdint.h>

#include "lib_harness.h"
#include "lib_http.h"
#include "lib_util.h"

struct state {
	struct http_client c; /* host, addresses, buffer, -d and -e */
	int port;             /* the server's */
	struct util_lines names; /* the documents */
	uint64_t bytes; /* bytes in one pass */
};

/* The server's name looked up once, an untimed pass over the list (the
 * byte count, every document checked), the timed passes, then the line
 * ("Avg xfer: ..."): the exit status. */
int fetch_measure(struct state *s, const struct bench_opts *o);

#endif

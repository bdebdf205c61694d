/*
 * lib_http.h - lmhttp's HTTP/1.0 file server: the documents under a root,
 * resolved beneath it only, served side by side by a polled server.
 */
#ifndef LIB_HTTP_H
#define LIB_HTTP_H

#include <netdb.h>

/* The server's state, shared by its connections. */
struct http_root {
	int fd;          /* the document root, opened */
	int use_openat2; /* 0: the kernel has none, or not wanted */
};
/* Serve the documents under root on the listening socket l for the
 * server's lifetime (lib_polled); a connection that sends "EXIT" stops
 * it. */
void http_serve(int l, struct http_root *root) __attribute__((noreturn));

/* The request so far (req, have bytes; cap: the most there can be, have
 * when the client stopped sending), read as lmhttp reads it: HTTP_MORE
 * while the request line is incomplete, HTTP_EXIT for "EXIT", HTTP_BAD
 * for anything but "GET /name" (a NUL in the line included), HTTP_GET
 * with the name's length (it starts at req + 5, ends before a space, CR,
 * LF or '?'). */
enum { HTTP_MORE, HTTP_EXIT, HTTP_BAD, HTTP_GET };
int http_parse(const char *req, size_t have, size_t cap, size_t *name_len);
/* 1 when name stays beneath the root (relative, no ".." component). */
int http_safe_name(const char *name);

/* lat_http's side: a server's documents fetched, each over a new
 * connection, into a buffer of HTTP_XFER bytes. */
#define HTTP_XFER 65536
struct http_client {
	const char *host;
	struct addrinfo *ai; /* the server's addresses, looked up once */
	char *buf;           /* HTTP_XFER bytes */
	int debug;           /* the request and the count on stdout */
	int echo;            /* what comes back on stdout */
};
/* GET /name over HTTP/1.0 (a 200 answer, read to its end, within 10 s
 * of silence): the bytes received, or -1 after a message. */
long long http_fetch(struct http_client *s, const char *name);

#endif

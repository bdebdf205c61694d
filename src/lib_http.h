/*
 * lib_http.h - lmhttp's HTTP/1.0 file server: the documents under a root,
 * resolved beneath it only, served side by side by a polled server.
 */
#ifndef LIB_HTTP_H
#define LIB_HTTP_H

/* The server's state, shared by its connections. */
struct http_root {
	int fd;          /* the document root, opened */
	int use_openat2; /* 0: the kernel has none, or not wanted */
};
/* Serve the documents under root on the listening socket l for the
 * server's lifetime (lib_polled); a connection that sends "EXIT" stops
 * it. */
void http_serve(int l, struct http_root *root) __attribute__((noreturn));

#endif

/*
 * lib_forked.h - a server that serves each connection in a process of its
 * own (bw_tcp, lat_tcp).
 */
#ifndef LIB_FORKED_H
#define LIB_FORKED_H

#include <stddef.h>
#include <stdint.h>

/* A forked server's connections share FORKED_MEM_BUDGET bytes for their
 * messages; a connection's process asks for its part with forked_reserve
 * (g: what the loop gave its serve; NULL: no limit): 0, or -1 when the
 * server's budget is spent (refuse the connection). */
#define FORKED_MEM_BUDGET (256ULL << 20)
struct forked_grant {
	struct forked_share *share; /* memory the server and its children
	                             * share */
	int slot;                   /* this connection's place in it */
};
int forked_reserve(const struct forked_grant *g, uint64_t bytes);

/* What the server does: serve(fd, g) is one connection, in its process,
 * non-zero when the client asked the server to stop.  Beyond the cap a
 * connection is closed, but first is_stop is shown what it sent (n
 * bytes, then its close): non-zero for a stop request. */
struct forked_service {
	int (*serve)(int fd, const struct forked_grant *g);
	int (*is_stop)(const char *buf, size_t n);
};
/* Serve connections on l for the server's lifetime, each in a process of
 * its own (service: the struct forked_service; the type of struct
 * server_side's serve).  The processes die with the server and end with
 * it. */
void forked_serve(int l, const void *service) __attribute__((noreturn));

#endif

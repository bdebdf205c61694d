/*
 * lib_rtt.h - lat_tcp and lat_udp: one body for round trips to a
 * network server, the transport a parameter.
 */
#ifndef LIB_RTT_H
#define LIB_RTT_H

#include <stddef.h>
#include <stdint.h>

#include "lib_harness.h"
#include "lib_net.h"

/* The program's state starts with the struct rtt_client its callbacks
 * read. */
struct rtt_client {
	struct net_end end; /* the connection and its message buffer */
	const char *host;   /* the server */
	int port;           /* its port (-p, or the program's lmbench port) */
	size_t msize;       /* -m: bytes per message */
};
struct rtt_transport {
	const char *label;  /* "TCP latency using ": the host follows */
	int socktype;       /* SOCK_STREAM or SOCK_DGRAM */
	uint64_t min_msg;   /* -m's range */
	uint64_t max_msg;
	/* the server's loop on its listening socket (it never returns) */
	void (*serve)(int l, const void *service);
	const void *service;
	/* -S: ask the server at host:port to stop; 0, or -1 after a
	 * message */
	int (*stop)(const char *host, int port, void *ctx);
};
/* The whole program but for its transport: -s serves, -S stops, else d
 * measures round trips to the server and the label's line is printed.
 * Returns the exit status. */
int rtt_main(int argc, char **argv, const struct rtt_transport *t,
             struct rtt_client *c, const struct bench_desc *d);
/* Connect c (its end, with a buffer of msize + 1 bytes) to its server as the
 * copy's server party: 0, or -1 after a message. */
int rtt_connect(struct rtt_client *c, struct copy_ctx *cx, int socktype);

#endif

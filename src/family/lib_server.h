/*
 * lib_server.h - a network benchmark's server: what it grants its
 * clients, its start (detached, placed) and lifetime, its end, and the
 * -s / -S modes every networked program shares.
 */
#ifndef LIB_SERVER_H
#define LIB_SERVER_H

#include <stdint.h>

#include "lib_bench.h"
#include "lib_net.h"

/* What a server grants its clients (documented in lmbench-ng(7)): at
 * most SERVER_MAX_CONNS connections at once (more are closed at once),
 * each read or write of a forked connection SERVER_IDLE_S seconds, a
 * polled connection SERVER_CONN_S seconds in all. */
#define SERVER_MAX_CONNS 256
#define SERVER_IDLE_S    60
#define SERVER_CONN_S    10

/* Detach a server: returns 1 in the program (which exits 0), 0 in the
 * server (its own process group, SIGHUP and SIGPIPE ignored, standard
 * descriptors on /dev/null), -1 after a message. */
int server_detach(void);
/* How long a server lives: LMBENCH_SERVER_TIMEOUT seconds, default 3600. */
uint64_t server_lifetime(void);
/* Place and detach a server around the socket l (-1 if making it
 * failed): returns l in the server, which the alarm then ends at its
 * lifetime; -2 in the program once the server runs (exit 0); -1 after a
 * message. */
int server_start(int l);
/* The end of a server: its connection processes (its process group)
 * go with it. */
void server_exit(void) __attribute__((noreturn));
/* Milliseconds on the monotonic clock, for deadlines. */
uint64_t server_now_ms(void);

/*
 * A networked program's server side: the transport, and what the server
 * does with its socket.
 */
struct server_side {
	int socktype; /* what -s listens on: SOCK_STREAM or SOCK_DGRAM */
	/* the server's socket from the options (NULL: net_listen on -b's
	 * address and the port, socktype); -1 after a message */
	int (*listen)(const struct net_opts *n, void *ctx);
	/* the server's loop, detached, given service (it never returns) */
	void (*serve)(int l, const void *service);
	const void *service;
	/* -S: ask the server at host:port to stop; 0, or -1 after a
	 * message */
	int (*stop)(const char *host, int port, void *ctx);
	void *ctx; /* listen's and stop's */
	int hostless; /* 1: no host operand (a local server) */
};
/*
 * After bench_begin (first: the first operand): -s with -S, or an operand
 * count that does not fit the mode (-s none, -S the host, a client at
 * least the host) print p's usage and exit 2.  -s starts the server,
 * -S stops it: the exit status.  -1 for a client, whose host is
 * argv[first].
 */
int server_modes(const struct bench_prog *p, const struct net_opts *n,
                 int argc, char **argv, int first,
                 const struct server_side *sd);

/* A networked program's start: bench_begin, SAME the default placement,
 * then server_modes.  Returns the first operand, the client's host (or
 * its first operand, when hostless, or argc); -1 once -s or -S has done
 * its work, with the program's exit status in *status. */
int server_begin(int argc, char **argv, const struct bench_prog *p,
                 struct bench_opts *o, const struct net_opts *n,
                 const struct server_side *sd, int *status);

#endif

/*
 * lib_net.h - the sockets of the network benchmarks: addresses, the
 * listening and connecting ends (stream and datagram), the options every
 * networked program shares, and a client's connection with its buffer.
 */
#ifndef LIB_NET_H
#define LIB_NET_H

#include <stddef.h>
#include <stdint.h>

#include "lib_party.h"

/* A port number 1..65535; 0, or -1 after a message. */
int net_parse_port(const char *arg, int *port);
/* A socket of socktype bound to bindaddr (NULL: every interface, IPv6
 * and IPv4) and port, listening if it is a stream; -1 after a message. */
int net_listen(const char *bindaddr, int port, int socktype);
/* A socket connected to host:port (a refused connection is retried for
 * 0.2 s, for a server just started); -1 after lmbench's message
 * "socket connection: <why>". */
int net_connect(const char *host, int port, int socktype);
/* The same without a message when the connection fails (-1); a host
 * that cannot be resolved still gets one, and -2. */
int net_connect_quiet(const char *host, int port, int socktype);
/* The two halves of net_connect, for programs that connect in their timed
 * loop (name lookup is not what they measure): the addresses of host
 * (freeaddrinfo them), NULL after a message; a socket connected to the
 * first that answers, -1 (after lmbench's message unless quiet). */
struct addrinfo;
struct addrinfo *net_resolve(const char *host, int port, int socktype);
int net_connect_ai(const struct addrinfo *res, int quiet);
void net_nodelay(int fd);
/* Reads and writes on fd fail after this many seconds of silence. */
void net_timeout(int fd, int seconds);
/* fd made non-blocking (on), or blocking again. */
void net_nonblocking(int fd, int on);

/* The options every networked program shares. */
struct net_opts {
	int serve;	      /* -s: start a server */
	int stop;	      /* -S: stop one */
	const char *bindaddr; /* -b: the server's address (NULL: all) */
	int port;	      /* -p, or the program's lmbench port */
	uint64_t msize;	      /* -m: bytes per message (0: not given) */
	uint64_t min_msg;     /* -m's range (max_msg 0: no -m) */
	uint64_t max_msg;
};
/* Take -s, -S, -b, -p, -c or -m: 1 when c is one of them, 0 when not, -1
 * after a message when the argument is bad.  -c POLICY is the placement
 * (an LMBENCH_SCHED value, which it then overrides) of the server or the
 * client: lmbench's -s takes no argument, so the placement has a letter
 * of its own, the same in every networked program. */
int net_option(struct net_opts *n, int c, const char *arg);
/* net_option as struct bench_prog's handler (ctx: the struct net_opts),
 * for a program with no options of its own: 0, or -1. */
int net_handler(void *ctx, int c, const char *arg);
/* The help lines of net_option's options, for struct bench_prog's help
 * (each program takes those its usage line names). */
#define NET_HELP_MODES \
	"-s                start a server that detaches and serves\n" \
	"-S                ask the server to stop\n"
#define NET_HELP_B \
	"-b <address>      the address the server listens on (default: " \
	"every one)\n"
#define NET_HELP_C \
	"-c <placement>    the CPUs the server or client may run on " \
	"(LMBENCH_SCHED's forms)\n"
#define NET_HELP_P "-p <port>         the server's port (default: lmbench's)\n"

/*
 * A client's connection and its message buffer; a program's state that
 * starts with one can take net_end_close as its cleanup.
 */
struct net_end {
	int fd;    /* the connection, or -1 */
	char *buf; /* its zeroed buffer, or NULL */
};
/* Connect e to host:port (socktype) with a zeroed buffer of bytes, and
 * name the peer as the copy's server party: 0, or -1 after a message. */
int net_end_open(struct net_end *e, const char *host, int port,
                 int socktype, size_t bytes, struct copy_ctx *cx);
/* Close and free what net_end_open made (end: the struct net_end). */
void net_end_close(void *end);

#endif

/*
 * lib_tcp.h - the sockets of the network benchmarks: addresses, listening and
 * connecting ends, the options they share, and the servers (TCP, and
 * UDP's sockets too: the prefix is net_, for every network program).
 */
#ifndef LIB_TCP_H
#define LIB_TCP_H

#include <stddef.h>
#include <stdint.h>

#include "lib_harness.h"

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
/* Detach a server: returns 1 in the program (which exits 0), 0 in the
 * server (its own session, standard descriptors on /dev/null, SIGPIPE
 * ignored), -1 after a message. */
int net_detach(void);
/* How long a server lives: LMBENCH_SERVER_TIMEOUT seconds, default 3600. */
uint64_t net_server_lifetime(void);

/* The options every networked program shares. */
struct net_opts {
	int serve;	      /* -s: start a server */
	int stop;	      /* -S: stop one */
	const char *bindaddr; /* -b: the server's address (NULL: all) */
	int port;	      /* -p, or the program's lmbench port */
};
/* Take -s, -S, -b, -p or -c: 1 when c is one of them, 0 when not, -1
 * after a message when the argument is bad.  -c POLICY is the placement
 * (an LMBENCH_SCHED value, which it then overrides) of the server or the
 * client: lmbench's -s takes no argument, so the placement has a letter
 * of its own, the same in every networked program. */
int net_option(struct net_opts *n, int c, const char *arg);
/* Detach a server around the socket l (from net_listen, -1 if that
 * failed): returns l in the server (which then lives its lifetime),
 * -2 in the program once the server runs (exit 0), -1 after a message. */
int net_server(int l);
/* What a server grants its clients (documented in lmbench-ng(7)): at
 * most NET_MAX_CONNS connections at once (more are closed at once), each
 * read or write of a forked connection NET_IDLE_S seconds, a polled
 * connection NET_CONN_S seconds in all. */
#define NET_MAX_CONNS 256
#define NET_IDLE_S    60
#define NET_CONN_S    10
/* A forked server's connections share NET_MEM_BUDGET bytes for their
 * messages; a connection's process asks for its part with net_reserve
 * (g: what net_fork_loop gave its serve; NULL: no limit): 0, or -1 when
 * the server's budget is spent (refuse the connection). */
#define NET_MEM_BUDGET (256ULL << 20)
struct net_grant {
	struct net_share *share; /* memory the server and its children share */
	int slot;		 /* this connection's place in it */
};
int net_reserve(const struct net_grant *g, uint64_t bytes);
/* Serve connections on l for the server's lifetime, each in a process of
 * its own: serve(fd, g) returns non-zero when the client asked the server
 * to stop.  The processes die with the server and end with it.  Beyond
 * the cap a connection is closed, but first is_stop is shown what it sent
 * (n bytes, then its close): non-zero for a stop request. */
void net_fork_loop(int l, int (*serve)(int fd, const struct net_grant *g),
		   int (*is_stop)(const char *buf, size_t n))
	__attribute__((noreturn));
/* One connection of a polled server: ready() reads or writes what it can
 * without blocking (fd is non-blocking) and says what next. */
struct net_conn {
	int fd;		   /* the connection */
	short events;	   /* POLLIN or POLLOUT: what it waits for */
	uint64_t deadline; /* ms, monotonic: dropped then */
	void *data;	   /* the connection's state, NULL at first */
	void *server;	   /* the server's (net_service's ctx) */
};
enum { NET_MORE, NET_DONE, NET_STOP };
struct net_service {
	int (*ready)(struct net_conn *c); /* NET_MORE, NET_DONE or NET_STOP */
	void (*drop)(struct net_conn *c); /* free c->data; NULL: nothing */
	void (*refuse)(int fd);		  /* a word to a client beyond the
					   * cap before the close; or NULL */
	/* Is what a client beyond the cap sent (n bytes) a stop request?
	 * NULL: none is looked for. */
	int (*is_stop)(const char *buf, size_t n);
	/* The server's own state, given to every connection as c->server;
	 * NULL: none. */
	void *ctx;
};
/* Beyond the cap, NET_SPARE connections are kept NET_SPARE_MS each (the
 * oldest replaced by a newer one) only to read a stop request. */
#define NET_SPARE    8
#define NET_SPARE_MS 2000
/* Serve connections on l for the server's lifetime in this one process,
 * no client able to delay another (each has NET_CONN_S seconds). */
void net_poll_loop(int l, const struct net_service *sv)
	__attribute__((noreturn));
/* The ready() of lat_connect's and lat_unix_connect's servers: the
 * client's close ends the connection, a byte from it stops the server;
 * and their is_stop: any byte. */
int net_stop_byte(struct net_conn *c);
int net_any_byte(const char *buf, size_t n);

/*
 * lat_tcp and lat_udp: one body, the transport a parameter.  The
 * program's state starts with the struct net_client its callbacks read.
 */
struct net_client {
	const char *host; /* the server */
	int port;         /* its port (-p, or the program's lmbench port) */
	size_t msize;     /* -m: bytes per message */
};
struct net_latency {
	const char *usage;  /* the usage line (lib_opts: the option table) */
	const char *label;  /* "TCP latency using ": the host follows */
	int socktype;       /* SOCK_STREAM or SOCK_DGRAM */
	uint64_t min_msg;   /* -m's range */
	uint64_t max_msg;
	/* the server's loop on its listening socket (it never returns) */
	void (*serve)(int l);
	/* -S: ask the server at host:port to stop; 0, or -1 after a
	 * message */
	int (*stop)(const char *host, int port);
};
/* The whole program but for its transport: -s serves, -S stops, else
 * d measures round trips to the server and the label's line is printed.
 * Returns the exit status. */
int net_latency_main(int argc, char **argv, const struct net_latency *p,
                     struct net_client *c, const struct bench_desc *d);

#endif

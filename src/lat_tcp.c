/*
 * lat_tcp - round-trip latency over TCP.
 *
 * lat_tcp -s starts a server that detaches and keeps serving (for an
 * hour, or LMBENCH_SERVER_TIMEOUT seconds) until lat_tcp -S HOST asks
 * it to stop.  A client connects, sends the message size (4 bytes,
 * network order, as lmbench's), and then each iteration writes a message
 * of -m bytes (default 1) and reads the echo whole: one round trip.  The
 * server forks a process per connection that echoes; a client that goes
 * away ends only that process.  The server takes at most 256 connections
 * at once, messages of at most 64 MB, and messages above 64 KB of at most
 * 256 MB in all (a connection beyond is closed); a connection silent for 60
 * seconds is closed, and its processes end with it (see lmbench-ng(7)).  TCP_NODELAY is set on both ends, so no
 * message waits for Nagle's algorithm.  The port is lmbench's 31234
 * unless -p says otherwise; the server listens on every interface
 * unless -b names an address.  A client whose server is absent says
 * "socket connection: Connection refused" and exits 1; one that stops
 * answering fails after 10 seconds.
 *
 * Usage: lat_tcp -s [-b <address>] [-p <port>] [-c <placement>]
 *        lat_tcp [-m <message size>] [-p <port>] [-P <parallelism>]
 *                [-W <warmup>] [-N <repetitions>] server
 *        lat_tcp -S [-p <port>] server
 * Output (stderr): "TCP latency using localhost: 12.8800 microseconds"
 */
#include <arpa/inet.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_harness.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_tcp.h"
#include "lib_util.h"

#define PORT 31234
#define MAX_MSG (64ULL << 20)
#define FREE_MSG 65536 /* messages no larger need no share of the budget */

struct state {
	struct net_client c; /* the server, the message size (lib_tcp) */
	int fd;		  /* the connection */
	char *buf;
};

/* One connection, in its own process: the size, then echoes until the
 * client goes.  Non-zero when the client closed before sending a byte:
 * lmbench's way of saying stop (a silent client that times out is only
 * dropped). */
static int
serve(int fd, const struct net_grant *g)
{
	uint32_t n;
	size_t msize;
	ssize_t got;
	char *buf;

	net_nodelay(fd);
	got = util_readn(fd, &n, sizeof(n));
	if (got != sizeof(n))
		return got == 0;
	msize = ntohl(n);
	/* Messages above 64 KB come out of the server's 256 MB, so that
	 * large ones cannot take its memory; smaller ones, 16 MB at most
	 * over 256 connections, never wait for it. */
	if (msize < 1 || msize > MAX_MSG ||
	    (msize > FREE_MSG && net_reserve(g, msize) != 0))
		return 0;
	buf = malloc(msize);
	if (buf == NULL)
		return 0;
	while (util_readn(fd, buf, msize) == (ssize_t)msize &&
	       util_writen(fd, buf, msize) == (ssize_t)msize)
		;
	free(buf);
	return 0;
}

/* A stop request: closed before a byte was sent. */
static int
is_stop(const char *buf, size_t n)
{
	(void)buf;
	return n == 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	uint32_t n = htonl((uint32_t)s->c.msize);

	s->buf = calloc(1, s->c.msize);
	if (s->buf == NULL) {
		util_err("out of memory");
		return -1;
	}
	s->fd = net_connect(s->c.host, s->c.port, SOCK_STREAM);
	if (s->fd < 0)
		return -1;
	net_nodelay(s->fd);
	net_timeout(s->fd, 10);
	if (util_writen(s->fd, &n, sizeof(n)) != sizeof(n)) {
		util_syserr("cannot talk to %s", s->c.host);
		return -1;
	}
	party_add_server(cx, peer_of_socket(s->fd));
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	size_t m = s->c.msize;

	while (n-- > 0)
		if (util_writen(s->fd, s->buf, m) != (ssize_t)m ||
		    util_readn(s->fd, s->buf, m) != (ssize_t)m) {
			util_err("the server at %s stopped answering", s->c.host);
			return -1;
		}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->fd >= 0)
		close(s->fd);
	free(s->buf);
	s->fd = -1;
	s->buf = NULL;
}

/* The server: a process per connection. */
static void __attribute__((noreturn))
serve_tcp(int l)
{
	net_fork_loop(l, serve, is_stop);
}

/* -S: lmbench's stop request, a connection closed without a byte. */
static int
stop_tcp(const char *host, int port)
{
	int fd = net_connect(host, port, SOCK_STREAM);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-m " \
	"<message size>] [-p <port>] [-P <parallelism>] [-W <warmup>] " \
	"[-N <repetitions>] server | -S [-p <port>] server"

int
main(int argc, char **argv)
{
	static const struct net_latency p = { USAGE, "TCP latency using ",
		SOCK_STREAM, 1, MAX_MSG, serve_tcp, stop_tcp };
	struct state s = { { NULL, PORT, 1 }, -1, NULL };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};

	return net_latency_main(argc, argv, &p, &s.c, &d);
}

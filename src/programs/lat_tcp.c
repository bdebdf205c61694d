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
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_forked.h"
#include "lib_harness.h"
#include "lib_net.h"
#include "lib_rtt.h"
#include "lib_util.h"

#define PORT 31234
#define MAX_MSG (64ULL << 20)
#define FREE_MSG 65536 /* messages no larger need no share of the budget */

/* One connection, in its own process: the size, then echoes until the
 * client goes.  Non-zero when the client closed before sending a byte:
 * lmbench's way of saying stop (a silent client that times out is only
 * dropped). */
static int
serve(int fd, const struct forked_grant *g)
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
	    (msize > FREE_MSG && forked_reserve(g, msize) != 0))
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
run(void *sp, uint64_t n)
{
	struct rtt_client *c = sp;
	size_t m = c->msize;

	while (n-- > 0)
		if (util_writen(c->end.fd, c->end.buf, m) != (ssize_t)m ||
		    util_readn(c->end.fd, c->end.buf, m) != (ssize_t)m) {
			util_err("the server at %s stopped answering", c->host);
			return -1;
		}
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct rtt_client *c = sp;
	uint32_t n = htonl((uint32_t)c->msize);

	if (rtt_connect(c, cx, SOCK_STREAM) != 0)
		return -1;
	net_nodelay(c->end.fd);
	net_timeout(c->end.fd, 10);
	if (util_writen(c->end.fd, &n, sizeof(n)) != sizeof(n)) {
		util_syserr("cannot talk to %s", c->host);
		return -1;
	}
	return 0;
}

/* -S: lmbench's stop request, a connection closed without a byte. */
static int
stop(const char *host, int port, void *ctx)
{
	int fd = net_connect(host, port, SOCK_STREAM);

	(void)ctx;
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct forked_service sv = { serve, is_stop };
	static const struct rtt_transport t = { "TCP latency using ",
		SOCK_STREAM, 1, MAX_MSG, forked_serve, &sv, stop };
	struct rtt_client c = { { -1, NULL }, NULL, PORT, 1 };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = net_end_close, .state = &c
	};

	return rtt_main(argc, argv, &t, &c, &d);
}

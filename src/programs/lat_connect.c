/*
 * lat_connect - the cost of opening a TCP connection.
 *
 * lat_connect -s starts a server that detaches and keeps serving (an
 * hour, or LMBENCH_SERVER_TIMEOUT seconds): it accepts connections and
 * closes each when the client has closed it.  Each iteration of the
 * client makes a socket, connects it to the server and closes it: the
 * median time per connection, in microseconds.  A failed connect is an
 * error, not a fast iteration (lmbench timed a refused connect as a
 * connection).  lat_connect -S HOST sends one byte on a connection, which
 * stops the server.  Port 31237 unless -p says otherwise.  The server
 * serves its connections in one process, each for at most 10 seconds and
 * at most 256 at once, so a silent client delays no other.  Closed
 * connections wait in TIME_WAIT on the client's side; one copy only, as
 * lmbench.
 *
 * Usage: lat_connect -s [-b <address>] [-p <port>] [-c <placement>]
 *        lat_connect [-p <port>] [-N <repetitions>] server
 *        lat_connect -S [-p <port>] server
 * Output (stderr): "TCP/IP connection cost to localhost: 23.4567 microseconds"
 */
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_net.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_polled.h"
#include "lib_server.h"
#include "lib_util.h"

#define PORT 31237

/* Every CATCH_UP-th connection waits for the server's close (see run). */
#define CATCH_UP 32

struct state {
	const char *host; /* the server */
	struct addrinfo *ai; /* its addresses, looked up once */
	uint64_t made;	     /* connections made */
	struct sockaddr_storage peer; /* the address that answered */
};

/* Half-close fd and wait for the server's close: it has then accepted
 * every earlier connection (its accept queue is first in, first out).
 * 0, or -1 after a message. */
static int
caught_up(const struct state *s, int fd)
{
	struct pollfd p = { fd, POLLIN, 0 };
	char c;

	if (shutdown(fd, SHUT_WR) != 0 || poll(&p, 1, 10000) != 1 ||
	    read(fd, &c, 1) < 0) {
		util_err("the server at %s did not close a connection within "
			 "10 seconds",
			 s->host);
		return -1;
	}
	return 0;
}

/* One connection made and closed, every CATCH_UP-th after the server
 * caught up: 0, or -1 after a message.  A connect on loopback completes
 * without the server, so a client on the server's CPU could fill its
 * accept queue (128) before the server runs, and the next connection's
 * SYN would be dropped and sent again a second later
 * (TcpExtListenOverflows). */
static int
connection(struct state *s)
{
	int fd = net_connect_ai(s->ai, 0), rc = 0;

	if (fd < 0)
		return -1;
	if (++s->made % CATCH_UP == 0)
		rc = caught_up(s, fd);
	close(fd);
	return rc;
}

/* The name was looked up once, in main: only the connection is timed. */
static int
run(void *sp, uint64_t n)
{
	while (n-- > 0)
		if (connection(sp) != 0)
			return -1;
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	const struct state *s = sp;

	party_add_server(cx, peer_listener((const struct sockaddr *)&s->peer));
	return 0;
}

/* -S: one byte on a connection. */
static int
stop(const char *host, int port, void *ctx)
{
	int fd = net_connect(host, port, SOCK_STREAM), rc = 0;

	(void)ctx;
	if (fd < 0)
		return -1;
	if (write(fd, "x", 1) != 1) {
		util_syserr("cannot talk to %s", host);
		rc = -1;
	}
	close(fd);
	return rc;
}

/* The first connection checks the server before timing, and says which
 * address answered; 0, or -1 after a message. */
static int
first_connection(struct state *s)
{
	socklen_t plen = sizeof(s->peer);
	int fd = net_connect_ai(s->ai, 0);

	if (fd < 0)
		return -1;
	if (getpeername(fd, (struct sockaddr *)&s->peer, &plen) != 0)
		s->peer.ss_family = AF_UNSPEC;
	close(fd);
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-p <port>] " \
	"[-N <repetitions>] server | -S [-p <port>] server"
#define HELP NET_HELP_MODES NET_HELP_B NET_HELP_C NET_HELP_P \
	"server            the host whose server accepts"

int
main(int argc, char **argv)
{
	struct state s = { NULL, NULL, 0, { 0 } };
	struct net_opts op = { .port = PORT };
	const struct bench_prog prog = { .usage = USAGE, .help = HELP,
		.max_operands = 1, .option = net_handler, .ctx = &op };
	/* Accepted in the server itself: a fork per connection would slow
	 * the server the client measures. */
	const struct server_side sd = { .socktype = SOCK_STREAM,
		.serve = polled_serve, .service = &polled_byte_stop,
		.stop = stop };
	struct bench_opts o;
	struct bench_desc d = { .init = init, .run = run, .state = &s };
	char label[1100];
	/* One copy and no warm-up, as lmbench: the usage names no -P, -W. */
	int rc, first = server_begin(argc, argv, &prog, &o, &op, &sd, &rc);

	if (first < 0)
		return rc;

	s.host = argv[first];
	s.ai = net_resolve(s.host, op.port, SOCK_STREAM);
	if (s.ai == NULL)
		return EXIT_FAILED;
	if (first_connection(&s) != 0) {
		freeaddrinfo(s.ai);
		return EXIT_FAILED;
	}
	snprintf(label, sizeof(label), "TCP/IP connection cost to %s", s.host);
	rc = bench_measure_us(&d, &o, label, 1);
	freeaddrinfo(s.ai);
	return rc;
}

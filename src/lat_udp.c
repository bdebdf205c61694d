/*
 * lat_udp - round-trip latency over UDP.
 *
 * lat_udp -s starts a server that detaches and keeps serving (an hour, or
 * LMBENCH_SERVER_TIMEOUT seconds): it sends every datagram back to its
 * sender.  The client sends a datagram of -m bytes (default 4, at least 4,
 * at most 65507) whose first 4 bytes are a sequence number, and waits for
 * the same datagram to come back; one iteration is one round trip.
 * Replies to earlier datagrams are skipped.  A datagram lost for 5
 * seconds ends the run with a message and status 1 (lmbench waited 15).
 * lat_udp -S HOST sends the four negative sequence numbers that stop
 * lmbench's servers and ours.  Port 34298 (what lmbench's really used)
 * unless -p says otherwise; -b chooses the server's address.
 *
 * Usage: lat_udp -s [-b <address>] [-p <port>] [-c <placement>]
 *        lat_udp [-m <message size>] [-p <port>] [-P <parallelism>]
 *                [-W <warmup>] [-N <repetitions>] server
 *        lat_udp -S [-p <port>] server
 * Output (stderr): "UDP latency using localhost: 9.2201 microseconds"
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_harness.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_tcp.h"
#include "lib_udp.h"
#include "lib_util.h"

#define PORT 34298
#define MAX_MSG 65507

struct state {
	struct net_client c; /* the server, the datagram size (lib_tcp) */
	int fd;
	uint32_t seq;	  /* the next sequence number */
	char *buf;
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->buf = calloc(1, s->c.msize);
	if (s->buf == NULL) {
		util_err("out of memory");
		return -1;
	}
	s->fd = net_connect(s->c.host, s->c.port, SOCK_DGRAM);
	if (s->fd < 0)
		return -1;
	net_timeout(s->fd, 5);
	s->seq = 1;
	party_add_server(cx, peer_of_socket(s->fd));
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		uint32_t want = htonl(s->seq), got;
		ssize_t r;

		memcpy(s->buf, &want, 4);
		if (send(s->fd, s->buf, s->c.msize, 0) != (ssize_t)s->c.msize) {
			util_syserr("send to %s", s->c.host);
			return -1;
		}
		do {
			r = recv(s->fd, s->buf, s->c.msize, 0);
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0 && errno == EAGAIN) {
				util_err("no reply from %s in 5 seconds",
					 s->c.host);
				return -1;
			}
			if (r < 0) {
				util_syserr("no reply from %s", s->c.host);
				return -1;
			}
			memcpy(&got, s->buf, 4);
		} while (r < 4 || got != want); /* a late reply: skip it */
		s->seq = (s->seq + 1) & 0x7fffffff;
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

/* The server: every datagram back to its sender. */
static void __attribute__((noreturn))
serve_udp(int l)
{
	udp_echo(l, MAX_MSG);
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-m " \
	"<message size>] [-p <port>] [-P <parallelism>] [-W <warmup>] " \
	"[-N <repetitions>] server | -S [-p <port>] server"

int
main(int argc, char **argv)
{
	static const struct net_latency p = { USAGE, "UDP latency using ",
		SOCK_DGRAM, 4, MAX_MSG, serve_udp, udp_stop };
	struct state s = { { NULL, PORT, 4 }, -1, 1, NULL };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};

	return net_latency_main(argc, argv, &p, &s.c, &d);
}

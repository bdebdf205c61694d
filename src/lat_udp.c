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
#include <string.h>
#include <sys/socket.h>

#include "lib_harness.h"
#include "lib_net.h"
#include "lib_rtt.h"
#include "lib_udp.h"
#include "lib_util.h"

#define PORT 34298

/* The state: the struct rtt_client (the connection, the datagram size),
 * then the next sequence number. */
struct state {
	struct rtt_client c;
	uint32_t seq;
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	if (rtt_connect(&s->c, cx, SOCK_DGRAM) != 0)
		return -1;
	net_timeout(s->c.end.fd, 5);
	s->seq = 1;
	return 0;
}

/* The reply to the datagram numbered want, late replies skipped: 0, or
 * -1 after a message. */
static int
reply(struct rtt_client *c, uint32_t want)
{
	uint32_t got;
	ssize_t r;

	do {
		r = recv(c->end.fd, c->end.buf, c->msize, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno == EAGAIN) {
			util_err("no reply from %s in 5 seconds", c->host);
			return -1;
		}
		if (r < 0) {
			util_syserr("no reply from %s", c->host);
			return -1;
		}
		memcpy(&got, c->end.buf, 4);
	} while (r < 4 || got != want); /* a late reply: skip it */
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	struct rtt_client *c = &s->c;

	while (n-- > 0) {
		uint32_t want = htonl(s->seq);

		memcpy(c->end.buf, &want, 4);
		if (send(c->end.fd, c->end.buf, c->msize, 0) !=
		    (ssize_t)c->msize) {
			util_syserr("send to %s", c->host);
			return -1;
		}
		if (reply(c, want) != 0)
			return -1;
		s->seq = (s->seq + 1) & 0x7fffffff;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct rtt_transport t = { "UDP latency using ",
		SOCK_DGRAM, 4, UDP_MAX_MSG, udp_echo, NULL, udp_stop };
	struct state s = { { { -1, NULL }, NULL, PORT, 4 }, 1 };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = net_end_close, .state = &s
	};

	return rtt_main(argc, argv, &t, &s.c, &d);
}

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
 * The client knows its own echo: the numbers start where a random draw
 * says, the bytes after the number are random, and a reply of another
 * length, with a number this client never sent or with other bytes (a
 * server that is not an echo of ours) ends the run with status 1.
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
#include <sys/random.h>
#include <sys/socket.h>

#include "lib_harness.h"
#include "lib_net.h"
#include "lib_rtt.h"
#include "lib_udp.h"
#include "lib_util.h"

#define PORT 34298

#define SEQ_MASK 0x7fffffffu /* a number stays positive: negative ones stop */
#define MARK 8		     /* bytes of the datagram's head and tail checked */

/* The state: the struct rtt_client (the connection, the datagram size),
 * the next sequence number and the first, and the random bytes that
 * follow the number at the datagram's head and end its tail. */
struct state {
	struct rtt_client c;
	uint32_t seq, first;
	unsigned char head[MARK], tail[MARK];
};

/* The marks a reply is checked by: up to MARK bytes after the number,
 * and up to MARK at the end (of a datagram longer than 4 + MARK). */
static size_t
head_len(size_t msize)
{
	return msize - 4 < MARK ? msize - 4 : MARK;
}
static size_t
tail_len(size_t msize)
{
	return msize > 4 + MARK ? (msize - 4 - MARK < MARK ? msize - 4 - MARK : MARK)
				: 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	struct rtt_client *c = &s->c;
	uint32_t draw;
	size_t h, t;

	if (rtt_connect(c, cx, SOCK_DGRAM) != 0)
		return -1;
	net_timeout(c->end.fd, 5);
	if (getrandom(&draw, sizeof(draw), 0) != (ssize_t)sizeof(draw) ||
	    getrandom(s->head, sizeof(s->head), 0) != (ssize_t)sizeof(s->head) ||
	    getrandom(s->tail, sizeof(s->tail), 0) != (ssize_t)sizeof(s->tail)) {
		util_syserr("getrandom");
		return -1;
	}
	/* Room for a long run before the numbers wrap. */
	s->seq = s->first = 1 + draw % (SEQ_MASK / 2);
	h = head_len(c->msize);
	t = tail_len(c->msize);
	memcpy(c->end.buf + 4, s->head, h);
	memcpy(c->end.buf + c->msize - t, s->tail, t);
	return 0;
}

/* The reply to the datagram numbered want, late replies to this client's
 * earlier datagrams skipped: 0, or -1 after a message (anything that is
 * not an echo of this client's datagrams included). */
static int
reply(struct state *s, uint32_t want)
{
	struct rtt_client *c = &s->c;
	size_t h = head_len(c->msize), t = tail_len(c->msize);
	uint32_t got;
	ssize_t r;

	for (;;) {
		r = recv(c->end.fd, c->end.buf, c->msize + 1, 0);
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
		got = ntohl(got);
		if (r != (ssize_t)c->msize ||
		    memcmp(c->end.buf + 4, s->head, h) != 0 ||
		    memcmp(c->end.buf + c->msize - t, s->tail, t) != 0 ||
		    ((want - got) & SEQ_MASK) > ((want - s->first) & SEQ_MASK)) {
			util_err("a reply from %s is not the echo of this "
				 "client's datagram (%zd bytes, %zu sent): "
				 "not the server meant", c->host, r, c->msize);
			return -1;
		}
		if (got == want)
			return 0;
		/* a late reply to an earlier datagram: skip it */
	}
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	struct rtt_client *c = &s->c;

	while (n-- > 0) {
		uint32_t want = htonl(s->seq);

		memcpy(c->end.buf, &want, 4);
		want = s->seq;
		if (send(c->end.fd, c->end.buf, c->msize, 0) !=
		    (ssize_t)c->msize) {
			util_syserr("send to %s", c->host);
			return -1;
		}
		if (reply(s, want) != 0)
			return -1;
		s->seq = (s->seq + 1) & SEQ_MASK;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct rtt_transport t = { "UDP latency using ",
		SOCK_DGRAM, 4, UDP_MAX_MSG, udp_echo, NULL, udp_stop };
	struct state s = { { { -1, NULL }, NULL, PORT, 4 }, 1, 1, { 0 }, { 0 } };
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = net_end_close, .state = &s
	};

	return rtt_main(argc, argv, &t, &s.c, &d);
}

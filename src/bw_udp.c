/*
 * bw_udp - UDP bandwidth, server to client.
 *
 * bw_udp -s starts a server that detaches and keeps serving (an hour, or
 * LMBENCH_SERVER_TIMEOUT seconds).  The client asks for a window of
 * datagrams of -m bytes (default 32 KB, at most 65507) and the server
 * sends them back to back; the client asks for the next window once the
 * last one has arrived.  A window is as many datagrams as fill half the
 * client's receive buffer (4 MB asked for), so a loss-free path never
 * drops one for want of buffer space.  Datagrams still missing 0.2 s
 * after the last one arrived are asked for again: every byte counted has
 * arrived, and a lossy path shows as a lower rate rather than a hang.  No
 * datagram for 5 seconds ends the run with a message and status 1.
 *
 * One iteration moves SIZE bytes (the optional argument after the host,
 * default 10 MB, rounded up to whole datagrams).  The rate is copies *
 * bytes / median interval, in MB/s (10^6 bytes).
 *
 * lmbench's bw_udp shared lat_udp's port and sent its request as two
 * native longs that its server byte-swapped as 32-bit values, so no
 * client could talk to it across 64-bit hosts; ours speaks a protocol
 * of its own (fixed-width fields in network order) on port 34299, next
 * to lat_udp's 34298, so both servers can run at once.  -S sends the
 * four negative sequence numbers that stop lmbench's UDP servers.
 *
 * UDP lets anyone forge a request's source address, so the server sends
 * data only to an address that proved it receives there: the client
 * first asks for a cookie (a keyed hash of its address and port under a
 * secret the server draws at start, answered in fewer bytes than the
 * question) and puts it in every request; a request without the right
 * cookie gets nothing.  One request asks for at most 4096 datagrams and
 * 4 MB; a larger one gets nothing either.
 *
 * Usage: bw_udp -s [-b <address>] [-p <port>] [-c <placement>]
 *        bw_udp [-m <message size>] [-p <port>] [-P <parallelism>]
 *               [-W <warmup>] [-N <repetitions>] server [size]
 *        bw_udp -S [-p <port>] server
 * Output (stderr): "socket UDP bandwidth using localhost: 2153.71 MB/sec"
 */
#define _DEFAULT_SOURCE /* SO_RCVBUFFORCE */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_sched.h"
#include "lib_tcp.h"
#include "lib_udp.h"
#include "lib_util.h"

#define PORT 34299
#define MAX_MSG 65507
#define MAGIC 0x4c4d4255u /* "LMBU" */
#define COOKIE_MAGIC 0x4c4d4243u /* "LMBC": the server's cookie */
#define HDR 12		  /* magic, request number, datagram index */
#define MAX_COUNT 4096	  /* datagrams one request may ask for */
#define MAX_BYTES (4u << 20) /* bytes one request may ask for */

/* A request: send count datagrams of msize bytes, numbered from first,
 * with the cookie the server gave this address.  count 0: a request for
 * the cookie. */
struct request {
	uint32_t magic, id, first, count, msize, cookie[2];
};

/* The server's answer to a request for the cookie (smaller than it). */
struct cookie {
	uint32_t magic, id, cookie[2];
};

struct state {
	const char *host; /* the server */
	int port;
	size_t msize;	  /* bytes per datagram */
	uint64_t move;	  /* bytes per iteration */
	uint32_t window;  /* datagrams per request */
	uint32_t id;	  /* the current request */
	uint32_t cookie[2]; /* the server's, for this client's address */
	int fd;
	char *buf;
	unsigned char *got; /* which datagrams of the window arrived */
};

static uint64_t
rotl(uint64_t x, int b)
{
	return (x << b) | (x >> (64 - b));
}

static void
sip_round(uint64_t v[4])
{
	v[0] += v[1];
	v[1] = rotl(v[1], 13) ^ v[0];
	v[0] = rotl(v[0], 32);
	v[2] += v[3];
	v[3] = rotl(v[3], 16) ^ v[2];
	v[0] += v[3];
	v[3] = rotl(v[3], 21) ^ v[0];
	v[2] += v[1];
	v[1] = rotl(v[1], 17) ^ v[2];
	v[2] = rotl(v[2], 32);
}

/* SipHash-2-4 of the len bytes at in under key k: a keyed hash nobody
 * without the key can compute, though they see its value for inputs of
 * their choosing. */
static uint64_t
siphash(const uint64_t k[2], const unsigned char *in, size_t len)
{
	uint64_t v[4] = { k[0] ^ 0x736f6d6570736575ULL,
			  k[1] ^ 0x646f72616e646f6dULL,
			  k[0] ^ 0x6c7967656e657261ULL,
			  k[1] ^ 0x7465646279746573ULL };
	size_t full = len - len % 8, i, j;
	uint64_t m;
	int r;

	for (i = 0; i <= full; i += 8) {
		/* The last word holds the bytes left and the length. */
		int last = i == full;

		m = last ? (uint64_t)(len & 0xff) << 56 : 0;
		for (j = 0; j < 8 && i + j < len; j++)
			m |= (uint64_t)in[i + j] << (8 * j);
		v[3] ^= m;
		sip_round(v);
		sip_round(v);
		v[0] ^= m;
	}
	v[2] ^= 0xff;
	for (r = 0; r < 4; r++)
		sip_round(v);
	return v[0] ^ v[1] ^ v[2] ^ v[3];
}

/* The cookie of a client's address and port under the server's key. */
static void
cookie_of(const uint64_t key[2], const struct sockaddr_storage *from,
	  uint32_t out[2])
{
	unsigned char in[20];
	uint64_t h;

	memset(in, 0, sizeof(in));
	memcpy(in, &from->ss_family, sizeof(from->ss_family));
	if (from->ss_family == AF_INET6) {
		const struct sockaddr_in6 *a = (const void *)from;

		memcpy(in + 2, &a->sin6_port, 2);
		memcpy(in + 4, &a->sin6_addr, 16);
	} else {
		const struct sockaddr_in *a = (const void *)from;

		memcpy(in + 2, &a->sin_port, 2);
		memcpy(in + 4, &a->sin_addr, 4);
	}
	h = siphash(key, in, sizeof(in));
	out[0] = htonl((uint32_t)(h >> 32));
	out[1] = htonl((uint32_t)h);
}

/* A request the server takes: the right cookie, within the caps. */
static int
acceptable(const struct request *q, const uint32_t want[2])
{
	return q->cookie[0] == want[0] && q->cookie[1] == want[1] &&
	       q->msize >= HDR && q->msize <= MAX_MSG && q->count >= 1 &&
	       q->count <= MAX_COUNT &&
	       (uint64_t)q->count * q->msize <= MAX_BYTES;
}

/* The server: a cookie to whoever asks, the datagrams of each request
 * that carries its sender's cookie, until a 4-byte negative sequence
 * number. */
static void __attribute__((noreturn))
serve(int fd)
{
	static char buf[MAX_MSG];
	struct sockaddr_storage from;
	uint64_t key[2];
	int one = 1;

	if (getrandom(key, sizeof(key), 0) != (ssize_t)sizeof(key))
		_exit(EXIT_FAILED);
	/* The send buffer stays at the system's default, which bounds the
	 * bytes queued on the way out as lmbench's did.  Be told (ENOBUFS)
	 * when a full queue on the way out drops a datagram, and send it
	 * again a moment later. */
	setsockopt(fd, IPPROTO_IP, IP_RECVERR, &one, sizeof(one));
	setsockopt(fd, IPPROTO_IPV6, IPV6_RECVERR, &one, sizeof(one));
	for (;;) {
		socklen_t len = sizeof(from);
		ssize_t n = recvfrom(fd, buf, sizeof(buf), 0,
				     (struct sockaddr *)&from, &len);
		struct request q;
		uint32_t i, w[3], want[2];
		int waits;

		if (n == 4) {
			memcpy(&w[0], buf, 4);
			if ((int32_t)ntohl(w[0]) < 0)
				_exit(0);
			continue;
		}
		if (n != (ssize_t)sizeof(q))
			continue;
		memcpy(&q, buf, sizeof(q));
		if (ntohl(q.magic) != MAGIC)
			continue;
		cookie_of(key, &from, want);
		q.msize = ntohl(q.msize);
		q.count = ntohl(q.count);
		q.first = ntohl(q.first);
		if (q.count == 0) {
			struct cookie c = { htonl(COOKIE_MAGIC), q.id,
					    { want[0], want[1] } };

			sendto(fd, &c, sizeof(c), 0, (struct sockaddr *)&from,
			       len);
			continue;
		}
		if (!acceptable(&q, want))
			continue;
		/* A request that has waited a second in all for room in a
		 * full queue ends there (the client asks again for what is
		 * missing): no request holds the server longer. */
		for (i = 0, waits = 0; i < q.count && waits < 1000; i++) {
			w[0] = htonl(MAGIC);
			w[1] = q.id; /* still in network order */
			w[2] = htonl(q.first + i);
			memcpy(buf, w, sizeof(w));
			while (sendto(fd, buf, q.msize, 0,
				      (struct sockaddr *)&from, len) < 0) {
				if (errno == ENOBUFS && ++waits < 1000)
					poll(NULL, 0, 1);
				else if (errno != EINTR)
					break;
			}
		}
	}
}

/* Ask the server for this client's cookie: 0, or -1 after a message. */
static int
handshake(struct state *s)
{
	struct request q;
	struct cookie c;
	int tries;

	for (tries = 0; tries < 25; tries++) {
		ssize_t r;

		s->id++;
		memset(&q, 0, sizeof(q));
		q.magic = htonl(MAGIC);
		q.id = htonl(s->id);
		if (send(s->fd, &q, sizeof(q), 0) != (ssize_t)sizeof(q)) {
			util_syserr("send to %s", s->host);
			return -1;
		}
		/* Up to the socket's receive timeout (0.2 s) each. */
		do {
			r = recv(s->fd, &c, sizeof(c), 0);
			if (r == (ssize_t)sizeof(c) &&
			    ntohl(c.magic) == COOKIE_MAGIC &&
			    ntohl(c.id) == s->id) {
				s->cookie[0] = c.cookie[0];
				s->cookie[1] = c.cookie[1];
				return 0;
			}
		} while (r >= 0 || errno == EINTR);
		if (errno != EAGAIN && errno != EWOULDBLOCK) {
			util_syserr("receive from %s", s->host);
			return -1;
		}
	}
	util_err("no reply from %s in 5 seconds", s->host);
	return -1;
}

/* Ask for count datagrams of the window, numbered from first. */
static int
ask(struct state *s, uint32_t first, uint32_t count)
{
	struct request q = { htonl(MAGIC), htonl(s->id), htonl(first),
			     htonl(count), htonl((uint32_t)s->msize),
			     { s->cookie[0], s->cookie[1] } };

	if (send(s->fd, &q, sizeof(q), 0) != (ssize_t)sizeof(q)) {
		util_syserr("send to %s", s->host);
		return -1;
	}
	return 0;
}

/* Ask again for every datagram of the window not yet arrived. */
static int
ask_missing(struct state *s, uint32_t count)
{
	uint32_t i = 0, j;

	while (i < count) {
		if (s->got[i]) {
			i++;
			continue;
		}
		for (j = i; j < count && !s->got[j]; j++)
			;
		if (ask(s, i, j - i) != 0)
			return -1;
		i = j;
	}
	return 0;
}

/* One window of count datagrams, every one of them arrived. */
static int
window(struct state *s, uint32_t count)
{
	uint32_t have = 0;
	int quiet_ms = 0;

	s->id++;
	memset(s->got, 0, count);
	if (ask(s, 0, count) != 0)
		return -1;
	while (have < count) {
		uint32_t w[3], idx;
		/* The socket's receive timeout (0.2 s) is the quiet spell
		 * after which missing datagrams are asked for again: no
		 * extra call per datagram. */
		ssize_t r = recv(s->fd, s->buf, s->msize, 0);

		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			quiet_ms += 200;
			if (quiet_ms >= 5000) {
				util_err("no data from %s in 5 seconds",
					 s->host);
				return -1;
			}
			if (ask_missing(s, count) != 0)
				return -1;
			continue;
		}
		if (r < 0) {
			if (errno == EINTR)
				continue;
			util_syserr("receive from %s", s->host);
			return -1;
		}
		if (r != (ssize_t)s->msize)
			continue;
		memcpy(w, s->buf, sizeof(w));
		idx = ntohl(w[2]);
		if (ntohl(w[0]) != MAGIC || ntohl(w[1]) != s->id ||
		    idx >= count || s->got[idx])
			continue; /* late, repeated or foreign */
		s->got[idx] = 1;
		have++;
		quiet_ms = 0;
	}
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	int size = 4 << 20, real = 0;
	socklen_t len = sizeof(real);
	uint64_t w;

	s->buf = malloc(s->msize);
	if (s->buf == NULL) {
		util_err("out of memory");
		return -1;
	}
	s->fd = net_connect(s->host, s->port, SOCK_DGRAM);
	if (s->fd < 0)
		return -1;
	party_add_server(cx, peer_of_socket(s->fd));
	{
		struct timeval tv = { 0, 200000 };

		setsockopt(s->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	}
	if (setsockopt(s->fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)))
		setsockopt(s->fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	getsockopt(s->fd, SOL_SOCKET, SO_RCVBUF, &real, &len);
	/* Linux reports twice the payload it holds; a datagram costs about
	 * its size plus a kilobyte of bookkeeping. */
	w = (uint64_t)(real > 0 ? real : 212992) / 4 / (s->msize + 1024);
	if (w > s->move / s->msize)
		w = s->move / s->msize;
	/* No more than the server grants one request. */
	if (w > MAX_COUNT)
		w = MAX_COUNT;
	if (w > MAX_BYTES / s->msize)
		w = MAX_BYTES / s->msize;
	if (w < 1)
		w = 1;
	s->window = (uint32_t)w;
	s->got = malloc(s->window);
	if (s->got == NULL) {
		util_err("out of memory");
		return -1;
	}
	return handshake(s);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		uint64_t left = s->move / s->msize;

		while (left > 0) {
			uint32_t c = left < s->window ? (uint32_t)left
						      : s->window;

			if (window(s, c) != 0)
				return -1;
			left -= c;
		}
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
	free(s->got);
	s->fd = -1;
	s->buf = NULL;
	s->got = NULL;
}

struct opts {
	struct state *s;
	struct net_opts net; /* -s -S -b -p */
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;
	uint64_t v;
	int rc = net_option(&op->net, c, arg);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (util_size_arg("-m", arg, HDR, MAX_MSG, &v) != 0)
		return -1;
	op->s->msize = (size_t)v;
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-m " \
	"<message size>] [-p <port>] [-P <parallelism>] [-W <warmup>] " \
	"[-N <repetitions>] server [size] | -S [-p <port>] server"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct state s = { NULL, PORT, 32768, 10 << 20, 1, 0, { 0, 0 }, -1, NULL, NULL };
	struct opts op = { &s, { 0, 0, NULL, PORT } };
	struct bench_opts o;
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	char label[1100];
	int rc;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	sched_set_default("SAME");
	bench_opts_init(&o);
	rc = opts_parse(argc, argv, USAGE, 0, &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0 || (op.net.serve && op.net.stop))
		usage();
	s.port = op.net.port;
	if (op.net.serve) {
		if (optind != argc)
			usage();
		rc = net_server(net_listen(op.net.bindaddr, s.port, SOCK_DGRAM));
		if (rc < 0)
			return rc == -2 ? 0 : EXIT_FAILED;
		serve(rc);
	}
	if (argc - optind < 1 || argc - optind > (op.net.stop ? 1 : 2))
		usage();
	s.host = argv[optind];
	if (op.net.stop)
		return udp_stop(s.host, s.port) == 0 ? 0 : EXIT_FAILED;
	if (argc - optind == 2 &&
	    util_size_arg("size", argv[optind + 1], 1, 1ULL << 36, &s.move))
		return EXIT_USAGE;
	s.move = (s.move + s.msize - 1) / s.msize * s.msize;
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	snprintf(label, sizeof(label), "socket UDP bandwidth using %s",
		 s.host);
	return bench_measure_mbs(&d, &o, label, (double)s.move);
}

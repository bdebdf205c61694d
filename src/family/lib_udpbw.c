/*
 * lib_udpbw.c - bw_udp's protocol (lib_udpbw.h), fixed-width fields in
 * network order.
 *
 * UDP lets anyone forge a request's source address, so the server sends
 * data only to an address that proved it receives there: the client
 * first asks for a cookie (a keyed hash of its address and port under a
 * secret the server draws at start, answered in fewer bytes than the
 * question) and puts it in every request; a request without the right
 * cookie gets nothing.  One request asks for at most UDPBW_MAX_COUNT
 * datagrams and UDPBW_MAX_BYTES; a larger one gets nothing either.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_udp.h"
#include "lib_udpbw.h"
#include "lib_util.h"

#define MAGIC 0x4c4d4255u        /* "LMBU" */
#define COOKIE_MAGIC 0x4c4d4243u /* "LMBC": the server's cookie */
#define HDR UDPBW_HDR
#define MAX_COUNT UDPBW_MAX_COUNT
#define MAX_BYTES UDPBW_MAX_BYTES
#define MAX_MSG UDP_MAX_MSG

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

/* A request the server takes (its fields in host order): the right
 * cookie, within the caps. */
static int
acceptable(const struct request *q, const uint32_t want[2])
{
	return q->cookie[0] == want[0] && q->cookie[1] == want[1] &&
	       q->msize >= HDR && q->msize <= MAX_MSG && q->count >= 1 &&
	       q->count <= MAX_COUNT &&
	       (uint64_t)q->count * q->msize <= MAX_BYTES;
}

int
udpbw_request(const void *buf, ssize_t n, const uint32_t want[2],
	      struct udpbw_ask *a)
{
	struct request q;
	uint32_t seq;

	if (n == 4) {
		memcpy(&seq, buf, 4);
		return (int32_t)ntohl(seq) < 0 ? UDPBW_STOP : UDPBW_IGNORE;
	}
	if (n != (ssize_t)sizeof(q))
		return UDPBW_IGNORE;
	memcpy(&q, buf, sizeof(q));
	if (ntohl(q.magic) != MAGIC)
		return UDPBW_IGNORE;
	q.msize = ntohl(q.msize);
	q.count = ntohl(q.count);
	q.first = ntohl(q.first);
	a->id = q.id;
	a->first = q.first;
	a->count = q.count;
	a->msize = q.msize;
	if (q.count == 0)
		return UDPBW_COOKIE;
	return acceptable(&q, want) ? UDPBW_SEND : UDPBW_IGNORE;
}

/* The datagrams request q asks for, to from.  A request that has waited
 * a second in all for room in a full queue ends there (the client asks
 * again for what is missing): no request holds the server longer. */
static void
send_window(int fd, char *buf, const struct udpbw_ask *q,
	    const struct sockaddr_storage *from, socklen_t len)
{
	uint32_t i, w[3];
	int waits;

	for (i = 0, waits = 0; i < q->count && waits < 1000; i++) {
		w[0] = htonl(MAGIC);
		w[1] = q->id; /* still in network order */
		w[2] = htonl(q->first + i);
		memcpy(buf, w, sizeof(w));
		while (sendto(fd, buf, q->msize, 0,
			      (const struct sockaddr *)from, len) < 0) {
			if (errno == ENOBUFS && ++waits < 1000)
				poll(NULL, 0, 1);
			else if (errno != EINTR)
				break;
		}
	}
}

/* One datagram of n bytes in buf from from: a stop request ends the
 * server, a cookie request is answered, an acceptable request served. */
static void
take(int fd, char *buf, ssize_t n, const uint64_t key[2],
     const struct sockaddr_storage *from, socklen_t len)
{
	struct udpbw_ask a;
	uint32_t want[2];

	cookie_of(key, from, want);
	switch (udpbw_request(buf, n, want, &a)) {
	case UDPBW_STOP:
		_exit(0);
	case UDPBW_COOKIE: {
		struct cookie c = { htonl(COOKIE_MAGIC), a.id,
				    { want[0], want[1] } };

		sendto(fd, &c, sizeof(c), 0, (const struct sockaddr *)from,
		       len);
		break;
	}
	case UDPBW_SEND:
		send_window(fd, buf, &a, from, len);
		break;
	default:
		break;
	}
}

void
udpbw_serve(int fd, const void *ctx)
{
	struct sockaddr_storage from;
	uint64_t key[2];
	int one = 1;
	char *buf = malloc(MAX_MSG);

	(void)ctx;
	if (buf == NULL ||
	    getrandom(key, sizeof(key), 0) != (ssize_t)sizeof(key))
		_exit(EXIT_FAILED);
	/* The send buffer stays at the system's default, which bounds the
	 * bytes queued on the way out as lmbench's did.  Be told (ENOBUFS)
	 * when a full queue on the way out drops a datagram, and send it
	 * again a moment later. */
	setsockopt(fd, IPPROTO_IP, IP_RECVERR, &one, sizeof(one));
	setsockopt(fd, IPPROTO_IPV6, IPV6_RECVERR, &one, sizeof(one));
	for (;;) {
		socklen_t len = sizeof(from);
		ssize_t n = recvfrom(fd, buf, MAX_MSG, 0,
				     (struct sockaddr *)&from, &len);

		take(fd, buf, n, key, &from, len);
	}
}

int
udpbw_handshake(struct udpbw_client *s)
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
		if (send(s->end.fd, &q, sizeof(q), 0) != (ssize_t)sizeof(q)) {
			util_syserr("send to %s", s->host);
			return -1;
		}
		/* Up to the socket's receive timeout (0.2 s) each. */
		do {
			r = recv(s->end.fd, &c, sizeof(c), 0);
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
ask(struct udpbw_client *s, uint32_t first, uint32_t count)
{
	struct request q = { htonl(MAGIC), htonl(s->id), htonl(first),
			     htonl(count), htonl((uint32_t)s->msize),
			     { s->cookie[0], s->cookie[1] } };

	if (send(s->end.fd, &q, sizeof(q), 0) != (ssize_t)sizeof(q)) {
		util_syserr("send to %s", s->host);
		return -1;
	}
	return 0;
}

/* Ask again for every datagram of the window not yet arrived. */
static int
ask_missing(struct udpbw_client *s, uint32_t count)
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

int
udpbw_window(struct udpbw_client *s, uint32_t count)
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
		ssize_t r = recv(s->end.fd, s->end.buf, s->msize, 0);

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
		memcpy(w, s->end.buf, sizeof(w));
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

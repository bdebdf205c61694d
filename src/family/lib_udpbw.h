/*
 * lib_udpbw.h - bw_udp's protocol: a server that sends a window of
 * datagrams to a client that proved its address (a cookie), and the
 * client's side of it.
 */
#ifndef LIB_UDPBW_H
#define LIB_UDPBW_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib_net.h"

#define UDPBW_HDR       12          /* magic, request, datagram index */
#define UDPBW_MAX_COUNT 4096        /* datagrams one request may ask for */
#define UDPBW_MAX_BYTES (4u << 20)  /* bytes one request may ask for */

/* The client: its connected socket and datagram buffer, the server's
 * cookie for its address, the current request and which of its
 * datagrams arrived. */
struct udpbw_client {
	struct net_end end;  /* the socket, one datagram's buffer */
	const char *host;    /* the server */
	size_t msize;        /* bytes per datagram */
	uint32_t id;         /* the current request */
	uint32_t cookie[2];  /* the server's, for this client's address */
	unsigned char *got;  /* which datagrams of the window arrived */
};
/* Ask the server for the client's cookie: 0, or -1 after a message. */
int udpbw_handshake(struct udpbw_client *c);
/* One window of count datagrams (got has room for count), every one of
 * them arrived: 0, or -1 after a message. */
int udpbw_window(struct udpbw_client *c, uint32_t count);

/* What a datagram of n bytes asks of the server, from an address whose
 * cookie is want (network order): UDPBW_STOP (a 4-byte negative
 * sequence number), UDPBW_COOKIE (a request for it), UDPBW_SEND (a
 * request it takes, in *a), else UDPBW_IGNORE. */
enum { UDPBW_IGNORE, UDPBW_STOP, UDPBW_COOKIE, UDPBW_SEND };
struct udpbw_ask {
	uint32_t id;                 /* the request's number, network order */
	uint32_t first, count, msize; /* host order */
};
int udpbw_request(const void *buf, ssize_t n, const uint32_t want[2],
		  struct udpbw_ask *a);

/* The server: a cookie to whoever asks, the datagrams of each request
 * that carries its sender's cookie, until a 4-byte negative sequence
 * number (the type of struct server_side's serve; ctx unused). */
void udpbw_serve(int fd, const void *ctx) __attribute__((noreturn));

#endif

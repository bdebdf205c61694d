/*
 * lib_net.c - the sockets of the network benchmarks: addresses through
 * getaddrinfo (IPv4 and IPv6, numeric, names, localhost), the listening
 * and connecting ends (stream, and datagram for the UDP programs), TCP's
 * options, the options every networked program shares, and a client's
 * connection with its buffer.
 *
 * lmbench's fixed ports are the defaults (a server started by one host's
 * suite serves another host's clients); -p chooses another.  A server
 * listens on every interface unless -b names an address, as lmbench
 * always did.
 */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "lib_net.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_place.h"
#include "lib_util.h"

int
net_parse_port(const char *arg, int *port)
{
	uint64_t v;
	const char *why = util_parse_u64(arg, 1, 65535, &v);

	if (why != NULL) {
		util_err("bad port '%s': %s (1 to 65535)", arg, why);
		return -1;
	}
	*port = (int)v;
	return 0;
}

/* getaddrinfo for host (NULL: every interface) and port; the message
 * names what failed. */
static struct addrinfo *
resolve(const char *host, int port, int socktype, int passive)
{
	struct addrinfo hints, *res = NULL;
	char service[16];
	int rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = socktype;
	hints.ai_flags = passive ? AI_PASSIVE : 0;
	snprintf(service, sizeof(service), "%d", port);
	rc = getaddrinfo(host, service, &hints, &res);
	if (rc != 0) {
		util_err("%s: %s", host ? host : "the local address",
			 gai_strerror(rc));
		return NULL;
	}
	return res;
}

int
net_listen(const char *bindaddr, int port, int socktype)
{
	struct addrinfo *res, *ai;
	int fd = -1, one = 1, zero = 0, saved = 0;

	/* Every interface: one IPv6 socket that takes IPv4 too, else IPv4. */
	res = resolve(bindaddr ? bindaddr : "::", port, socktype, 1);
	if (res == NULL && bindaddr == NULL)
		res = resolve("0.0.0.0", port, socktype, 1);
	if (res == NULL)
		return -1;
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
		if (fd < 0) {
			saved = errno;
			continue;
		}
		/* TCP: a port in TIME_WAIT may be bound again.  Never UDP,
		 * where SO_REUSEADDR lets a second socket (another user's)
		 * bind the same port and take our clients' datagrams. */
		if (socktype == SOCK_STREAM)
			setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one,
				   sizeof(one));
		if (ai->ai_family == AF_INET6 && bindaddr == NULL)
			setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero,
				   sizeof(zero));
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 &&
		    (socktype != SOCK_STREAM || listen(fd, 128) == 0))
			break;
		saved = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		errno = saved;
		util_syserr("cannot listen on %s port %d",
			    bindaddr ? bindaddr : "every interface", port);
	}
	return fd;
}

struct addrinfo *
net_resolve(const char *host, int port, int socktype)
{
	return resolve(host, port, socktype, 0);
}

int
net_connect_ai(const struct addrinfo *res, int quiet)
{
	const struct addrinfo *ai;
	int fd = -1, saved = 0, tries;

	/* A server started a moment ago may not have reached listen(): a
	 * refused connection is tried again for a little while. */
	for (tries = 0; tries < 10 && fd < 0; tries++) {
		for (ai = res; ai != NULL; ai = ai->ai_next) {
			fd = socket(ai->ai_family, ai->ai_socktype,
				    ai->ai_protocol);
			if (fd < 0) {
				saved = errno;
				continue;
			}
			if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
				break;
			saved = errno;
			close(fd);
			fd = -1;
		}
		if (fd < 0 && saved == ECONNREFUSED && tries < 9) {
			struct timespec ts = { 0, 20000000 };

			nanosleep(&ts, NULL);
		} else if (fd < 0) {
			break;
		}
	}
	if (fd < 0 && !quiet) {
		/* lmbench's words, which tutorials show. */
		fprintf(stderr, "socket connection: %s\n", strerror(saved));
		return -1;
	}
	return fd;
}

static int
connect_host(const char *host, int port, int socktype, int quiet)
{
	struct addrinfo *res = resolve(host, port, socktype, 0);
	int fd;

	if (res == NULL)
		return quiet ? -2 : -1;
	fd = net_connect_ai(res, quiet);
	freeaddrinfo(res);
	return fd;
}

int
net_connect(const char *host, int port, int socktype)
{
	return connect_host(host, port, socktype, 0);
}

int
net_connect_quiet(const char *host, int port, int socktype)
{
	return connect_host(host, port, socktype, 1);
}

void
net_nodelay(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

void
net_timeout(int fd, int seconds)
{
	struct timeval tv = { seconds, 0 };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

void
net_nonblocking(int fd, int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl >= 0)
		fcntl(fd, F_SETFL, on ? fl | O_NONBLOCK : fl & ~O_NONBLOCK);
}

int
net_option(struct net_opts *n, int c, const char *arg)
{
	switch (c) {
	case 's': n->serve = 1; return 1;
	case 'S': n->stop = 1; return 1;
	case 'b': n->bindaddr = arg; return 1;
	case 'p': return net_parse_port(arg, &n->port) == 0 ? 1 : -1;
	case 'c': return place_set_policy(arg) == 0 ? 1 : -1;
	case 'm':
		if (n->max_msg == 0)
			return 0;
		return util_size_arg("-m", arg, n->min_msg, n->max_msg,
		                     &n->msize) == 0
		               ? 1
		               : -1;
	default: return 0;
	}
}

int
net_handler(void *ctx, int c, const char *arg)
{
	return net_option(ctx, c, arg) < 0 ? -1 : 0;
}

int
net_end_open(struct net_end *e, const char *host, int port, int socktype,
             size_t bytes, struct copy_ctx *cx)
{
	e->buf = calloc(1, bytes);
	if (e->buf == NULL) {
		util_err("out of memory");
		return -1;
	}
	e->fd = net_connect(host, port, socktype);
	if (e->fd < 0)
		return -1;
	party_add_server(cx, peer_of_socket(e->fd));
	return 0;
}

void
net_end_close(void *end)
{
	struct net_end *e = end;

	if (e->fd >= 0)
		close(e->fd);
	free(e->buf);
	e->fd = -1;
	e->buf = NULL;
}

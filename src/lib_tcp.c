/*
 * lib_tcp.c - the sockets of the network benchmarks: addresses through
 * getaddrinfo (IPv4 and IPv6, numeric, names, localhost), the listening
 * and connecting ends (stream, and datagram for lib_udp's users), TCP's
 * options, and the servers: detaching, lifetime, the accept loop.
 *
 * lmbench's fixed ports are the defaults (a server started by one host's
 * suite serves another host's clients); -p chooses another.  A server
 * listens on every interface unless -b names an address, as lmbench
 * always did.
 */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

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
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
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

int
net_detach(void)
{
	pid_t pid;
	int null, ready[2];
	char c;

	fflush(NULL);
	if (pipe(ready) != 0) {
		util_syserr("pipe");
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		util_syserr("fork");
		close(ready[0]);
		close(ready[1]);
		return -1;
	}
	if (pid > 0) {
		/* Return only once the server has left this process group:
		 * the supervisor ends the group when the program exits. */
		close(ready[1]);
		while (read(ready[0], &c, 1) < 0 && errno == EINTR)
			;
		close(ready[0]);
		return 1;
	}
	/* The server: a session of its own (so the program's supervisor and
	 * terminal leave it alone), no terminal descriptors held open. */
	close(ready[0]);
	setsid();
	if (write(ready[1], "", 1) < 0) {
		/* the program is gone; serve anyway */
	}
	close(ready[1]);
	null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		if (null > STDERR_FILENO)
			close(null);
	}
	signal(SIGPIPE, SIG_IGN);
	signal(SIGCHLD, SIG_IGN); /* connection children reap themselves */
	return 0;
}

uint64_t
net_server_lifetime(void)
{
	uint64_t s = 3600;

	if (util_env_u64("LMBENCH_SERVER_TIMEOUT", 1, 100000000, &s) < 0)
		return 3600;
	return s;
}

int
net_option(struct net_opts *n, int c, const char *arg)
{
	switch (c) {
	case 's': n->serve = 1; return 1;
	case 'S': n->stop = 1; return 1;
	case 'b': n->bindaddr = arg; return 1;
	case 'p': return net_parse_port(arg, &n->port) == 0 ? 1 : -1;
	default: return 0;
	}
}

int
net_server(int l)
{
	int rc;

	if (l < 0)
		return -1;
	rc = net_detach();
	if (rc < 0)
		return -1;
	if (rc > 0) {
		close(l);
		return -2;
	}
	alarm((unsigned)net_server_lifetime());
	return l;
}

void
net_accept_loop(int l, int (*serve)(int fd), int fork_each)
{
	for (;;) {
		int fd = accept(l, NULL, NULL);

		if (fd < 0)
			continue;
		if (!fork_each) {
			if (serve(fd) != 0)
				_exit(0);
			close(fd);
			continue;
		}
		if (fork() == 0) {
			close(l);
			/* A connection that asks the server to stop. */
			if (serve(fd) != 0)
				kill(getppid(), SIGTERM);
			_exit(0);
		}
		close(fd);
	}
}


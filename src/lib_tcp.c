/*
 * lib_tcp.c - the sockets of the network benchmarks: addresses through
 * getaddrinfo (IPv4 and IPv6, numeric, names, localhost), the listening
 * and connecting ends (stream, and datagram for lib_udp's users), TCP's
 * options, and the servers: detaching, lifetime, and the two ways of
 * serving connections (a process per connection, or one polling process).
 *
 * lmbench's fixed ports are the defaults (a server started by one host's
 * suite serves another host's clients); -p chooses another.  A server
 * listens on every interface unless -b names an address, as lmbench
 * always did.
 *
 * What a server grants a client is bounded: NET_MAX_CONNS connections at
 * once (one more is accepted and closed at once), NET_IDLE_S seconds for
 * any one read or write of a forked connection, NET_CONN_S seconds for
 * the whole of a polled one; a forked server's connections hold at most
 * NET_MEM_BUDGET bytes of messages together.  Connection processes die
 * with their server (PR_SET_PDEATHSIG), are ended with it on -S, and
 * signal nothing: a stop request reaches the server through a pipe.
 */
#define _GNU_SOURCE /* accept4 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_sched.h"
#include "lib_tcp.h"
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
	case 'c': return sched_set_policy(arg) == 0 ? 1 : -1;
	default: return 0;
	}
}

int
net_server(int l)
{
	int rc;

	if (l < 0)
		return -1;
	/* Where the server runs is decided, as for the client (SAME by
	 * default: loopback figures on one CPU; CROSS: across a pair). */
	if (sched_place_server() == -1) {
		close(l);
		return -1;
	}
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

/* fd made non-blocking (or blocking again). */
static void
nonblocking(int fd, int on)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl >= 0)
		fcntl(fd, F_SETFL, on ? fl | O_NONBLOCK : fl & ~O_NONBLOCK);
}

/* The end of a server: its connection processes (its process group; the
 * server is the leader of a session of its own) go with it. */
static void __attribute__((noreturn))
server_exit(void)
{
	signal(SIGTERM, SIG_IGN);
	kill(0, SIGTERM);
	_exit(0);
}

/* Milliseconds on the monotonic clock. */
static uint64_t
now_ms(void)
{
	return timing_now_ns() / 1000000;
}

/* A connection beyond the cap is refused, unless it is a stop request:
 * what it sends within 50 ms (or its close) goes to is_stop. */
static int
overflow_stops(int fd, int (*is_stop)(const char *buf, size_t n))
{
	struct pollfd p = { fd, POLLIN, 0 };
	char buf[32];
	size_t have = 0;
	uint64_t end = now_ms() + 50;

	nonblocking(fd, 1);
	while (have < sizeof(buf)) {
		uint64_t now = now_ms();
		ssize_t r;

		if (now >= end || poll(&p, 1, (int)(end - now)) <= 0)
			break;
		r = read(fd, buf + have, sizeof(buf) - have);
		if (r <= 0)
			return r == 0 && is_stop(buf, have);
		have += (size_t)r;
	}
	return 0;
}

/* What a forked server and its connection processes share: the message
 * memory the connections hold, in all and each (by slot). */
struct net_share {
	_Atomic uint64_t used;	       /* bytes, all connections */
	uint64_t held[NET_MAX_CONNS];  /* bytes, each connection's slot */
};

int
net_reserve(const struct net_grant *g, uint64_t bytes)
{
	uint64_t before;

	if (g == NULL)
		return 0;
	if (g->share == NULL)
		return -1; /* no shared memory: no budget to draw on */
	before = atomic_fetch_add(&g->share->used, bytes);
	if (before + bytes > NET_MEM_BUDGET || before + bytes < before) {
		atomic_fetch_sub(&g->share->used, bytes);
		return -1;
	}
	g->share->held[g->slot] += bytes;
	return 0;
}

/* Reap the connection processes that ended, freeing their slots and the
 * memory they held; the number still running. */
static int
reap(pid_t *slot, struct net_share *sh)
{
	pid_t pid;
	int i, live = 0;

	while ((pid = waitpid(-1, NULL, WNOHANG)) > 0)
		for (i = 0; i < NET_MAX_CONNS; i++)
			if (slot[i] == pid) {
				if (sh != NULL) {
					atomic_fetch_sub(&sh->used,
							 sh->held[i]);
					sh->held[i] = 0;
				}
				slot[i] = 0;
				break;
			}
	for (i = 0; i < NET_MAX_CONNS; i++)
		live += slot[i] != 0;
	return live;
}

/* One connection, in the process forked for it in slot g->slot. */
static void __attribute__((noreturn))
connection(int fd, pid_t server, int l, const int stop[2],
	   int (*serve)(int fd, const struct net_grant *g),
	   const struct net_grant *g)
{
	/* Never outlive the server: die with it, and give up if it is
	 * already gone (the parent is then another process). */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != server)
		_exit(0);
	close(l);
	close(stop[0]);
	net_timeout(fd, NET_IDLE_S);
	/* A connection that asks the server to stop: a byte down the pipe,
	 * no signal to anyone. */
	if (serve(fd, g) != 0 && write(stop[1], "x", 1) != 1)
		_exit(1);
	_exit(0);
}

void
net_fork_loop(int l, int (*serve)(int fd, const struct net_grant *g),
	      int (*is_stop)(const char *buf, size_t n))
{
	pid_t server = getpid(), slot[NET_MAX_CONNS];
	uint64_t end = now_ms() + net_server_lifetime() * 1000;
	struct net_share *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int stop[2], live = 0, i;

	if (pipe(stop) != 0)
		_exit(EXIT_FAILED);
	if (sh == MAP_FAILED)
		sh = NULL; /* then no connection may hold memory */
	else
		atomic_init(&sh->used, 0);
	memset(slot, 0, sizeof(slot));
	/* Children are counted as they are reaped. */
	signal(SIGCHLD, SIG_DFL);
	nonblocking(l, 1);
	for (;;) {
		struct pollfd p[2] = { { l, POLLIN, 0 }, { stop[0], POLLIN, 0 } };
		int n = poll(p, 2, 1000), fd;
		struct net_grant g;
		pid_t pid;

		live = reap(slot, sh);
		if ((n > 0 && p[1].revents != 0) || now_ms() >= end)
			server_exit();
		if (n <= 0 || !(p[0].revents & POLLIN))
			continue;
		fd = accept(l, NULL, NULL);
		if (fd < 0)
			continue;
		if (live >= NET_MAX_CONNS) {
			/* Refused: the server is full; but -S still works. */
			if (overflow_stops(fd, is_stop))
				server_exit();
			close(fd);
			continue;
		}
		for (i = 0; slot[i] != 0; i++)
			;
		g.share = sh;
		g.slot = i;
		pid = fork();
		if (pid == 0)
			connection(fd, server, l, stop, serve, &g);
		if (pid > 0)
			slot[i] = pid;
		close(fd);
	}
}

/* Drop connection i of *n (the last takes its place). */
static void
conn_drop(const struct net_service *sv, struct net_conn *c, int i, int *n)
{
	if (sv->drop != NULL)
		sv->drop(&c[i]);
	close(c[i].fd);
	c[i] = c[--*n];
}

int
net_any_byte(const char *buf, size_t n)
{
	(void)buf;
	return n > 0;
}

int
net_stop_byte(struct net_conn *c)
{
	char ch;
	ssize_t r = read(c->fd, &ch, 1);

	if (r == 1)
		return NET_STOP;
	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return NET_MORE;
	return NET_DONE;
}

/* The connections of a polled server, and a few spare slots beyond the
 * cap that only look for a stop request, so that -S works while silent
 * clients fill the server. */
struct poll_set {
	struct net_conn c[NET_MAX_CONNS]; /* served connections */
	int n;                            /* how many */
	int spare[NET_SPARE];             /* beyond the cap; -1 free */
	uint64_t spare_end[NET_SPARE];    /* ms: each one closed then */
};

/* A spare connection that sent something: a stop request ends the
 * server, anything else is refused.  Either way the slot is free. */
static void
spare_check(struct poll_set *ps, const struct net_service *sv, int k)
{
	char buf[64];
	ssize_t r = read(ps->spare[k], buf, sizeof(buf));

	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return;
	if (r > 0 && sv->is_stop != NULL && sv->is_stop(buf, (size_t)r))
		server_exit();
	if (sv->refuse != NULL)
		sv->refuse(ps->spare[k]);
	close(ps->spare[k]);
	ps->spare[k] = -1;
}

/* A connection beyond the cap: into a free spare slot (else the oldest
 * one's), looked at at once in case its stop request came with it. */
static void
spare_take(struct poll_set *ps, const struct net_service *sv, int fd)
{
	int k, oldest = 0;

	for (k = 0; k < NET_SPARE && ps->spare[k] >= 0; k++)
		if (ps->spare_end[k] < ps->spare_end[oldest])
			oldest = k;
	if (k == NET_SPARE) {
		k = oldest;
		if (sv->refuse != NULL)
			sv->refuse(ps->spare[k]);
		close(ps->spare[k]);
	}
	ps->spare[k] = fd;
	ps->spare_end[k] = now_ms() + NET_SPARE_MS;
	spare_check(ps, sv, k);
}

/* Drop what is past its deadline; the ms until the next deadline (at
 * most a second). */
static int
poll_expire(struct poll_set *ps, const struct net_service *sv, uint64_t now)
{
	int i, wait = 1000;

	/* A connection past its deadline is dropped, whatever it is doing:
	 * no client holds the server longer than that. */
	for (i = ps->n - 1; i >= 0; i--)
		if (ps->c[i].deadline <= now)
			conn_drop(sv, ps->c, i, &ps->n);
		else if (ps->c[i].deadline - now < (uint64_t)wait)
			wait = (int)(ps->c[i].deadline - now);
	for (i = 0; i < NET_SPARE; i++)
		if (ps->spare[i] >= 0 && ps->spare_end[i] <= now) {
			close(ps->spare[i]);
			ps->spare[i] = -1;
		}
	return wait;
}

/* Accept every waiting connection: served up to the cap, spare beyond. */
static void
poll_accept(struct poll_set *ps, const struct net_service *sv, int l)
{
	struct net_conn *c;
	int fd, rc;

	while ((fd = accept4(l, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
		if (ps->n >= NET_MAX_CONNS) {
			spare_take(ps, sv, fd);
			continue;
		}
		c = &ps->c[ps->n++];
		c->fd = fd;
		c->events = POLLIN;
		c->deadline = now_ms() + NET_CONN_S * 1000ULL;
		c->data = NULL;
		c->server = sv->ctx;
		/* What the client sent with its connection is served at
		 * once, without another poll. */
		rc = sv->ready(c);
		if (rc == NET_STOP)
			server_exit();
		if (rc == NET_DONE)
			conn_drop(sv, ps->c, ps->n - 1, &ps->n);
	}
}

void
net_poll_loop(int l, const struct net_service *sv)
{
	struct poll_set ps;
	struct pollfd p[1 + NET_MAX_CONNS + NET_SPARE];
	uint64_t end = now_ms() + net_server_lifetime() * 1000;
	int i, rc, wait;

	memset(&ps, 0, sizeof(ps));
	for (i = 0; i < NET_SPARE; i++)
		ps.spare[i] = -1;
	nonblocking(l, 1);
	for (;;) {
		if (now_ms() >= end)
			server_exit();
		wait = poll_expire(&ps, sv, now_ms());
		p[0].fd = l;
		p[0].events = POLLIN;
		for (i = 0; i < ps.n; i++) {
			p[i + 1].fd = ps.c[i].fd;
			p[i + 1].events = ps.c[i].events;
		}
		for (i = 0; i < NET_SPARE; i++) {
			p[1 + ps.n + i].fd = ps.spare[i];
			p[1 + ps.n + i].events = POLLIN;
		}
		rc = poll(p, (nfds_t)ps.n + 1 + NET_SPARE, wait);
		if (rc <= 0)
			continue;
		for (i = 0; i < NET_SPARE; i++)
			if (ps.spare[i] >= 0 && p[1 + ps.n + i].revents != 0)
				spare_check(&ps, sv, i);
		/* Downwards, so that the connection moved into a dropped
		 * one's place has had its turn already. */
		for (i = ps.n - 1; i >= 0; i--) {
			if (p[i + 1].revents == 0)
				continue;
			rc = sv->ready(&ps.c[i]);
			if (rc == NET_STOP)
				server_exit();
			if (rc == NET_DONE)
				conn_drop(sv, ps.c, i, &ps.n);
		}
		if (p[0].revents & POLLIN)
			poll_accept(&ps, sv, l);
	}
}

/* ------------------------------------------------------------------ */
/* The round-trip programs over a network: lat_tcp, lat_udp.           */

struct lat_opts {
	const struct net_latency *p;
	struct net_client *c;
	struct net_opts net; /* -s -S -b -p -c */
};

static int
lat_option(void *ctx, int c, const char *arg)
{
	struct lat_opts *op = ctx;
	uint64_t v;
	int rc = net_option(&op->net, c, arg);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (util_size_arg("-m", arg, op->p->min_msg, op->p->max_msg, &v) != 0)
		return -1;
	op->c->msize = (size_t)v;
	return 0;
}

int
net_latency_main(int argc, char **argv, const struct net_latency *p,
                 struct net_client *c, const struct bench_desc *d)
{
	struct lat_opts op = { p, c, { 0, 0, NULL, c->port } };
	struct bench_opts o;
	char label[1100];
	int rc;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	sched_set_default("SAME");
	bench_opts_init(&o);
	rc = opts_parse(argc, argv, p->usage, 0, &o, lat_option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0 || (op.net.serve && op.net.stop) ||
	    argc - rc != (op.net.serve ? 0 : 1)) {
		opts_usage(p->usage);
		return EXIT_USAGE;
	}
	c->port = op.net.port;
	if (op.net.serve) {
		rc = net_server(net_listen(op.net.bindaddr, c->port, p->socktype));
		if (rc < 0)
			return rc == -2 ? 0 : EXIT_FAILED;
		p->serve(rc);
		return EXIT_FAILED; /* not reached: serve ends the server */
	}
	c->host = argv[rc];
	if (op.net.stop)
		return p->stop(c->host, c->port) == 0 ? 0 : EXIT_FAILED;
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	snprintf(label, sizeof(label), "%s%s", p->label, c->host);
	return bench_measure_us(d, &o, label, 1);
}

/*
 * lib_sunrpc.c - lat_rpc's RPC server and clients (lib_sunrpc.h).
 *
 * The server serves both transports on one fixed port and registers
 * them with rpcbind when rpcbind runs, so a client finds it with
 * rpcbind or without.  It serves at most SERVER_MAX_CONNS connections at
 * once (more are closed at once), reads them without blocking with
 * records of at most 64 KB (a bogus record mark ends that connection
 * only), and shuts down one that is silent for SERVER_IDLE_S seconds.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <rpc/pmap_clnt.h>
#include <rpc/rpc.h>
#include <rpc/rpc_com.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

/* tirpc defines mem_alloc and mem_free as macros; ours are functions. */
#undef mem_alloc
#undef mem_free
#include "lib_clock.h"
#include "lib_net.h"
#include "lib_server.h"
#include "lib_sunrpc.h"
#include "lib_util.h"

#define XACT_PROG 404040
#define XACT_VERS 1
#define RPC_XACT 1
#define RPC_EXIT 2
#define ANSWER SUNRPC_ANSWER

/* XDR routines of the xdrproc_t type itself, so no function is called
 * through a cast: nothing, and one char. */
static bool_t
x_void(XDR *x, ...)
{
	(void)x;
	return TRUE;
}

static bool_t
x_char(XDR *x, ...)
{
	va_list ap;
	char *c;

	va_start(ap, x);
	c = va_arg(ap, char *);
	va_end(ap);
	return xdr_char(x, c);
}

/* ---------------------------------------------------------------- server */

static volatile sig_atomic_t stop;

static void
on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void
dispatch(struct svc_req *rq, SVCXPRT *x)
{
	char in = 0, out = ANSWER;

	switch (rq->rq_proc) {
	case NULLPROC:
		svc_sendreply(x, x_void, NULL);
		return;
	case RPC_XACT:
		if (!svc_getargs(x, x_char, (caddr_t)&in)) {
			svcerr_decode(x);
			return;
		}
		svc_sendreply(x, x_char, (caddr_t)&out);
		return;
	case RPC_EXIT:
		svc_sendreply(x, x_void, NULL);
		stop = 1;
		return;
	default:
		svcerr_noproc(x);
	}
}

/* Connections above the cap are accepted here and closed at once. */
static void
refuse(int tcp)
{
	int fd = accept(tcp, NULL, NULL);

	if (fd >= 0)
		close(fd);
}

/* A copy of libtirpc's descriptors to poll (accepting a connection may
 * move svc_pollfd) into p (room for FD_SETSIZE); *conns: how many are
 * connections.  Each connection's last activity is in last[fd] (ms; 0:
 * not seen yet). */
static int
poll_set(struct pollfd *p, int tcp, int udp, int *conns)
{
	int k = svc_max_pollfd < FD_SETSIZE ? svc_max_pollfd : FD_SETSIZE;
	int i;

	memcpy(p, svc_pollfd, (size_t)k * sizeof(p[0]));
	*conns = 0;
	for (i = 0; i < k; i++)
		if (p[i].fd >= 0 && p[i].fd != tcp && p[i].fd != udp)
			(*conns)++;
	return k;
}

/* Once a second: a connection silent for SERVER_IDLE_S seconds is shut
 * down, so that libtirpc reads its end and destroys it. */
static void
sweep(const struct pollfd *p, int k, int tcp, int udp, uint64_t *last,
      uint64_t now)
{
	int i;

	for (i = 0; i < k; i++) {
		int fd = p[i].fd;

		if (fd < 0 || fd == tcp || fd == udp || fd >= FD_SETSIZE)
			continue;
		if (last[fd] == 0) {
			last[fd] = now;
		} else if (now - last[fd] > SERVER_IDLE_S * 1000ULL) {
			shutdown(fd, SHUT_RDWR);
			last[fd] = 0;
		}
	}
}

/* Serve until procedure 2, SIGTERM or the end of the lifetime.  A TCP
 * connection is read without blocking and its records are bounded
 * (RPC_SVC_CONNMAXREC_SET): a bogus record mark ends that connection and
 * stalls no other.  At most SERVER_MAX_CONNS connections at once, and no
 * descriptor at or above FD_SETSIZE, which libtirpc would never serve. */
/* The transports made, registered with libtirpc and (where it runs)
 * rpcbind: whether rpcbind took them. */
static int
start(int tcp, int udp, int port)
{
	int maxrec = 65536, registered;
	struct rlimit rl;
	SVCXPRT *t, *u;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur > FD_SETSIZE) {
		rl.rlim_cur = FD_SETSIZE;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
	rpc_control(RPC_SVC_CONNMAXREC_SET, &maxrec);
	t = svc_vc_create(tcp, 0, 0);
	u = svc_dg_create(udp, 0, 0);
	if (t == NULL || u == NULL ||
	    !svc_reg(t, XACT_PROG, XACT_VERS, dispatch, NULL) ||
	    !svc_reg(u, XACT_PROG, XACT_VERS, dispatch, NULL))
		_exit(1);
	signal(SIGALRM, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	/* rpcbind, where it runs, points lmbench's clients at this port. */
	pmap_unset(XACT_PROG, XACT_VERS);
	registered = pmap_set(XACT_PROG, XACT_VERS, IPPROTO_TCP,
			      (unsigned short)port);
	registered |= pmap_set(XACT_PROG, XACT_VERS, IPPROTO_UDP,
			       (unsigned short)port);
	return registered;
}

void
sunrpc_serve(int tcp, const void *srv)
{
	static uint64_t last[FD_SETSIZE];
	const struct sunrpc_server *sv = srv;
	int udp = sv->udp, registered = start(tcp, udp, sv->port);
	uint64_t swept = 0;

	while (!stop) {
		struct pollfd p[FD_SETSIZE];
		uint64_t now = timing_now_ns() / 1000000;
		int conns, k = poll_set(p, tcp, udp, &conns), n, i;

		if (now - swept >= 1000) {
			sweep(p, k, tcp, udp, last, now);
			swept = now;
		}
		n = poll(p, (nfds_t)k, 1000);
		if (n <= 0)
			continue;
		for (i = 0; i < k; i++) {
			if (p[i].revents == 0 || p[i].fd < 0)
				continue;
			if (p[i].fd == tcp && conns >= SERVER_MAX_CONNS) {
				refuse(tcp);
				p[i].revents = 0;
				n--;
			} else if (p[i].fd < FD_SETSIZE) {
				last[p[i].fd] = now;
			}
		}
		if (n > 0)
			svc_getreq_poll(p, n);
	}
	if (registered)
		pmap_unset(XACT_PROG, XACT_VERS);
	_exit(0);
}

int
sunrpc_listen(const struct net_opts *n, void *ctx)
{
	struct sunrpc_server *sv = ctx;
	int tcp = net_listen(n->bindaddr, n->port, SOCK_STREAM);

	sv->port = n->port;
	sv->udp = tcp < 0 ? -1 : net_listen(n->bindaddr, n->port, SOCK_DGRAM);
	if (sv->udp < 0 && tcp >= 0) {
		close(tcp);
		return -1;
	}
	return tcp;
}

/* ---------------------------------------------------------------- client */

/* A client handle on the server's fixed port, checked with a null call;
 * NULL if nothing answers there (*full: a TCP connection was taken and
 * closed without an answer, as a server at its cap does). */
static CLIENT *
direct(const char *host, int port, const char *proto, int *unknown,
       int *full)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	struct netbuf nb;
	struct timeval tv = { 1, 0 };
	CLIENT *cl;
	int tcp = strcmp(proto, "tcp") == 0;
	int fd = net_connect_quiet(host, port, tcp ? SOCK_STREAM : SOCK_DGRAM);

	enum clnt_stat st;

	*unknown = fd == -2;
	*full = 0;
	if (fd < 0)
		return NULL;
	if (getpeername(fd, (struct sockaddr *)&sa, &len) != 0) {
		close(fd);
		return NULL;
	}
	nb.maxlen = nb.len = len;
	nb.buf = &sa;
	cl = tcp ? clnt_vc_create(fd, &nb, XACT_PROG, XACT_VERS, 0, 0)
		 : clnt_dg_create(fd, &nb, XACT_PROG, XACT_VERS, 0, 0);
	if (cl == NULL) {
		close(fd);
		return NULL;
	}
	clnt_control(cl, CLSET_FD_CLOSE, NULL);
	if (!tcp) {
		struct timeval retry = { 0, 200000 };

		clnt_control(cl, CLSET_RETRY_TIMEOUT, (char *)&retry);
	}
	st = clnt_call(cl, NULLPROC, x_void, NULL, x_void, NULL, tv);
	if (st != RPC_SUCCESS) {
		*full = tcp && (st == RPC_CANTRECV || st == RPC_CANTSEND);
		clnt_destroy(cl);
		return NULL;
	}
	return cl;
}

CLIENT *
sunrpc_client(const char *host, int port, const char *proto)
{
	struct timeval tv = { 3, 0 };
	int unknown, full;
	CLIENT *cl = direct(host, port, proto, &unknown, &full);

	if (cl != NULL || unknown)
		return cl;
	cl = clnt_create_timed(host, XACT_PROG, XACT_VERS, proto, &tv);
	if (cl == NULL && full) {
		util_err("the RPC server on %s port %d is full: it took the "
			 "connection and closed it unanswered, as one serving "
			 "its %d connections does (each silent one is dropped "
			 "after %d s): try again later",
			 host, port, SERVER_MAX_CONNS, SERVER_IDLE_S);
		return NULL;
	}
	if (cl == NULL) {
		util_err("no RPC server on %s (port %d, nor through rpcbind:%s)",
			 host, port, clnt_spcreateerror("") + 1);
		return NULL;
	}
	return cl;
}

void
sunrpc_close(CLIENT **cl)
{
	if (*cl != NULL)
		clnt_destroy(*cl);
	*cl = NULL;
}

enum clnt_stat
sunrpc_call(CLIENT *cl, char *out)
{
	struct timeval tv = { 5, 0 };
	char in = 1;

	return clnt_call(cl, RPC_XACT, x_char, (caddr_t)&in, x_char,
	                 (caddr_t)out, tv);
}

/* The reply may not come before the server exits. */
int
sunrpc_stop(const char *host, int port, void *ctx)
{
	struct timeval tv = { 1, 0 };
	CLIENT *cl = sunrpc_client(host, port, "udp");
	enum clnt_stat st;

	(void)ctx;
	if (cl == NULL)
		return -1;
	st = clnt_call(cl, RPC_EXIT, x_void, NULL, x_void, NULL, tv);
	clnt_destroy(cl);
	if (st != RPC_SUCCESS && st != RPC_TIMEDOUT) {
		util_err("RPC/udp exit call to %s: %s", host, clnt_sperrno(st));
		return -1;
	}
	return 0;
}

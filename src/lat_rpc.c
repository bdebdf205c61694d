/*
 * lat_rpc - Sun RPC round-trip latency over UDP and TCP (libtirpc).
 *
 * The RPC program is lmbench's: number 404040, version 1; procedure 1
 * takes an XDR char and answers the char 123 (checked), procedure 2 makes
 * the server exit.  lat_rpc -s starts a server that detaches and lives an
 * hour (or LMBENCH_SERVER_TIMEOUT seconds), serving both transports on a
 * fixed port, 31239 unless -p says otherwise (-b chooses the address), and
 * registering them with rpcbind when rpcbind runs - so a client finds it
 * with rpcbind or without.  A client first tries that port directly, then
 * asks the host's rpcbind (which is how it finds a server of lmbench's
 * own, on a port of rpcbind's choosing).
 *
 * The server serves at most 256 connections at once (more are closed at
 * once), reads them without blocking with records of at most 64 KB (a
 * bogus record mark ends that connection only), and shuts down one that
 * is silent for 60 seconds.
 *
 * One iteration is one call of procedure 1.  With no -P protocol given,
 * TCP is measured, then UDP, as lmbench does.  lat_rpc -S HOST calls
 * procedure 2 over UDP.
 *
 * Usage: lat_rpc -s [-b <address>] [-p <port>] [-c <placement>]
 *        lat_rpc [-p <tcp|udp>] [-P <parallelism>] [-W <warmup>]
 *                [-N <repetitions>] server
 *        lat_rpc -S server
 * Output (stderr): "RPC/tcp latency using localhost: 18.0400 microseconds"
 *
 * -p is lmbench's protocol option; the port of a server is given as a
 * number to -p, which is never taken for a protocol.
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
#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_sched.h"
#include "lib_tcp.h"
#include "lib_util.h"

#define PORT 31239
#define XACT_PROG 404040
#define XACT_VERS 1
#define RPC_XACT 1
#define RPC_EXIT 2
#define ANSWER 123

struct state {
	const char *host; /* the server */
	int port;	  /* its fixed port */
	const char *proto; /* "tcp" or "udp" */
	CLIENT *cl;
};

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

/* Once a second: a connection silent for NET_IDLE_S seconds is shut
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
		} else if (now - last[fd] > NET_IDLE_S * 1000ULL) {
			shutdown(fd, SHUT_RDWR);
			last[fd] = 0;
		}
	}
}

/* Serve until procedure 2, SIGTERM or the end of the lifetime.  A TCP
 * connection is read without blocking and its records are bounded
 * (RPC_SVC_CONNMAXREC_SET): a bogus record mark ends that connection and
 * stalls no other.  At most NET_MAX_CONNS connections at once, and no
 * descriptor at or above FD_SETSIZE, which libtirpc would never serve. */
static void __attribute__((noreturn))
serve(int tcp, int udp, int port)
{
	static uint64_t last[FD_SETSIZE];
	int maxrec = 65536, registered;
	uint64_t swept = 0;
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
			if (p[i].fd == tcp && conns >= NET_MAX_CONNS) {
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

/* ---------------------------------------------------------------- client */

/* A client handle on the server's fixed port, checked with a null call;
 * NULL if nothing answers there. */
static CLIENT *
direct(const char *host, int port, const char *proto, int *unknown)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	struct netbuf nb;
	struct timeval tv = { 1, 0 };
	CLIENT *cl;
	int tcp = strcmp(proto, "tcp") == 0;
	int fd = net_connect_quiet(host, port, tcp ? SOCK_STREAM : SOCK_DGRAM);

	*unknown = fd == -2;
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
	if (clnt_call(cl, NULLPROC, x_void, NULL,
		      x_void, NULL, tv) != RPC_SUCCESS) {
		clnt_destroy(cl);
		return NULL;
	}
	return cl;
}

/* A client handle for proto: the fixed port, else rpcbind.  NULL after a
 * message. */
static CLIENT *
client(const char *host, int port, const char *proto)
{
	struct timeval tv = { 3, 0 };
	int unknown;
	CLIENT *cl = direct(host, port, proto, &unknown);

	if (cl != NULL || unknown)
		return cl;
	cl = clnt_create_timed(host, XACT_PROG, XACT_VERS, proto, &tv);
	if (cl == NULL) {
		util_err("no RPC server on %s (port %d, nor through rpcbind:%s)",
			 host, port, clnt_spcreateerror("") + 1);
		return NULL;
	}
	return cl;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	int fd;

	s->cl = client(s->host, s->port, s->proto);
	if (s->cl == NULL)
		return -1;
	if (clnt_control(s->cl, CLGET_FD, (char *)&fd))
		party_add_server(cx, peer_of_socket(fd));
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	struct timeval tv = { 5, 0 };

	while (n-- > 0) {
		char in = 1, out = 0;
		enum clnt_stat st =
			clnt_call(s->cl, RPC_XACT, x_char,
				  (caddr_t)&in, x_char,
				  (caddr_t)&out, tv);

		if (st != RPC_SUCCESS) {
			util_err("RPC/%s call to %s: %s", s->proto, s->host,
				 clnt_sperrno(st));
			return -1;
		}
		if (out != ANSWER) {
			util_err("RPC/%s: %s answered %d, not %d", s->proto,
				 s->host, out, ANSWER);
			return -1;
		}
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->cl != NULL)
		clnt_destroy(s->cl);
	s->cl = NULL;
}

/* -S: procedure 2 over UDP; the reply may not come before the exit. */
static int
stop_server(const char *host, int port)
{
	struct timeval tv = { 1, 0 };
	CLIENT *cl = client(host, port, "udp");
	enum clnt_stat st;

	if (cl == NULL)
		return EXIT_FAILED;
	st = clnt_call(cl, RPC_EXIT, x_void, NULL,
		       x_void, NULL, tv);
	clnt_destroy(cl);
	if (st != RPC_SUCCESS && st != RPC_TIMEDOUT) {
		util_err("RPC/udp exit call to %s: %s", host, clnt_sperrno(st));
		return EXIT_FAILED;
	}
	return 0;
}

struct opts {
	struct net_opts net; /* -s -S -b, and -p as a port */
	const char *proto;   /* -p as a protocol */
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;

	if (c == 'p' && (strcmp(arg, "tcp") == 0 || strcmp(arg, "udp") == 0)) {
		op->proto = arg;
		return 0;
	}
	if (c == 'p' && (arg[0] < '0' || arg[0] > '9')) {
		util_err("-p: unknown protocol '%s' (tcp or udp)", arg);
		return -1;
	}
	return net_option(&op->net, c, arg) < 0 ? -1 : 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-p " \
	"<tcp|udp>] [-p <port>] [-P <parallelism>] [-W <warmup>] [-N " \
	"<repetitions>] serverhost | -S [-p <port>] serverhost"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

static int
measure(struct state *s, const struct bench_opts *o)
{
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = s
	};
	char label[1100];

	snprintf(label, sizeof(label), "RPC/%s latency using %s", s->proto,
		 s->host);
	return bench_measure_us(&d, o, label, 1);
}

int
main(int argc, char **argv)
{
	struct state s = { NULL, PORT, NULL, NULL };
	struct opts op = { { 0, 0, NULL, PORT }, NULL };
	struct bench_opts o;
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
		int tcp, udp;

		if (optind != argc)
			usage();
		tcp = net_listen(op.net.bindaddr, s.port, SOCK_STREAM);
		udp = tcp < 0 ? -1
			      : net_listen(op.net.bindaddr, s.port, SOCK_DGRAM);
		if (udp < 0) {
			if (tcp >= 0)
				close(tcp);
			return EXIT_FAILED;
		}
		rc = net_server(tcp);
		if (rc < 0) {
			close(udp);
			return rc == -2 ? 0 : EXIT_FAILED;
		}
		serve(tcp, udp, s.port);
	}
	if (argc - optind != 1)
		usage();
	s.host = argv[optind];
	if (op.net.stop)
		return stop_server(s.host, s.port);
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	if (op.proto != NULL) {
		s.proto = op.proto;
		return measure(&s, &o);
	}
	s.proto = "tcp";
	rc = measure(&s, &o);
	if (rc != 0)
		return rc;
	s.proto = "udp";
	return measure(&s, &o);
}

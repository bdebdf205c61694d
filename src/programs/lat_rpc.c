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
 * is silent for 60 seconds (lib_sunrpc).
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
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_net.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_server.h"
#include "lib_sunrpc.h"
#include "lib_util.h"

#define PORT 31239

struct state {
	const char *host; /* the server */
	int port;	  /* its fixed port */
	const char *proto; /* "tcp" or "udp" */
	CLIENT *cl;
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	int fd;

	s->cl = sunrpc_client(s->host, s->port, s->proto);
	if (s->cl == NULL)
		return -1;
	if (clnt_control(s->cl, CLGET_FD, (char *)&fd))
		party_add_server(cx, peer_of_socket(fd));
	return 0;
}

static void
cleanup(void *sp)
{
	sunrpc_close(&((struct state *)sp)->cl);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		char out = 0;
		enum clnt_stat st = sunrpc_call(s->cl, &out);

		if (st != RPC_SUCCESS) {
			util_err("RPC/%s call to %s: %s", s->proto, s->host,
				 clnt_sperrno(st));
			return -1;
		}
		if (out != SUNRPC_ANSWER) {
			util_err("RPC/%s: %s answered %d, not %d", s->proto,
				 s->host, out, SUNRPC_ANSWER);
			return -1;
		}
	}
	return 0;
}

struct opts {
	struct net_opts net; /* -s -S -b -c, and -p as a port */
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
	return net_handler(&op->net, c, arg);
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-p " \
	"<tcp|udp>] [-p <port>] [-P <parallelism>] [-W <warmup>] [-N " \
	"<repetitions>] serverhost | -S [-p <port>] serverhost"
#define HELP NET_HELP_MODES NET_HELP_B NET_HELP_C \
	"-p <tcp|udp>      the transport measured (default: TCP, then UDP)\n" \
	"-p <port>         the server's port, as a number (default: 31239)\n" \
	"serverhost        the host whose server answers"

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
	struct opts op = { { .port = PORT }, NULL };
	struct sunrpc_server srv = { -1, PORT };
	const struct bench_prog prog = { .usage = USAGE, .help = HELP,
		.max_operands = 1, .option = option, .ctx = &op };
	const struct server_side sd = { .listen = sunrpc_listen,
		.serve = sunrpc_serve, .service = &srv, .stop = sunrpc_stop,
		.ctx = &srv };
	struct bench_opts o;
	int rc, first = server_begin(argc, argv, &prog, &o, &op.net, &sd, &rc);

	if (first < 0)
		return rc;

	s.port = op.net.port;
	s.host = argv[first];
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

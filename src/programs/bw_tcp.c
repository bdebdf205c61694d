/*
 * bw_tcp - TCP bandwidth.
 *
 * bw_tcp -s starts a server that detaches and keeps serving (an hour, or
 * LMBENCH_SERVER_TIMEOUT seconds) until bw_tcp -S HOST stops it.  A
 * client connects and sends the message size as a decimal string, as
 * lmbench's does; the server then writes messages of that size without
 * pause until the client goes, and the client reads.  One iteration reads
 * -M bytes (the bytes to move) in reads of at most one message; -m and
 * -M both default to 64 KB, -m alone sets both, -M alone sets both, and
 * the bytes to move are rounded up to whole messages.  The rate is
 * copies * bytes / median interval in MB/s (10^6 bytes).  Both ends ask
 * for 1 MB socket buffers, as lmbench's.  -W defaults to 0.1 s (lmbench:
 * 7.5 s) so the connection leaves slow start before timing.  The port is
 * lmbench's 31236 unless -p says otherwise; -b chooses the server's
 * address.  A client without a server prints "socket connection:
 * Connection refused" and exits 1.  The server takes at most 256
 * connections at once and messages of at most 256 MB; a client that reads nothing for 60 seconds is
 * dropped (see lmbench-ng(7)).
 *
 * Usage: bw_tcp -s [-b <address>] [-p <port>] [-c <placement>]
 *        bw_tcp [-m <message size>] [-M <bytes to move>] [-p <port>]
 *               [-P <parallelism>] [-W <warmup>] [-N <repetitions>] server
 *        bw_tcp -S [-p <port>] server
 * Output (stderr): "0.065536 1864.99 MB/sec" (message size in MB, rate)
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_forked.h"
#include "lib_harness.h"
#include "lib_ipc.h"
#include "lib_net.h"
#include "lib_opts.h"
#include "lib_report.h"
#include "lib_server.h"
#include "lib_tcpbw.h"
#include "lib_util.h"

#define PORT 31236
#define MAX_MSG TCPBW_MAX_MSG

struct state {
	struct net_end end; /* the connection, a message's buffer */
	const char *host;   /* the server */
	int port;
	size_t msize;	    /* bytes per message */
	uint64_t move;	    /* bytes per iteration */
	char who[300];	    /* "the server at HOST", for messages */
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	if (net_end_open(&s->end, s->host, s->port, SOCK_STREAM, s->msize,
	                 cx) != 0 ||
	    tcpbw_send_size(s->end.fd, s->host, s->msize) != 0)
		return -1;
	tcpbw_buffers(s->end.fd, SO_RCVBUF);
	net_timeout(s->end.fd, 10);
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0)
		if (ipc_drain(s->end.fd, s->end.buf, s->msize, s->move,
		              s->who) != 0)
			return -1;
	return 0;
}

/* -S: the size "0". */
static int
stop(const char *host, int port, void *ctx)
{
	int fd = net_connect(host, port, SOCK_STREAM), rc;

	(void)ctx;
	if (fd < 0)
		return -1;
	rc = tcpbw_send_size(fd, host, 0);
	close(fd);
	return rc;
}

/* The options: net_option's (-m among them), and -M. */
struct opts {
	struct net_opts net; /* -s -S -b -p -c -m */
	uint64_t move;       /* -M (0: not given) */
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;
	int rc = net_option(&op->net, c, arg);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	return util_size_arg("-M", arg, 1, MAX_MSG, &op->move) != 0 ? -1 : 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-m " \
	"<message size>] [-M <bytes to move>] [-p <port>] [-P " \
	"<parallelism>] [-W <warmup>] [-N <repetitions>] server | -S " \
	"[-p <port>] server"
#define HELP NET_HELP_MODES NET_HELP_B NET_HELP_C NET_HELP_P \
	"-m <message size>  bytes per read and write (default 64k)\n" \
	"-M <bytes to move>  bytes per iteration (default: -m's)\n" \
	"server            the host whose server sends"

/* "%.6f %.2f MB/sec": the message size in MB (10^6), the rate. */
static int
report_tcp_bw(const struct bench_result *r, double msize, double bytes)
{
	struct report_fig f = { "tcp bandwidth", "MB/s", REPORT_MBS, bytes,
		                msize, 0 };
	double v;

	if (report_measured(r, &f, &v) != 0)
		return -1;
	return report_emit(r, &f, v, "%.6f %.2f MB/sec\n", msize / 1e6, v);
}

int
main(int argc, char **argv)
{
	struct state s = { { -1, NULL }, NULL, PORT, 0, 0, "" };
	struct opts op = { { 0, 0, NULL, PORT, 0, 1, MAX_MSG }, 0 };
	/* -W defaults to 0.1 s here, as lmbench's. */
	const struct bench_prog prog = { .usage = USAGE, .help = HELP,
		.max_operands = 1, .option = option, .ctx = &op,
		.warmup_us = 100000 };
	const struct server_side sd = { .socktype = SOCK_STREAM,
		.serve = forked_serve, .service = &tcpbw_service, .stop = stop };
	struct bench_opts o;
	struct bench_desc d = { .init = init, .run = run,
		.cleanup = net_end_close, .state = &s };
	struct bench_result r;
	int rc, first = server_begin(argc, argv, &prog, &o, &op.net, &sd, &rc);

	if (first < 0)
		return rc;

	s.port = op.net.port;
	s.host = argv[first];
	snprintf(s.who, sizeof(s.who), "the server at %s", s.host);
	/* lmbench: -m and -M default to 64 KB, -m alone moves one message,
	 * -M alone is one message. */
	s.msize = (size_t)(op.net.msize ? op.net.msize
	                                : op.move ? op.move : 65536);
	s.move = op.move ? op.move : s.msize;
	s.move = (s.move + s.msize - 1) / s.msize * s.msize;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	rc = report_tcp_bw(&r, (double)s.msize, (double)s.move);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

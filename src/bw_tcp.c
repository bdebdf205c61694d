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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_ipc.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_report.h"
#include "lib_sched.h"
#include "lib_tcp.h"
#include "lib_util.h"

#define PORT 31236
#define MAX_MSG (256ULL << 20)

struct state {
	const char *host; /* the server */
	int port;
	size_t msize;	  /* bytes per message */
	uint64_t move;	  /* bytes per iteration */
	int fd;		  /* the connection */
	char *buf;
	char who[300];	  /* "the server at HOST", for messages */
};

/* Ask for buffers of 1 MB, halving until the system takes one. */
static void
buffers(int fd, int opt)
{
	int size;

	for (size = 1 << 20; size >= 16384; size /= 2)
		if (setsockopt(fd, SOL_SOCKET, opt, &size, sizeof(size)) == 0)
			return;
}

/* One connection: the size, then messages until the reader goes.
 * Non-zero for the size "0": lmbench's way of saying stop.  The message
 * is zeroed memory never written (calloc maps the zero page), so it holds
 * no memory and asks for none of the server's budget. */
static int
serve(int fd, const struct net_grant *g)
{
	char text[32];
	size_t i = 0;
	uint64_t msize;
	char *buf;

	(void)g;
	while (i < sizeof(text) - 1 && read(fd, &text[i], 1) == 1 &&
	       text[i] != '\0')
		i++;
	text[i] = '\0';
	if (util_parse_u64(text, 0, MAX_MSG, &msize) != NULL)
		return 0;
	if (msize == 0)
		return 1;
	buffers(fd, SO_SNDBUF);
	buf = calloc(1, (size_t)msize);
	if (buf == NULL)
		return 0;
	while (util_writen(fd, buf, (size_t)msize) == (ssize_t)msize)
		;
	free(buf);
	return 0;
}

/* A stop request: the size "0". */
static int
is_stop(const char *buf, size_t n)
{
	return n >= 2 && buf[0] == '0' && buf[1] == '\0';
}

/* Connect and send the size as lmbench's clients do: decimal and NUL. */
static int
connect_size(const char *host, int port, uint64_t msize)
{
	char text[32];
	int fd = net_connect(host, port, SOCK_STREAM), len;

	if (fd < 0)
		return -1;
	len = snprintf(text, sizeof(text), "%llu", (unsigned long long)msize);
	if (util_writen(fd, text, (size_t)len + 1) != len + 1) {
		util_syserr("cannot talk to %s", host);
		close(fd);
		return -1;
	}
	return fd;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->buf = malloc(s->msize);
	if (s->buf == NULL) {
		util_err("out of memory");
		return -1;
	}
	s->fd = connect_size(s->host, s->port, s->msize);
	if (s->fd < 0)
		return -1;
	buffers(s->fd, SO_RCVBUF);
	net_timeout(s->fd, 10);
	party_add_server(cx, peer_of_socket(s->fd));
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0)
		if (ipc_drain(s->fd, s->buf, s->msize, s->move, s->who) != 0)
			return -1;
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->fd >= 0)
		close(s->fd);
	free(s->buf);
	s->fd = -1;
	s->buf = NULL;
}

struct opts {
	struct state *s;
	struct net_opts net; /* -s -S -b -p */
	int have_m, have_M;  /* -m, -M given */
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;
	uint64_t v;
	int rc = net_option(&op->net, c, arg);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (util_size_arg(c == 'm' ? "-m" : "-M", arg, 1, MAX_MSG, &v) != 0)
		return -1;
	if (c == 'm') {
		op->s->msize = (size_t)v;
		op->have_m = 1;
	} else {
		op->s->move = v;
		op->have_M = 1;
	}
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-m " \
	"<message size>] [-M <bytes to move>] [-p <port>] [-P " \
	"<parallelism>] [-W <warmup>] [-N <repetitions>] server | -S " \
	"[-p <port>] server"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

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
	struct state s = { NULL, PORT, 65536, 65536, -1, NULL, "" };
	struct opts op = { &s, { 0, 0, NULL, PORT }, 0, 0 };
	struct bench_opts o;
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	struct bench_result r;
	int rc, fd;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	sched_set_default("SAME");
	bench_opts_init(&o);
	o.warmup_us = 100000;
	rc = opts_parse(argc, argv, USAGE, 0, &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0 || (op.net.serve && op.net.stop))
		usage();
	s.port = op.net.port;
	if (op.net.serve) {
		if (optind != argc)
			usage();
		rc = net_server(net_listen(op.net.bindaddr, s.port, SOCK_STREAM));
		if (rc < 0)
			return rc == -2 ? 0 : EXIT_FAILED;
		net_fork_loop(rc, serve, is_stop);
	}
	if (argc - optind != 1)
		usage();
	s.host = argv[optind];
	snprintf(s.who, sizeof(s.who), "the server at %s", s.host);
	if (op.net.stop) {
		fd = connect_size(s.host, s.port, 0);
		if (fd < 0)
			return EXIT_FAILED;
		close(fd);
		return 0;
	}
	/* lmbench: -m alone moves one message, -M alone is one message. */
	if (op.have_m && !op.have_M)
		s.move = s.msize;
	if (op.have_M && !op.have_m)
		s.msize = (size_t)s.move;
	s.move = (s.move + s.msize - 1) / s.msize * s.msize;
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	rc = report_tcp_bw(&r, (double)s.msize, (double)s.move);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

/*
 * lat_udp - round-trip latency over UDP.
 *
 * lat_udp -s starts a server that detaches and keeps serving (an hour, or
 * LMBENCH_SERVER_TIMEOUT seconds): it sends every datagram back to its
 * sender.  The client sends a datagram of -m bytes (default 4, at least 4,
 * at most 65507) whose first 4 bytes are a sequence number, and waits for
 * the same datagram to come back; one iteration is one round trip.
 * Replies to earlier datagrams are skipped.  A datagram lost for 5
 * seconds ends the run with a message and status 1 (lmbench waited 15).
 * lat_udp -S HOST sends the four negative sequence numbers that stop
 * lmbench's servers and ours.  Port 34298 (what lmbench's really used)
 * unless -p says otherwise; -b chooses the server's address.
 *
 * Usage: lat_udp -s [-b <address>] [-p <port>] [-c <placement>]
 *        lat_udp [-m <message size>] [-p <port>] [-P <parallelism>]
 *                [-W <warmup>] [-N <repetitions>] server
 *        lat_udp -S [-p <port>] server
 * Output (stderr): "UDP latency using localhost: 9.2201 microseconds"
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_sched.h"
#include "lib_tcp.h"
#include "lib_udp.h"
#include "lib_util.h"

#define PORT 34298
#define MAX_MSG 65507

struct state {
	const char *host; /* the server */
	int port;
	size_t msize;	  /* bytes per datagram */
	int fd;
	uint32_t seq;	  /* the next sequence number */
	char *buf;
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->buf = calloc(1, s->msize);
	if (s->buf == NULL) {
		util_err("out of memory");
		return -1;
	}
	s->fd = net_connect(s->host, s->port, SOCK_DGRAM);
	if (s->fd < 0)
		return -1;
	net_timeout(s->fd, 5);
	s->seq = 1;
	party_add_server(cx, peer_of_socket(s->fd));
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		uint32_t want = htonl(s->seq), got;
		ssize_t r;

		memcpy(s->buf, &want, 4);
		if (send(s->fd, s->buf, s->msize, 0) != (ssize_t)s->msize) {
			util_syserr("send to %s", s->host);
			return -1;
		}
		do {
			r = recv(s->fd, s->buf, s->msize, 0);
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0 && errno == EAGAIN) {
				util_err("no reply from %s in 5 seconds",
					 s->host);
				return -1;
			}
			if (r < 0) {
				util_syserr("no reply from %s", s->host);
				return -1;
			}
			memcpy(&got, s->buf, 4);
		} while (r < 4 || got != want); /* a late reply: skip it */
		s->seq = (s->seq + 1) & 0x7fffffff;
	}
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
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;
	uint64_t v;
	int rc = net_option(&op->net, c, arg);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (util_size_arg("-m", arg, 4, MAX_MSG, &v) != 0)
		return -1;
	op->s->msize = (size_t)v;
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-m " \
	"<message size>] [-p <port>] [-P <parallelism>] [-W <warmup>] " \
	"[-N <repetitions>] server | -S [-p <port>] server"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct state s = { NULL, PORT, 4, -1, 1, NULL };
	struct opts op = { &s, { 0, 0, NULL, PORT } };
	struct bench_opts o;
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	char label[1100];
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
		if (optind != argc)
			usage();
		rc = net_server(net_listen(op.net.bindaddr, s.port, SOCK_DGRAM));
		if (rc < 0)
			return rc == -2 ? 0 : EXIT_FAILED;
		udp_echo(rc, MAX_MSG);
	}
	if (argc - optind != 1)
		usage();
	s.host = argv[optind];
	if (op.net.stop)
		return udp_stop(s.host, s.port) == 0 ? 0 : EXIT_FAILED;
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	snprintf(label, sizeof(label), "UDP latency using %s", s.host);
	return bench_measure_us(&d, &o, label, 1);
}

/*
 * bw_udp - UDP bandwidth, server to client.
 *
 * bw_udp -s starts a server that detaches and keeps serving (an hour, or
 * LMBENCH_SERVER_TIMEOUT seconds).  The client asks for a window of
 * datagrams of -m bytes (default 32 KB, at most 65507) and the server
 * sends them back to back; the client asks for the next window once the
 * last one has arrived.  A window is as many datagrams as fill half the
 * client's receive buffer (4 MB asked for), so a loss-free path never
 * drops one for want of buffer space.  Datagrams still missing 0.2 s
 * after the last one arrived are asked for again: every byte counted has
 * arrived, and a lossy path shows as a lower rate rather than a hang.  No
 * datagram for 5 seconds ends the run with a message and status 1.
 *
 * One iteration moves SIZE bytes (the optional argument after the host,
 * default 10 MB, rounded up to whole datagrams).  The rate is copies *
 * bytes / median interval, in MB/s (10^6 bytes).
 *
 * lmbench's bw_udp shared lat_udp's port and sent its request as two
 * native longs that its server byte-swapped as 32-bit values, so no
 * client could talk to it across 64-bit hosts; ours speaks a protocol
 * of its own (fixed-width fields in network order) on port 34299, next
 * to lat_udp's 34298, so both servers can run at once.  -S sends the
 * four negative sequence numbers that stop lmbench's UDP servers.
 *
 * The protocol, and the cookie that keeps forged requests away, are in
 * lib_udpbw.
 *
 * Usage: bw_udp -s [-b <address>] [-p <port>] [-c <placement>]
 *        bw_udp [-m <message size>] [-p <port>] [-P <parallelism>]
 *               [-W <warmup>] [-N <repetitions>] server [size]
 *        bw_udp -S [-p <port>] server
 * Output (stderr): "socket UDP bandwidth using localhost: 2153.71 MB/sec"
 */
#define _DEFAULT_SOURCE /* SO_RCVBUFFORCE */
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/time.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_net.h"
#include "lib_server.h"
#include "lib_udp.h"
#include "lib_udpbw.h"
#include "lib_util.h"

#define PORT 34299

struct state {
	struct udpbw_client c; /* the socket, the cookie, the window */
	int port;
	uint64_t move;	  /* bytes per iteration */
	uint32_t window;  /* datagrams per request */
};

/* Datagrams per request: as many as fill half the receive buffer (4 MB
 * asked for), within what one iteration moves and the server grants. */
static uint32_t
window_size(int fd, size_t msize, uint64_t move)
{
	int size = 4 << 20, real = 0;
	socklen_t len = sizeof(real);
	uint64_t w;

	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &real, &len);
	/* Linux reports twice the payload it holds; a datagram costs about
	 * its size plus a kilobyte of bookkeeping. */
	w = (uint64_t)(real > 0 ? real : 212992) / 4 / (msize + 1024);
	if (w > move / msize)
		w = move / msize;
	if (w > UDPBW_MAX_COUNT)
		w = UDPBW_MAX_COUNT;
	if (w > UDPBW_MAX_BYTES / msize)
		w = UDPBW_MAX_BYTES / msize;
	return w < 1 ? 1 : (uint32_t)w;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	struct timeval tv = { 0, 200000 };

	if (net_end_open(&s->c.end, s->c.host, s->port, SOCK_DGRAM,
	                 s->c.msize, cx) != 0)
		return -1;
	setsockopt(s->c.end.fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	s->window = window_size(s->c.end.fd, s->c.msize, s->move);
	s->c.got = malloc(s->window);
	if (s->c.got == NULL) {
		util_err("out of memory");
		return -1;
	}
	return udpbw_handshake(&s->c);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		uint64_t left = s->move / s->c.msize;

		while (left > 0) {
			uint32_t c = left < s->window ? (uint32_t)left
						      : s->window;

			if (udpbw_window(&s->c, c) != 0)
				return -1;
			left -= c;
		}
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	net_end_close(&s->c.end);
	free(s->c.got);
	s->c.got = NULL;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-m " \
	"<message size>] [-p <port>] [-P <parallelism>] [-W <warmup>] " \
	"[-N <repetitions>] server [size] | -S [-p <port>] server"
#define HELP NET_HELP_MODES NET_HELP_B NET_HELP_C NET_HELP_P \
	"-m <message size>  bytes per datagram (default 32k, at most 65507)\n" \
	"server            the host whose server sends\n" \
	"size              bytes per iteration (default 10m)"

int
main(int argc, char **argv)
{
	struct state s = { { { -1, NULL }, NULL, 32768, 0, { 0, 0 }, NULL },
		           PORT, 10 << 20, 1 };
	struct net_opts n = { 0, 0, NULL, PORT, 0, UDPBW_HDR, UDP_MAX_MSG };
	const struct bench_prog prog = { .usage = USAGE, .help = HELP,
		.max_operands = 2, .option = net_handler, .ctx = &n };
	const struct server_side sd = { .socktype = SOCK_DGRAM,
		.serve = udpbw_serve, .stop = udp_stop };
	struct bench_opts o;
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
	char label[1100];
	int rc, first = server_begin(argc, argv, &prog, &o, &n, &sd, &rc);

	if (first < 0)
		return rc;

	s.port = n.port;
	if (n.msize != 0)
		s.c.msize = (size_t)n.msize;
	s.c.host = argv[first];
	if (argc - first == 2 &&
	    util_size_arg("size", argv[first + 1], 1, 1ULL << 36, &s.move))
		return EXIT_USAGE;
	s.move = (s.move + s.c.msize - 1) / s.c.msize * s.c.msize;
	snprintf(label, sizeof(label), "socket UDP bandwidth using %s",
		 s.c.host);
	return bench_measure_mbs(&d, &o, label, (double)s.move);
}

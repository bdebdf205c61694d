/*
 * lib_rtt.c - the body of lat_tcp and lat_udp (lib_rtt.h): options,
 * -s, -S and the measurement, the transport a parameter.
 */
#include <stdio.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_net.h"
#include "lib_rtt.h"
#include "lib_server.h"
#include "lib_util.h"

/* The usage line, the option table of both programs. */
#define RTT_USAGE "-s [-b <address>] [-p <port>] [-c <placement>] | [-m " \
	"<message size>] [-p <port>] [-P <parallelism>] [-W <warmup>] " \
	"[-N <repetitions>] server | -S [-p <port>] server"
#define RTT_HELP NET_HELP_MODES NET_HELP_B NET_HELP_C NET_HELP_P \
	"-m <message size>  bytes per message (k and m suffixes)\n" \
	"server            the host whose server answers"

int
rtt_main(int argc, char **argv, const struct rtt_transport *t,
         struct rtt_client *c, const struct bench_desc *d)
{
	struct net_opts n = { 0, 0, NULL, c->port, 0, t->min_msg,
		              t->max_msg };
	const struct bench_prog prog = {
		.usage = RTT_USAGE, .help = RTT_HELP, .max_operands = 1,
		.option = net_handler, .ctx = &n,
	};
	const struct server_side sd = { .socktype = t->socktype,
		.serve = t->serve, .service = t->service, .stop = t->stop };
	struct bench_opts o;
	char label[1100];
	int rc, first = server_begin(argc, argv, &prog, &o, &n, &sd, &rc);

	if (first < 0)
		return rc;

	c->port = n.port;
	if (n.msize != 0)
		c->msize = (size_t)n.msize;
	c->host = argv[first];
	snprintf(label, sizeof(label), "%s%s", t->label, c->host);
	return bench_measure_us(d, &o, label, 1);
}

int
rtt_connect(struct rtt_client *c, struct copy_ctx *cx, int socktype)
{
	/* One byte more than a message: a longer reply shows as longer. */
	return net_end_open(&c->end, c->host, c->port, socktype, c->msize + 1,
			    cx);
}

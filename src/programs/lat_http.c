/*
 * lat_http - HTTP transaction time for a list of documents.
 *
 * Reads document names from standard input, one per line (a leading "/"
 * is optional), and fetches each in turn from an HTTP server such as
 * lmhttp: connect, "GET /name HTTP/1.0", read to the end, close.  One
 * iteration fetches the whole list; the reported time is the median
 * iteration (lmbench timed one pass).  Every answer must be "200": a
 * missing document is an error, not a short transfer.  Bytes counted are
 * everything the server sent, headers included, as lmbench's.
 *
 * Output (stderr), as lmbench's: "Avg xfer: 3.2KB, 101.3KB in 4.1234
 * millisecs, 24.57 MB/sec" (KB = 1000 bytes, MB = 10^6; "Avg xfer 512, "
 * when the mean is at most 1000 bytes; the time as %.0f above 100 ms; the
 * rate in KB/sec when at most 1 MB/s).  lmbench divided the total by the
 * number of documents less one; the average here is total / documents.
 *
 * -d prints each request and its byte count on stdout; -e copies what the
 * server sends to stdout; -S asks the server to exit.  The port is
 * lmbench's 80 unless given (the suite uses 8008).
 *
 * Usage: lat_http [-d] [-e] [-S] [-c <placement>] [-P <parallelism>]
 *                 [-W <warmup>]
 *                 [-N <repetitions>] serverhost [port] < list
 */
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lat_http.h"
#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_http.h"
#include "lib_net.h"
#include "lib_place.h"
#include "lib_util.h"

#define PORT 80

struct opts {
	struct state *s; /* what -d and -e set */
	int stop;        /* -S */
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;

	if (c == 'c')
		return place_set_policy(arg);
	if (c == 'd')
		op->s->c.debug = 1;
	else if (c == 'e')
		op->s->c.echo = 1;
	else
		op->stop = 1;
	return 0;
}

/* -S: ask the server to exit; the exit status. */
static int
stop_server(const struct state *s)
{
	int fd = net_connect(s->c.host, s->port, SOCK_STREAM), rc;

	if (fd < 0)
		return EXIT_FAILED;
	rc = util_writen(fd, "EXIT", 4) == 4 ? 0 : EXIT_FAILED;
	close(fd);
	return rc;
}

static const struct bench_prog prog = {
	.usage = "[-d] [-e] [-S] [-c <placement>] [-P <parallelism>] [-W "
	         "<warmup>] [-N <repetitions>] serverhost [port] < list",
	.help = "-d                each request and its byte count on stdout\n"
	        "-e                what the server sends, copied to stdout\n"
	        "-S                ask the server to exit\n"
	        "-c <placement>    the placement policy (as LMBENCH_SCHED)\n"
	        "serverhost [port]  the server (port 80 unless given)\n"
	        "list              document names on standard input, one a "
	        "line",
	.min_operands = 1,
	.max_operands = 2,
	.option = option,
};

int
main(int argc, char **argv)
{
	struct state s = { .port = PORT };
	struct opts op = { &s, 0 };
	struct bench_opts o;
	struct bench_prog p = prog;
	int first, rc;

	p.ctx = &op;
	first = bench_begin(argc, argv, &p, &o);
	o.placement = "SAME";
	s.c.host = argv[first];
	if (argc - first == 2 && net_parse_port(argv[first + 1], &s.port))
		return EXIT_USAGE;
	if (op.stop)
		return stop_server(&s);
	if (util_read_lines(stdin, "/", &s.names) != 0)
		return EXIT_USAGE;
	if (s.names.n == 0) {
		util_err("no documents named on standard input");
		return EXIT_USAGE;
	}
	rc = fetch_measure(&s, &o);
	util_free_lines(&s.names);
	return rc;
}

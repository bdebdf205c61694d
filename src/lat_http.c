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
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_http.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_report.h"
#include "lib_sched.h"
#include "lib_net.h"
#include "lib_util.h"

#define PORT 80

struct state {
	struct http_client c; /* host, addresses, buffer, -d and -e */
	int port;
	struct util_lines names; /* the documents */
	uint64_t bytes; /* bytes in one pass */
};

static int
pass(struct state *s, uint64_t *bytes)
{
	size_t i;

	*bytes = 0;
	for (i = 0; i < s->names.n; i++) {
		long long b = http_fetch(&s->c, s->names.line[i]);

		if (b < 0)
			return -1;
		*bytes += (uint64_t)b;
	}
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->c.buf = malloc(HTTP_XFER);
	if (s->c.buf == NULL) {
		util_err("out of memory");
		return -1;
	}
	if (cx != NULL) /* NULL: measure's untimed pass */
		party_add_server(cx, peer_listener(s->c.ai->ai_addr));
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;
	uint64_t b;

	while (n-- > 0)
		if (pass(s, &b) != 0)
			return -1;
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	free(s->c.buf);
	s->c.buf = NULL;
}

/* head ("Avg xfer: ..., "), tail ("...KB in ... millisecs, "), then
 * the rate in MB/sec (KB/sec at most 1 MB/s). */
static int
report_http(const struct bench_result *r, const char *head, const char *tail,
            double bytes_per_iter)
{
	struct report_fig f = { "HTTP transfer", "MB/s", REPORT_MBS,
		                bytes_per_iter, -1, 0 };
	double v;

	if (report_measured(r, &f, &v) != 0)
		return -1;
	if (v > 1)
		return report_emit(r, &f, v, "%s%s%.2f MB/sec\n", head, tail, v);
	return report_emit(r, &f, v, "%s%s%.2f KB/sec\n", head, tail,
	                   v * 1000);
}

/* An untimed pass (the byte count, every document checked), the timed
 * ones, the line.  The exit status. */
static int
measure(struct state *s, const struct bench_desc *d,
	const struct bench_opts *o)
{
	struct bench_result r;
	double avg, ms, total;
	char head[64], tail[160];
	int rc;

	/* The name is looked up once: a fetch times connect, request and
	 * reply, not the resolver. */
	s->c.ai = net_resolve(s->c.host, s->port, SOCK_STREAM);
	if (s->c.ai == NULL)
		return EXIT_FAILED;
	rc = init(s, NULL) != 0 || pass(s, &s->bytes) != 0;
	cleanup(s);
	if (rc == 0)
		rc = bench_run(d, o, &r) != 0;
	freeaddrinfo(s->c.ai);
	s->c.ai = NULL;
	if (rc != 0)
		return EXIT_FAILED;
	total = (double)s->bytes;
	avg = total / (double)s->names.n;
	if (avg > 1000)
		snprintf(head, sizeof(head), "Avg xfer: %.1fKB, ", avg / 1000);
	else
		snprintf(head, sizeof(head), "Avg xfer %d, ", (int)avg);
	ms = r.ns_per_iter / 1e6;
	snprintf(tail, sizeof(tail),
		 ms > 100 ? "%.1fKB in %.0f millisecs, "
			  : "%.1fKB in %.4f millisecs, ",
		 total / 1000, ms);
	rc = report_http(&r, head, tail, total);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

struct opts {
	struct state *s;
	int stop;
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;

	if (c == 'c')
		return sched_set_policy(arg);
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
	struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = &s
	};
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
	rc = measure(&s, &d, &o);
	util_free_lines(&s.names);
	return rc;
}

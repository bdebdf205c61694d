/*
 * lat_http_fetch.c - lat_http's fetches (lat_http.h): one pass fetches
 * every document of the list in turn; the timed passes and the line
 * that reports them.
 */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "lat_http.h"
#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_http.h"
#include "lib_net.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_report.h"
#include "lib_util.h"

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

int
fetch_measure(struct state *s, const struct bench_opts *o)
{
	const struct bench_desc d = {
		.init = init, .run = run, .cleanup = cleanup, .state = s
	};
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
		rc = bench_run(&d, o, &r) != 0;
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

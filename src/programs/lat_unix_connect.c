/*
 * lat_unix_connect - the cost of opening a UNIX-domain stream connection.
 *
 * lat_unix_connect -s starts a server that detaches and keeps serving (an
 * hour, or LMBENCH_SERVER_TIMEOUT seconds) until lat_unix_connect -S
 * stops it.  It listens on an abstract UNIX socket named after the user
 * ("lmbench-ng.lat_unix_connect.UID", or -n NAME): nothing is made in the
 * file system, unlike lmbench's fixed /tmp path, and other users' runs do
 * not collide.  Each iteration of the client makes a socket, connects it
 * and closes it; the server accepts and closes.  The median time per
 * connection.  -S sends one byte on a connection, which stops the server.
 *
 * Anyone may bind an abstract name, so the client checks whose server it
 * reached (SO_PEERCRED) before it measures or stops anything: a server of
 * another user is refused with a message and status 1, and -s says who
 * holds a name it cannot take.  The server serves its connections in one
 * process, each for at most 10 seconds and at most 256 at once, so a
 * silent client delays no other.
 *
 * Usage: lat_unix_connect -s [-n <name>] [-c <placement>]
 *        lat_unix_connect [-n <name>] [-P <parallelism>] [-W <warmup>]
 *                         [-N <repetitions>]
 *        lat_unix_connect -S [-n <name>]
 * Output (stderr): "UNIX connection cost: 12.3456 microseconds"
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/un.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_net.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_polled.h"
#include "lib_server.h"
#include "lib_unix.h"
#include "lib_util.h"

struct state {
	struct sockaddr_un addr; /* the abstract address */
	socklen_t len;
};

/* -s: the listening socket on the abstract name; -1 after a message. */
static int
listen_name(const struct net_opts *n, void *ctx)
{
	const struct state *s = ctx;

	(void)n;
	return unix_listen(&s->addr, s->len);
}

/* -S: one byte on a connection to our own server. */
static int
stop(const char *host, int port, void *ctx)
{
	const struct state *s = ctx;
	int fd = unix_connect_own(&s->addr, s->len), rc = 0;

	(void)host;
	(void)port;
	if (fd < 0)
		return -1;
	if (write(fd, "x", 1) != 1) {
		util_syserr("cannot talk to the server");
		rc = -1;
	}
	close(fd);
	return rc;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	const struct state *s = sp;

	party_add_server(cx, peer_unix_listener(s->addr.sun_path,
						s->len - offsetof(struct sockaddr_un,
								  sun_path)));
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		int fd = unix_connect(&s->addr, s->len);

		if (fd < 0)
			return -1;
		close(fd);
	}
	return 0;
}

struct opts {
	struct net_opts net; /* -s -S -c */
	const char *name;    /* -n */
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;

	if (c != 'n')
		return net_handler(&op->net, c, arg);
	if (strlen(arg) == 0 || strlen(arg) > 90) {
		util_err("bad -n '%s': 1 to 90 characters", arg);
		return -1;
	}
	op->name = arg;
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-n <name>] [-c <placement>] | [-n <name>] [-P " \
	"<parallelism>] [-W <warmup>] [-N <repetitions>] | -S [-n " \
	"<name>]"
#define HELP NET_HELP_MODES NET_HELP_C \
	"-n <name>         the server's abstract socket name (default: " \
	"lmbench-ng.lat_unix_connect.UID)"

int
main(int argc, char **argv)
{
	struct state s;
	struct opts op = { { .port = 0 }, NULL };
	const struct bench_prog prog = { .usage = USAGE, .help = HELP,
		.option = option, .ctx = &op };
	const struct server_side sd = { .listen = listen_name,
		.serve = polled_serve, .service = &polled_byte_stop,
		.stop = stop, .ctx = &s, .hostless = 1 };
	struct bench_opts o;
	struct bench_desc d = { .init = init, .run = run, .state = &s };
	char name[100];
	int first = bench_begin(argc, argv, &prog, &o), rc;

	o.placement = "SAME";
	if (op.name == NULL)
		snprintf(name, sizeof(name), "lmbench-ng.lat_unix_connect.%ld",
			 (long)getuid());
	else
		snprintf(name, sizeof(name), "%s", op.name);
	/* Abstract: a leading NUL, then the name, no file. */
	s.len = (socklen_t)unix_abstract(&s.addr, name);
	rc = server_modes(&prog, &op.net, argc, argv, first, &sd);
	if (rc >= 0)
		return rc;
	/* The first connection checks the server before timing. */
	rc = unix_connect_own(&s.addr, s.len);
	if (rc < 0)
		return EXIT_FAILED;
	close(rc);
	return bench_measure_us(&d, &o, "UNIX connection cost", 1);
}

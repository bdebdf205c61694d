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
#define _GNU_SOURCE /* struct ucred */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_peer.h"
#include "lib_sched.h"
#include "lib_tcp.h"
#include "lib_unix.h"
#include "lib_util.h"

struct state {
	struct sockaddr_un addr; /* the abstract address */
	socklen_t len;
};

/* The user whose process holds the other end of fd; -1 if unknown. */
static long
peer_uid(int fd)
{
	struct ucred cr;
	socklen_t len = sizeof(cr);

	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &len) != 0)
		return -1;
	return (long)cr.uid;
}

/* A connection to the server; -1 after lmbench's message. */
static int
connect_server(const struct state *s)
{
	int fd = unix_stream();

	if (fd < 0)
		return -1;
	if (connect(fd, (const struct sockaddr *)&s->addr, s->len) != 0) {
		fprintf(stderr, "socket connection: %s\n", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* A connection to a server of this user's own; -1 after a message. */
static int
connect_own(const struct state *s)
{
	int fd = connect_server(s);
	long uid;

	if (fd < 0)
		return -1;
	uid = peer_uid(fd);
	if (uid != (long)geteuid()) {
		util_err("the server on @%s belongs to uid %ld, not to you "
			 "(uid %ld): another user holds the name; choose "
			 "another with -n",
			 s->addr.sun_path + 1, uid, (long)geteuid());
		close(fd);
		return -1;
	}
	return fd;
}

static int
server(const struct state *s)
{
	static const struct net_service sv = { net_stop_byte, NULL, NULL,
						net_any_byte, NULL };
	int l = unix_stream(), fd;

	if (l < 0)
		return EXIT_FAILED;
	if (bind(l, (const struct sockaddr *)&s->addr, s->len) != 0) {
		/* Say whose the name is: ours already, or a squatter's. */
		if (errno == EADDRINUSE &&
		    (fd = socket(AF_UNIX, SOCK_STREAM, 0)) >= 0) {
			long uid = connect(fd, (const struct sockaddr *)&s->addr,
					   s->len) == 0 ? peer_uid(fd) : -1;

			close(fd);
			if (uid >= 0 && uid != (long)geteuid())
				util_err("cannot listen on @%s: uid %ld holds "
					 "it; choose another name with -n",
					 s->addr.sun_path + 1, uid);
			else
				util_err("cannot listen on @%s: a server "
					 "already runs there",
					 s->addr.sun_path + 1);
		} else {
			util_syserr("cannot listen on @%s",
				    s->addr.sun_path + 1);
		}
		close(l);
		return EXIT_FAILED;
	}
	if (listen(l, 128) != 0) {
		util_syserr("cannot listen on @%s", s->addr.sun_path + 1);
		close(l);
		return EXIT_FAILED;
	}
	l = net_server(l);
	if (l < 0)
		return l == -2 ? 0 : EXIT_FAILED;
	net_poll_loop(l, &sv);
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		int fd = connect_server(s);

		if (fd < 0)
			return -1;
		close(fd);
	}
	return 0;
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

struct opts {
	int serve, stop;  /* -s, -S */
	const char *name; /* -n */
};

static int
option(void *ctx, int c, const char *arg)
{
	struct opts *op = ctx;

	if (c == 's')
		op->serve = 1;
	else if (c == 'S')
		op->stop = 1;
	else if (c == 'c')
		return sched_set_policy(arg);
	else if (strlen(arg) == 0 || strlen(arg) > 90) {
		util_err("bad -n '%s': 1 to 90 characters", arg);
		return -1;
	} else
		op->name = arg;
	return 0;
}

/* The usage line, which also says which options are taken. */
#define USAGE "-s [-n <name>] [-c <placement>] | [-n <name>] [-P " \
	"<parallelism>] [-W <warmup>] [-N <repetitions>] | -S [-n " \
	"<name>]"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct state s;
	struct opts op = { 0, 0, NULL };
	struct bench_opts o;
	struct bench_desc d = { .init = init, .run = run, .state = &s };
	char name[100];
	int rc, fd;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	sched_set_default("SAME");
	bench_opts_init(&o);
	rc = opts_parse(argc, argv, USAGE, 0, &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc != argc || (op.serve && op.stop))
		usage();
	if (op.name == NULL)
		snprintf(name, sizeof(name), "lmbench-ng.lat_unix_connect.%ld",
			 (long)getuid());
	else
		snprintf(name, sizeof(name), "%s", op.name);
	/* Abstract: a leading NUL, then the name, no file. */
	s.len = (socklen_t)unix_abstract(&s.addr, name);
	if (op.serve)
		return server(&s);
	if (op.stop) {
		fd = connect_own(&s);
		if (fd < 0)
			return EXIT_FAILED;
		if (write(fd, "x", 1) != 1) {
			util_syserr("cannot talk to the server");
			close(fd);
			return EXIT_FAILED;
		}
		close(fd);
		return 0;
	}
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	/* The first connection checks the server before timing. */
	fd = connect_own(&s);
	if (fd < 0)
		return EXIT_FAILED;
	close(fd);
	return bench_measure_us(&d, &o, "UNIX connection cost", 1);
}

/*
 * lmhttp - the small HTTP server lat_http measures.
 *
 * Serves the files under $DOCROOT (default: the current directory) with
 * HTTP/1.0: one request per connection, "GET /name", answered with a
 * status line, Content-Type and Content-Length, then the file; 404 for a
 * missing file, 403 for a name that would leave the document root (an
 * absolute name, a ".." component, a symbolic link anywhere on the way)
 * or is not a regular file, 400 for anything else.  Names are resolved
 * beneath the root only: openat2 with RESOLVE_BENEATH and
 * RESOLVE_NO_SYMLINKS, or (a kernel without it, or LMBENCH_NO_OPENAT2
 * set) a walk one component at a time with O_NOFOLLOW.  A connection
 * that sends "EXIT" stops it (lat_http -S).  It detaches, like the other
 * servers, and lives an hour (or LMBENCH_SERVER_TIMEOUT seconds).
 * Connections are served by the server itself, as lmbench's were, so the
 * figure has no fork in it, but side by side (poll): each has 10 seconds
 * in all, at most 256 at once (one more is answered 503), so a slow or
 * silent client delays no other.
 *
 * Usage: lmhttp [-b <address>] [-c <placement>] [port]     (port: lmbench's 80 by default)
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "lib_bench.h"
#include "lib_http.h"
#include "lib_net.h"
#include "lib_server.h"
#include "lib_util.h"

#define PORT 80

int
main(int argc, char **argv)
{
	struct net_opts net = { .serve = 1, .port = PORT };
	struct http_root root = { -1, 1 };
	const char *dir = getenv("DOCROOT");
	const struct bench_prog prog = {
		.usage = "[-b <address>] [-c <placement>] [port]",
		.help = "-b <address>    the address to listen on (default: "
		        "every one)\n"
		        "-c <placement>  the CPUs the server may run on "
		        "(LMBENCH_SCHED's forms)\n"
		        "port            the port (default: 80, as lmbench's)",
		.max_operands = 1,
		.option = net_handler,
		.ctx = &net,
	};
	struct bench_opts o;
	int first, l;

	first = bench_begin(argc, argv, &prog, &o);
	if (argc - first == 1 && net_parse_port(argv[first], &net.port) != 0)
		return EXIT_USAGE;
	if (dir == NULL || *dir == '\0')
		dir = ".";
	if (getenv("LMBENCH_NO_OPENAT2") != NULL)
		root.use_openat2 = 0;
	root.fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (root.fd < 0) {
		util_syserr("DOCROOT %s", dir);
		return EXIT_FAILED;
	}
	l = server_start(net_listen(net.bindaddr, net.port, SOCK_STREAM));
	if (l < 0)
		return l == -2 ? 0 : EXIT_FAILED;
	http_serve(l, &root);
}

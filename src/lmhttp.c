/*
 * lmhttp - the small HTTP server lat_http measures.
 *
 * Serves the files under $DOCROOT (default: the current directory) with
 * HTTP/1.0: one request per connection, "GET /name", answered with a
 * status line, Content-Type and Content-Length, then the file; 404 for a
 * missing file, 403 for a name that leaves the document root ("..") or
 * is not a regular file, 400 for anything else.  A connection that sends
 * "EXIT" stops it (lat_http -S).  It detaches, like the other servers,
 * and lives an hour (or LMBENCH_SERVER_TIMEOUT seconds).  Connections are
 * served one at a time by the server itself, as lmbench's did, so the
 * figure has no fork in it; a client silent for 5 seconds is dropped.
 *
 * Usage: lmhttp [-b <address>] [port]     (port: lmbench's 80 by default)
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench.h"

#define PORT 80
#define REQ_MAX 4096

static int root = -1; /* the document root */

static const char *
content_type(const char *name)
{
	const char *dot = strrchr(name, '.');

	if (dot == NULL)
		return "application/octet-stream";
	if (strcmp(dot, ".html") == 0 || strcmp(dot, ".htm") == 0)
		return "text/html";
	if (strcmp(dot, ".txt") == 0)
		return "text/plain";
	if (strcmp(dot, ".gif") == 0)
		return "image/gif";
	if (strcmp(dot, ".jpg") == 0 || strcmp(dot, ".jpeg") == 0)
		return "image/jpeg";
	if (strcmp(dot, ".png") == 0)
		return "image/png";
	return "application/octet-stream";
}

static void
status(int fd, const char *line)
{
	char head[128];
	int n = snprintf(head, sizeof(head),
			 "HTTP/1.0 %s\r\nServer: lmhttp\r\n"
			 "Content-Length: 0\r\n\r\n",
			 line);

	ipc_writen(fd, head, (size_t)n);
}

/* A name inside the root: no "..", no empty component tricks. */
static int
safe(const char *name)
{
	const char *p = name;

	while (*p != '\0') {
		size_t len = strcspn(p, "/");

		if (len == 2 && p[0] == '.' && p[1] == '.')
			return 0;
		p += len;
		while (*p == '/')
			p++;
	}
	return 1;
}

/* Send one file; returns 0, or -1 when the client went. */
static int
send_file(int fd, const char *name)
{
	static char buf[65536];
	struct stat st;
	char head[256];
	int f, n;
	ssize_t r;

	if (!safe(name)) {
		status(fd, "403 Forbidden");
		return 0;
	}
	f = openat(root, *name != '\0' ? name : "index.html",
		   O_RDONLY | O_NONBLOCK);
	if (f < 0) {
		status(fd, errno == ENOENT ? "404 Not Found" : "403 Forbidden");
		return 0;
	}
	if (fstat(f, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(f);
		status(fd, "403 Forbidden");
		return 0;
	}
	n = snprintf(head, sizeof(head),
		     "HTTP/1.0 200 OK\r\nServer: lmhttp\r\n"
		     "Content-Type: %s\r\nContent-Length: %lld\r\n\r\n",
		     content_type(name), (long long)st.st_size);
	if (ipc_writen(fd, head, (size_t)n) != n) {
		close(f);
		return -1;
	}
	while ((r = read(f, buf, sizeof(buf))) > 0)
		if (ipc_writen(fd, buf, (size_t)r) != r) {
			close(f);
			return -1;
		}
	close(f);
	return 0;
}

/* One connection; non-zero when it asked the server to stop. */
static int
serve(int fd)
{
	char req[REQ_MAX + 1], *name, *end;
	size_t have = 0;
	ssize_t n;

	net_timeout(fd, 5);
	/* The request line is enough; headers, if any, are not needed. */
	while (have < REQ_MAX) {
		n = read(fd, req + have, REQ_MAX - have);
		if (n <= 0)
			break;
		have += (size_t)n;
		req[have] = '\0';
		if (have >= 4 && strncmp(req, "EXIT", 4) == 0)
			return 1;
		if (strchr(req, '\n') != NULL)
			break;
	}
	req[have] = '\0';
	if (strncmp(req, "GET /", 5) != 0) {
		status(fd, "400 Bad Request");
		return 0;
	}
	name = req + 5;
	end = name + strcspn(name, " \r\n?");
	*end = '\0';
	send_file(fd, name);
	return 0;
}

static void __attribute__((noreturn))
usage(void)
{
	fprintf(stderr, "Usage: %s [-b <address>] [port]\n", util_progname());
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct net_opts net = { 1, 0, NULL, PORT };
	const char *dir = getenv("DOCROOT");
	int c, l;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	opterr = 0;
	while ((c = getopt(argc, argv, "hb:")) != -1) {
		if (c != 'b')
			usage();
		if (net_option(&net, c, optarg) < 0)
			return EXIT_USAGE;
	}
	if (argc - optind > 1)
		usage();
	if (argc - optind == 1 && net_parse_port(argv[optind], &net.port) != 0)
		return EXIT_USAGE;
	if (dir == NULL || *dir == '\0')
		dir = ".";
	root = open(dir, O_RDONLY | O_DIRECTORY);
	if (root < 0) {
		util_syserr("DOCROOT %s", dir);
		return EXIT_FAILED;
	}
	l = net_server(net_listen(net.bindaddr, net.port, SOCK_STREAM));
	if (l < 0)
		return l == -2 ? 0 : EXIT_FAILED;
	net_accept_loop(l, serve, 0);
}

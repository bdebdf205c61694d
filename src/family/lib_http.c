/*
 * lib_http.c - lmhttp's file server (lib_http.h): one request per
 * connection, "GET /name", answered with a status line, Content-Type and
 * Content-Length, then the file; 404 for a missing file, 403 for a name
 * that would leave the document root (an absolute name, a ".."
 * component, a symbolic link anywhere on the way) or is not a regular
 * file, 400 for anything else, 503 beyond the server's cap.  Names are
 * resolved beneath the root only: openat2 with RESOLVE_BENEATH and
 * RESOLVE_NO_SYMLINKS, or (a kernel without it) a walk one component at
 * a time with O_NOFOLLOW.
 */
#define _GNU_SOURCE /* MSG_MORE, syscall */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef SYS_openat2
#include <linux/openat2.h>
#endif

#include "lib_http.h"
#include "lib_net.h"
#include "lib_polled.h"
#include "lib_util.h"

#define REQ_MAX 4096
#define ANSWER (POLLED_STOP + 1) /* take(): the answer is ready */

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

/* One connection: the request as it arrives, then the answer as the
 * client takes it. */
struct http {
	char req[REQ_MAX + 1]; /* the request so far, NUL-terminated */
	size_t have;	       /* its bytes */
	char head[256];	       /* the answer's header */
	size_t hlen, hoff;     /* its length, the bytes sent */
	int file;	       /* the document, or -1 */
	off_t off, size;       /* the document's bytes sent, and its size */
	struct http_root *root;  /* where documents are */
};

/* A header-only answer. */
static void
status(struct http *h, const char *line)
{
	int n = snprintf(h->head, sizeof(h->head),
			 "HTTP/1.0 %s\r\nServer: lmhttp\r\n"
			 "Content-Length: 0\r\n\r\n",
			 line);

	h->hlen = (size_t)n;
}

/* A name beneath the root: relative, no ".." component. */
static int
safe(const char *name)
{
	const char *p = name;

	if (*p == '/')
		return 0;
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

/* Open name beneath the root one component at a time, following no
 * symbolic link (for kernels without openat2); -1 with errno. */
static int
walk(int root, const char *name)
{
	char part[REQ_MAX + 1];
	int dir = root, fd = -1;

	while (*name != '\0') {
		size_t len = strcspn(name, "/");
		int last;

		memcpy(part, name, len);
		part[len] = '\0';
		name += len;
		while (*name == '/')
			name++;
		last = *name == '\0';
		if (len == 0) {
			fd = -1;
			errno = ENOENT;
			break;
		}
		fd = openat(dir, part,
			    last ? O_RDONLY | O_NONBLOCK | O_NOFOLLOW
				 : O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
		if (dir != root) {
			int saved = errno;

			close(dir);
			errno = saved;
		}
		if (fd < 0 || last)
			break;
		dir = fd;
		fd = -1;
	}
	return fd;
}

/* The document name beneath the root, no symbolic link followed: openat2
 * where the kernel has it, the walk otherwise; -1 with errno. */
static int
open_beneath(struct http_root *root, const char *name)
{
#ifdef SYS_openat2
	if (root->use_openat2) {
		struct open_how how;
		long fd;

		memset(&how, 0, sizeof(how));
		how.flags = O_RDONLY | O_NONBLOCK;
		how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS |
			      RESOLVE_NO_MAGICLINKS;
		fd = syscall(SYS_openat2, root->fd, name, &how, sizeof(how));
		if (fd >= 0 || errno != ENOSYS)
			return (int)fd;
		root->use_openat2 = 0;
	}
#endif
	return walk(root->fd, name);
}

/* The answer to a request for name: a header, and the open document. */
static void
answer(struct http *h, const char *name)
{
	struct stat st;
	int n;

	if (!safe(name)) {
		status(h, "403 Forbidden");
		return;
	}
	h->file = open_beneath(h->root, *name != '\0' ? name : "index.html");
	if (h->file < 0) {
		status(h, errno == ENOENT ? "404 Not Found" : "403 Forbidden");
		return;
	}
	if (fstat(h->file, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(h->file);
		h->file = -1;
		status(h, "403 Forbidden");
		return;
	}
	h->size = st.st_size;
	n = snprintf(h->head, sizeof(h->head),
		     "HTTP/1.0 200 OK\r\nServer: lmhttp\r\n"
		     "Content-Type: %s\r\nContent-Length: %lld\r\n\r\n",
		     content_type(name), (long long)st.st_size);
	h->hlen = (size_t)n;
}

int
http_parse(const char *req, size_t have, size_t cap, size_t *name_len)
{
	const char *nl = memchr(req, '\n', have);
	size_t line = nl != NULL ? (size_t)(nl - req) : have;

	if (have >= 4 && memcmp(req, "EXIT", 4) == 0)
		return HTTP_EXIT;
	/* A NUL is no part of a request line: refuse it now, not after the
	 * client's silence (the line could never be read as text). */
	if (memchr(req, '\0', line) != NULL)
		return HTTP_BAD;
	if (nl == NULL && have < cap)
		return HTTP_MORE;
	if (line < 5 || memcmp(req, "GET /", 5) != 0)
		return HTTP_BAD;
	*name_len = strcspn(req + 5, " \r\n?");
	if (*name_len > line - 5)
		*name_len = line - 5;
	return HTTP_GET;
}

int
http_safe_name(const char *name)
{
	return safe(name);
}

/* Read what the client sent: POLLED_MORE while the request line is not
 * complete, POLLED_STOP for "EXIT", POLLED_DONE when the client went, else
 * the answer is ready and the connection waits to write it. */
static int
take(struct polled_conn *c, struct http *h)
{
	ssize_t n = read(c->fd, h->req + h->have, REQ_MAX - h->have);
	size_t name_len = 0;
	int kind;

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return POLLED_MORE;
	if (n > 0)
		h->have += (size_t)n;
	else if (h->have == 0)
		return POLLED_DONE;
	kind = http_parse(h->req, h->have, n > 0 ? REQ_MAX : h->have, &name_len);
	if (kind == HTTP_EXIT)
		return POLLED_STOP;
	if (kind == HTTP_MORE)
		return POLLED_MORE;
	if (kind == HTTP_BAD) {
		status(h, "400 Bad Request");
	} else {
		h->req[5 + name_len] = '\0';
		answer(h, h->req + 5);
	}
	c->events = POLLOUT;
	return ANSWER;
}

/* Send what the client takes of the answer: POLLED_MORE until all is gone,
 * then POLLED_DONE. */
static int
give(struct polled_conn *c, struct http *h)
{
	while (h->hoff < h->hlen) {
		ssize_t n = send(c->fd, h->head + h->hoff, h->hlen - h->hoff,
				 h->file >= 0 ? MSG_MORE : 0);

		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK ||
					       errno == EINTR
				       ? POLLED_MORE
				       : POLLED_DONE;
		h->hoff += (size_t)n;
	}
	while (h->file >= 0 && h->off < h->size) {
		ssize_t n = sendfile(c->fd, h->file, &h->off,
				     (size_t)(h->size - h->off));

		if (n < 0)
			return errno == EAGAIN || errno == EWOULDBLOCK ||
					       errno == EINTR
				       ? POLLED_MORE
				       : POLLED_DONE;
		if (n == 0)
			break; /* the file shrank */
	}
	return POLLED_DONE;
}

static int
ready(struct polled_conn *c)
{
	struct http *h = c->data;
	int rc;

	if (h == NULL) {
		h = calloc(1, sizeof(*h));
		if (h == NULL)
			return POLLED_DONE;
		h->file = -1;
		h->root = c->server;
		c->data = h;
	}
	if (c->events == POLLIN) {
		rc = take(c, h);
		if (rc != ANSWER)
			return rc;
	}
	return give(c, h);
}

static void
drop(struct polled_conn *c)
{
	struct http *h = c->data;

	if (h != NULL && h->file >= 0)
		close(h->file);
	free(h);
	c->data = NULL;
}

/* A client beyond the cap is told so, if its socket takes it at once. */
static void
refuse(int fd)
{
	static const char busy[] = "HTTP/1.0 503 Service Unavailable\r\n"
				   "Server: lmhttp\r\nContent-Length: 0\r\n\r\n";

	if (send(fd, busy, sizeof(busy) - 1, MSG_DONTWAIT) < 0) {
		/* closed without a word */
	}
}

/* lat_http -S's request, from a client beyond the cap. */
static int
is_exit(const char *buf, size_t n)
{
	return n >= 4 && strncmp(buf, "EXIT", 4) == 0;
}

void
http_serve(int l, struct http_root *root)
{
	const struct polled_service sv = { ready, drop, refuse, is_exit, root };

	polled_serve(l, &sv);
}

long long
http_fetch(struct http_client *s, const char *name)
{
	char req[1200];
	long long got = 0;
	int fd, n;
	ssize_t r;

	fd = net_connect_ai(s->ai, 0);
	if (fd < 0)
		return -1;
	net_timeout(fd, 10);
	n = snprintf(req, sizeof(req), "GET /%s HTTP/1.0\r\n\r\n", name);
	if (s->debug) {
		printf("%s", req);
		fflush(stdout);
	}
	if (util_writen(fd, req, (size_t)n) != n) {
		util_syserr("send to %s", s->host);
		close(fd);
		return -1;
	}
	while ((r = read(fd, s->buf, HTTP_XFER)) > 0) {
		if (got == 0 && (r < 12 || strncmp(s->buf, "HTTP/1.", 7) != 0 ||
				 strncmp(s->buf + 9, "200", 3) != 0)) {
			size_t len = strcspn(s->buf, "\r\n");

			util_err("/%s: the server answered \"%.*s\"", name,
				 (int)(len < 60 && len <= (size_t)r ? len : 0),
				 s->buf);
			close(fd);
			return -1;
		}
		if (s->echo && write(STDOUT_FILENO, s->buf, (size_t)r) < 0)
			s->echo = 0;
		got += r;
	}
	close(fd);
	if (r < 0 || got == 0) {
		util_err("/%s: %s", name,
			 r < 0 ? "the server stopped answering" : "no answer");
		return -1;
	}
	if (s->debug) {
		printf("Got %lld\n", got);
		fflush(stdout);
	}
	return got;
}

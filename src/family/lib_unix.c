/*
 * lib_unix.c - UNIX-domain sockets: the connected pair that lat_unix and
 * bw_unix talk over, and the abstract addresses lat_unix_connect uses
 * (a leading NUL: nothing in the file system, nothing left behind), and
 * the connections to its server, whose owner is checked (SO_PEERCRED).
 */
#define _GNU_SOURCE /* struct ucred */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "lib_unix.h"
#include "lib_util.h"

int
unix_pair(int fd[2])
{
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, fd) != 0) {
		util_syserr("socketpair");
		return -1;
	}
	return 0;
}

unsigned int
unix_abstract(struct sockaddr_un *addr, const char *name)
{
	size_t n = strlen(name);

	if (n > sizeof(addr->sun_path) - 1)
		n = sizeof(addr->sun_path) - 1;
	memset(addr, 0, sizeof(*addr));
	addr->sun_family = AF_UNIX;
	memcpy(addr->sun_path + 1, name, n);
	return (unsigned int)(offsetof(struct sockaddr_un, sun_path) + 1 + n);
}

int
unix_stream(void)
{
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	if (fd < 0)
		util_syserr("socket");
	return fd;
}

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

/* A stream socket that op (connect or bind) put at addr: the socket, -1
 * after a message (no socket), -2 when op failed (errno says why). */
static int
stream_at(const struct sockaddr_un *addr, socklen_t len,
          int (*op)(int, const struct sockaddr *, socklen_t))
{
	int fd = unix_stream(), saved;

	if (fd < 0)
		return -1;
	if (op(fd, (const struct sockaddr *)addr, len) != 0) {
		saved = errno;
		close(fd);
		errno = saved;
		return -2;
	}
	return fd;
}

int
unix_connect(const struct sockaddr_un *addr, socklen_t len)
{
	int fd = stream_at(addr, len, connect);

	if (fd == -2)
		fprintf(stderr, "socket connection: %s\n", strerror(errno));
	return fd < 0 ? -1 : fd;
}

int
unix_connect_own(const struct sockaddr_un *addr, socklen_t len)
{
	int fd = unix_connect(addr, len);
	long uid;

	if (fd < 0)
		return -1;
	uid = peer_uid(fd);
	if (uid != (long)geteuid()) {
		util_err("the server on @%s belongs to uid %ld, not to you "
			 "(uid %ld): another user holds the name; choose "
			 "another with -n",
			 addr->sun_path + 1, uid, (long)geteuid());
		close(fd);
		return -1;
	}
	return fd;
}

/* Why the name cannot be bound: ours already, or a squatter's. */
static void
name_taken(const struct sockaddr_un *addr, socklen_t len)
{
	int fd = errno == EADDRINUSE ? socket(AF_UNIX, SOCK_STREAM, 0) : -1;
	long uid;

	if (fd < 0) {
		util_syserr("cannot listen on @%s", addr->sun_path + 1);
		return;
	}
	uid = connect(fd, (const struct sockaddr *)addr, len) == 0
	              ? peer_uid(fd)
	              : -1;
	close(fd);
	if (uid >= 0 && uid != (long)geteuid())
		util_err("cannot listen on @%s: uid %ld holds it; choose "
			 "another name with -n",
			 addr->sun_path + 1, uid);
	else
		util_err("cannot listen on @%s: a server already runs there",
			 addr->sun_path + 1);
}

int
unix_listen(const struct sockaddr_un *addr, socklen_t len)
{
	int l = stream_at(addr, len, bind);

	if (l == -2)
		name_taken(addr, len);
	if (l < 0)
		return -1;
	if (listen(l, 128) != 0) {
		util_syserr("cannot listen on @%s", addr->sun_path + 1);
		close(l);
		return -1;
	}
	return l;
}

/*
 * lib_unix.c - UNIX-domain sockets: the connected pair that lat_unix and
 * bw_unix talk over, and the abstract addresses lat_unix_connect uses
 * (a leading NUL: nothing in the file system, nothing left behind).
 */
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

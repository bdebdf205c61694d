/*
 * lib_tcpbw.c - bw_tcp's protocol (lib_tcpbw.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_forked.h"
#include "lib_tcpbw.h"
#include "lib_util.h"

#define MAX_MSG TCPBW_MAX_MSG

void
tcpbw_buffers(int fd, int opt)
{
	int size;

	for (size = 1 << 20; size >= 16384; size /= 2)
		if (setsockopt(fd, SOL_SOCKET, opt, &size, sizeof(size)) == 0)
			return;
}

/* One connection: the size, then messages until the reader goes.
 * Non-zero for the size "0": lmbench's way of saying stop.  The message
 * is zeroed memory never written (calloc maps the zero page), so it holds
 * no memory and asks for none of the server's budget. */
static int
serve(int fd, const struct forked_grant *g)
{
	char text[32];
	size_t i = 0;
	uint64_t msize;
	char *buf;

	(void)g;
	while (i < sizeof(text) - 1 && read(fd, &text[i], 1) == 1 &&
	       text[i] != '\0')
		i++;
	text[i] = '\0';
	if (util_parse_u64(text, 0, MAX_MSG, &msize) != NULL)
		return 0;
	if (msize == 0)
		return 1;
	tcpbw_buffers(fd, SO_SNDBUF);
	buf = calloc(1, (size_t)msize);
	if (buf == NULL)
		return 0;
	while (util_writen(fd, buf, (size_t)msize) == (ssize_t)msize)
		;
	free(buf);
	return 0;
}

/* A stop request: the size "0". */
static int
is_stop(const char *buf, size_t n)
{
	return n >= 2 && buf[0] == '0' && buf[1] == '\0';
}

int
tcpbw_send_size(int fd, const char *host, uint64_t msize)
{
	char text[32];
	int len = snprintf(text, sizeof(text), "%llu",
	                   (unsigned long long)msize);

	if (util_writen(fd, text, (size_t)len + 1) != len + 1) {
		util_syserr("cannot talk to %s", host);
		return -1;
	}
	return 0;
}

const struct forked_service tcpbw_service = { serve, is_stop };

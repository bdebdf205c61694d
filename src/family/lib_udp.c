/*
 * lib_udp.c - what the UDP benchmarks share: lmbench's stop message and
 * the echo server of lat_udp.  Their sockets come from lib_net's
 * net_listen and net_connect with SOCK_DGRAM.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_net.h"
#include "lib_udp.h"
#include "lib_util.h"

int
udp_stop(const char *host, int port, void *ctx)
{
	int fd = net_connect(host, port, SOCK_DGRAM), i;

	(void)ctx;
	if (fd < 0)
		return -1;
	for (i = 1; i <= 4; i++) {
		uint32_t seq = htonl((uint32_t)-i);

		if (send(fd, &seq, sizeof(seq), 0) != sizeof(seq)) {
			/* The server may be gone after the first one. */
			if (i > 1 && errno == ECONNREFUSED)
				break;
			util_syserr("send to %s", host);
			close(fd);
			return -1;
		}
	}
	close(fd);
	return 0;
}

void
udp_echo(int fd, const void *ctx)
{
	struct sockaddr_storage from;
	char *buf = malloc(UDP_MAX_MSG);

	(void)ctx;
	if (buf == NULL)
		_exit(1);
	for (;;) {
		socklen_t len = sizeof(from);
		ssize_t n = recvfrom(fd, buf, UDP_MAX_MSG, 0, (struct sockaddr *)&from,
				     &len);
		uint32_t seq;

		if (n < 4)
			continue;
		memcpy(&seq, buf, 4);
		if ((int32_t)ntohl(seq) < 0)
			_exit(0);
		sendto(fd, buf, (size_t)n, 0, (struct sockaddr *)&from, len);
	}
}

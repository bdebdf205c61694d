/*
 * lib_udp.h - lmbench's UDP stop message and the UDP echo server.
 */
#ifndef LIB_UDP_H
#define LIB_UDP_H

#include <stddef.h>

/* Stop a UDP server as lmbench's -S does: four datagrams holding the
 * negative sequence numbers -1..-4.  0, or -1 after a message. */
int udp_stop(const char *host, int port);
/* lat_udp's server: every datagram (up to max bytes) back to its sender,
 * until one whose first 4 bytes are a negative sequence number. */
void udp_echo(int fd, size_t max) __attribute__((noreturn));

#endif

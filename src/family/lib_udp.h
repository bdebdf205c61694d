/*
 * lib_udp.h - lmbench's UDP stop message and the UDP echo server.
 */
#ifndef LIB_UDP_H
#define LIB_UDP_H

#include <stddef.h>

/* The largest UDP payload over IPv4: 65535 less the IP and UDP headers. */
#define UDP_MAX_MSG 65507

/* Stop a UDP server as lmbench's -S does: four datagrams holding the
 * negative sequence numbers -1..-4 (the type of struct server_side's
 * stop; ctx unused).  0, or -1 after a message. */
int udp_stop(const char *host, int port, void *ctx);
/* lat_udp's server: every datagram (up to UDP_MAX_MSG bytes) back to its
 * sender, until one whose first 4 bytes are a negative sequence number
 * (the type of struct server_side's serve; ctx unused). */
void udp_echo(int fd, const void *ctx) __attribute__((noreturn));

#endif

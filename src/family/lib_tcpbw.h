/*
 * lib_tcpbw.h - bw_tcp's protocol, lmbench's: the client sends the
 * message size as a decimal string and a NUL, the server then writes
 * messages of that size until the client goes; the size "0" stops it.
 */
#ifndef LIB_TCPBW_H
#define LIB_TCPBW_H

#include <stdint.h>

#include "lib_forked.h"

#define TCPBW_MAX_MSG (256ULL << 20) /* the largest message served */

/* Ask for socket buffers (opt: SO_SNDBUF or SO_RCVBUF) of 1 MB, halving
 * until the system takes one. */
void tcpbw_buffers(int fd, int opt);
/* Send the size as lmbench's clients do: 0, or -1 after a message that
 * names host. */
int tcpbw_send_size(int fd, const char *host, uint64_t msize);
/* The server's work, for forked_serve. */
extern const struct forked_service tcpbw_service;

#endif

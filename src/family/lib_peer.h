/*
 * lib_peer.h - the process on this host at the other end of a client's
 * socket: a loopback server, found without a word on the wire.
 *
 * The socket the server holds is looked up in /proc/net/{tcp,tcp6,udp,
 * udp6,unix} (its inode), and its owner among the /proc/<pid>/fd links
 * "socket:[inode]" this user may read.  Each returns the pid (> 0),
 * PEER_REMOTE when the server is not on this host (the address is not a
 * loopback one and no such socket is in this network namespace's
 * tables), or PEER_UNKNOWN when it is on this host but no process of
 * this user's holds it (another user's or namespace's server).
 */
#ifndef LIB_PEER_H
#define LIB_PEER_H

#include <sys/socket.h>
#include <sys/types.h>

#define PEER_REMOTE  0
#define PEER_UNKNOWN (-1)

/* The process serving connected socket fd (TCP or UDP): for TCP the one
 * that holds the accepted end (a forked server's connection process),
 * waited for up to a second while the server accepts; for UDP the one
 * that holds the socket bound to the address fd sends to. */
pid_t peer_of_socket(int fd);
/* The process listening (TCP) on addr, for clients that connect in the
 * timed loop (lat_connect, lat_http). */
pid_t peer_listener(const struct sockaddr *addr);
/* The process listening on UNIX socket path (an abstract name starts
 * with '\0', as in sun_path); always on this host. */
pid_t peer_unix_listener(const char *path, size_t len);

#endif

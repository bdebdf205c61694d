/*
 * lib_unix.h - UNIX-domain socket pairs, abstract addresses, and the
 * connections to a server on one of them.
 */
#ifndef LIB_UNIX_H
#define LIB_UNIX_H

#include <sys/socket.h>

struct sockaddr_un;
/* A connected pair of UNIX stream sockets; -1 after a message. */
int unix_pair(int fd[2]);
/* Fill addr with the abstract address of name; its length. */
unsigned int unix_abstract(struct sockaddr_un *addr, const char *name);
/* A UNIX stream socket; -1 after a message. */
int unix_stream(void);
/* A stream connected to the abstract address (len bytes); -1 after
 * lmbench's message "socket connection: <why>". */
int unix_connect(const struct sockaddr_un *addr, socklen_t len);
/* The same, checked to reach a server of this user's own (anyone may
 * bind an abstract name); -1 after a message. */
int unix_connect_own(const struct sockaddr_un *addr, socklen_t len);
/* A stream listening on the abstract address; -1 after a message that
 * says who holds the name when it is taken. */
int unix_listen(const struct sockaddr_un *addr, socklen_t len);

#endif

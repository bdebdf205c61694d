/*
 * lib_unix.h - UNIX-domain socket pairs and abstract addresses.
 */
#ifndef LIB_UNIX_H
#define LIB_UNIX_H

struct sockaddr_un;
/* A connected pair of UNIX stream sockets; -1 after a message. */
int unix_pair(int fd[2]);
/* Fill addr with the abstract address of name; its length. */
unsigned int unix_abstract(struct sockaddr_un *addr, const char *name);
/* A UNIX stream socket; -1 after a message. */
int unix_stream(void);

#endif

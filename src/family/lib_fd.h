/*
 * lib_fd.h - the descriptors and children a program's state holds: an
 * open with its message, a close that marks the slot closed, a pair of
 * pipes, the wait for a child.
 */
#ifndef LIB_FD_H
#define LIB_FD_H

#include <sys/types.h>

/* open(path, flags); on failure "BEFOREpathAFTER: why" and -1. */
int fd_open(const char *path, int flags, const char *before,
            const char *after);
/* Close *fd where it is open, and leave it -1. */
void fd_close(int *fd);
/* Two pipes, to and from; 0, or -1 after "pipe: why" (none left open). */
int fd_pipes(int to[2], int from[2]);
/* Wait for pid (again after EINTR), its status in *st; 0, or -1 after
 * "waitpid: why". */
int fd_wait(pid_t pid, int *st);
/* 0 while child *pid runs; once it has ended (reaped here) or is gone,
 * *pid = -1 and -1, after "the helper process died" where `say`. */
int fd_alive(pid_t *pid, int say);

#endif

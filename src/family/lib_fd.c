/*
 * lib_fd.c - descriptors and children of a program's state (lib_fd.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_fd.h"
#include "lib_util.h"

int
fd_open(const char *path, int flags, const char *before, const char *after)
{
	int fd = open(path, flags);

	if (fd < 0)
		util_syserr("%s%s%s", before, path, after);
	return fd;
}

void
fd_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

int
fd_pipes(int to[2], int from[2])
{
	if (pipe(to) != 0) {
		util_syserr("pipe");
		return -1;
	}
	if (pipe(from) != 0) {
		util_syserr("pipe");
		close(to[0]);
		close(to[1]);
		return -1;
	}
	return 0;
}

int
fd_alive(pid_t *pid, int say)
{
	if (waitpid(*pid, NULL, WNOHANG) == 0)
		return 0;
	*pid = -1;
	if (say)
		util_err("the helper process died");
	return -1;
}

int
fd_wait(pid_t pid, int *st)
{
	while (waitpid(pid, st, 0) < 0)
		if (errno != EINTR) {
			util_syserr("waitpid");
			return -1;
		}
	return 0;
}

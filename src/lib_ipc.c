/*
 * lib_ipc.c - the pieces that pipe, FIFO and UNIX-socket benchmarks
 * share: whole-buffer reads and writes, and the bodies of the helper
 * processes (an echo for round trips, a source for bandwidth).
 */
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"

ssize_t
ipc_readn(int fd, void *buf, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, (char *)buf + got, n - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

ssize_t
ipc_writen(int fd, const void *buf, size_t n)
{
	size_t put = 0;

	while (put < n) {
		ssize_t w = write(fd, (const char *)buf + put, n - put);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		put += (size_t)w;
	}
	return (ssize_t)put;
}

void
ipc_echo(int in, int out, size_t msize)
{
	char *buf = malloc(msize);

	if (buf == NULL)
		_exit(EXIT_FAILED);
	for (;;) {
		if (ipc_readn(in, buf, msize) != (ssize_t)msize ||
		    ipc_writen(out, buf, msize) != (ssize_t)msize)
			_exit(0);
	}
}

void
ipc_source(int out, size_t msize)
{
	char *buf = malloc(msize);
	size_t i;

	if (buf == NULL)
		_exit(EXIT_FAILED);
	for (i = 0; i < msize; i++)
		buf[i] = (char)i;
	/* The reader going away ends the writer with EPIPE (SIGPIPE is
	 * ignored by every program, see bench_start). */
	for (;;)
		if (ipc_writen(out, buf, msize) != (ssize_t)msize)
			_exit(0);
}

int
ipc_roundtrips(int out, int in, char *buf, size_t msize, uint64_t n)
{
	while (n-- > 0) {
		if (ipc_writen(out, buf, msize) != (ssize_t)msize) {
			if (errno == EPIPE || errno == ECONNRESET)
				util_err("the helper process died");
			else
				util_syserr("write to the helper");
			return -1;
		}
		if (ipc_readn(in, buf, msize) != (ssize_t)msize) {
			util_err("the helper process died");
			return -1;
		}
	}
	return 0;
}

int
ipc_drain(int in, char *buf, size_t msize, uint64_t total)
{
	while (total > 0) {
		size_t want = total < msize ? (size_t)total : msize;
		ssize_t r = read(in, buf, want);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			util_err("the writing process died");
			return -1;
		}
		total -= (uint64_t)r;
	}
	return 0;
}

int
ipc_spawn(struct ipc_peer *p, int copy, int hin, int hout, enum ipc_role role,
          size_t msize)
{
	p->helper = bench_fork(copy, 1);
	if (p->helper < 0)
		return -1;
	if (p->helper == 0) {
		close(p->out);
		if (p->in != p->out)
			close(p->in);
		if (role == IPC_ECHO)
			ipc_echo(hin, hout, msize);
		ipc_source(hout, msize);
	}
	if (hin >= 0)
		close(hin);
	if (hout != hin)
		close(hout);
	return 0;
}

void
ipc_stop(struct ipc_peer *p)
{
	if (p->out >= 0)
		close(p->out);
	if (p->in >= 0 && p->in != p->out)
		close(p->in);
	p->in = p->out = -1;
	if (p->helper > 0) {
		/* Closing ends the helper; the kill covers one that is stuck.
		 */
		kill(p->helper, SIGKILL);
		while (waitpid(p->helper, NULL, 0) < 0 && errno == EINTR)
			;
	}
	p->helper = -1;
}

#define IPC_MAX_MSG   (64ULL << 20)
#define IPC_MAX_TOTAL (16ULL << 30)

int
ipc_parse_sizes(int opt, const char *arg, size_t *msize, uint64_t *total)
{
	uint64_t v;

	if (util_size_arg(opt == 'm' ? "-m" : "-M", arg, 1,
			  opt == 'm' ? IPC_MAX_MSG : IPC_MAX_TOTAL, &v) != 0)
		return -1;
	if (opt == 'm')
		*msize = (size_t)v;
	else
		*total = v;
	return 0;
}

void
ipc_round_total(size_t msize, uint64_t *total)
{
	*total = (*total + msize - 1) / msize * msize;
}

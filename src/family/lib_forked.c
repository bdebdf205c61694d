/*
 * lib_forked.c - a server with a process per connection (lib_forked.h).
 *
 * What it grants a client is bounded: SERVER_MAX_CONNS connections at
 * once (one more is accepted and closed at once), SERVER_IDLE_S seconds
 * for any one read or write, and FORKED_MEM_BUDGET bytes of messages for
 * all its connections together.  Connection processes die with their
 * server (PR_SET_PDEATHSIG), are ended with it on -S, and signal
 * nothing: a stop request reaches the server through a pipe.
 */
#define _GNU_SOURCE /* MAP_ANONYMOUS */
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_forked.h"
#include "lib_net.h"
#include "lib_server.h"
#include "lib_util.h"


/* A connection beyond the cap is refused, unless it is a stop request:
 * what it sends within 50 ms (or its close) goes to is_stop. */
static int
overflow_stops(int fd, int (*is_stop)(const char *buf, size_t n))
{
	struct pollfd p = { fd, POLLIN, 0 };
	char buf[32];
	size_t have = 0;
	uint64_t end = server_now_ms() + 50;

	net_nonblocking(fd, 1);
	while (have < sizeof(buf)) {
		uint64_t now = server_now_ms();
		ssize_t r;

		if (now >= end || poll(&p, 1, (int)(end - now)) <= 0)
			break;
		r = read(fd, buf + have, sizeof(buf) - have);
		if (r <= 0)
			return r == 0 && is_stop(buf, have);
		have += (size_t)r;
	}
	return 0;
}

/* What a forked server and its connection processes share: the message
 * memory the connections hold, in all and each (by slot). */
struct forked_share {
	_Atomic uint64_t used;	       /* bytes, all connections */
	uint64_t held[SERVER_MAX_CONNS];  /* bytes, each connection's slot */
};

int
forked_reserve(const struct forked_grant *g, uint64_t bytes)
{
	uint64_t before;

	if (g == NULL)
		return 0;
	if (g->share == NULL)
		return -1; /* no shared memory: no budget to draw on */
	before = atomic_fetch_add(&g->share->used, bytes);
	if (before + bytes > FORKED_MEM_BUDGET || before + bytes < before) {
		atomic_fetch_sub(&g->share->used, bytes);
		return -1;
	}
	g->share->held[g->slot] += bytes;
	return 0;
}

/* Reap the connection processes that ended, freeing their slots and the
 * memory they held; the number still running. */
static int
reap(pid_t *slot, struct forked_share *sh)
{
	pid_t pid;
	int i, live = 0;

	while ((pid = waitpid(-1, NULL, WNOHANG)) > 0)
		for (i = 0; i < SERVER_MAX_CONNS; i++)
			if (slot[i] == pid) {
				if (sh != NULL) {
					atomic_fetch_sub(&sh->used,
							 sh->held[i]);
					sh->held[i] = 0;
				}
				slot[i] = 0;
				break;
			}
	for (i = 0; i < SERVER_MAX_CONNS; i++)
		live += slot[i] != 0;
	return live;
}

/* One connection, in the process forked for it in slot g->slot. */
static void __attribute__((noreturn))
connection(int fd, pid_t server, int l, const int stop[2],
	   int (*serve)(int fd, const struct forked_grant *g),
	   const struct forked_grant *g)
{
	/* Never outlive the server: die with it, and give up if it is
	 * already gone (the parent is then another process). */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != server)
		_exit(0);
	close(l);
	close(stop[0]);
	net_timeout(fd, SERVER_IDLE_S);
	/* A connection that asks the server to stop: a byte down the pipe,
	 * no signal to anyone. */
	if (serve(fd, g) != 0 && write(stop[1], "x", 1) != 1)
		_exit(1);
	_exit(0);
}

void
forked_serve(int l, const void *service)
{
	const struct forked_service *sv = service;
	pid_t server = getpid(), slot[SERVER_MAX_CONNS];
	uint64_t end = server_now_ms() + server_lifetime() * 1000;
	struct forked_share *sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	int stop[2], live = 0, i;

	if (pipe(stop) != 0)
		_exit(EXIT_FAILED);
	if (sh == MAP_FAILED)
		sh = NULL; /* then no connection may hold memory */
	else
		atomic_init(&sh->used, 0);
	memset(slot, 0, sizeof(slot));
	/* Children are counted as they are reaped. */
	signal(SIGCHLD, SIG_DFL);
	net_nonblocking(l, 1);
	for (;;) {
		struct pollfd p[2] = { { l, POLLIN, 0 }, { stop[0], POLLIN, 0 } };
		int n = poll(p, 2, 1000), fd;
		struct forked_grant g;
		pid_t pid;

		live = reap(slot, sh);
		if ((n > 0 && p[1].revents != 0) || server_now_ms() >= end)
			server_exit();
		if (n <= 0 || !(p[0].revents & POLLIN))
			continue;
		fd = accept(l, NULL, NULL);
		if (fd < 0)
			continue;
		if (live >= SERVER_MAX_CONNS) {
			/* Refused: the server is full; but -S still works. */
			if (overflow_stops(fd, sv->is_stop))
				server_exit();
			close(fd);
			continue;
		}
		for (i = 0; slot[i] != 0; i++)
			;
		g.share = sh;
		g.slot = i;
		pid = fork();
		if (pid == 0)
			connection(fd, server, l, stop, sv->serve, &g);
		if (pid > 0)
			slot[i] = pid;
		close(fd);
	}
}

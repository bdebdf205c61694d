/*
 * lib_polled.c - a server that serves its connections in one process
 * (lib_polled.h): each connection has SERVER_CONN_S seconds in all, at
 * most SERVER_MAX_CONNS at once, a few spare places beyond that only for
 * a stop request.
 */
#define _GNU_SOURCE /* accept4 */
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lib_net.h"
#include "lib_polled.h"
#include "lib_server.h"

const struct polled_service polled_byte_stop = { polled_stop_byte, NULL,
	                                         NULL, polled_any_byte, NULL };

/* Drop connection i of *n (the last takes its place). */
static void
conn_drop(const struct polled_service *sv, struct polled_conn *c, int i, int *n)
{
	if (sv->drop != NULL)
		sv->drop(&c[i]);
	close(c[i].fd);
	c[i] = c[--*n];
}

int
polled_any_byte(const char *buf, size_t n)
{
	(void)buf;
	return n > 0;
}

int
polled_stop_byte(struct polled_conn *c)
{
	char ch;
	ssize_t r = read(c->fd, &ch, 1);

	if (r == 1)
		return POLLED_STOP;
	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return POLLED_MORE;
	return POLLED_DONE;
}

/* The connections of a polled server, and a few spare slots beyond the
 * cap that only look for a stop request, so that -S works while silent
 * clients fill the server. */
struct poll_set {
	struct polled_conn c[SERVER_MAX_CONNS]; /* served connections */
	int n;                            /* how many */
	int spare[POLLED_SPARE];             /* beyond the cap; -1 free */
	uint64_t spare_end[POLLED_SPARE];    /* ms: each one closed then */
};

/* A spare connection that sent something: a stop request ends the
 * server, anything else is refused.  Either way the slot is free. */
static void
spare_check(struct poll_set *ps, const struct polled_service *sv, int k)
{
	char buf[64];
	ssize_t r = read(ps->spare[k], buf, sizeof(buf));

	if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return;
	if (r > 0 && sv->is_stop != NULL && sv->is_stop(buf, (size_t)r))
		server_exit();
	if (sv->refuse != NULL)
		sv->refuse(ps->spare[k]);
	close(ps->spare[k]);
	ps->spare[k] = -1;
}

/* A connection beyond the cap: into a free spare slot (else the oldest
 * one's), looked at at once in case its stop request came with it. */
static void
spare_take(struct poll_set *ps, const struct polled_service *sv, int fd)
{
	int k, oldest = 0;

	for (k = 0; k < POLLED_SPARE && ps->spare[k] >= 0; k++)
		if (ps->spare_end[k] < ps->spare_end[oldest])
			oldest = k;
	if (k == POLLED_SPARE) {
		k = oldest;
		if (sv->refuse != NULL)
			sv->refuse(ps->spare[k]);
		close(ps->spare[k]);
	}
	ps->spare[k] = fd;
	ps->spare_end[k] = server_now_ms() + POLLED_SPARE_MS;
	spare_check(ps, sv, k);
}

/* Drop what is past its deadline; the ms until the next deadline (at
 * most a second). */
static int
poll_expire(struct poll_set *ps, const struct polled_service *sv, uint64_t now)
{
	int i, wait = 1000;

	/* A connection past its deadline is dropped, whatever it is doing:
	 * no client holds the server longer than that. */
	for (i = ps->n - 1; i >= 0; i--)
		if (ps->c[i].deadline <= now)
			conn_drop(sv, ps->c, i, &ps->n);
		else if (ps->c[i].deadline - now < (uint64_t)wait)
			wait = (int)(ps->c[i].deadline - now);
	for (i = 0; i < POLLED_SPARE; i++)
		if (ps->spare[i] >= 0 && ps->spare_end[i] <= now) {
			close(ps->spare[i]);
			ps->spare[i] = -1;
		}
	return wait;
}

/* Accept every waiting connection: served up to the cap, spare beyond. */
static void
poll_accept(struct poll_set *ps, const struct polled_service *sv, int l)
{
	struct polled_conn *c;
	int fd, rc;

	while ((fd = accept4(l, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
		if (ps->n >= SERVER_MAX_CONNS) {
			spare_take(ps, sv, fd);
			continue;
		}
		c = &ps->c[ps->n++];
		c->fd = fd;
		c->events = POLLIN;
		c->deadline = server_now_ms() + SERVER_CONN_S * 1000ULL;
		c->data = NULL;
		c->server = sv->ctx;
		/* What the client sent with its connection is served at
		 * once, without another poll. */
		rc = sv->ready(c);
		if (rc == POLLED_STOP)
			server_exit();
		if (rc == POLLED_DONE)
			conn_drop(sv, ps->c, ps->n - 1, &ps->n);
	}
}

void
polled_serve(int l, const void *service)
{
	const struct polled_service *sv = service;
	struct poll_set ps;
	struct pollfd p[1 + SERVER_MAX_CONNS + POLLED_SPARE];
	uint64_t end = server_now_ms() + server_lifetime() * 1000;
	int i, rc, wait;

	memset(&ps, 0, sizeof(ps));
	for (i = 0; i < POLLED_SPARE; i++)
		ps.spare[i] = -1;
	net_nonblocking(l, 1);
	for (;;) {
		if (server_now_ms() >= end)
			server_exit();
		wait = poll_expire(&ps, sv, server_now_ms());
		p[0].fd = l;
		p[0].events = POLLIN;
		for (i = 0; i < ps.n; i++) {
			p[i + 1].fd = ps.c[i].fd;
			p[i + 1].events = ps.c[i].events;
		}
		for (i = 0; i < POLLED_SPARE; i++) {
			p[1 + ps.n + i].fd = ps.spare[i];
			p[1 + ps.n + i].events = POLLIN;
		}
		rc = poll(p, (nfds_t)ps.n + 1 + POLLED_SPARE, wait);
		if (rc <= 0)
			continue;
		for (i = 0; i < POLLED_SPARE; i++)
			if (ps.spare[i] >= 0 && p[1 + ps.n + i].revents != 0)
				spare_check(&ps, sv, i);
		/* Downwards, so that the connection moved into a dropped
		 * one's place has had its turn already. */
		for (i = ps.n - 1; i >= 0; i--) {
			if (p[i + 1].revents == 0)
				continue;
			rc = sv->ready(&ps.c[i]);
			if (rc == POLLED_STOP)
				server_exit();
			if (rc == POLLED_DONE)
				conn_drop(sv, ps.c, i, &ps.n);
		}
		if (p[0].revents & POLLIN)
			poll_accept(&ps, sv, l);
	}
}

/*
 * lib_polled.h - a server that serves its connections side by side in
 * one process, polling (lat_connect, lat_unix_connect, lmhttp).
 */
#ifndef LIB_POLLED_H
#define LIB_POLLED_H

#include <stddef.h>
#include <stdint.h>

/* One connection: ready() reads or writes what it can without blocking
 * (fd is non-blocking) and says what next. */
struct polled_conn {
	int fd;		   /* the connection */
	short events;	   /* POLLIN or POLLOUT: what it waits for */
	uint64_t deadline; /* ms, monotonic: dropped then */
	void *data;	   /* the connection's state, NULL at first */
	void *server;	   /* the server's (polled_service's ctx) */
};
enum { POLLED_MORE, POLLED_DONE, POLLED_STOP };
struct polled_service {
	/* POLLED_MORE, POLLED_DONE or POLLED_STOP */
	int (*ready)(struct polled_conn *c);
	void (*drop)(struct polled_conn *c); /* free c->data; NULL: nothing */
	void (*refuse)(int fd);	/* a word to a client beyond the cap
				 * before the close; or NULL */
	/* Is what a client beyond the cap sent (n bytes) a stop request?
	 * NULL: none is looked for. */
	int (*is_stop)(const char *buf, size_t n);
	/* The server's own state, given to every connection as c->server;
	 * NULL: none. */
	void *ctx;
};
/* Beyond the cap, POLLED_SPARE connections are kept POLLED_SPARE_MS each
 * (the oldest replaced by a newer one) only to read a stop request. */
#define POLLED_SPARE    8
#define POLLED_SPARE_MS 2000
/* Serve connections on l for the server's lifetime in this one process,
 * no client able to delay another (each has SERVER_CONN_S seconds);
 * service: the struct polled_service (the type of struct server_side's
 * serve). */
void polled_serve(int l, const void *service) __attribute__((noreturn));
/* The ready() of lat_connect's and lat_unix_connect's servers: the
 * client's close ends the connection, a byte from it stops the server;
 * and their is_stop: any byte. */
int polled_stop_byte(struct polled_conn *c);
int polled_any_byte(const char *buf, size_t n);
/* Those two as a whole service. */
extern const struct polled_service polled_byte_stop;

#endif

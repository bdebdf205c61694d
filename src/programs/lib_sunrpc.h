/*
 * lib_sunrpc.h - lat_rpc's Sun RPC program (lmbench's: number 404040,
 * version 1; procedure 1 answers the char 123, procedure 2 stops the
 * server) over libtirpc: the server on TCP and UDP, and its clients.
 * Linked into lat_rpc alone (the Makefile: libtirpc is optional).
 */
#ifndef LIB_SUNRPC_H
#define LIB_SUNRPC_H

#include <rpc/rpc.h>

#include "lib_net.h"

#define SUNRPC_ANSWER 123 /* procedure 1's answer */

/* The server's sockets, from sunrpc_listen: the TCP one is struct
 * server_side's l, the UDP one here, with the port for rpcbind. */
struct sunrpc_server {
	int udp;
	int port;
};
/* Listen on n's address and port over TCP (returned) and UDP (into
 * the struct sunrpc_server ctx); -1 after a message (struct
 * server_side's listen). */
int sunrpc_listen(const struct net_opts *n, void *ctx);
/* Serve both until procedure 2, SIGTERM or the end of the lifetime (the
 * type of struct server_side's serve; srv: the struct sunrpc_server). */
void sunrpc_serve(int tcp, const void *srv) __attribute__((noreturn));

/* A client handle for proto ("tcp" or "udp"): the server's fixed port
 * first, else the host's rpcbind.  NULL after a message. */
CLIENT *sunrpc_client(const char *host, int port, const char *proto);
/* Destroy *cl (NULL: nothing) and set it NULL. */
void sunrpc_close(CLIENT **cl);
/* One call of procedure 1 with a 5-second timeout, its answer in *out. */
enum clnt_stat sunrpc_call(CLIENT *cl, char *out);
/* -S: procedure 2 over UDP (struct server_side's stop; ctx unused): 0,
 * or -1 after a message. */
int sunrpc_stop(const char *host, int port, void *ctx);

#endif

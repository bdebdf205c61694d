/*
 * lib_ipc.h - helpers for the pipe, FIFO and UNIX-socket benchmarks: the
 * helper process at the other end and its loops.
 */
#ifndef LIB_IPC_H
#define LIB_IPC_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib_party.h"

/* Helper bodies (never return): echo msize-byte messages from in to out
 * until EOF; or write msize-byte messages to out until the reader goes. */
void ipc_echo(int in, int out, size_t msize) __attribute__((noreturn));
void ipc_source(int out, size_t msize) __attribute__((noreturn));
/* n round trips of msize bytes: write to out, read the echo from in.
 * 0, or -1 after a message (the helper died). */
int ipc_roundtrips(int out, int in, char *buf, size_t msize, uint64_t n);
/* Read total bytes from in, msize at a time; 0 or -1 after a message
 * ("the writing process died", or with who: "WHO stopped sending (why)"). */
int ipc_drain(int in, char *buf, size_t msize, uint64_t total,
	      const char *who);

/* The program's ends of a channel to one helper process. */
struct ipc_peer {
	int out;      /* the program writes here */
	int in;       /* and reads here (may equal out: a socket) */
	pid_t helper; /* the helper process, -1 when none */
};
enum ipc_role {
	IPC_ECHO,  /* echo every message back */
	IPC_SOURCE /* write messages until the reader goes */
};
/*
 * Fork helper 1 of copy `copy` (placed by LMBENCH_SCHED) that runs the
 * role on its ends hin/hout (hin may equal hout; -1 when unused).  The
 * helper closes the program's ends p->in/p->out; the program closes
 * hin/hout.  0, or -1 after a message.
 */
int ipc_spawn(struct ipc_peer *p, struct copy_ctx *cx, int hin, int hout,
              enum ipc_role role, size_t msize);
/* Close the program's ends and reap the helper. */
void ipc_stop(struct ipc_peer *p);
/* -m (message size, 1 byte to 64 MB) or -M (total bytes, to 16 GB) of
 * bw_pipe and bw_unix; 0, or -1 after a message. */
int ipc_parse_sizes(int opt, const char *arg, size_t *msize, uint64_t *total);
/* Round the total up to whole messages. */
void ipc_round_total(size_t msize, uint64_t *total);
/* The whole of bw_pipe and bw_unix but for the channel: channel(fd)
 * makes one (fd[0] the reading end, fd[1] the writing end; 0, or -1
 * after a message), label names the result.  Returns the exit status. */
int ipc_bandwidth_main(int argc, char **argv, int (*channel)(int fd[2]),
		       const char *label);
/* The whole of lat_pipe, lat_fifo and lat_unix but for the channel:
 * channel(cx, ends) makes one for copy cx: ends[0] the program writes,
 * ends[1] it reads (may equal ends[0]), ends[2] and ends[3] the
 * helper's reading and writing ends (the helper echoes); 0, or -1 after
 * a message.  with_m takes -m (the message size, default 1 byte); label
 * names the result.  Returns the exit status. */
int ipc_latency_main(int argc, char **argv,
                     int (*channel)(struct copy_ctx *cx, int ends[4]),
                     int with_m, const char *label);
/* A TCP connection over loopback, on an ephemeral port: the connected
 * socket, its listener in *listener and the accepted end in *accepted
 * (to close after); -1 after a message. */
int ipc_loopback(int *listener, int *accepted);

#endif

/*
 * lib_ipc.c - the pieces that pipe, FIFO and UNIX-socket benchmarks
 * share: the bodies of the helper
 * processes (an echo for round trips, a source for bandwidth).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_ipc.h"
#include "lib_party.h"
#include "lib_super.h"
#include "lib_util.h"

void
ipc_echo(int in, int out, size_t msize)
{
	char *buf = malloc(msize);

	if (buf == NULL)
		_exit(EXIT_FAILED);
	for (;;) {
		if (util_readn(in, buf, msize) != (ssize_t)msize ||
		    util_writen(out, buf, msize) != (ssize_t)msize)
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
	 * ignored by every program, see super_start). */
	for (;;)
		if (util_writen(out, buf, msize) != (ssize_t)msize)
			_exit(0);
}

int
ipc_roundtrips(int out, int in, char *buf, size_t msize, uint64_t n)
{
	while (n-- > 0) {
		if (util_writen(out, buf, msize) != (ssize_t)msize) {
			if (errno == EPIPE || errno == ECONNRESET)
				util_err("the helper process died");
			else
				util_syserr("write to the helper");
			return -1;
		}
		if (util_readn(in, buf, msize) != (ssize_t)msize) {
			util_err("the helper process died");
			return -1;
		}
	}
	return 0;
}

int
ipc_drain(int in, char *buf, size_t msize, uint64_t total, const char *who)
{
	while (total > 0) {
		size_t want = total < msize ? (size_t)total : msize;
		ssize_t r = read(in, buf, want);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 && who == NULL) {
			util_err("the writing process died");
			return -1;
		}
		if (r <= 0) {
			util_err("%s stopped sending (%s)", who,
				 r == 0 ? "the connection was closed"
				 : errno == EAGAIN ? "nothing for 10 seconds"
						   : strerror(errno));
			return -1;
		}
		total -= (uint64_t)r;
	}
	return 0;
}

int
ipc_spawn(struct ipc_peer *p, struct copy_ctx *cx, int hin, int hout, enum ipc_role role,
          size_t msize)
{
	p->helper = super_fork(cx, 1);
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
	super_reap(&p->helper);
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

/* bw_pipe and bw_unix: the state of one copy. */
struct bw_state {
	struct ipc_peer peer;	  /* the channel from the writing helper */
	int (*channel)(int fd[2]); /* makes it: fd[0] read, fd[1] write */
	size_t msize;		  /* bytes per message */
	uint64_t total;		  /* bytes per iteration */
	char *buf;		  /* the read buffer */
};

static int
bw_init(void *sp, struct copy_ctx *cx)
{
	struct bw_state *s = sp;
	int fd[2];

	s->peer.helper = -1;
	s->peer.in = s->peer.out = -1;
	s->buf = malloc(s->msize);
	if (s->buf == NULL) {
		util_err("out of memory for a %zu-byte message", s->msize);
		return -1;
	}
	if (s->channel(fd) != 0)
		return -1;
	s->peer.in = fd[0];
	return ipc_spawn(&s->peer, cx, -1, fd[1], IPC_SOURCE, s->msize);
}

static int
bw_run(void *sp, uint64_t n)
{
	struct bw_state *s = sp;

	while (n-- > 0)
		if (ipc_drain(s->peer.in, s->buf, s->msize, s->total, NULL) != 0)
			return -1;
	return 0;
}

static void
bw_cleanup(void *sp)
{
	struct bw_state *s = sp;

	ipc_stop(&s->peer);
	free(s->buf);
	s->buf = NULL;
}

static int
bw_option(void *sp, int c, const char *arg)
{
	struct bw_state *s = sp;

	return ipc_parse_sizes(c, arg, &s->msize, &s->total);
}

/* The start of the pipe and socket programs: bench_begin (no
 * operands), then one helper placed with its copy (SAME unless
 * LMBENCH_SCHED says otherwise). */
static void
ipc_start(int argc, char **argv, const char *usage, const char *help,
          struct bench_opts *o,
          int (*option)(void *ctx, int c, const char *arg), void *ctx)
{
	const struct bench_prog p = { .usage = usage, .help = help,
		.option = option, .ctx = ctx };

	(void)bench_begin(argc, argv, &p, o);
	bench_same_cpu(o, 1);
}

int
ipc_bandwidth_main(int argc, char **argv, int (*channel)(int fd[2]),
		   const char *label)
{
	struct bw_state s = { { -1, -1, -1 }, channel, 65536, 10ULL << 20,
			      NULL };
	struct bench_opts o;
	struct bench_desc d = { .init = bw_init,
				.run = bw_run,
				.cleanup = bw_cleanup,
				.state = &s };

	ipc_start(argc, argv,
	          "[-m <message size>] [-M <total bytes>] [-P <parallelism>] "
	          "[-W <warmup>] [-N <repetitions>]",
	          "-m <message size>  bytes per write (default 64k)\n"
	          "-M <total bytes>   bytes read per iteration (default 10m, "
	          "rounded up to whole messages)",
	          &o, bw_option, &s);
	ipc_round_total(s.msize, &s.total);
	return bench_measure_mbs(&d, &o, label, (double)s.total);
}

/* ------------------------------------------------------------------ */
/* The round-trip programs: lat_pipe, lat_fifo, lat_unix.              */

struct lat_state {
	struct ipc_peer peer;   /* the channel to the echoing helper */
	int (*channel)(struct copy_ctx *cx, int ends[4]);
	size_t msize;           /* bytes per message */
	char *buf;              /* the message */
};

#define LAT_MAX_MSG (64ULL << 20)

static int
lat_init(void *sp, struct copy_ctx *cx)
{
	struct lat_state *s = sp;
	int ends[4];

	s->peer.in = s->peer.out = s->peer.helper = -1;
	s->buf = calloc(1, s->msize);
	if (s->buf == NULL) {
		util_err("out of memory for a %zu-byte message", s->msize);
		return -1;
	}
	if (s->channel(cx, ends) != 0)
		return -1;
	s->peer.out = ends[0];
	s->peer.in = ends[1];
	return ipc_spawn(&s->peer, cx, ends[2], ends[3], IPC_ECHO, s->msize);
}

static int
lat_run(void *sp, uint64_t n)
{
	struct lat_state *s = sp;

	return ipc_roundtrips(s->peer.out, s->peer.in, s->buf, s->msize, n);
}

static void
lat_cleanup(void *sp)
{
	struct lat_state *s = sp;

	ipc_stop(&s->peer);
	free(s->buf);
	s->buf = NULL;
}

/* -m: the message size. */
static int
lat_option(void *sp, int c, const char *arg)
{
	struct lat_state *s = sp;
	uint64_t v;

	(void)c;
	if (util_size_arg("-m", arg, 1, LAT_MAX_MSG, &v) != 0)
		return -1;
	s->msize = (size_t)v;
	return 0;
}

int
ipc_latency_main(int argc, char **argv,
                 int (*channel)(struct copy_ctx *cx, int ends[4]),
                 int with_m, const char *label)
{
	const char *usage = with_m ? "[-m <message size>] [-P <parallelism>] "
				     "[-W <warmup>] [-N <repetitions>]"
				   : "[-P <parallelism>] [-W <warmup>] "
				     "[-N <repetitions>]";
	struct lat_state s = { { -1, -1, -1 }, channel, 1, NULL };
	struct bench_opts o;
	struct bench_desc d = { .init = lat_init,
				.run = lat_run,
				.cleanup = lat_cleanup,
				.state = &s };

	ipc_start(argc, argv, usage,
	          with_m ? "-m <message size>  bytes sent each way per round "
	                   "trip (default 1)"
	                 : NULL,
	          &o, lat_option, &s);
	return bench_measure_us(&d, &o, label, 1);
}

int
ipc_loopback(int *listener, int *accepted)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int l, c;

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) != 0 ||
	    listen(l, 1) != 0 ||
	    getsockname(l, (struct sockaddr *)&a, &len) != 0) {
		util_syserr("cannot listen on loopback");
		if (l >= 0)
			close(l);
		return -1;
	}
	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 || connect(c, (struct sockaddr *)&a, sizeof(a)) != 0) {
		util_syserr("cannot connect on loopback");
		close(l);
		if (c >= 0)
			close(c);
		return -1;
	}
	*listener = l;
	*accepted = accept(l, NULL, NULL);
	return c;
}

/*
 * lat_select - the cost of select() on many ready descriptors.
 *
 * One descriptor is opened (file: a small file in the program's private
 * temporary directory; tcp: a connected socket to a listener this program
 * makes itself on an ephemeral loopback port, so no fixed port is needed)
 * and dup()ed until there are -n (default 200).  Each iteration copies the
 * write set and calls select() with a zero timeout; every descriptor is
 * ready.  nfds is the highest descriptor + 1 (lmbench passed the count,
 * so its last descriptors were never scanned), and -n may not exceed what
 * FD_SETSIZE holds.
 *
 * Usage: lat_select [-n <#descriptors>] [-P <parallelism>] [-W <warmup>]
 *        [-N <repetitions>] file|tcp
 * Output (stderr): "Select on 200 fd's: 1.0003 microseconds" or
 * "Select on 200 tcp fd's: 1.9010 microseconds"
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_file.h"
#include "lib_harness.h"
#include "lib_ipc.h"
#include "lib_party.h"
#include "lib_util.h"

struct state {
	int tcp;	/* sockets rather than a file */
	int count;	/* descriptors to select on */
	int fds[FD_SETSIZE];
	int nfds;	/* highest descriptor + 1 */
	int extra[2];	/* the listener and its accepted end */
	fd_set set;	/* every descriptor */
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	char path[4096];
	int i, fd;

	s->extra[0] = s->extra[1] = -1;
	if (s->tcp) {
		fd = ipc_loopback(&s->extra[0], &s->extra[1]);
	} else {
		fd = file_scratch(cx->run, path, sizeof(path), "lat_select.%d",
		                  (int)getpid());
		if (fd >= 0)
			unlink(path);
	}
	if (fd < 0)
		return -1;
	FD_ZERO(&s->set);
	s->nfds = 0;
	for (i = 0; i < s->count; i++) {
		s->fds[i] = i == 0 ? fd : dup(fd);
		if (s->fds[i] < 0 || s->fds[i] >= FD_SETSIZE) {
			util_err("cannot have %d descriptors under FD_SETSIZE "
				 "(%d)", s->count, FD_SETSIZE);
			s->count = i;
			return -1;
		}
		FD_SET(s->fds[i], &s->set);
		if (s->fds[i] + 1 > s->nfds)
			s->nfds = s->fds[i] + 1;
	}
	return 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		fd_set w = s->set;
		struct timeval tv = { 0, 0 };

		if (select(s->nfds, NULL, &w, NULL, &tv) < 0) {
			util_syserr("select");
			return -1;
		}
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;
	int i;

	for (i = 0; i < s->count; i++)
		close(s->fds[i]);
	for (i = 0; i < 2; i++)
		if (s->extra[i] >= 0)
			close(s->extra[i]);
}

/* -n: the descriptors selected on. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;
	const char *why;
	uint64_t v;

	(void)c;
	/* Room for stdin, stdout, stderr and the sockets. */
	why = util_parse_u64(arg, 1, FD_SETSIZE - 8, &v);
	if (why != NULL) {
		util_err("bad -n '%s': %s (1 to %d)", arg, why, FD_SETSIZE - 8);
		return -1;
	}
	s->count = (int)v;
	return 0;
}

static const struct bench_prog prog = {
	.usage = "[-n <#descriptors>] [-P <parallelism>] [-W <warmup>] [-N "
	         "<repetitions>] file|tcp",
	.help = "-n <#descriptors>  descriptors selected on (default 200)\n"
	        "file|tcp          what they are: a file, or a loopback TCP "
	        "socket",
	.min_operands = 1,
	.max_operands = 1,
	.option = option,
};

int
main(int argc, char **argv)
{
	static struct state s = { .count = 200 };
	static const char *const kinds[] = { "file", "tcp" };
	struct bench_opts o;
	const struct bench_desc d = { .init = init, .run = run,
		                      .cleanup = cleanup, .state = &s };
	char label[64];
	struct bench_prog p = prog;
	int first;

	p.ctx = &s;
	first = bench_begin(argc, argv, &p, &o);
	s.tcp = (int)bench_lookup("mode", argv[first], kinds, 2,
	                          sizeof(kinds[0]));
	snprintf(label, sizeof(label), "Select on %d %sfd's", s.count,
		 s.tcp ? "tcp " : "");
	return bench_measure_us(&d, &o, label, 1);
}

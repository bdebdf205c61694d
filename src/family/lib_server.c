/*
 * lib_server.c - a network benchmark's server (lib_server.h): placed like
 * the client's peer, detached into a process group of its own, ended by an
 * alarm at its lifetime, its connection processes (lib_forked) ending with
 * it; and the -s / -S modes of every networked program, the transport and
 * the server's loop a parameter.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_net.h"
#include "lib_place.h"
#include "lib_server.h"
#include "lib_util.h"

int
server_detach(void)
{
	pid_t pid;
	int null, ready[2];
	char c;

	fflush(NULL);
	if (pipe(ready) != 0) {
		util_syserr("pipe");
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		util_syserr("fork");
		close(ready[0]);
		close(ready[1]);
		return -1;
	}
	if (pid > 0) {
		/* Return only once the server has left this process group:
		 * the supervisor ends the group when the program exits. */
		close(ready[1]);
		while (read(ready[0], &c, 1) < 0 && errno == EINTR)
			;
		close(ready[0]);
		return 1;
	}
	/* The server: a process group of its own (so the program's
	 * supervisor and the terminal's signals leave it alone), a hangup
	 * ignored, no terminal descriptors held open.  Not a session of its
	 * own: where the kernel groups tasks by session for the scheduler
	 * (autogroup), a server in another session than its client pays a
	 * group switch on every hand-off - 0.6-0.9 us a loopback UDP round
	 * trip on Zen 5, a tenth of it. */
	close(ready[0]);
	setpgid(0, 0);
	signal(SIGHUP, SIG_IGN);
	if (write(ready[1], "", 1) < 0) {
		/* the program is gone; serve anyway */
	}
	close(ready[1]);
	null = open("/dev/null", O_RDWR);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		if (null > STDERR_FILENO)
			close(null);
	}
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

uint64_t
server_lifetime(void)
{
	uint64_t s = 3600;

	if (util_env_u64("LMBENCH_SERVER_TIMEOUT", 1, 100000000, &s) < 0)
		return 3600;
	return s;
}

int
server_start(int l)
{
	int rc;

	if (l < 0)
		return -1;
	/* Where the server runs is decided, as for the client (SAME by
	 * default: loopback figures on one CPU; CROSS: across a pair). */
	if (place_server() == -1) {
		close(l);
		return -1;
	}
	rc = server_detach();
	if (rc < 0)
		return -1;
	if (rc > 0) {
		close(l);
		return -2;
	}
	alarm((unsigned)server_lifetime());
	return l;
}

void
server_exit(void)
{
	signal(SIGTERM, SIG_IGN);
	kill(0, SIGTERM);
	_exit(0);
}

uint64_t
server_now_ms(void)
{
	return timing_now_ns() / 1000000;
}

/* -s: the socket, then the detached server's loop; the exit status. */
static int
serve(const struct net_opts *n, const struct server_side *sd)
{
	int l = sd->listen != NULL ? sd->listen(n, sd->ctx)
	                           : net_listen(n->bindaddr, n->port,
	                                        sd->socktype);

	l = server_start(l);
	if (l < 0)
		return l == -2 ? 0 : EXIT_FAILED;
	sd->serve(l, sd->service);
	return EXIT_FAILED; /* not reached: serve ends the server */
}

int
server_modes(const struct bench_prog *p, const struct net_opts *n, int argc,
             char **argv, int first, const struct server_side *sd)
{
	int operands = argc - first, host = sd->hostless ? 0 : 1;

	if ((n->serve && n->stop) || (n->serve && operands != 0) ||
	    (n->stop && operands != host) || operands < (n->serve ? 0 : host))
		bench_usage(p);
	if (n->serve)
		return serve(n, sd);
	if (n->stop)
		return sd->stop(host ? argv[first] : NULL, n->port, sd->ctx) == 0
		               ? 0
		               : EXIT_FAILED;
	return -1;
}

int
server_begin(int argc, char **argv, const struct bench_prog *p,
             struct bench_opts *o, const struct net_opts *n,
             const struct server_side *sd, int *status)
{
	int first = bench_begin(argc, argv, p, o);

	o->placement = "SAME";
	*status = server_modes(p, n, argc, argv, first, sd);
	return *status >= 0 ? -1 : first;
}

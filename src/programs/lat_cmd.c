/*
 * lat_cmd - the time to run a command to completion.
 *
 * Each iteration forks, the child executes the command line given
 * (searched in PATH) with its standard output on /dev/null, and the
 * program waits for it.  A command that cannot be run or exits non-zero
 * is an error.  The result is the median time per run.
 *
 * Usage: lat_cmd [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        cmdline...
 * Output (stderr): "lat_cmd: 812.3456 microseconds"
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_fd.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_util.h"

struct state {
	char **argv; /* the command */
	int devnull; /* its standard output */
};

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	(void)cx;
	s->devnull = fd_open("/dev/null", O_WRONLY, "open ", "");
	return s->devnull < 0 ? -1 : 0;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		pid_t pid = fork();
		int st;

		if (pid < 0) {
			util_syserr("fork");
			return -1;
		}
		if (pid == 0) {
			dup2(s->devnull, STDOUT_FILENO);
			execvp(s->argv[0], s->argv);
			_exit(127);
		}
		if (fd_wait(pid, &st) != 0)
			return -1;
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
			util_err("'%s' failed (%s %d)", s->argv[0],
				 WIFEXITED(st) ? "exit status" : "signal",
				 WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
			return -1;
		}
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	fd_close(&s->devnull);
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { NULL, -1 };
	struct bench_desc d = { .init = init, .run = run, .cleanup = cleanup,
				.state = &s };
	/* Options end at the command: its own options are not ours. */
	static const struct bench_prog prog = {
		.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
		         "cmdline...",
		.help = "cmdline...  the command and its arguments, run without "
		        "a shell",
		.min_operands = 1,
		.max_operands = -1,
		.first_operand = 1,
	};

	s.argv = &argv[bench_begin(argc, argv, &prog, &o)];
	return bench_measure_us(&d, &o, "lat_cmd", 1);
}

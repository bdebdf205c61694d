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
	s->devnull = open("/dev/null", O_WRONLY);
	if (s->devnull < 0) {
		util_syserr("open /dev/null");
		return -1;
	}
	return 0;
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
		while (waitpid(pid, &st, 0) < 0)
			if (errno != EINTR) {
				util_syserr("waitpid");
				return -1;
			}
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

	if (s->devnull >= 0)
		close(s->devnull);
	s->devnull = -1;
}

/* The usage line, which also says which options are taken. */
#define USAGE "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "\
	"cmdline..."

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { NULL, -1 };
	struct bench_desc d = { .init = init, .run = run, .cleanup = cleanup,
				.state = &s };
	int rc;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	/* "+": the command's own options are not ours. */
	rc = opts_parse(argc, argv, USAGE, 1, &o, NULL, NULL);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0 || rc >= argc)
		usage();
	s.argv = &argv[rc];
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	return bench_measure_us(&d, &o, "lat_cmd", 1);
}

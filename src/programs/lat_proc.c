/*
 * lat_proc - the cost of a procedure call and of process creation.
 *
 *   procedure  one call of a library function taking an int (ten
 *              dependent calls an iteration)
 *              ("Procedure call")
 *   fork       fork(); the child _exit()s at once; the parent waits
 *              ("Process fork+exit")
 *   exec       fork(); the child execve()s hello with an empty
 *              environment and standard output closed; the parent
 *              waits ("Process fork+execve")
 *   shell      fork(); the child runs /bin/sh -c hello; the parent waits
 *              ("Process fork+/bin/sh -c")
 * hello is found next to this program (the directory of /proc/self/exe),
 * not in the current directory.  Every child's exit status is checked: an
 * exec that failed is an error, not a fast fork.  The time per operation
 * is the median interval divided by the iterations.
 *
 * Placement: unless LMBENCH_SCHED says otherwise the children run on
 * their parent's CPU (policy SAME: copy c and its children on CPU c),
 * so the figure is creation and exit, not a cross-CPU wake-up; under
 * CROSS (or UNIQUE) each child moves itself to the other CPU first.
 * Every child marks the CPU it ran on, for the placement record.
 *
 * Usage: lat_proc [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        procedure|fork|exec|shell
 * Output (stderr): "Process fork+exit: 78.4512 microseconds"
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_clock.h"
#include "lib_fd.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_util.h"

struct state {
	char hello[PATH_MAX]; /* the program exec and shell run */
	char *argv[4];        /* what they run: hello, or sh -c hello */
	const char *what;     /* its name in messages */
	int devnull;          /* standard output of the children */
	int children;         /* the mode forks (a party per child) */
	struct copy_ctx *cx;  /* the copy measuring, for its children */
};

/* Wait for pid; 0 if it exited 0, -1 after a message otherwise. */
static int
reap(pid_t pid, const char *what)
{
	int st;

	if (fd_wait(pid, &st) != 0)
		return -1;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		util_err("%s failed (status %d)", what, st);
		return -1;
	}
	return 0;
}

static int
do_procedure(void *sp, uint64_t n)
{
	int v = 0;

	(void)sp;
	/* Ten dependent calls an iteration: the loop's own cost, which is
	 * subtracted, stays a small part of what is measured. */
	while (n-- > 0) {
		v = timing_procedure(v);
		v = timing_procedure(v);
		v = timing_procedure(v);
		v = timing_procedure(v);
		v = timing_procedure(v);
		v = timing_procedure(v);
		v = timing_procedure(v);
		v = timing_procedure(v);
		v = timing_procedure(v);
		v = timing_procedure(v);
	}
	timing_use((uint64_t)v);
	return 0;
}

/* fork: fork, the child exits at once; exec and shell: fork, the child
 * execs s->argv with standard output on /dev/null.  Then wait. */
static int
do_spawn(void *sp, uint64_t n)
{
	static char *const envp[] = { NULL };
	struct state *s = sp;

	while (n-- > 0) {
		pid_t pid = fork();

		if (pid < 0) {
			util_syserr("fork");
			return -1;
		}
		if (pid == 0) {
			party_child_start(s->cx);
			if (s->argv[0] == NULL)
				_exit(0);
			dup2(s->devnull, STDOUT_FILENO);
			execve(s->argv[0], s->argv, envp);
			_exit(127);
		}
		if (reap(pid, s->what) != 0)
			return -1;
	}
	return 0;
}

static const struct mode {
	const char *name;
	const char *label;
	int (*run)(void *, uint64_t);
	const char *what; /* do_spawn: what it runs, as messages name it */
} modes[] = {
	{ "procedure", "Procedure call", do_procedure, NULL },
	{ "fork", "Process fork+exit", do_spawn, "fork" },
	{ "exec", "Process fork+execve", do_spawn, "exec of hello" },
	{ "shell", "Process fork+/bin/sh -c", do_spawn, "/bin/sh -c hello" },
};
#define NMODES (sizeof(modes) / sizeof(modes[0]))

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->cx = cx;
	s->devnull = fd_open("/dev/null", O_WRONLY, "open ", "");
	if (s->devnull < 0)
		return -1;
	return s->children ? party_track_children(cx) : 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	fd_close(&s->devnull);
}

static const struct bench_prog prog = {
	.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	         "procedure|fork|exec|shell",
	.help = "procedure|fork|exec|shell  what is timed: a call, fork and "
	        "exit, fork and execve of hello, fork and /bin/sh -c hello",
	.min_operands = 1,
	.max_operands = 1,
};

int
main(int argc, char **argv)
{
	const struct mode *m;
	struct state s;
	struct bench_desc d = { .init = init, .cleanup = cleanup, .state = &s };
	struct bench_opts o;
	int first = bench_begin(argc, argv, &prog, &o);

	memset(&s, 0, sizeof(s));
	s.devnull = -1;
	m = &modes[bench_lookup("mode", argv[first], modes, NMODES,
	                        sizeof(*m))];
	/* The children are the second party: by default on their parent's
	 * CPU (SAME), as helper 1 of the copy under other policies. */
	s.children = m->run != do_procedure;
	if (s.children)
		bench_same_cpu(&o, 1);
	s.what = m->what;
	if (m->what != NULL && strcmp(m->what, "fork") != 0) {
		if (util_sibling("hello", s.hello, sizeof(s.hello)) != 0)
			return EXIT_FAILED;
		s.argv[0] = m->what[0] == '/' ? "/bin/sh" : s.hello;
		s.argv[1] = m->what[0] == '/' ? "-c" : NULL;
		s.argv[2] = m->what[0] == '/' ? s.hello : NULL;
	}
	d.run = m->run;
	return bench_measure_us(&d, &o, m->label,
				m->run == do_procedure ? 10 : 1);
}

/*
 * lib_super.h - the supervisor: the program's start, its private
 * temporary directory, helper processes, signals and the run-time bound.
 */
#ifndef LIB_SUPER_H
#define LIB_SUPER_H

#include <limits.h>
#include <sys/types.h>

#include "lib_party.h"

/* LMBENCH_TIMEOUT's default: the bound of a run, in seconds. */
#define SUPER_DEFAULT_TIMEOUT_S 300

/* What super_start decided for the run, handed to what needs it (the
 * run context, struct bench_opts's run). */
struct super_run {
	unsigned long long timeout_s; /* the run-time bound, seconds (0:
	                               * none): a program whose work can be
	                               * cut short (more looks at the same
	                               * thing) plans to end well inside it */
	char tmpdir[PATH_MAX];        /* the private temporary directory's
	                               * name, fixed before the split
	                               * (super_tmpdir makes it); "": none */
};

/*
 * Split into a supervisor and a worker, with what was decided for the
 * run in *run.  The call returns in the worker, which runs the program
 * in its own process group.  The
 * supervisor never returns: it waits, and
 *  - exits with the worker's status when the worker ends;
 *  - on SIGTERM, SIGINT, SIGHUP or SIGQUIT kills the worker's whole
 *    process group and ends by the same signal;
 *  - after LMBENCH_TIMEOUT seconds (default 300, 0 = no bound) prints a
 *    message, kills the group and exits 1;
 *  - removes the private temporary directory (super_tmpdir) and every
 *    directory made by super_mkdtemp, in all cases.
 * Returns -1 (after a message) only if the split itself fails.
 * Programs reach it through bench_begin (lib_bench.h).
 */
int super_start(struct super_run *run);

/*
 * The private temporary directory of the run (run->tmpdir), created on
 * first use (mode 0700, under $TMPDIR or /tmp) and removed by the
 * supervisor when the program ends, however it ends.  NULL after a
 * message on failure, or where super_start named none.
 */
const char *super_tmpdir(const struct super_run *run);

/*
 * Make a new directory dir/prefix.XXXXXX (mkdtemp) that the supervisor
 * removes, with everything in it, when the program ends, however it ends.
 * Returns its path (malloc'd), or NULL after a message.
 */
char *super_mkdtemp(const char *dir, const char *prefix);
/* Remove path and everything below it (without following links). */
void super_rmtree(const char *path);

/*
 * fork() for benchmark helpers: the child is killed when its parent
 * dies (so no process outlives the program), closes the copy's control
 * pipe, writes its stderr to cx->err_fd where there is one (before
 * anything it says), and is placed on a CPU by LMBENCH_SCHED as helper number
 * `helper` (1..) of the copy cx (NULL: copy 0 outside a measurement);
 * outside the timed callback the helper becomes a party of cx.  Returns
 * as fork() does; -1 after a message.
 */
int super_fork(struct copy_ctx *cx, int helper);
/* End a helper super_fork made: SIGKILL, then wait for it (a closed
 * channel usually ends it first; the kill covers one that is stuck).
 * *pid becomes -1; nothing when it is not above 0. */
void super_reap(pid_t *pid);

#endif

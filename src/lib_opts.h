/*
 * lib_opts.h - the options every program shares and the getopt loop
 * over them and a program's own letters.
 *
 *   -P N  copies of the measurement running at once (1 to
 *         BENCH_MAX_PARALLEL)
 *   -W N  microseconds of untimed running before sampling
 *   -N N  timed intervals per copy (1 to BENCH_MAX_REPETITIONS)
 */
#ifndef LIB_OPTS_H
#define LIB_OPTS_H

#include "lib_harness.h"

/*
 * Handle one of the common options -P -W -N given its getopt letter and
 * argument.  Returns 1 when handled, 0 when c is not a common option,
 * -1 after a message when the argument is bad (the caller exits 2).
 */
int opts_common(struct bench_opts *o, int c, const char *arg);

/*
 * getopt over the common options (-P -W -N, -h) and the program's own
 * letters `own` (getopt syntax; a leading '+' stops at the first
 * operand), each of which goes to handle(ctx, letter, argument).
 * Returns optind; -1 when a value was bad (a message was printed: exit
 * 2); -2 for -h, an unknown option or a missing argument (print the
 * usage: exit 2).
 */
int opts_getopt(int argc, char **argv, const char *own, struct bench_opts *o,
                int (*handle)(void *ctx, int c, const char *arg), void *ctx);

#endif

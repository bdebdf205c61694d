/*
 * lib_opts.h - a program's options, taken from its usage line: the
 * line is the option table, so what is accepted and what the usage says
 * cannot drift apart.  The options the harness reads, where a program's
 * line names them:
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
 * The options a usage line names, as a getopt string into optstring
 * (len bytes): every "-X" that starts a word, with a value when it is
 * in brackets followed by anything ("[-m <message size>]",
 * "[-M len[K|M]]"), a flag when alone ("[-c]", or a bare "-s" outside
 * brackets).  So the options a program takes are those its usage line
 * shows, and the two cannot drift apart.  0, or -1 when optstring is
 * too small.
 */
int opts_letters(const char *usage, char *optstring, size_t len);
/* "Usage: PROG <usage>" on stderr, the program's name also after each
 * " | " that starts another form (the caller exits 2). */
void opts_usage(const char *usage);
/*
 * The line a usage error starts with when an option is at fault, on
 * stderr: "PROG: unknown option '-Z'" (word as given: "-Z", "--color"),
 * or "PROG: option '-m' needs a value".  The caller prints the usage
 * line (opts_usage) after it and exits 2.  PROG is util_progname().
 */
void opts_unknown(const char *word);
void opts_needs_value(const char *word);
/* --help and -h: "Usage: ..." then one line per option on stdout
 * (the shared ones' meaning here, the program's own from help: lines
 * "-x <value>  what it does", and any option help leaves out as the
 * usage line shows it), then the environment read: the harness's, or
 * help's last line when it starts "Environment:". */
void opts_help(const char *usage, const char *help);
/* "PROG (lmbench-ng) VERSION" on stdout. */
void opts_version(void);
/*
 * --help, -h or --version among the options (before the first operand
 * when first_operand): the text printed, 1 (exit 0); --version with
 * other arguments, or an empty value or operand: -1 after a message
 * (exit 2); any other "--word": -2 after opts_unknown (print the usage,
 * exit 2); none of them: 0.
 */
int opts_standard(int argc, char **argv, const char *usage, const char *help,
                  int first_operand);
/*
 * getopt over the options the usage line names (opts_letters), after
 * opts_standard: -P -W -N, where it names them, fill o; every other to
 * handle(ctx, letter, argument) (NULL: the program names none of its
 * own).  first_operand: stop at the first operand (lat_cmd: the
 * command's own options are not ours).  Returns the index of the first
 * operand; OPTS_DONE when --help or --version was answered (exit 0);
 * -1 when a value was bad (a message was printed: exit 2); -2 for an
 * option the line does not name or one without its value, after the
 * line naming it (opts_unknown, opts_needs_value: print the usage, exit
 * 2).  The caller exits: bench_begin, the harness's one exit, or main.
 */
#define OPTS_DONE (-3)
int opts_parse(int argc, char **argv, const char *usage, int first_operand,
               struct bench_opts *o,
               int (*handle)(void *ctx, int c, const char *arg), void *ctx);

#endif

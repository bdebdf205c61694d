/*
 * lib_params.h - a parsed command line's parameters, for the records'
 * typed params (doc/lmbench-ng-json.5).
 */
#ifndef LIB_PARAMS_H
#define LIB_PARAMS_H

#include <stddef.h>

/*
 * The parameters of a parsed command line (argv as opts_parse left it,
 * first its first operand) as "KEY=VALUE" words in out (len bytes): each
 * option with a value but -P -W -N, named by its placeholder in the
 * usage line ("[-m <message size>]": message_bytes, a "size" becoming
 * "bytes"; "<port>": port), and the first operand that is one of an
 * "a|b|c" word of the usage line as mode.  A value holding a blank or
 * "=" is left out (it stays in args); all are when they do not fit.
 */
void params_line(int argc, char **argv, const char *usage, int first,
                 char *out, size_t len);

#endif

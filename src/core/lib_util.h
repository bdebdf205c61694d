/*
 * lib_util.h - program name, error messages and exit statuses, strict
 * number and size parsers, full reads and writes, the lines of processes
 * that report as one.  The parsers are lib_util_parse.c's, those lines
 * lib_util_said.c's, the rest lib_util.c's.
 */
#ifndef LIB_UTIL_H
#define LIB_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define EXIT_FAILED      1  /* ran and failed */
#define EXIT_USAGE       2  /* bad option, number or argument */
#define EXIT_UNSUPPORTED 77 /* not supported on this system */

/* The program's name for messages and records: argv[0]'s last component
 * (program_invocation_short_name), or "lmbench" where that is empty. */
const char *util_progname(void);
/* Print "prog: <message>\n" on stderr. */
void util_err(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* As util_err, with ": <strerror(errno)>" appended. */
void util_syserr(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The lines of processes that report as one (the -P copies of a
 * measurement, whose stderr is a pipe their parent reads: lib_parallel),
 * said by the one that reads them: copies of one measurement that fail
 * alike (each one's fork refused) say so once, not once per copy.  The
 * functions are lib_util_said.c's. */
struct util_said {
	int error;        /* an error has been said */
	unsigned warning; /* the last warning said (its hash); 0: none */
	char text[1024];  /* read, not yet said (a line without its end) */
	size_t len;       /* bytes in text */
};
/* Whether to say line, one line as util_err writes it ("prog: text",
 * without its newline), after what *said has said: 0 for an error after
 * the first, or for a warning ("prog: warning: ...") the same as the
 * one last said; else 1, with the line noted in *said.  A line not of
 * this program's form is said. */
int util_said_line(struct util_said *said, const char *line);
/* Read what fd (non-blocking) holds and say each whole line of it on
 * stderr that util_said_line lets through (a line longer than text, in
 * pieces).  1 at its end (every writer gone), else 0. */
int util_said_read(struct util_said *said, int fd);
/* Say what is left of the lines read (a last line without its end). */
void util_said_rest(struct util_said *said);

/* Print "Usage: prog <args>" on stderr (the caller then exits 2). */
void util_usage(const char *args);

/*
 * Parse an unsigned decimal integer in [min, max].  Returns NULL on
 * success (result in *out) or a static text saying what was wrong.
 */
const char *util_parse_u64(const char *s, uint64_t min, uint64_t max,
                           uint64_t *out);
/*
 * Parse a size: a decimal number (a fraction allowed) with an optional
 * suffix k=2^10 K=10^3 m=2^20 M=10^6 g=2^30 G=10^9.  A bare number is
 * multiplied by unit (1 for bytes).  Returns NULL on success or a static
 * text saying what was wrong.
 */
const char *util_parse_size(const char *s, uint64_t unit, uint64_t *out);
/* A size argument in [lo, hi] bytes; 0, or -1 after printing
 * "prog: bad WHAT 'arg': why (lo to hi bytes)". */
int util_size_arg(const char *what, const char *arg, uint64_t lo, uint64_t hi,
		  uint64_t *out);
/* Parse a non-negative decimal floating point number (no suffix). */
const char *util_parse_double(const char *s, double *out);
/* Is s empty or nothing but blanks (space, tab, newline, CR, VT, FF)? */
int util_blank(const char *s);

/*
 * Read an environment variable holding an unsigned integer in [min,max].
 * Returns 0 when unset (*out untouched), 1 when set and valid, -1 after
 * printing "prog: bad NAME 'value': why" when set and invalid.
 */
int util_env_u64(const char *name, uint64_t min, uint64_t max, uint64_t *out);
/* Same for a non-negative floating point variable. */
int util_env_double(const char *name, double *out);

/* Read or write exactly n bytes (retrying short transfers and EINTR).
 * Return n, fewer at end of file (reads), or -1 on error. */
ssize_t util_readn(int fd, void *buf, size_t n);
/* The first line of the file at path (a sysfs or /proc file) into text
 * (len bytes), without its newline; 0, or -1 (text "") when it cannot
 * be read. */
int util_first_line(const char *path, char *text, size_t len);
/* The number after `key` ("MemAvailable:") in /proc/meminfo, as it
 * stands there (kB for sizes, a count for HugePages_*); 0 if none. */
uint64_t util_meminfo_kb(const char *key);
ssize_t util_writen(int fd, const void *buf, size_t n);

/* The program `name` in the directory of this program's executable,
 * into path (len bytes); 0, or -1 after "cannot run PATH: NAME must be
 * next to PROG" when it is not there to run. */
int util_sibling(const char *name, char *path, size_t len);

/* The non-empty lines of a text, each without the characters of skip
 * that start it and without its line end (lines of up to 1023 bytes). */
struct util_lines {
	char **line; /* n lines, then NULL */
	size_t n;
	size_t cap;  /* room in line */
};
/* Read them from in into l; 0, or -1 after a message (l empty). */
int util_read_lines(FILE *in, const char *skip, struct util_lines *l);
void util_free_lines(struct util_lines *l);

#endif

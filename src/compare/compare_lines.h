/*
 * compare_lines.h - the one reading of a line of a classic result file
 * (compare_lines.c): what kind of line it is and its fields, which
 * compare, --classic and so the scripts share.  Included by compare.h.
 */
#ifndef COMPARE_LINES_H
#define COMPARE_LINES_H

#include <stddef.h>

/* What a line of a classic result file is (doc/lmbench-compare.1,
 * --classic, says which fields each kind has). */
enum line_kind_id {
	L_HEAD,    /* [KEY: value]: key, value */
	L_FAILED,  /* [FAILED: CMD: status N: WHY]: command, why (N in
	              status) */
	L_SKIPPED, /* [SKIPPED: CMD: WHY]: command, why */
	L_XBEGIN,  /* [CROSS-CPU: begin ...] */
	L_XEND,    /* [CROSS-CPU: end] */
	L_CROSS,   /* [CROSS-CPU: CMD: FIGURE UNIT]: command, figure, unit */
	L_BLANK,   /* nothing but blanks */
	L_MARKER,  /* a quoted section marker: its text, without the quote */
	L_LABEL,   /* LABEL: VALUE [UNIT]: label, value, unit */
	L_PAIR,    /* X Y, or bw_tcp's X Y MB/sec: x, y */
	L_TITLE,   /* an unquoted section title (a letter first): the line */
	L_OTHER    /* anything else */
};
extern const char *const line_kind_name[];
/* A piece of a line: n bytes at p (not terminated). */
struct span {
	const char *p;
	size_t n;
};
struct line_kind {
	enum line_kind_id kind;
	struct span f[3]; /* its fields, in the order above; empty where none */
	int status;       /* L_FAILED: its N (INT_MAX past that), -1 where it
	                     states none (the why then holds what it has) */
};
/* What the line of n bytes (without its newline) is, into k, its fields
 * pointing into the line.  Any bytes are read; nothing fails.  This is
 * the one reading of a line: compare's (the figures, the header's
 * facts, failed and skipped runs, the cross-CPU section), --classic's
 * and so the scripts'. */
void classic_kind(const char *line, size_t n, struct line_kind *k);
/* --classic: each line of each result file as one record on stdout (a
 * file's records after its "file<tab>NAME" record); a file that cannot
 * be read, holds a NUL byte or has no lmbench result header is left out
 * after one line saying why.  0, or -1 when any was left out. */
int dump_classic(int nfiles, char **files);
/* Say why reading file stopped ("FILE: line N: why", or without the
 * line when line is 0); -1. */
int bad_file(const char *file, const char *why, long line);

#endif /* COMPARE_LINES_H */

/*
 * lib_file.h - the files the file and VM benchmarks read.
 */
#ifndef LIB_FILE_H
#define LIB_FILE_H

#include <stdint.h>

#include "lib_harness.h"

/* path is a readable regular file of at least need bytes (its size in
 * *size, which may be NULL); 0, or -1 after a message. */
int file_check(const char *path, uint64_t need, uint64_t *size);
/* A private copy of the first len bytes of path in the program's
 * temporary directory, for -C copy `copy`; its path (malloc'd), or NULL
 * after a message. */
char *file_private_copy(const char *path, uint64_t len, int copy);
/* The file copy `copy` uses: name, or with private_copy (-C) a private
 * copy of its first len bytes, made now and kept in *own (remove it with
 * file_release).  NULL after a message. */
const char *file_for_copy(const char *name, int private_copy, uint64_t len,
			  int copy, char **own);
/* Remove and forget a private copy (nothing when *own is NULL). */
void file_release(char **own);

/*
 * A new scratch file, made exclusively under an unguessable name: in the
 * program's private temporary directory (dir NULL), or in a private
 * directory made inside dir; the supervisor removes either however the
 * program ends.  dir must be a writable directory whose file system has
 * need bytes free (statvfs); with direct, it must take O_DIRECT.  Its
 * path (malloc'd) in *path; 0, or the exit status after a message (1,
 * or 77 when O_DIRECT is not supported there).
 */
int file_scratch(const char *dir, uint64_t need, const char *prefix,
                 int direct, char **path);

/*
 * bw_file_rd and bw_mmap_rd: one body, the way of reading a parameter.
 * The common part of their state comes first in the program's own.
 */
struct file_bw {
	const char *file; /* the file named */
	char *own;        /* -C: this copy's private file */
	const char *path; /* the file this copy reads */
	int private_copy; /* -C */
	int open2close;   /* reopen every iteration (else the "once" mode) */
	uint64_t size;    /* bytes per iteration */
};
/*
 * The whole program but for its reading: parses "[-C] [common] <size>
 * open2close|ONCE <filename>" (usage: the usage line, once: the name of
 * the open-once mode, min: the smallest size), checks the file, runs d
 * (whose state starts with the struct file_bw that f points to) and
 * prints the SIZE RATE pair named by the mode.  Returns the exit status.
 */
int file_bw_main(int argc, char **argv, const char *usage, const char *once,
                 uint64_t min, struct file_bw *f, const struct bench_desc *d);
/* In init: the file this copy reads (f->path, a private copy with -C);
 * 0, or -1 after a message. */
int file_bw_open(struct file_bw *f, int copy);

#endif

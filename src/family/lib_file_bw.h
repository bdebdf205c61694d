/*
 * lib_file_bw.h - the file a file-reading program measures: its -C
 * option, its private copy per copy, the descriptor its state holds,
 * and the whole body of bw_file_rd and bw_mmap_rd.
 */
#ifndef LIB_FILE_BW_H
#define LIB_FILE_BW_H

#include <stdint.h>

#include "lib_harness.h"

/*
 * The file a program reads, with -C (a private copy per copy): the
 * state of bw_file_rd and bw_mmap_rd (one body, file_bw_main), lat_mmap
 * and lat_pagefault starts with it.
 */
struct file_bw {
	const char *file; /* the file named */
	char *own;        /* -C: this copy's private file */
	const char *path; /* the file this copy reads */
	int private_copy; /* -C */
	int open2close;   /* reopen every iteration (else the "once" mode) */
	uint64_t size;    /* bytes per iteration (and of a private copy) */
};
/*
 * The whole program but for its reading: bench_begin with the usage
 * line "[-C] [-P ...] [-W ...] [-N ...] <size> open2close|ONCE
 * <filename>" and its help (once: the name of the open-once mode, min:
 * the smallest size), the file checked, d run (its state starts with
 * the struct file_bw f points to), the SIZE RATE pair named by the mode
 * printed.  Returns the exit status.
 */
int file_bw_main(int argc, char **argv, const char *once, uint64_t min,
                 struct file_bw *f, const struct bench_desc *d);
/* The -C option's handler (struct bench_prog), ctx a struct file_bw. */
int file_bw_option(void *ctx, int c, const char *arg);
/* In init: the file copy cx reads (f->path, a private copy with -C);
 * 0, or -1 after a message. */
int file_bw_open(struct file_bw *f, const struct copy_ctx *cx);
/* file_bw_open, then that file opened with flags into *fd (else "cannot
 * open PATHafter: why"); 0, or -1. */
int file_bw_open_fd(struct file_bw *f, const struct copy_ctx *cx, int flags,
                    const char *after, int *fd);
/* In cleanup: *fd closed (left -1), the private copy removed. */
void file_bw_close(struct file_bw *f, int *fd);

#endif

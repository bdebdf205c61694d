/*
 * lib_file.h - the files the file and VM benchmarks read.
 */
#ifndef LIB_FILE_H
#define LIB_FILE_H

#include <stdint.h>

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

#endif

/*
 * lib_file.h - the files the file and VM benchmarks read.
 */
#ifndef LIB_FILE_H
#define LIB_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "lib_party.h"
#include "lib_super.h"

/* path is a readable regular file of at least need bytes (its size in
 * *size, which may be NULL); 0, or -1 after a message. */
int file_check(const char *path, uint64_t need, uint64_t *size);
/* A private copy of the first len bytes of path in the run's private
 * temporary directory, for -C copy `copy`; its path (malloc'd), or NULL
 * after a message. */
char *file_private_copy(const struct super_run *run, const char *path,
                        uint64_t len, int copy);
/* The file copy cx uses: name, or with private_copy (-C) a private copy
 * of its first len bytes, made now and kept in *own (remove it with
 * file_release).  NULL after a message. */
const char *file_for_copy(const struct copy_ctx *cx, const char *name,
                          int private_copy, uint64_t len, char **own);
/* Remove and forget a private copy (nothing when *own is NULL). */
void file_release(char **own);
/* dir is a directory this process can write in; 0, or -1 after a
 * message. */
int file_check_dir(const char *dir);
/*
 * Files spread over a tree of directories under top, none holding more
 * than per_dir (2 or more) entries: file i's index in base per_dir, a
 * directory "dD" per digit but the last, then "fF".
 */
struct file_tree {
	char *top;         /* the tree's directory (made by the caller) */
	uint64_t per_dir;  /* most entries in one directory */
	uint64_t capacity; /* files the directories made can hold */
};
/* File i's path (i below capacity) into path, len bytes. */
void file_tree_path(const struct file_tree *t, uint64_t i, char *path,
                    size_t len);
/* The directories n files need; a tree made for fewer is emptied first
 * (its files must be gone).  0, or -1 after a message. */
int file_tree_make(struct file_tree *t, uint64_t n);
/* Files n-1 ... 0 of the tree created (O_TRUNC) with size bytes each,
 * written `chunk` bytes of buf at a time; 0, or -1 after a message. */
int file_tree_fill(const struct file_tree *t, uint64_t n, size_t size,
		   const char *buf, size_t chunk);
/* Files n-1 ... 0 of the tree removed; 0, or -1 after a message. */
int file_tree_unlink(const struct file_tree *t, uint64_t n);
/* A size operand (suffixes as util_parse_size) of at least min bytes
 * (too_small says so otherwise) and at most half the address space into
 * *size; 0, or -1 after "bad size 'ARG': why". */
int file_size_arg(const char *arg, uint64_t min, const char *too_small,
                  uint64_t *size);
/* A scratch file made exclusively (mode 0600) in the run's private
 * temporary directory, named as fmt says: its descriptor (read and
 * write; its path in path, len bytes), or -1 after a message. */
int file_scratch(const struct super_run *run, char *path, size_t len,
                 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* A scratch file `name` there holding the n bytes of data (NULL: n zero
 * bytes), closed, its path in path (len bytes); 0, or -1 after a
 * message. */
int file_made(const struct super_run *run, char *path, size_t len,
              const char *name, const char *data, size_t n);

/*
 * A new scratch file, made exclusively under an unguessable name: in the
 * run's private temporary directory (dir NULL), or in a private
 * directory made inside dir; the supervisor removes either however the
 * program ends.  dir must be a writable directory whose file system has
 * need bytes free (statvfs); with direct, it must take O_DIRECT.  Its
 * path (malloc'd) in *path; 0, or the exit status after a message (1,
 * or 77 when O_DIRECT is not supported there).
 */
int file_scratch_in(const struct super_run *run, const char *dir, uint64_t need,
                    const char *prefix, int direct, char **path);

#endif

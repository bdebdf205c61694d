/*
 * lib_file.c - the files that bw_file_rd, bw_mmap_rd, lat_mmap and
 * lat_pagefault read: checked before anything is timed, and copied per
 * copy for -C; and the scratch files that bw_bonnie writes.
 */
#define _GNU_SOURCE /* O_DIRECT, mkostemp */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "lib_fd.h"
#include "lib_file.h"
#include "lib_super.h"
#include "lib_util.h"

int
file_check(const char *path, uint64_t need, uint64_t *size)
{
	struct stat st;
	int fd;

	if (stat(path, &st) != 0) {
		util_syserr("cannot use %s", path);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		util_err("cannot use %s: a directory", path);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		util_err("cannot use %s: not a regular file", path);
		return -1;
	}
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		util_syserr("cannot read %s", path);
		return -1;
	}
	close(fd);
	if ((uint64_t)st.st_size < need) {
		util_err("%s holds %lld bytes, fewer than the %llu asked for",
			 path, (long long)st.st_size, (unsigned long long)need);
		return -1;
	}
	if (size != NULL)
		*size = (uint64_t)st.st_size;
	return 0;
}

char *
file_private_copy(const struct super_run *run, const char *path, uint64_t len,
                  int copy)
{
	const char *dir = super_tmpdir(run);
	char *out, buf[65536];
	int in, fd;
	uint64_t left = len;

	if (dir == NULL)
		return NULL;
	out = malloc(PATH_MAX);
	if (out == NULL) {
		util_err("out of memory");
		return NULL;
	}
	snprintf(out, PATH_MAX, "%s/copy.%d.%d", dir, copy, (int)getpid());
	in = open(path, O_RDONLY);
	fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (in < 0 || fd < 0) {
		util_syserr("cannot copy %s to %s", path, out);
		goto fail;
	}
	while (left > 0) {
		size_t want = left < sizeof(buf) ? (size_t)left : sizeof(buf);
		ssize_t r = read(in, buf, want);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0 || util_writen(fd, buf, (size_t)r) != r) {
			util_syserr("cannot copy %s to %s", path, out);
			goto fail;
		}
		left -= (uint64_t)r;
	}
	close(in);
	close(fd);
	return out;
fail:
	if (in >= 0)
		close(in);
	if (fd >= 0)
		close(fd);
	unlink(out);
	free(out);
	return NULL;
}

const char *
file_for_copy(const struct copy_ctx *cx, const char *name, int private_copy,
              uint64_t len, char **own)
{
	*own = NULL;
	if (!private_copy)
		return name;
	*own = file_private_copy(cx->run, name, len, cx->copy);
	return *own;
}

void
file_release(char **own)
{
	if (*own != NULL)
		unlink(*own);
	free(*own);
	*own = NULL;
}

int
file_check_dir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) != 0) {
		util_syserr("cannot use %s", dir);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		util_err("cannot use %s: not a directory", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) != 0) {
		util_syserr("cannot write in %s", dir);
		return -1;
	}
	return 0;
}

/* File i's path in a tree for capacity files. */
static void
tree_path(const struct file_tree *t, uint64_t i, uint64_t capacity,
          char *path, size_t len)
{
	uint64_t span = 1;
	size_t used = (size_t)snprintf(path, len, "%s", t->top);

	if (t->per_dir < 2)
		return;
	while (span * t->per_dir < capacity)
		span *= t->per_dir;
	for (; span > 1; span /= t->per_dir)
		used += (size_t)snprintf(path + used, len - used, "/d%llu",
		                         (unsigned long long)(i / span %
		                                              t->per_dir));
	snprintf(path + used, len - used, "/f%llu",
	         (unsigned long long)(i % t->per_dir));
}

void
file_tree_path(const struct file_tree *t, uint64_t i, char *path, size_t len)
{
	tree_path(t, i, t->capacity, path, len);
}

/* mkdir path unless it is there; 0, or -1 after a message. */
static int
make_dir(const char *path)
{
	if (mkdir(path, 0700) != 0 && errno != EEXIST) {
		util_syserr("mkdir %s", path);
		return -1;
	}
	return 0;
}

int
file_tree_make(struct file_tree *t, uint64_t n)
{
	char path[PATH_MAX];
	uint64_t i;

	if (n <= t->capacity)
		return 0;
	/* A new capacity may change the depth: start from an empty tree. */
	if (t->capacity > 0) {
		super_rmtree(t->top);
		if (make_dir(t->top) != 0)
			return -1;
	}
	for (i = 0; i < n; i += t->per_dir) {
		tree_path(t, i, n, path, sizeof(path));
		*strrchr(path, '/') = '\0';
		/* Every directory on the way down. */
		for (char *p = path + strlen(t->top) + 1; *p; p++) {
			if (*p != '/')
				continue;
			*p = '\0';
			if (make_dir(path) != 0)
				return -1;
			*p = '/';
		}
		if (make_dir(path) != 0)
			return -1;
	}
	t->capacity = n;
	return 0;
}

int
file_tree_fill(const struct file_tree *t, uint64_t n, size_t size,
	       const char *buf, size_t chunk)
{
	char path[PATH_MAX];
	uint64_t i;

	for (i = n; i-- > 0;) {
		size_t left = size;
		int fd;

		file_tree_path(t, i, path, sizeof(path));
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		if (fd < 0) {
			util_syserr("cannot create %s", path);
			return -1;
		}
		while (left > 0) {
			size_t w = left < chunk ? left : chunk;

			if (write(fd, buf, w) != (ssize_t)w) {
				util_syserr("write %s", path);
				close(fd);
				return -1;
			}
			left -= w;
		}
		close(fd);
	}
	return 0;
}

int
file_tree_unlink(const struct file_tree *t, uint64_t n)
{
	char path[PATH_MAX];
	uint64_t i;

	for (i = n; i-- > 0;) {
		file_tree_path(t, i, path, sizeof(path));
		if (unlink(path) != 0) {
			util_syserr("cannot remove %s", path);
			return -1;
		}
	}
	return 0;
}

int
file_size_arg(const char *arg, uint64_t min, const char *too_small,
              uint64_t *size)
{
	const char *why = util_parse_size(arg, 1, size);

	if (why == NULL && *size < min)
		why = too_small;
	if (why == NULL && *size > SIZE_MAX / 2)
		why = "too large";
	if (why != NULL) {
		util_err("bad size '%s': %s", arg, why);
		return -1;
	}
	return 0;
}

int
file_scratch(const struct super_run *run, char *path, size_t len,
             const char *fmt, ...)
{
	const char *dir = super_tmpdir(run);
	va_list ap;
	size_t used;
	int fd;

	if (dir == NULL)
		return -1;
	used = (size_t)snprintf(path, len, "%s/", dir);
	va_start(ap, fmt);
	if (used < len)
		vsnprintf(path + used, len - used, fmt, ap);
	va_end(ap);
	fd = open(path, O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		util_syserr("cannot create %s", path);
	return fd;
}

int
file_made(const struct super_run *run, char *path, size_t len, const char *name,
          const char *data, size_t n)
{
	char *zeros = data != NULL ? NULL : calloc(1, n + 1);
	int fd, ok = 0;

	if (data == NULL && zeros == NULL) {
		util_err("out of memory");
	} else if ((fd = file_scratch(run, path, len, "%s", name)) >= 0) {
		ok = util_writen(fd, data != NULL ? data : zeros, n) ==
		     (ssize_t)n;
		if (!ok)
			util_syserr("cannot write %s", path);
		close(fd);
	}
	free(zeros);
	return ok ? 0 : -1;
}

/* dir is a directory this process may write in, with need bytes free;
 * 0, or -1 after a message. */
static int
scratch_room(const char *dir, uint64_t need)
{
	struct statvfs fs;
	uint64_t avail;

	if (file_check_dir(dir) != 0)
		return -1;
	if (statvfs(dir, &fs) != 0) {
		util_syserr("cannot use %s", dir);
		return -1;
	}
	avail = (uint64_t)fs.f_bavail * (uint64_t)fs.f_frsize;
	if (avail < need) {
		util_err("%s: %llu MB free, %llu MB needed", dir,
		         (unsigned long long)(avail >> 20),
		         (unsigned long long)((need + (1 << 20) - 1) >> 20));
		return -1;
	}
	return 0;
}

int
file_scratch_in(const struct super_run *run, const char *dir, uint64_t need,
                const char *prefix, int direct, char **path)
{
	const char *top = dir == NULL ? super_tmpdir(run) : dir;
	char *own = NULL;
	size_t len;
	int fd;

	*path = NULL;
	if (top == NULL || scratch_room(top, need) != 0)
		return EXIT_FAILED;
	if (dir != NULL && (top = own = super_mkdtemp(dir, prefix)) == NULL)
		return EXIT_FAILED;
	len = strlen(top) + strlen(prefix) + sizeof("/.XXXXXX");
	*path = malloc(len);
	if (*path == NULL) {
		util_err("out of memory");
		free(own);
		return EXIT_FAILED;
	}
	snprintf(*path, len, "%s/%s.XXXXXX", top, prefix);
	free(own);
	fd = mkostemp(*path, direct ? O_DIRECT : 0);
	if (fd < 0) {
		int unsupported = direct && errno == EINVAL;

		util_syserr("cannot create a file in %s%s", dir ? dir : top,
		            unsupported ? " with O_DIRECT" : "");
		free(*path);
		*path = NULL;
		return unsupported ? EXIT_UNSUPPORTED : EXIT_FAILED;
	}
	close(fd);
	return 0;
}

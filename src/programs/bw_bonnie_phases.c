/*
 * bw_bonnie_phases.c - what each of bw_bonnie's phases does to the file,
 * as Bonnie does it (bw_bonnie.h): by characters through stdio, by
 * chunks (read, written or rewritten in place), and the seekers, each a
 * process of its own reading random chunks and writing one in ten back.
 * Each opens the file, does its work, then fsync() and close().
 */
#define _GNU_SOURCE /* O_DIRECT, nrand48 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bw_bonnie.h"
#include "lib_super.h"
#include "lib_util.h"

#define SEEK_WRITE_SHARE 10 /* one seek in ten writes its chunk back */

static int
open_file(struct state *s, int flags, int block)
{
	int fd = open(s->path, flags | (block && s->direct ? O_DIRECT : 0));

	if (fd < 0)
		util_syserr("cannot open %s%s", s->path,
		            block && s->direct ? " with O_DIRECT" : "");
	return fd;
}

/* A chunk through fd: 0, or -1 after a message. */
static int
xfer(struct state *s, int fd, int out)
{
	ssize_t r = out ? util_writen(fd, s->buf, s->chunk)
	                : util_readn(fd, s->buf, s->chunk);

	if (r == (ssize_t)s->chunk)
		return 0;
	if (r < 0)
		util_syserr("%s %s", out ? "write" : "read", s->path);
	else
		util_err("%s: %s stopped short", s->path, out ? "write" : "read");
	return -1;
}

/* The file through stdio, by characters: SIZE putc() calls into the
 * truncated file (out), or getc() calls to its end. */
int
bonnie_chars(struct state *s, int out)
{
	int fd = open_file(s, out ? O_WRONLY | O_TRUNC : O_RDONLY, 0), c = 0;
	FILE *f = fd < 0 ? NULL : fdopen(fd, out ? "w" : "r");
	uint64_t n = 0;

	if (f == NULL) {
		if (fd >= 0)
			util_syserr("fdopen %s", s->path), close(fd);
		return -1;
	}
	while (out ? n < s->size && putc_unlocked((int)(n & 0x7f), f) != EOF
	           : (c = getc_unlocked(f)) != EOF) {
		s->sum += (uint64_t)c;
		n++;
	}
	c = fflush(f) != 0 || fsync(fileno(f)) != 0;
	if ((fclose(f) != 0 || c) && out)
		n = 0;
	if (n == s->size)
		return 0;
	util_syserr("%s %s: %llu of %llu bytes", out ? "write" : "read",
	            s->path, (unsigned long long)n, (unsigned long long)s->size);
	return -1;
}

/* Read the chunk at fd's offset; with dirty, change it and write it back
 * in its place. */
static int
read_dirty(struct state *s, int fd, int dirty)
{
	if (xfer(s, fd, 0) != 0)
		return -1;
	s->sum += (unsigned char)s->buf[0];
	if (!dirty)
		return 0;
	s->buf[0]++;
	if (lseek(fd, -(off_t)s->chunk, SEEK_CUR) < 0) {
		util_syserr("lseek %s", s->path);
		return -1;
	}
	return xfer(s, fd, 1);
}

/* The file from its start by chunks: read (mode 0, one byte of each
 * kept), written into the truncated file (1) or rewritten (2: each read,
 * changed and written back in its place). */
int
bonnie_blocks(struct state *s, int mode)
{
	static const int flags[] = { O_RDONLY, O_WRONLY | O_TRUNC, O_RDWR };
	int fd = open_file(s, flags[mode], 1), rc = 0;
	uint64_t i;

	if (fd < 0)
		return -1;
	for (i = 0; rc == 0 && i < s->size / s->chunk; i++) {
		if (mode == 1)
			s->buf[i % s->chunk]++;
		rc = mode == 2 ? read_dirty(s, fd, 1) : xfer(s, fd, mode);
		s->sum += (unsigned char)s->buf[i % s->chunk];
	}
	if (rc == 0 && fsync(fd) != 0)
		rc = -1, util_syserr("fsync %s", s->path);
	if (close(fd) != 0 && rc == 0)
		rc = -1, util_syserr("close %s", s->path);
	return rc;
}

/* One seeker's share: n seeks from its own descriptor and random
 * sequence; exits 0 or 1. */
static void __attribute__((noreturn))
seeker(struct state *s, uint64_t k, uint64_t n)
{
	int fd = open_file(s, O_RDWR, 1), rc = fd < 0 ? -1 : 0;
	uint64_t chunks = s->size / s->chunk;
	unsigned short xs[3] = { (unsigned short)(k + 1), 0x5eed,
	                         (unsigned short)getpid() };

	while (rc == 0 && n-- > 0) {
		uint64_t at = (uint64_t)nrand48(xs) % chunks;

		if (lseek(fd, (off_t)(at * s->chunk), SEEK_SET) < 0) {
			util_syserr("lseek %s", s->path);
			rc = -1;
		} else {
			rc = read_dirty(s, fd, nrand48(xs) % SEEK_WRITE_SHARE == 0);
		}
	}
	_exit(rc == 0 && fsync(fd) == 0 ? 0 : EXIT_FAILED);
}

int
bonnie_seeks(struct state *s, int unused)
{
	pid_t pid[MAX_SEEKERS];
	uint64_t k, started = 0;
	int rc = 0, st;

	(void)unused;
	for (k = 0; k < s->seekers; k++) {
		uint64_t n = s->seeks / s->seekers + (k < s->seeks % s->seekers);

		pid[k] = super_fork(s->cx, (int)k + 1);
		if (pid[k] == 0)
			seeker(s, k, n);
		if (pid[k] < 0) {
			rc = -1;
			break;
		}
		started++;
	}
	for (k = 0; k < started; k++)
		if (waitpid(pid[k], &st, 0) != pid[k] || !WIFEXITED(st) ||
		    WEXITSTATUS(st) != 0)
			rc = -1;
	if (rc != 0)
		util_err("a seeker failed");
	return rc;
}

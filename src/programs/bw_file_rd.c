/*
 * bw_file_rd - bandwidth of reading a file with read().
 *
 * Reads the first SIZE bytes of FILE in read() calls of 64 KB into one
 * page-aligned buffer, summing every word read (so the data is really touched, and the
 * sum is kept so the compiler cannot drop it):
 *   io_only     the file is opened once; each iteration seeks to the
 *               start and reads SIZE bytes
 *   open2close  each iteration opens, reads SIZE bytes and closes
 * The file is read from the page cache after the first pass: this is the
 * cost of read() and the copy, not of a disk.  The rate is copies * SIZE /
 * median interval in MB/s (10^6 bytes).  -C gives each copy a private
 * copy of the file.  A file shorter than SIZE is an error (lmbench counted
 * bytes it never read).
 *
 * Usage: bw_file_rd [-C] [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        <size> open2close|io_only <filename>
 * Output (stderr): "8.39 11234.56" (MB read per iteration, MB/s)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib_clock.h"
#include "lib_fd.h"
#include "lib_file.h"
#include "lib_file_bw.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_util.h"

#define CHUNK ((size_t)65536)
#define MIN_SIZE 64

struct state {
	struct file_bw f; /* the file, the size, the mode (lib_file) */
	int fd;		  /* io_only: the open file */
	char *buf;	  /* the read buffer */
	uint64_t sum;	  /* what was read, summed */
};

static int
read_all(struct state *s, int fd)
{
	uint64_t left = s->f.size;

	while (left > 0) {
		size_t want = left < CHUNK ? (size_t)left : CHUNK;
		ssize_t r = read(fd, s->buf, want);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			util_err("%s: read stopped %llu bytes short", s->f.path,
				 (unsigned long long)left);
			return -1;
		}
		s->sum += mem_sum(s->buf, (size_t)r);
		left -= (uint64_t)r;
	}
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	s->fd = -1;
	if (file_bw_open(&s->f, cx) != 0)
		return -1;
	/* Page aligned (lib_mem), so the kernel's copy from the page
	 * cache's pages keeps the same offset within a page on both sides:
	 * whole-line moves, and no store that a following load of the copy
	 * seems to depend on (4K aliasing). */
	s->buf = mem_alloc(CHUNK);
	if (s->buf == NULL)
		return -1;
	if (!s->f.open2close) {
		s->fd = fd_open(s->f.path, O_RDONLY, "cannot open ", "");
		if (s->fd < 0)
			return -1;
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	file_bw_close(&s->f, &s->fd);
	mem_free(s->buf, CHUNK);
	s->buf = NULL;
	s->fd = -1;
}

static int
run(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		int fd = s->fd;

		if (s->f.open2close) {
			fd = fd_open(s->f.path, O_RDONLY, "cannot open ", "");
			if (fd < 0)
				return -1;
		} else if (lseek(fd, 0, SEEK_SET) != 0) {
			util_syserr("lseek %s", s->f.path);
			return -1;
		}
		if (read_all(s, fd) != 0) {
			if (s->f.open2close)
				close(fd);
			return -1;
		}
		if (s->f.open2close)
			close(fd);
	}
	timing_use(s->sum);
	return 0;
}

int
main(int argc, char **argv)
{
	static struct state s;
	const struct bench_desc d = { .init = init, .run = run,
		                      .cleanup = cleanup, .state = &s };

	return file_bw_main(argc, argv, "io_only", MIN_SIZE, &s.f, &d);
}

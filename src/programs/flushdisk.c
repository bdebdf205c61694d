/*
 * flushdisk - drop what the cache holds of disks or files.
 *
 * For a block device: BLKFLSBUF (write back and invalidate its buffer
 * cache; needs the privilege to do so).  For a regular file: fdatasync,
 * then POSIX_FADV_DONTNEED over the whole file.  Prints nothing; one line
 * and status 1 for each that could not be flushed.
 *
 * Usage: flushdisk device|file...
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_util.h"

static int
flush_one(const char *name)
{
	struct stat st;
	int fd = open(name, O_RDONLY), rc = 0;

	if (fd < 0 || fstat(fd, &st) != 0) {
		util_syserr("%s", name);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (S_ISBLK(st.st_mode)) {
		if (ioctl(fd, BLKFLSBUF, 0) != 0) {
			util_syserr("%s: BLKFLSBUF", name);
			rc = -1;
		}
	} else if (S_ISREG(st.st_mode)) {
		if (fdatasync(fd) != 0 ||
		    posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) != 0) {
			util_syserr("%s: flush", name);
			rc = -1;
		}
	} else {
		util_err("%s: not a block device or a file", name);
		rc = -1;
	}
	close(fd);
	return rc;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
		.usage = "device|file...",
		.help = "device|file...  what to write back and drop from the "
		        "page cache",
		.min_operands = 1,
		.max_operands = -1,
	};
	struct bench_opts o;
	int i, rc = 0;

	for (i = bench_begin(argc, argv, &prog, &o); i < argc; i++)
		if (flush_one(argv[i]) != 0)
			rc = EXIT_FAILED;
	return rc;
}

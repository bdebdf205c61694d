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
	int i, rc = 0;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	if (argc < 2 || argv[1][0] == '-') {
		fprintf(stderr, "Usage: %s device|file...\n", util_progname());
		return EXIT_USAGE;
	}
	for (i = 1; i < argc; i++)
		if (flush_one(argv[i]) != 0)
			rc = EXIT_FAILED;
	return rc;
}

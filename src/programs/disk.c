/*
 * disk - seek times by distance and read bandwidth by zone of a disk.
 *
 * Reads only, never writes.  The device (or a file standing in for one)
 * is read with O_DIRECT, so the page cache answers nothing (lmbench
 * flushed the buffer cache and then filtered out every seek under 1 ms as
 * "cached", which leaves nothing at all on a solid-state disk); where
 * O_DIRECT is refused the cache is dropped with BLKFLSBUF or
 * POSIX_FADV_DONTNEED before each read, and a first line beginning with
 * '#' says so.
 *
 * Seek times: as lmbench, reads of one block alternate between the two
 * ends of a shrinking range (0 and the end, then one stride in from
 * each, ...), about 2000 of them; each line is the distance in 10^6
 * bytes and the time of the read in milliseconds ("%.1f %.2f").  Zone
 * bandwidth: a 1 MB read at each of about 150 evenly spaced offsets; each
 * line is the offset in 10^6 bytes and the rate in MB/s ("%.1f %.2f").
 * The whole run stops after LMBENCH_TIMEOUT like every program.
 *
 * Usage: disk device
 * Output (stderr): "Seek times for DEV (quoted), pairs, a blank line,
 * "Zone bandwidth for DEV (quoted), pairs.
 */
#define _GNU_SOURCE /* O_DIRECT */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_report.h"
#include "lib_util.h"

#define SEEKPOINTS 2000
#define ZONEPOINTS 150
#define ZONEBLOCK (1 << 20)

struct disk {
	const char *name;
	int fd;
	int direct;	/* O_DIRECT in effect */
	int blockdev;
	uint64_t size;	/* bytes */
	size_t block;	/* the smallest read */
	char *buf;
};

static double
now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* Without O_DIRECT: drop what the cache holds of the disk. */
static void
drop_cache(struct disk *d)
{
	if (d->direct)
		return;
	if (d->blockdev)
		ioctl(d->fd, BLKFLSBUF, 0);
	else
		posix_fadvise(d->fd, 0, 0, POSIX_FADV_DONTNEED);
}

/* Time one read of len bytes at off, in microseconds; -1 after a
 * message. */
static double
timed_read(struct disk *d, uint64_t off, size_t len)
{
	double t0 = now_us();
	ssize_t n = pread(d->fd, d->buf, len, (off_t)off);

	if (n != (ssize_t)len) {
		if (n < 0)
			util_syserr("read %s at %llu", d->name,
				    (unsigned long long)off);
		else
			util_err("read %s at %llu: short read", d->name,
				 (unsigned long long)off);
		return -1;
	}
	return now_us() - t0;
}

static int
open_disk(struct disk *d)
{
	struct stat st;
	int bs = 0;

	d->fd = open(d->name, O_RDONLY | O_DIRECT);
	d->direct = d->fd >= 0;
	if (d->fd < 0 && errno == EINVAL)
		d->fd = open(d->name, O_RDONLY);
	if (d->fd < 0) {
		util_syserr("%s", d->name);
		return -1;
	}
	if (fstat(d->fd, &st) != 0) {
		util_syserr("%s", d->name);
		return -1;
	}
	d->blockdev = S_ISBLK(st.st_mode);
	if (d->blockdev) {
		if (ioctl(d->fd, BLKGETSIZE64, &d->size) != 0) {
			util_syserr("%s: size", d->name);
			return -1;
		}
		if (ioctl(d->fd, BLKSSZGET, &bs) != 0 || bs <= 0)
			bs = 512;
	} else if (S_ISREG(st.st_mode)) {
		d->size = (uint64_t)st.st_size;
		bs = 4096;
	} else {
		util_err("%s: not a disk (a block device or a file)", d->name);
		return -1;
	}
	d->block = (size_t)bs;
	if (d->size < 4 * (uint64_t)ZONEBLOCK) {
		util_err("%s: %llu bytes; at least 4 MB are needed", d->name,
			 (unsigned long long)d->size);
		return -1;
	}
	if (posix_memalign((void **)&d->buf, 4096, ZONEBLOCK) != 0) {
		util_err("out of memory");
		return -1;
	}
	memset(d->buf, 0, ZONEBLOCK);
	return 0;
}

static uint64_t
stride_for(uint64_t size, uint64_t points, size_t block)
{
	uint64_t s = size / points;

	if (s < block)
		s = block;
	return (s + block - 1) / block * block;
}

static int
seeks(struct disk *d)
{
	uint64_t stride = stride_for(d->size, SEEKPOINTS, d->block);
	uint64_t begin = 0, end = d->size / d->block * d->block;
	double us;

	drop_cache(d);
	if (timed_read(d, 0, d->block) < 0)
		return -1;
	while (end >= begin + 2 * stride) {
		end -= stride;
		drop_cache(d);
		if ((us = timed_read(d, end, d->block)) < 0)
			return -1;
		report_text("%.1f %.2f\n", (double)(end - begin) / 1e6,
			    us / 1000);
		begin += stride;
		drop_cache(d);
		if ((us = timed_read(d, begin, d->block)) < 0)
			return -1;
		report_text("%.1f %.2f\n", (double)(end - begin) / 1e6,
			    us / 1000);
	}
	return 0;
}

static int
zones(struct disk *d)
{
	uint64_t stride = stride_for(d->size, ZONEPOINTS, d->block);
	uint64_t off;
	double us;

	if (stride < ZONEBLOCK)
		stride = ZONEBLOCK;
	for (off = 0; off + ZONEBLOCK <= d->size; off += stride) {
		drop_cache(d);
		if ((us = timed_read(d, off, ZONEBLOCK)) < 0)
			return -1;
		if (us <= 0)
			us = 0.001;
		report_text("%.1f %.2f\n", (double)off / 1e6,
			    (double)ZONEBLOCK / us);
	}
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct bench_prog prog = {
		.usage = "device",
		.help = "device  the disk (or file) to read: its seek times and "
		        "zone bandwidths",
		.min_operands = 1,
		.max_operands = 1,
	};
	struct bench_opts o;
	struct disk d;

	memset(&d, 0, sizeof(d));
	d.name = argv[bench_begin(argc, argv, &prog, &o)];
	if (open_disk(&d) != 0)
		return EXIT_FAILED;
	if (!d.direct)
		report_text("# %s: no O_DIRECT here; the cache is dropped "
			    "before each read instead\n", d.name);
	report_text("\"Seek times for %s\n", d.name);
	if (seeks(&d) != 0)
		return EXIT_FAILED;
	report_text("\n\"Zone bandwidth for %s\n", d.name);
	if (zones(&d) != 0)
		return EXIT_FAILED;
	free(d.buf);
	close(d.fd);
	return 0;
}

/*
 * lib_ddio.c - lmdd's transfer (lib_ddio.h): blocks in order or at
 * random offsets (rand=), the offset pattern checked or written, a bound
 * in time (time=, an alarm), the flushes inside the timed part.
 */
#define _GNU_SOURCE /* erand48, usleep, sync */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "lib_clock.h"
#include "lib_dd.h"
#include "lib_ddio.h"
#include "lib_util.h"

static volatile sig_atomic_t out_of_time;

static void
on_alarm(int sig)
{
	(void)sig;
	out_of_time = 1;
}

static double
now(void)
{
	return (double)timing_now_ns() * 1e-9;
}


/* ipat=: the words of the block read that do not hold their offset;
 * 1 when mismatch= says stop. */
static int
check_pattern(struct dd *d, size_t got)
{
	size_t i;

	for (i = 0; i < got / 4; i++)
		if (d->buf[i] != (uint32_t)(d->off + i * 4)) {
			fprintf(stderr, "off=%llu want=%x got=%x\n",
				(unsigned long long)d->off,
				(uint32_t)(d->off + i * 4), d->buf[i]);
			d->bad++;
			if (d->misses && d->bad >= d->misses)
				return 1;
		}
	return 0;
}

/* One block: 1 moved, 0 at the end (input ended, time= ran out, a
 * mismatch limit), -1 after a message. */
static int
one_block(struct dd *d, uint64_t lim)
{
	ssize_t got = (ssize_t)d->bs, put;
	size_t i;
	int stop = 0;

	if (d->rnd) {
		d->off = (uint64_t)(erand48(d->seed) * (double)(lim + 1)) * d->bs +
			 d->start;
		if (d->in >= 0)
			lseek(d->in, (off_t)d->off, SEEK_SET);
		if (d->out >= 0)
			lseek(d->out, (off_t)d->off, SEEK_SET);
	}
	if (d->poff)
		fprintf(stderr, "%llu ", (unsigned long long)d->off);
	if (d->in >= 0) {
		got = read(d->in, d->buf, (size_t)d->bs);
		if (got < 0 && errno == EINTR)
			return 0;
		if (got < 0) {
			util_syserr("read %s", dd_arg(d, "if"));
			return -1;
		}
		if (got == 0)
			return 0;
	}
	if (d->ipat)
		stop = check_pattern(d, (size_t)got);
	for (i = 0; d->touch && i < (size_t)got; i += 4096)
		((char *)d->buf)[i] = 0;
	if (d->out >= 0) {
		for (i = 0; d->opat && i < (size_t)got / 4; i++)
			d->buf[i] = (uint32_t)(d->off + i * 4);
		put = write(d->out, d->buf, (size_t)got);
		if (put < 0 && errno == EINTR)
			return 0;
		if (put != got) {
			if (put < 0)
				util_syserr("write %s", dd_arg(d, "of"));
			else
				util_err("write %s: wanted %zd, got %zd",
					 dd_arg(d, "of"), got, put);
			return -1;
		}
	}
	d->off += (uint64_t)got;
	d->moved += (uint64_t)got;
	if (d->hash)
		fputc('#', stderr);
	if (d->slp)
		usleep((useconds_t)d->slp);
	return stop ? 2 : 1;
}

/* Every block; 0, or -1 after a message. */
static int
transfer(struct dd *d)
{
	uint64_t n, lim = d->rnd ? (d->rnd - d->bs) / d->bs : 0;
	int rc = 1;

	if (d->tick > 0) {
		signal(SIGALRM, on_alarm);
		alarm((unsigned)d->tick);
	}
	for (n = 0; n < d->count && !out_of_time && rc == 1; n++)
		rc = one_block(d, lim);
	alarm(0);
	return rc < 0 ? -1 : 0;
}

/* sync=, fsync=, flush= (inside the timed part); 0 or -1. */
static int
flush(const struct dd *d)
{
	if (dd_flag(d, "sync"))
		sync();
	if (d->out >= 0 && dd_flag(d, "fsync") && fsync(d->out) != 0) {
		util_syserr("fsync %s", dd_arg(d, "of"));
		return -1;
	}
	if (d->out >= 0 && dd_flag(d, "flush")) {
		fdatasync(d->out);
		posix_fadvise(d->out, 0, 0, POSIX_FADV_DONTNEED);
	}
	return 0;
}

double
ddio_timed(struct dd *d)
{
	double t0 = 0;

	if (d->timeopen)
		t0 = now();
	if (dd_open(d) != 0)
		return -1;
	if (!d->timeopen)
		t0 = now();
	if (transfer(d) != 0 || flush(d) != 0)
		return -1;
	return now() - t0;
}

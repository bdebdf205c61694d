/*
 * lat_syscall - the cost of one simple system call.
 *
 * Each iteration makes one call, chosen by the mode:
 *   null   getppid()                   "Simple syscall"
 *   read   read one byte from /dev/zero "Simple read"
 *   write  write one byte to /dev/null  "Simple write"
 *   stat   stat(file)                   "Simple stat"
 *   fstat  fstat(fd of file)            "Simple fstat"
 *   open   open(file) then close()      "Simple open/close"
 * The time per call is the median of the intervals, less the clock and
 * loop overhead.  FILE defaults to a file the program makes in its
 * private temporary directory.  -P runs that many copies at once and
 * reports the time per call within one copy.
 *
 * Usage: lat_syscall [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        null|read|write|stat|fstat|open [file]
 * Output (stderr): "Simple syscall: 0.0712 microseconds"
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_fd.h"
#include "lib_file.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_util.h"

struct state {
	const struct mode *m; /* the call measured */
	const char *file;     /* the file stat, fstat and open use */
	int fd;               /* /dev/zero, /dev/null or the file */
};

static int
do_null(void *sp, uint64_t n)
{
	(void)sp;
	while (n-- > 0)
		(void)getppid();
	return 0;
}

static int
do_read(void *sp, uint64_t n)
{
	struct state *s = sp;
	char c;

	while (n-- > 0)
		if (read(s->fd, &c, 1) != 1) {
			util_syserr("read /dev/zero");
			return -1;
		}
	return 0;
}

static int
do_write(void *sp, uint64_t n)
{
	struct state *s = sp;
	char c = 0;

	while (n-- > 0)
		if (write(s->fd, &c, 1) != 1) {
			util_syserr("write /dev/null");
			return -1;
		}
	return 0;
}

static int
do_stat(void *sp, uint64_t n)
{
	struct state *s = sp;
	struct stat st;

	while (n-- > 0)
		if (stat(s->file, &st) != 0) {
			util_syserr("stat %s", s->file);
			return -1;
		}
	return 0;
}

static int
do_fstat(void *sp, uint64_t n)
{
	struct state *s = sp;
	struct stat st;

	while (n-- > 0)
		if (fstat(s->fd, &st) != 0) {
			util_syserr("fstat %s", s->file);
			return -1;
		}
	return 0;
}

static int
do_open(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		int fd = open(s->file, O_RDONLY);

		if (fd < 0) {
			util_syserr("open %s", s->file);
			return -1;
		}
		close(fd);
	}
	return 0;
}

/* The modes: name, result label, what init opens, the timed loop. */
static const struct mode {
	const char *name;
	const char *label;
	const char *open_path; /* NULL: the file, "": nothing */
	int open_flags;
	int (*run)(void *, uint64_t);
} modes[] = {
	{ "null", "Simple syscall", "", 0, do_null },
	{ "read", "Simple read", "/dev/zero", O_RDONLY, do_read },
	{ "write", "Simple write", "/dev/null", O_WRONLY, do_write },
	{ "stat", "Simple stat", "", 0, do_stat },
	{ "fstat", "Simple fstat", NULL, O_RDONLY, do_fstat },
	{ "open", "Simple open/close", "", 0, do_open },
};
#define NMODES (sizeof(modes) / sizeof(modes[0]))

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	const char *path = s->m->open_path;

	(void)cx;
	s->fd = -1;
	if (path != NULL && *path == '\0')
		return 0;
	s->fd = fd_open(path ? path : s->file, s->m->open_flags, "cannot open ",
	                "");
	return s->fd < 0 ? -1 : 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	fd_close(&s->fd);
}

static const struct bench_prog prog = {
	.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	         "null|read|write|stat|fstat|open [file]",
	.help = "null|read|...     the call: getppid, read of /dev/zero, "
	        "write to /dev/null, stat, fstat, open and close\n"
	        "file              what stat, fstat and open use (default: "
	        "a file made in a private directory)",
	.min_operands = 1,
	.max_operands = 2,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { NULL, NULL, -1 };
	struct bench_desc d = {
		.init = init, .run = NULL, .cleanup = cleanup, .state = &s
	};
	struct stat st;
	char made[4096];
	int first = bench_begin(argc, argv, &prog, &o);

	s.m = &modes[bench_lookup("mode", argv[first], modes, NMODES,
	                          sizeof(modes[0]))];
	if (s.m->run == do_stat || s.m->run == do_fstat ||
	    s.m->run == do_open) {
		s.file = first + 1 < argc ? argv[first + 1] : made;
		if (s.file == made &&
		    file_made(&o.run, made, sizeof(made), "lat_syscall.file",
		              "lmbench-ng\n", 11) != 0)
			return EXIT_FAILED;
		if (stat(s.file, &st) != 0) {
			util_syserr("cannot stat %s", s.file);
			return EXIT_FAILED;
		}
	}
	d.run = s.m->run;
	return bench_measure_us(&d, &o, s.m->label, 1);
}

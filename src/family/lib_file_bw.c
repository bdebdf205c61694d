/*
 * lib_file_bw.c - the file a file-reading program measures
 * (lib_file_bw.h).
 */
#include <stdio.h>

#include "lib_bench.h"
#include "lib_fd.h"
#include "lib_file.h"
#include "lib_file_bw.h"
#include "lib_harness.h"
#include "lib_report.h"
#include "lib_util.h"

int
file_bw_open(struct file_bw *f, const struct copy_ctx *cx)
{
	f->path = file_for_copy(cx, f->file, f->private_copy, f->size, &f->own);
	return f->path == NULL ? -1 : 0;
}

int
file_bw_open_fd(struct file_bw *f, const struct copy_ctx *cx, int flags,
                const char *after, int *fd)
{
	if (file_bw_open(f, cx) != 0)
		return -1;
	*fd = fd_open(f->path, flags, "cannot open ", after);
	return *fd < 0 ? -1 : 0;
}

void
file_bw_close(struct file_bw *f, int *fd)
{
	fd_close(fd);
	file_release(&f->own);
}

int
file_bw_option(void *sp, int c, const char *arg)
{
	(void)c;
	(void)arg;
	((struct file_bw *)sp)->private_copy = 1;
	return 0;
}

int
file_bw_main(int argc, char **argv, const char *once, uint64_t min,
             struct file_bw *f, const struct bench_desc *d)
{
	const struct { const char *name; } modes[] = { { once },
		                                       { "open2close" } };
	char usage[160], help[512];
	struct bench_prog p = { .usage = usage, .help = help, .min_operands = 3,
		.max_operands = 3, .option = file_bw_option, .ctx = f };
	struct bench_opts o;
	struct bench_result r;
	int first, rc;

	snprintf(usage, sizeof(usage), "[-C] [-P <parallelism>] [-W <warmup>] "
	         "[-N <repetitions>] <size> open2close|%s <filename>", once);
	snprintf(help, sizeof(help),
	         "-C                a private copy of the file for each copy\n"
	         "<size>            bytes read per iteration (k, m, g: 2^10 "
	         "...)\n"
	         "open2close        open and close the file every iteration\n"
	         "%-18sopen the file once\n"
	         "<filename>        the file read, at least <size> bytes", once);
	first = bench_begin(argc, argv, &p, &o);
	if (file_size_arg(argv[first], min,
	                  min > 1 ? "too small (at least 64 bytes)"
	                          : "too small",
	                  &f->size) != 0)
		return EXIT_USAGE;
	f->open2close = (int)bench_lookup("mode", argv[first + 1], modes, 2,
	                                  sizeof(modes[0]));
	f->file = argv[first + 2];
	if (file_check(f->file, f->size, NULL) != 0 || bench_run(d, &o, &r) != 0)
		return EXIT_FAILED;
	rc = report_bw_pair(&r, argv[first + 1], (double)f->size,
	                    (double)f->size);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

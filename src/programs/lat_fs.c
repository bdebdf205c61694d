/*
 * lat_fs - file creation and deletion rates by file size.
 *
 * For each size (0, 1K, 4K and 10K, or -s SIZE), in a fresh directory
 * made inside DIR (default $TMPDIR or /tmp) and removed at the end:
 *   create  n times: creat(), write SIZE bytes (in writes of at most
 *           128 KB), close(); the files are removed afterwards, untimed
 *   delete  n files made untimed beforehand, then n times unlink()
 * n is the iteration count the harness calibrates for the create phase;
 * the delete phase uses the same n.  Files are spread over a tree of
 * subdirectories so that none holds more than -n entries (default 100),
 * and both phases go through the files in reverse order, as lmbench does.
 * No fsync: this is the cost of the file system's in-memory work.
 * Rates are n / median interval.
 *
 * Usage: lat_fs [-s <file size>] [-n <max files per dir>]
 *        [-P <parallelism>] [-W <warmup>] [-N <repetitions>] [<dir>]
 * Output (stderr): "0k<TAB>1000<TAB>285714<TAB>625000" (size, files,
 * creates per second, deletes per second), one line per size.
 */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_file.h"
#include "lib_harness.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_super.h"
#include "lib_util.h"

#define CHUNK ((size_t)128 * 1024)

struct state {
	const char *dir;       /* where the private directory is made */
	struct file_tree tree; /* the files, in the private directory */
	size_t size;	       /* bytes per file */
	size_t sizes[4];       /* the sizes measured in turn */
	size_t nsizes;         /* 4, or 1 with -s */
	char *buf;	       /* what files are written with */
};

/* The directories n files need (untimed, once per capacity): the
 * create phase's before. */
static int
make_dirs(void *sp, uint64_t n)
{
	struct state *s = sp;

	return file_tree_make(&s->tree, n);
}

/* The create phase's timed part (and the delete phase's untimed one). */
static int
create_files(void *sp, uint64_t n)
{
	struct state *s = sp;

	return file_tree_fill(&s->tree, n, s->size, s->buf, CHUNK);
}

/* The delete phase's timed part (and the create phase's untimed one). */
static int
remove_files(void *sp, uint64_t n)
{
	struct state *s = sp;

	return file_tree_unlink(&s->tree, n);
}

/* Delete phase: the files made before, their removal timed. */
static int
delete_before(void *sp, uint64_t n)
{
	return make_dirs(sp, n) == 0 ? create_files(sp, n) : -1;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	(void)cx;
	s->tree.capacity = 0;
	s->buf = calloc(1, CHUNK);
	s->tree.top = super_mkdtemp(s->dir, "lat_fs");
	if (s->buf == NULL || s->tree.top == NULL) {
		free(s->buf);
		s->buf = NULL;
		return -1;
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	if (s->tree.top != NULL)
		super_rmtree(s->tree.top);
	free(s->tree.top);
	free(s->buf);
	s->tree.top = NULL;
	s->buf = NULL;
}

/* "SIZEk<TAB>FILES<TAB>CREATES/s<TAB>DELETES/s"; files is create's
 * iteration count. */
static int
report_fs(double size_bytes, const struct bench_result *create,
          const struct bench_result *del)
{
	char cm[64], dm[64];
	struct report_fig cf = { cm, "1/s", REPORT_RATE, 1, size_bytes, 0 };
	struct report_fig df = { dm, "1/s", REPORT_RATE, 1, size_bytes, 0 };
	double k = floor(size_bytes / 1024), c, d;

	snprintf(cm, sizeof(cm), "create %.0fk", k);
	snprintf(dm, sizeof(dm), "delete %.0fk", k);
	if (report_measured(create, &cf, &c) != 0 ||
	    report_measured(del, &df, &d) != 0)
		return -1;
	report_text("%.0fk\t%llu\t%.0f\t%.0f\n", k,
	            (unsigned long long)create->iterations, c, d);
	report_record(create, &cf, c);
	report_record(del, &df, d);
	return 0;
}

/* -s (one size instead of the four) and -n (entries per directory);
 * 0, or -1 after a message. */
static int
option(void *sp, int c, const char *arg)
{
	struct state *s = sp;
	const char *why;
	uint64_t v;

	if (c == 's') {
		why = util_parse_size(arg, 1, &v);
		if (why == NULL && v > (1ULL << 30))
			why = "too large (at most 1 GB)";
		if (why != NULL) {
			util_err("bad -s '%s': %s", arg, why);
			return -1;
		}
		s->sizes[0] = (size_t)v;
		s->nsizes = 1;
		return 0;
	}
	why = util_parse_u64(arg, 2, 1000000, &v);
	if (why != NULL) {
		util_err("bad -n '%s': %s (2 to 1000000)", arg, why);
		return -1;
	}
	s->tree.per_dir = v;
	return 0;
}

/* Creates, then as many deletes, of files of one size: one line. */
static int
one_size(struct bench_desc *d, struct bench_opts *o, size_t size)
{
	struct state *s = d->state;
	struct bench_result cr, dr;
	int rc;

	s->size = size;
	d->before = make_dirs;
	d->run = create_files;
	d->after = remove_files;
	o->fixed_iterations = 0;
	if (bench_run(d, o, &cr) != 0)
		return -1;
	d->before = delete_before;
	d->run = remove_files;
	d->after = NULL;
	o->fixed_iterations = cr.iterations;
	if (bench_run(d, o, &dr) != 0) {
		bench_result_free(&cr);
		return -1;
	}
	rc = report_fs((double)s->size, &cr, &dr);
	bench_result_free(&cr);
	bench_result_free(&dr);
	return rc;
}

static const struct bench_prog prog = {
	.usage = "[-s <file size>] [-n <max files per dir>] [-P <parallelism>] "
	         "[-W <warmup>] [-N <repetitions>] [<dir>]",
	.help = "-s <file size>    one size of file (default: 0, 1k, 4k and "
	        "10k in turn)\n"
	        "-n <max files per dir>  entries in one directory at most "
	        "(default 100)\n"
	        "<dir>             where the files are made (default: $TMPDIR "
	        "or /tmp)",
	.max_operands = 1,
	.option = option,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { .tree.per_dir = 100, .sizes = { 0, 1024, 4096, 10240 },
		           .nsizes = 4 };
	struct bench_desc d = { .init = init, .cleanup = cleanup, .state = &s };
	struct bench_prog p = prog;
	size_t i;
	int first;

	p.ctx = &s;
	first = bench_begin(argc, argv, &p, &o);
	s.dir = first < argc ? argv[first] : NULL;
	if (s.dir == NULL) {
		s.dir = getenv("TMPDIR");
		if (s.dir == NULL || *s.dir == '\0')
			s.dir = "/tmp";
	}
	if (file_check_dir(s.dir) != 0)
		return EXIT_FAILED;
	for (i = 0; i < s.nsizes; i++)
		if (one_size(&d, &o, s.sizes[i]) != 0)
			return EXIT_FAILED;
	return 0;
}

/*
 * fuzz_compare - libFuzzer harness for lmbench-compare's readers: the
 * classic result file, the JSON records beside it and the thresholds
 * file, through the program's own main, its statistics and every output
 * format.  The input is up to five parts separated by the line "\1--\1":
 * the base's classic file, its JSON, the new side's classic file, its
 * JSON, the thresholds; its first byte picks the format and the options,
 * or (its top bit set) --classic, the reader alone, over both classic
 * files.
 */
#define _GNU_SOURCE /* memmem */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int lmbench_compare_main(int argc, char **argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define main lmbench_compare_main
/* compare's own main, renamed: the harness drives the whole program */
#include "../../src/compare/compare_main.c" /* NOLINT(bugprone-suspicious-include) */
#undef main

static char dir[4096]; /* $TMPDIR/lmbench-ng-fuzz.XXXXXX, made once */
static const char *const names[] = { "b.0", "b.0.json", "n.0", "n.0.json",
				     "thr" };
static const char *const formats[] = { "text", "json",   "csv",
				       "markdown", "github", "junit" };

/* Part k of the input (NULL, 0 when there is none) to its file, or the
 * file removed; 1 when it was written. */
static int
put_part(int k, const uint8_t *p, size_t n)
{
	char path[4200];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, names[k]);
	unlink(path);
	if (p == NULL)
		return 0;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		abort();
	if (n > 0 && write(fd, p, n) != (ssize_t)n)
		abort();
	close(fd);
	return 1;
}

/* At exit: the files and the directory gone. */
static void
clean(void)
{
	int k;

	for (k = 0; k < 5; k++)
		put_part(k, NULL, 0);
	rmdir(dir);
}

/* The scratch directory, made at the first input. */
static void
make_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/lmbench-ng-fuzz.XXXXXX",
		 tmp != NULL && *tmp == '/' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL)
		abort();
	atexit(clean);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char sep[] = "\n\1--\1\n";
	const size_t seplen = sizeof(sep) - 1;
	char base[4200], new[4200], thr[4200];
	char *argv[12];
	int argc = 0, k = 0, flags;
	size_t at = 1;

	if (dir[0] == '\0')
		make_dir();
	if (size < 1)
		return 0;
	flags = data[0];
	while (k < 5) {
		const uint8_t *end = at <= size ? memmem(data + at, size - at, sep, seplen) : NULL;
		size_t n = end != NULL ? (size_t)(end - (data + at)) : (at <= size ? size - at : 0);

		put_part(k, at <= size ? data + at : NULL, n);
		k++;
		if (end == NULL)
			break;
		at += n + seplen;
	}
	while (k < 5)
		put_part(k++, NULL, 0);
	snprintf(base, sizeof(base), "%s/b.0", dir);
	snprintf(new, sizeof(new), "%s/n.0", dir);
	snprintf(thr, sizeof(thr), "%s/thr", dir);
	argv[argc++] = "lmbench-compare";
	if (flags & 128) {
		argv[argc++] = "--classic";
		argv[argc++] = base;
		argv[argc++] = new;
		argv[argc] = NULL;
		lmbench_compare_main(argc, argv);
		return 0;
	}
	argv[argc++] = "--format";
	argv[argc++] = (char *)formats[(flags & 7) % 6];
	if (flags & 8)
		argv[argc++] = "--fail-on-regression";
	if (flags & 16)
		argv[argc++] = "--strict";
	if (flags & 32)
		argv[argc++] = "--allow-missing";
	if (flags & 64) {
		argv[argc++] = "--thresholds";
		argv[argc++] = thr;
	}
	argv[argc++] = base;
	argv[argc++] = new;
	argv[argc] = NULL;
	optind = 1;
	lmbench_compare_main(argc, argv);
	return 0;
}

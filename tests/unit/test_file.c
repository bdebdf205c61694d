/* test_file.c - unit tests of lib_file's pure parts (the tree of files,
 * the size operand) and of lib_util's line reader. */
#include <stdio.h>
#include <string.h>

#include "lib_file.h"
#include "lib_util.h"
#include "check.h"

static int
path_is(const struct file_tree *t, uint64_t i, const char *want)
{
	char path[256];

	file_tree_path(t, i, path, sizeof(path));
	return strcmp(path, want) == 0;
}

static int
lines_of(const char *text, const char *skip, struct util_lines *l)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	if (f == NULL)
		return -1;
	rc = util_read_lines(f, skip, l);
	fclose(f);
	return rc;
}

int
main(void)
{
	char top[] = "T";
	struct file_tree t = { top, 10, 10 };
	struct util_lines l;
	uint64_t v = 0;

	/* One directory while the files fit in it, a digit a level after. */
	CHECK(path_is(&t, 0, "T/f0"));
	CHECK(path_is(&t, 9, "T/f9"));
	t.capacity = 100;
	CHECK(path_is(&t, 0, "T/d0/f0"));
	CHECK(path_is(&t, 57, "T/d5/f7"));
	t.capacity = 101;
	CHECK(path_is(&t, 100, "T/d1/d0/f0"));
	CHECK(path_is(&t, 57, "T/d0/d5/f7"));
	t.per_dir = 2;
	t.capacity = 8;
	CHECK(path_is(&t, 5, "T/d1/d0/f1"));

	CHECK(file_size_arg("1k", 64, "too small", &v) == 0 && v == 1024);
	CHECK(file_size_arg("1", 64, "too small", &v) == -1);
	CHECK(file_size_arg("x", 1, "too small", &v) == -1);

	/* The documents of lat_http: "/" and line ends dropped, blank lines
	 * skipped. */
	CHECK(lines_of("/a\r\n\n//b\nc", "/", &l) == 0 && l.n == 3 &&
	      strcmp(l.line[0], "a") == 0 && strcmp(l.line[1], "b") == 0 &&
	      strcmp(l.line[2], "c") == 0 && l.line[3] == NULL);
	util_free_lines(&l);
	CHECK(lines_of("\n/\n", "/", &l) == 0 && l.n == 0);
	util_free_lines(&l);
	return check_done("test_file");
}

/*
 * hello - print "Hello world" and exit: the program lat_proc execs.
 * Deliberately bare (no harness, no supervisor) so that exec measures
 * the kernel and the loader, not lmbench-ng.
 *
 * Usage: hello
 * Output (stdout): "Hello world"
 */
#include <stdio.h>
#include <unistd.h>

#include "lib_opts.h"
#include "lib_util.h"

int
main(int argc, char **argv)
{
	int rc;

	rc = opts_standard(argc, argv, "", NULL, 0);
	if (rc != 0)
		return rc > 0 ? 0 : EXIT_USAGE;
	if (argc != 1) {
		util_usage("");
		return EXIT_USAGE;
	}
	if (write(STDOUT_FILENO, "Hello world\n", 12) != 12)
		return EXIT_FAILED;
	return 0;
}

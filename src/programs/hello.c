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
	struct bench_opts o = { 0 }; /* none of its options: untouched */
	int rc;

	/* --help, --version, an unknown option named: the library's. */
	rc = opts_parse(argc, argv, "", 0, &o, NULL, NULL);
	if (rc == OPTS_DONE)
		return 0;
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0 || rc != argc) {
		opts_usage("");
		return EXIT_USAGE;
	}
	if (write(STDOUT_FILENO, "Hello world\n", 12) != 12)
		return EXIT_FAILED;
	return 0;
}

/*
 * lat_sig - the cost of installing and of catching a signal, and of a
 * protection fault.
 *
 *   install  one sigaction(SIGUSR1) per iteration
 *            ("Signal handler installation")
 *   catch    kill(getpid(), SIGUSR1) with a handler installed, less the
 *            cost of kill(getpid(), 0) (the permission check alone),
 *            measured separately: delivery, handler and return
 *            ("Signal handler overhead")
 *   prot     a store to a read-only private mapping of the first page of
 *            a file: the SIGSEGV handler counts the fault and returns, the
 *            store faults again, n times per interval; less the catch
 *            cost, as lmbench reports it ("Protection fault")
 * prot maps FILE if given (never written: the mapping is private), else a
 * one-page file made in the program's private temporary directory.  A
 * difference that is not positive is reported as an error, never printed
 * as a figure.
 *
 * Usage: lat_sig [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        install|catch|prot [file]
 * Output (stderr): "Signal handler overhead: 0.9710 microseconds"
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_super.h"
#include "lib_util.h"

struct state {
	const char *file; /* the file prot maps */
	char *page;       /* the read-only mapping */
	size_t pagesize;  /* its length */
	pid_t self;       /* getpid(), taken once */
};

/* Faults still to take before the store may succeed; the handler's only
 * way to reach the state. */
static volatile sig_atomic_t faults_left;
static char *volatile fault_page;
static size_t fault_len;

static void
on_usr1(int sig)
{
	(void)sig;
}

static void
on_fault(int sig, siginfo_t *si, void *ctx)
{
	(void)sig;
	(void)ctx;
	if ((char *)si->si_addr < fault_page ||
	    (char *)si->si_addr >= fault_page + fault_len) {
		/* A real crash: die of it. */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		return;
	}
	/* Returning re-runs the store, which faults again; after the last
	 * counted fault the page is made writable so the store goes on. */
	if (--faults_left <= 0)
		mprotect(fault_page, fault_len, PROT_READ | PROT_WRITE);
}

static int
do_install(void *sp, uint64_t n)
{
	struct sigaction sa, old;

	(void)sp;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	while (n-- > 0)
		if (sigaction(SIGUSR1, &sa, &old) != 0) {
			util_syserr("sigaction");
			return -1;
		}
	return 0;
}

static int
do_kill0(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0)
		if (kill(s->self, 0) != 0) {
			util_syserr("kill");
			return -1;
		}
	return 0;
}

static int
do_catch(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0)
		if (kill(s->self, SIGUSR1) != 0) {
			util_syserr("kill");
			return -1;
		}
	return 0;
}

static int
do_prot(void *sp, uint64_t n)
{
	struct state *s = sp;

	faults_left = (sig_atomic_t)n;
	*(volatile char *)s->page = 1; /* faults n times */
	if (mprotect(s->page, s->pagesize, PROT_READ) != 0) {
		util_syserr("mprotect");
		return -1;
	}
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;
	struct sigaction sa;

	(void)cx;
	s->self = getpid();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) != 0) {
		util_syserr("sigaction");
		return -1;
	}
	if (s->file != NULL) {
		int fd = open(s->file, O_RDONLY);

		if (fd < 0) {
			util_syserr("cannot open %s", s->file);
			return -1;
		}
		s->page =
		    mmap(NULL, s->pagesize, PROT_READ, MAP_PRIVATE, fd, 0);
		close(fd);
		if (s->page == MAP_FAILED) {
			s->page = NULL;
			util_syserr("cannot map %s", s->file);
			return -1;
		}
		fault_page = s->page;
		fault_len = s->pagesize;
		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_fault;
		sa.sa_flags = SA_SIGINFO;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGSEGV, &sa, NULL) != 0 ||
		    sigaction(SIGBUS, &sa, NULL) != 0) {
			util_syserr("sigaction");
			return -1;
		}
	}
	return 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	if (s->page != NULL)
		munmap(s->page, s->pagesize);
	s->page = NULL;
}

/* The usage line, which also says which options are taken. */
#define USAGE "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "\
	"install|catch|prot [file]"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

/* A one-page file for prot when none is given. */
static const char *
default_file(size_t pagesize)
{
	static char path[4096];
	const char *dir = super_tmpdir();
	char *buf;
	int fd, ok;

	if (dir == NULL)
		return NULL;
	snprintf(path, sizeof(path), "%s/lat_sig.page", dir);
	buf = calloc(1, pagesize);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ok = buf != NULL && fd >= 0 &&
	     write(fd, buf, pagesize) == (ssize_t)pagesize;
	if (!ok)
		util_syserr("cannot make %s", path);
	if (fd >= 0)
		close(fd);
	free(buf);
	return ok ? path : NULL;
}

/* Measure one of the run functions above. */
static int
measure(struct bench_desc *d, const struct bench_opts *o,
        int (*run)(void *, uint64_t), struct bench_result *r)
{
	d->run = run;
	return bench_run(d, o, r);
}

static const char *prot_file; /* the file prot maps */

/* catch: a bare kill, then kill to a handler. */
static void
choose_catch(struct bench_desc *d, int figure)
{
	d->run = figure ? do_catch : do_kill0;
}

/* prot: catch, then the fault on the mapped file. */
static void
choose_prot(struct bench_desc *d, int figure)
{
	struct state *s = d->state;

	s->file = figure ? prot_file : NULL; /* init maps it for prot */
	d->run = figure ? do_prot : do_catch;
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	struct bench_desc d = {
		.init = init, .run = NULL, .cleanup = cleanup, .state = &s
	};
	struct bench_result r;
	const char *mode, *file = NULL;
	struct stat st;
	int rc;

	memset(&s, 0, sizeof(s));
	s.pagesize = mem_pagesize();
	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	rc = opts_parse(argc, argv, USAGE, 0, &o, NULL, NULL);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0)
		usage();
	if (argc - optind < 1 || argc - optind > 2)
		usage();
	mode = argv[optind];
	if (strcmp(mode, "install") != 0 && strcmp(mode, "catch") != 0 &&
	    strcmp(mode, "prot") != 0) {
		util_err("unknown mode '%s' (see -h)", mode);
		return EXIT_USAGE;
	}
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	if (strcmp(mode, "prot") == 0) {
		file = argc - optind == 2 ? argv[optind + 1]
		                          : default_file(s.pagesize);
		if (file == NULL)
			return EXIT_FAILED;
		if (stat(file, &st) != 0) {
			util_syserr("cannot use %s", file);
			return EXIT_FAILED;
		}
		if (!S_ISREG(st.st_mode) || st.st_size < 1) {
			util_err("cannot use %s: not a non-empty regular file",
			         file);
			return EXIT_FAILED;
		}
	}

	if (strcmp(mode, "install") == 0) {
		if (measure(&d, &o, do_install, &r) != 0)
			return EXIT_FAILED;
		rc = report_us(&r, "Signal handler installation", 1);
		bench_result_free(&r);
		return rc == 0 ? 0 : EXIT_FAILED;
	}
	/* catch and prot subtract a baseline measured the same way: catch
	 * less a bare kill, prot less catch. */
	prot_file = file;
	return bench_measure_diff(&d, &o,
				  strcmp(mode, "prot") == 0 ? choose_prot
							    : choose_catch,
				  strcmp(mode, "prot") == 0
					  ? "Protection fault"
					  : "Signal handler overhead",
				  1);
}

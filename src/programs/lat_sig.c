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
 * one-page file made in the program's private temporary directory.  Both
 * of prot's signals (the fault and its baseline's kill) are taken on one
 * page-aligned alternate stack, so that their frames land at the same
 * address: where the stack happens to start (ASLR) cannot make one path
 * dearer than the other in one run and not the next, which on a processor
 * whose fault costs about what a kill does (AMD Zen 5) decides the sign.
 * A difference that is not positive is reported as an error, never
 * printed as a figure.
 *
 * Usage: lat_sig [-P <parallelism>] [-W <warmup>] [-N <repetitions>]
 *        install|catch|prot [file]
 * Output (stderr): "Signal handler overhead: 0.9710 microseconds"
 */
#define _DEFAULT_SOURCE /* SA_ONSTACK, stack_t */
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lat_sig.h"
#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_util.h"

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
	const struct state *s = sp;
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = s->alt != NULL ? SA_ONSTACK : 0;
	sigemptyset(&sa.sa_mask);
	while (n-- > 0)
		if (sigaction(SIGUSR1, &sa, &old) != 0) {
			util_syserr("sigaction");
			return -1;
		}
	return 0;
}

/* kill(self, s->sig): catch with SIGUSR1, its baseline with 0 (the
 * permission check alone). */
static int
do_kill(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0)
		if (kill(s->self, s->sig) != 0) {
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

/* The page of file, mapped read-only and private, with on_fault
 * catching the stores to it; 0, or -1 after a message. */
static int
map_page(struct state *s)
{
	struct sigaction sa;

	if (sigprot_map(s) != 0)
		return -1;
	fault_page = s->page;
	fault_len = s->pagesize;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, NULL) != 0 ||
	    sigaction(SIGBUS, &sa, NULL) != 0) {
		util_syserr("sigaction");
		return -1;
	}
	return 0;
}

static int
init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	(void)cx;
	s->self = getpid();
	if (s->prot != NULL && sigprot_stack(s) != 0)
		return -1;
	if (do_install(s, 1) != 0)
		return -1;
	return s->file != NULL ? map_page(s) : 0;
}

static void
cleanup(void *sp)
{
	struct state *s = sp;

	signal(SIGSEGV, SIG_DFL);
	signal(SIGBUS, SIG_DFL);
	sigprot_release(s);
}

/* install: no baseline. */
static void
choose_install(struct bench_desc *d, int figure)
{
	(void)figure;
	d->run = do_install;
}

/* catch: a bare kill, then kill to a handler. */
static void
choose_catch(struct bench_desc *d, int figure)
{
	struct state *s = d->state;

	s->sig = figure ? SIGUSR1 : 0;
	d->run = do_kill;
}

/* prot: catch, then the fault on the mapped file. */
static void
choose_prot(struct bench_desc *d, int figure)
{
	struct state *s = d->state;

	s->file = figure ? s->prot : NULL; /* init maps it for prot */
	s->sig = SIGUSR1;
	d->run = figure ? do_prot : do_kill;
}

static const struct mode {
	const char *name;
	const char *label;
	void (*choose)(struct bench_desc *d, int figure);
} modes[] = {
	{ "install", "Signal handler installation", choose_install },
	{ "catch", "Signal handler overhead", choose_catch },
	{ "prot", "Protection fault", choose_prot },
};

static const struct bench_prog prog = {
	.usage = "[-P <parallelism>] [-W <warmup>] [-N <repetitions>] "
	         "install|catch|prot [file]",
	.help = "install|catch|prot  what is timed: sigaction, a signal "
	        "caught, a protection fault\n"
	        "file              what prot maps (default: a page made in "
	        "a private directory)",
	.min_operands = 1,
	.max_operands = 2,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	struct bench_desc d = { .init = init, .cleanup = cleanup, .state = &s };
	const struct mode *m;
	char made[4096];
	int first = bench_begin(argc, argv, &prog, &o);

	memset(&s, 0, sizeof(s));
	s.pagesize = mem_pagesize();
	m = &modes[bench_lookup("mode", argv[first], modes, 3, sizeof(*m))];
	if (m->choose == choose_prot) {
		s.prot = sigprot_file(&o.run, argv[first + 1], made,
		                      sizeof(made), s.pagesize);
		if (s.prot == NULL)
			return EXIT_FAILED;
	}
	if (m->choose == choose_install) {
		choose_install(&d, 1);
		return bench_measure_us(&d, &o, m->label, 1);
	}
	/* catch and prot subtract a baseline measured the same way: catch
	 * less a bare kill, prot less catch. */
	return bench_measure_diff(&d, &o, m->choose, m->label, 1);
}

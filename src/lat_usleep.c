/*
 * lat_usleep - how long a requested sleep really takes.
 *
 * Each iteration asks for a sleep of USECS microseconds with the method
 * chosen by -u:
 *   usleep     usleep(USECS)
 *   nanosleep  nanosleep(), restarted with the remainder on EINTR
 *   select     select() with no descriptors and the timeout
 *   pselect    pselect() likewise
 *   itimer     one period of a repeating ITIMER_REAL timer, waited for
 *              with sigwaitinfo (the timer runs through the interval)
 * and the result is the median real time per call, in microseconds: the
 * request plus the system's overshoot (timer slack, wake-up latency).
 * -r asks for SCHED_RR at the highest priority first (needs privilege;
 * without it the program says so and exits 1).  Sleeps of a second and
 * more are passed correctly (lmbench passed an invalid tv_usec).
 *
 * Usage: lat_usleep [-r] [-u usleep|nanosleep|select|pselect|itimer]
 *        [-P <parallelism>] [-W <warmup>] [-N <repetitions>] usecs
 * Output (stderr): "usleep 1000 microseconds: 1062.4410 microseconds";
 * with -r the label starts "realtime ".
 */
#define _DEFAULT_SOURCE /* usleep */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "lib_bench.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_party.h"
#include "lib_report.h"
#include "lib_util.h"

struct state {
	uint64_t usecs; /* the requested sleep */
};

static int
do_usleep(void *sp, uint64_t n)
{
	struct state *s = sp;
	uint64_t left;

	while (n-- > 0) {
		/* usleep takes less than a second portably: split longer. */
		for (left = s->usecs; left >= 1000000; left -= 999999)
			usleep(999999);
		usleep((useconds_t)left);
	}
	return 0;
}

static int
do_nanosleep(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		struct timespec ts = { (time_t)(s->usecs / 1000000),
				       (long)(s->usecs % 1000000) * 1000 };

		while (nanosleep(&ts, &ts) != 0)
			if (errno != EINTR) {
				util_syserr("nanosleep");
				return -1;
			}
	}
	return 0;
}

static int
do_select(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		struct timeval tv = { (time_t)(s->usecs / 1000000),
				      (suseconds_t)(s->usecs % 1000000) };

		if (select(0, NULL, NULL, NULL, &tv) < 0 && errno != EINTR) {
			util_syserr("select");
			return -1;
		}
	}
	return 0;
}

static int
do_pselect(void *sp, uint64_t n)
{
	struct state *s = sp;

	while (n-- > 0) {
		struct timespec ts = { (time_t)(s->usecs / 1000000),
				       (long)(s->usecs % 1000000) * 1000 };

		if (pselect(0, NULL, NULL, NULL, &ts, NULL) < 0 &&
		    errno != EINTR) {
			util_syserr("pselect");
			return -1;
		}
	}
	return 0;
}

static int
do_itimer(void *sp, uint64_t n)
{
	struct state *s = sp;
	struct itimerval it, off;
	sigset_t set;
	siginfo_t si;

	memset(&off, 0, sizeof(off));
	it.it_value.tv_sec = it.it_interval.tv_sec =
		(time_t)(s->usecs / 1000000);
	it.it_value.tv_usec = it.it_interval.tv_usec =
		(suseconds_t)(s->usecs % 1000000);
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	if (setitimer(ITIMER_REAL, &it, NULL) != 0) {
		util_syserr("setitimer");
		return -1;
	}
	while (n > 0) {
		if (sigwaitinfo(&set, &si) < 0) {
			if (errno == EINTR)
				continue;
			util_syserr("sigwaitinfo");
			setitimer(ITIMER_REAL, &off, NULL);
			return -1;
		}
		n--;
	}
	setitimer(ITIMER_REAL, &off, NULL);
	return 0;
}

static const struct method {
	const char *name;
	int (*run)(void *, uint64_t);
} methods[] = {
	{ "usleep", do_usleep },   { "nanosleep", do_nanosleep },
	{ "select", do_select },   { "pselect", do_pselect },
	{ "itimer", do_itimer },
};
#define NMETHODS (sizeof(methods) / sizeof(methods[0]))

static int
init(void *sp, struct copy_ctx *cx)
{
	sigset_t set;

	(void)sp;
	(void)cx;
	/* SIGALRM is taken with sigwaitinfo, never delivered. */
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	return sigprocmask(SIG_BLOCK, &set, NULL);
}

/* The usage line, which also says which options are taken. */
#define USAGE "[-r] [-u usleep|nanosleep|select|pselect|itimer] [-P "\
	"<parallelism>] [-W <warmup>] [-N <repetitions>] usecs"

static void __attribute__((noreturn))
usage(void)
{
	opts_usage(USAGE);
	exit(EXIT_USAGE);
}

/* What -r and -u set. */
struct opts {
	int realtime;            /* -r: SCHED_FIFO */
	const struct method *m;  /* -u: how to sleep */
};

static int
option(void *sp, int c, const char *arg)
{
	struct opts *op = sp;
	size_t i;

	if (c == 'r') {
		op->realtime = 1;
		return 0;
	}
	for (i = 0; i < NMETHODS; i++)
		if (strcmp(arg, methods[i].name) == 0) {
			op->m = &methods[i];
			return 0;
		}
	util_err("unknown method '%s' (see -h)", arg);
	return -1;
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s = { 0 };
	struct bench_desc d = { .init = init, .state = &s };
	struct bench_result r;
	struct opts op = { 0, &methods[0] };
	const struct method *m;
	const char *why;
	char label[128];
	int rc, realtime;

	if (bench_start(argc, argv) != 0)
		return EXIT_USAGE;
	bench_opts_init(&o);
	rc = opts_parse(argc, argv, USAGE, 0, &o, option, &op);
	if (rc == -1)
		return EXIT_USAGE;
	if (rc < 0)
		usage();
	optind = rc;
	m = op.m;
	realtime = op.realtime;
	if (argc - optind != 1)
		usage();
	why = util_parse_u64(argv[optind], 0, 60000000, &s.usecs);
	if (why != NULL) {
		util_err("bad usecs '%s': %s (0 to 60000000)", argv[optind],
			 why);
		return EXIT_USAGE;
	}
	if (m->run == do_itimer && s.usecs == 0) {
		util_err("itimer needs a period of at least 1 microsecond");
		return EXIT_USAGE;
	}
	if (bench_check_env() != 0)
		return EXIT_USAGE;
	if (realtime) {
		struct sched_param sp;

		memset(&sp, 0, sizeof(sp));
		sp.sched_priority = sched_get_priority_max(SCHED_RR);
		if (sched_setscheduler(0, SCHED_RR, &sp) != 0) {
			util_syserr("cannot switch to SCHED_RR (-r)");
			return EXIT_FAILED;
		}
	}
	d.run = m->run;
	if (bench_run(&d, &o, &r) != 0)
		return EXIT_FAILED;
	snprintf(label, sizeof(label), "%s%s %llu microseconds",
		 realtime ? "realtime " : "", m->name,
		 (unsigned long long)s.usecs);
	rc = report_us(&r, label, 1);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

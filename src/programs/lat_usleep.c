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
#include "lib_party.h"
#include "lib_util.h"

struct state {
	uint64_t usecs;     /* the requested sleep */
	struct timespec ts; /* the same, for nanosleep and pselect */
	struct timeval tv;  /* and for select and the itimer */
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
		struct timespec ts = s->ts;

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
		struct timeval tv = s->tv;

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

	while (n-- > 0)
		if (pselect(0, NULL, NULL, NULL, &s->ts, NULL) < 0 &&
		    errno != EINTR) {
			util_syserr("pselect");
			return -1;
		}
	return 0;
}

static int
do_itimer(void *sp, uint64_t n)
{
	struct state *s = sp;
	struct itimerval it = { s->tv, s->tv }, off;
	sigset_t set;
	siginfo_t si;

	memset(&off, 0, sizeof(off));
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

/* What -r and -u set. */
struct opts {
	int realtime;           /* -r: SCHED_RR */
	const struct method *m; /* -u: how to sleep */
};

static int
option(void *sp, int c, const char *arg)
{
	struct opts *op = sp;

	if (c == 'r')
		op->realtime = 1;
	else
		op->m = &methods[bench_lookup("method", arg, methods, 5,
		                              sizeof(methods[0]))];
	return 0;
}

/* -r: SCHED_RR at the highest priority; 0, or -1 after a message. */
static int
realtime(void)
{
	struct sched_param sp;

	memset(&sp, 0, sizeof(sp));
	sp.sched_priority = sched_get_priority_max(SCHED_RR);
	if (sched_setscheduler(0, SCHED_RR, &sp) != 0) {
		util_syserr("cannot switch to SCHED_RR (-r)");
		return -1;
	}
	return 0;
}

static const struct bench_prog prog = {
	.usage = "[-r] [-u usleep|nanosleep|select|pselect|itimer] [-P "
	         "<parallelism>] [-W <warmup>] [-N <repetitions>] usecs",
	.help = "-r                run SCHED_RR at the highest priority "
	        "(needs privilege)\n"
	        "-u usleep|nanosleep|select|pselect|itimer  how to sleep "
	        "(default usleep)\n"
	        "usecs             the sleep asked for, in microseconds (0 "
	        "to 60000000)",
	.min_operands = 1,
	.max_operands = 1,
	.option = option,
};

int
main(int argc, char **argv)
{
	struct bench_opts o;
	struct state s;
	struct bench_desc d = { .init = init, .state = &s };
	struct opts op = { 0, &methods[0] };
	struct bench_prog p = prog;
	const char *why;
	char label[128];
	int first;

	memset(&s, 0, sizeof(s));
	p.ctx = &op;
	first = bench_begin(argc, argv, &p, &o);
	why = util_parse_u64(argv[first], 0, 60000000, &s.usecs);
	if (why != NULL) {
		util_err("bad usecs '%s': %s (0 to 60000000)", argv[first], why);
		return EXIT_USAGE;
	}
	if (op.m->run == do_itimer && s.usecs == 0) {
		util_err("itimer needs a period of at least 1 microsecond");
		return EXIT_USAGE;
	}
	if (op.realtime && realtime() != 0)
		return EXIT_FAILED;
	s.ts.tv_sec = s.tv.tv_sec = (time_t)(s.usecs / 1000000);
	s.ts.tv_nsec = (long)(s.usecs % 1000000) * 1000;
	s.tv.tv_usec = (suseconds_t)(s.usecs % 1000000);
	d.run = op.m->run;
	snprintf(label, sizeof(label), "%s%s %llu microseconds",
		 op.realtime ? "realtime " : "", op.m->name,
		 (unsigned long long)s.usecs);
	return bench_measure_us(&d, &o, label, 1);
}

/*
 * lib_timing.c - the clock, the supervisor that bounds every program,
 * the calibration of ENOUGH / TIMING_O / LOOP_O, and the harness.
 *
 * The harness (bench_run) follows lmbench's benchmp, re-thought:
 *  - one interval is `n` calls' worth of the benchmark's run callback,
 *    timed with CLOCK_MONOTONIC in nanoseconds; n is calibrated so that
 *    an interval lasts at least ENOUGH;
 *  - each interval is corrected: minus one clock read (TIMING_O) and
 *    minus n times the cost of an empty loop iteration (LOOP_O);
 *  - -W runs the benchmark untimed for that long before sampling;
 *  - -N intervals are kept per copy, all of them;
 *  - -P copies are processes that each set up, calibrate and report
 *    ready; they are released together, sample, and keep running (so the
 *    load stays) until every copy is done;
 *  - the merged samples of all copies give the statistic (median unless
 *    the program asks for the minimum), as lmbench combines them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bench.h"

/* Defined in lib_report.c: the program's arguments for the records. */
void report_set_args(int argc, char **argv);

#define DEFAULT_TIMEOUT_S 300

/* Set once by bench_start, read by bench_tmpdir. */
static char tmpdir_path[PATH_MAX];

/* Directories the supervisor removes when the program ends: shared with
 * the worker and every copy, which add the directories they make. */
#define MAX_CLEANUP 16
struct cleanup_reg {
	atomic_int n;			 /* entries used */
	char path[MAX_CLEANUP][PATH_MAX]; /* directories to remove */
};
static struct cleanup_reg *cleanup_reg;
/* Helpers per copy of the measurement in progress, for bench_fork. */
static int current_helpers;
/* The control pipe of this copy, closed in its helpers. */
static int current_ctl_fd = -1;
/* The copy this process measures (0 for -P 1). */
static int current_copy;

/* ------------------------------------------------------------------ */
/* Parties: every process of one copy's measurement, and the CPUs each
 * was seen on at the boundaries of the timed intervals (sampled, not
 * assumed): this process with sched_getcpu(), a helper from field 39 of
 * /proc/<pid>/stat, short-lived children (lat_proc) from a shared set
 * each child marks before it goes. */

#define MAX_PARTIES 64 /* tracked per copy; more helpers are counted */
#define MAX_SEEN 8     /* distinct CPUs kept per party */
#define CHILD_WORDS 16 /* children's CPU set: 1024 CPUs */

struct party {
	pid_t pid;  /* 0: this process; -1: the children */
	int helper; /* 0: this process; k: helper k; -1: the children */
	int asked;  /* the CPU the policy chose; < 0 none */
	int last;   /* the CPU last seen; -1 none yet */
	int nseen;  /* distinct CPUs seen (up to MAX_SEEN kept) */
	short seen[MAX_SEEN];
};

struct party_tab {
	int n;         /* parties tracked */
	int untracked; /* helpers beyond MAX_PARTIES */
	struct party p[MAX_PARTIES];
};

static struct party_tab parties;
/* Set while the timed callback runs: processes it forks (lat_pmake's
 * jobs) come and go within an interval and are not parties. */
static int in_timed;
static uint64_t *child_set;  /* shared with the children */
static pid_t child_set_owner; /* the process that mapped it */
static int child_cpu = -1;   /* where a child places itself; -1 stays */

static void
party_add(pid_t pid, int helper, int asked)
{
	struct party *q;

	if (parties.n >= MAX_PARTIES) {
		parties.untracked++;
		return;
	}
	q = &parties.p[parties.n++];
	memset(q, 0, sizeof(*q));
	q->pid = pid;
	q->helper = helper;
	q->asked = asked;
	q->last = -1;
}

/* A new measurement in this process, for copy `copy`. */
static void
parties_reset(int copy)
{
	current_copy = copy;
	parties.n = 0;
	parties.untracked = 0;
	child_cpu = -1;
	party_add(0, 0, sched_target(copy, 0, current_helpers));
}

/* Forget what was seen before the timed intervals. */
static void
parties_begin(void)
{
	int i;

	for (i = 0; i < parties.n; i++) {
		parties.p[i].nseen = 0;
		parties.p[i].last = -1;
	}
	if (child_set != NULL)
		for (i = 0; i < CHILD_WORDS; i++)
			__atomic_store_n(&child_set[i], 0, __ATOMIC_RELAXED);
}

static void
seen_add(struct party *q, int cpu)
{
	int i;

	if (cpu < 0)
		return;
	q->last = cpu;
	for (i = 0; i < q->nseen && i < MAX_SEEN; i++)
		if (q->seen[i] == cpu)
			return;
	if (q->nseen < MAX_SEEN)
		q->seen[q->nseen] = (short)cpu;
	q->nseen++;
}

/* The CPU a process last ran on: field 39 of /proc/<pid>/stat; -1. */
static int
proc_cpu(pid_t pid)
{
	char path[64], buf[1024], *p, *end;
	int fd, field;
	ssize_t r;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	r = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (r <= 0)
		return -1;
	buf[r] = '\0';
	/* The name (field 2) may hold spaces: count from its ')'. */
	p = strrchr(buf, ')');
	if (p == NULL)
		return -1;
	p++;
	for (field = 3; field < 39; field++) {
		p = strchr(p + 1, ' ');
		if (p == NULL)
			return -1;
	}
	field = (int)strtol(p + 1, &end, 10);
	return end == p + 1 ? -1 : field;
}

/* One look at every party (untimed, between intervals). */
static void
parties_sample(void)
{
	int i, w;

	for (i = 0; i < parties.n; i++) {
		struct party *q = &parties.p[i];

		if (q->pid == 0)
			seen_add(q, sched_getcpu());
		else if (q->pid > 0)
			seen_add(q, proc_cpu(q->pid));
		else if (child_set != NULL)
			for (w = 0; w < CHILD_WORDS; w++) {
				uint64_t m = __atomic_load_n(&child_set[w],
				                             __ATOMIC_RELAXED);
				int b;

				for (b = 0; b < 64; b++)
					if (m & (1ULL << b))
						seen_add(q, w * 64 + b);
			}
	}
}

int
bench_track_children(void)
{
	int main_cpu = sched_target(current_copy, 0, current_helpers);

	if (child_set == NULL || child_set_owner != getpid()) {
		child_set = mmap(NULL, CHILD_WORDS * sizeof(uint64_t),
		                 PROT_READ | PROT_WRITE,
		                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		if (child_set == MAP_FAILED) {
			child_set = NULL;
			util_syserr("mmap");
			return -1;
		}
		child_set_owner = getpid();
	}
	child_cpu = sched_target(current_copy, 1, current_helpers);
	party_add(-1, -1, child_cpu);
	/* A child inherits this process's CPU; it moves only when the
	 * policy puts it elsewhere. */
	if (child_cpu == main_cpu || child_cpu < 0)
		child_cpu = -1;
	return 0;
}

void
bench_child_start(void)
{
	int cpu;

	if (child_cpu >= 0) {
		cpu_set_t one;

		CPU_ZERO(&one);
		CPU_SET(child_cpu, &one);
		(void)sched_setaffinity(0, sizeof(one), &one);
	}
	cpu = sched_getcpu();
	if (child_set != NULL && cpu >= 0 && cpu < CHILD_WORDS * 64)
		__atomic_fetch_or(&child_set[cpu / 64], 1ULL << (cpu % 64),
		                  __ATOMIC_RELAXED);
}

/* Append to buf (len bytes, *used so far), never past its end. */
static void __attribute__((format(printf, 4, 5)))
append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (*used + 1 >= len)
		return;
	va_start(ap, fmt);
	w = vsnprintf(buf + *used, len - *used, fmt, ap);
	va_end(ap);
	if (w < 0)
		return;
	*used += (size_t)w;
	if (*used >= len) {
		*used = len - 1;
		if (len > 4)
			memcpy(buf + len - 4, "...", 4);
	}
}

static int
party_helpers(const struct party_tab *t)
{
	int i, k = 0;

	for (i = 0; i < t->n; i++)
		k += t->p[i].helper > 0;
	return k + t->untracked;
}

/* The name of party i: main, helper (the only one), helperK, child. */
static void
party_name(char *buf, size_t len, const struct party_tab *t, int i)
{
	const struct party *q = &t->p[i];

	if (q->helper == 0)
		snprintf(buf, len, "main");
	else if (q->helper < 0)
		snprintf(buf, len, "child");
	else if (party_helpers(t) == 1)
		snprintf(buf, len, "helper");
	else
		snprintf(buf, len, "helper%d", q->helper);
}

/* The CPUs party i was seen on, per copy: "0", "0+1", "0,1" (copies). */
static void
party_cpus(char *buf, size_t len, const struct party_tab *tabs, int ncopies,
           int i)
{
	size_t used = 0;
	int c, k;

	buf[0] = '\0';
	for (c = 0; c < ncopies; c++) {
		const struct party *q =
		    i < tabs[c].n ? &tabs[c].p[i] : NULL;

		if (c)
			append(buf, len, &used, ",");
		if (q == NULL || q->nseen == 0) {
			append(buf, len, &used, "?");
			continue;
		}
		for (k = 0; k < q->nseen && k < MAX_SEEN; k++)
			append(buf, len, &used, "%s%d", k ? "+" : "", q->seen[k]);
		if (q->nseen > MAX_SEEN)
			append(buf, len, &used, "+...");
	}
}

static int
party_moved(const struct party_tab *tabs, int ncopies, int i)
{
	int c;

	for (c = 0; c < ncopies; c++)
		if (i < tabs[c].n && tabs[c].p[i].nseen > 1)
			return 1;
	return 0;
}

/*
 * "POLICY cpus=A,B main=A,B helper=A,B ..." for ncopies copies: cpus
 * lists the CPU each copy's own process was last seen on (lmbench-ng's
 * first form), then every party with the CPUs it was seen on during the
 * timed intervals, per copy; a run of helpers seen alike is one entry
 * (helper1-7=0).  CROSS adds shared=<cache level>; moved= names the
 * parties seen on more than one CPU.  Returns the number of those.
 */
static int
placement(char *buf, size_t len, const struct party_tab *tabs, int ncopies)
{
	char name[32], v[256], w[256];
	const char *shared = sched_cross_shared(0);
	size_t used = 0;
	int c, i, j, moved = 0;

	append(buf, len, &used, "%s cpus=", sched_policy());
	for (c = 0; c < ncopies; c++) {
		int cpu = tabs[c].n > 0 ? tabs[c].p[0].last : -1;

		if (cpu < 0)
			append(buf, len, &used, "%s?", c ? "," : "");
		else
			append(buf, len, &used, "%s%d", c ? "," : "", cpu);
	}
	for (i = 0; i < tabs[0].n; i = j) {
		party_name(name, sizeof(name), &tabs[0], i);
		party_cpus(v, sizeof(v), tabs, ncopies, i);
		/* Helpers k..m seen alike: one entry. */
		for (j = i + 1; tabs[0].p[i].helper > 0 && j < tabs[0].n &&
		                tabs[0].p[j].helper == tabs[0].p[j - 1].helper + 1;
		     j++) {
			party_cpus(w, sizeof(w), tabs, ncopies, j);
			if (strcmp(v, w) != 0)
				break;
		}
		if (j - i > 1)
			append(buf, len, &used, " %s-%d=%s", name,
			       tabs[0].p[j - 1].helper, v);
		else
			append(buf, len, &used, " %s=%s", name, v);
	}
	if (tabs[0].untracked)
		append(buf, len, &used, " untracked=%d", tabs[0].untracked);
	if (shared != NULL)
		append(buf, len, &used, " shared=%s", shared);
	for (i = 0; i < tabs[0].n; i++)
		if (party_moved(tabs, ncopies, i)) {
			party_name(name, sizeof(name), &tabs[0], i);
			append(buf, len, &used, "%s%s", moved ? "," : " moved=",
			       name);
			moved++;
		}
	return moved;
}

/* The record's placement, and one line on stderr when a party that the
 * policy placed, or any party of a measurement with several, was seen
 * on more than one CPU during the timed intervals. */
static void
placement_report(char *buf, size_t len, const struct party_tab *tabs,
                 int ncopies)
{
	char name[32], v[256], line[512];
	size_t used = 0;
	int i, placed = 0;

	if (placement(buf, len, tabs, ncopies) == 0)
		return;
	for (i = 0; i < tabs[0].n; i++) {
		if (!party_moved(tabs, ncopies, i))
			continue;
		placed |= tabs[0].p[i].asked >= 0;
		party_name(name, sizeof(name), &tabs[0], i);
		party_cpus(v, sizeof(v), tabs, ncopies, i);
		append(line, sizeof(line), &used, "%s%s on CPUs %s",
		       used ? ", " : "", name, v);
		if (tabs[0].p[i].asked >= 0)
			append(line, sizeof(line), &used, " (placed on %d)",
			       tabs[0].p[i].asked);
	}
	if (placed || tabs[0].n > 1)
		util_err("warning: moved between CPUs during the timed "
		         "intervals (LMBENCH_SCHED %s): %s; the figure mixes "
		         "placements",
		         sched_policy(), line);
}

uint64_t
timing_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static volatile uint64_t sink_u64;
static const void *volatile sink_ptr;

int
bench_procedure(int v)
{
	return v + 1;
}

void
bench_use(uint64_t v)
{
	sink_u64 = v;
}

void
bench_use_ptr(const void *p)
{
	sink_ptr = p;
}

/* ------------------------------------------------------------------ */
/* The supervisor.                                                     */

static int
rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void
bench_rmtree(const char *path)
{
	struct stat st;

	if (path[0] != '\0' && lstat(path, &st) == 0)
		nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Remove the private directory and every registered one. */
static void
remove_tmpdir(void)
{
	int i, n;

	bench_rmtree(tmpdir_path);
	if (cleanup_reg == NULL)
		return;
	n = atomic_load(&cleanup_reg->n);
	for (i = 0; i < n && i < MAX_CLEANUP; i++)
		bench_rmtree(cleanup_reg->path[i]);
}

char *
bench_mkdtemp(const char *dir, const char *prefix)
{
	char *path = malloc(PATH_MAX);
	int slot;

	if (path == NULL) {
		util_err("out of memory");
		return NULL;
	}
	if ((size_t)snprintf(path, PATH_MAX, "%s/%s.XXXXXX", dir, prefix) >=
	    PATH_MAX) {
		util_err("directory name too long: %s", dir);
		free(path);
		return NULL;
	}
	if (mkdtemp(path) == NULL) {
		util_syserr("cannot make a directory in %s", dir);
		free(path);
		return NULL;
	}
	if (cleanup_reg != NULL) {
		slot = atomic_fetch_add(&cleanup_reg->n, 1);
		if (slot < MAX_CLEANUP)
			snprintf(cleanup_reg->path[slot], PATH_MAX, "%s", path);
	}
	return path;
}

/* The private directory's name: under $TMPDIR (or /tmp), with the pid
 * and clock bits, so that it is neither fixed nor predictable. */
static void
name_tmpdir(void)
{
	const char *base = getenv("TMPDIR");

	snprintf(tmpdir_path, sizeof(tmpdir_path), "%s/lmbench-ng.%ld.%llx",
	         base && *base ? base : "/tmp", (long)getpid(),
	         (unsigned long long)(timing_now_ns() & 0xffffffffffULL));
}

const char *
bench_tmpdir(void)
{
	static int made;

	if (!made) {
		if (tmpdir_path[0] == '\0')
			name_tmpdir();
		if (mkdir(tmpdir_path, 0700) != 0) {
			struct stat st;

			/* Another copy of this run may have made it; anyone
			 * else's directory of that name is refused. */
			if (errno != EEXIST || lstat(tmpdir_path, &st) != 0 ||
			    !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
			    (st.st_mode & 0777) != 0700) {
				util_syserr("cannot make temporary directory %s",
				            tmpdir_path);
				return NULL;
			}
		}
		made = 1;
	}
	return tmpdir_path;
}

static const char *
signame(int sig)
{
	switch (sig) {
	case SIGTERM: return "SIGTERM";
	case SIGINT: return "SIGINT";
	case SIGHUP: return "SIGHUP";
	case SIGQUIT: return "SIGQUIT";
	case SIGKILL: return "SIGKILL";
	case SIGSEGV: return "SIGSEGV";
	case SIGBUS: return "SIGBUS";
	case SIGFPE: return "SIGFPE";
	case SIGILL: return "SIGILL";
	case SIGABRT: return "SIGABRT";
	case SIGPIPE: return "SIGPIPE";
	default: return "a signal";
	}
}

/* Reap the worker's orphans, which the kernel hands to the supervisor
 * (a child subreaper), so that not even a zombie is left.  Bounded. */
static void
reap_orphans(pid_t pgid)
{
	int i;

	/* Only the worker's group: a server that detached into a session of
	 * its own (lat_tcp -s) is not waited for. */
	for (i = 0; i < 200; i++) {
		pid_t w = waitpid(-pgid, NULL, WNOHANG);

		if (w < 0 && errno == ECHILD)
			return;
		if (w <= 0) {
			struct timespec ts = { 0, 5000000 };

			nanosleep(&ts, NULL);
		}
	}
}

/* Kill the worker's process group and reap everything. */
static void
kill_worker(pid_t pid)
{
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	reap_orphans(pid);
}

static void __attribute__((noreturn))
supervise(pid_t pid, const sigset_t *waitset, const sigset_t *oldmask,
          uint64_t timeout_s)
{
	uint64_t deadline =
	    timeout_s ? timing_now_ns() + timeout_s * 1000000000ULL : 0;
	int status = 0;

	for (;;) {
		struct timespec ts = { 1, 0 }, *tsp = NULL;
		siginfo_t info;
		int sig;
		pid_t w;

		if (deadline) {
			uint64_t now = timing_now_ns();
			uint64_t left = deadline > now ? deadline - now : 0;

			ts.tv_sec = (time_t)(left / 1000000000ULL);
			ts.tv_nsec = (long)(left % 1000000000ULL);
			tsp = &ts;
		}
		sig = sigtimedwait(waitset, &info, tsp);
		if (sig < 0 && errno == EINTR)
			continue;
		if (sig < 0 && errno == EAGAIN) {
			util_err("stopped: still running after %llu s "
			         "(LMBENCH_TIMEOUT)",
			         (unsigned long long)timeout_s);
			kill_worker(pid);
			remove_tmpdir();
			_exit(EXIT_FAILED);
		}
		if (sig == SIGCHLD) {
			w = waitpid(pid, &status, WNOHANG);
			if (w == pid)
				break;
			continue;
		}
		if (sig > 0) {
			/* Asked to stop: take every process down, then end
			 * by the same signal so the caller sees why. */
			kill_worker(pid);
			remove_tmpdir();
			signal(sig, SIG_DFL);
			sigprocmask(SIG_SETMASK, oldmask, NULL);
			raise(sig);
			_exit(128 + sig);
		}
	}
	/* The worker ended: nothing it started may outlive it. */
	kill(-pid, SIGKILL);
	reap_orphans(pid);
	remove_tmpdir();
	if (WIFEXITED(status))
		_exit(WEXITSTATUS(status));
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		if (sig == SIGTERM || sig == SIGINT || sig == SIGHUP ||
		    sig == SIGKILL) {
			signal(sig, SIG_DFL);
			sigprocmask(SIG_SETMASK, oldmask, NULL);
			raise(sig);
		}
		util_err("died from %s", signame(sig));
	}
	_exit(EXIT_FAILED);
}

int
bench_start(int argc, char **argv)
{
	uint64_t timeout_s = DEFAULT_TIMEOUT_S;
	sigset_t waitset, oldmask;
	pid_t parent = getpid(), pid;

	util_set_progname(argc > 0 ? argv[0] : NULL);
	report_set_args(argc, argv);
	if (util_env_u64("LMBENCH_TIMEOUT", 0, 100000000, &timeout_s) < 0)
		return -1;
	/* The name is fixed before the split so the supervisor knows what
	 * to remove; the worker makes the directory only if it needs it. */
	name_tmpdir();
	cleanup_reg = mmap(NULL, sizeof(*cleanup_reg), PROT_READ | PROT_WRITE,
	                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (cleanup_reg == MAP_FAILED) {
		util_syserr("mmap");
		cleanup_reg = NULL;
		return -1;
	}
	atomic_init(&cleanup_reg->n, 0);

	sigemptyset(&waitset);
	sigaddset(&waitset, SIGCHLD);
	sigaddset(&waitset, SIGTERM);
	sigaddset(&waitset, SIGINT);
	sigaddset(&waitset, SIGHUP);
	sigaddset(&waitset, SIGQUIT);
	sigprocmask(SIG_BLOCK, &waitset, &oldmask);
	/* Orphans of the worker come to the supervisor, to be reaped (set
	 * before the fork: a child does not inherit it). */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		util_syserr("fork");
		sigprocmask(SIG_SETMASK, &oldmask, NULL);
		return -1;
	}
	if (pid == 0) {
		/* The worker: its own process group (so one kill takes all
		 * its processes), killed if the supervisor dies. */
		setpgid(0, 0);
		prctl(PR_SET_CHILD_SUBREAPER, 0);
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(EXIT_FAILED);
		sigprocmask(SIG_SETMASK, &oldmask, NULL);
		/* A peer that died is reported by the write that finds it
		 * gone (EPIPE), not by a signal that ends the program. */
		signal(SIGPIPE, SIG_IGN);
		return 0;
	}
	setpgid(pid, pid);
	supervise(pid, &waitset, &oldmask, timeout_s);
}

int
bench_fork(int copy, int helper)
{
	pid_t parent = getpid();
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		util_syserr("fork");
		return -1;
	}
	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(EXIT_FAILED);
		if (current_ctl_fd >= 0) {
			close(current_ctl_fd);
			current_ctl_fd = -1;
		}
		if (sched_place(copy, helper, current_helpers) == -1)
			_exit(EXIT_FAILED);
		return 0;
	}
	if (helper > 0 && !in_timed)
		party_add(pid, helper, sched_target(copy, helper,
		                                    current_helpers));
	return pid;
}

/* ------------------------------------------------------------------ */
/* Calibration.                                                        */

#if defined(__clang__)
#define NO_UNROLL _Pragma("clang loop unroll(disable)")
#else
#define NO_UNROLL _Pragma("GCC unroll 1")
#endif

/* The reference work: dependent loads of a pointer to itself. */
static void *self_ptr = &self_ptr;

static __attribute__((noinline)) void
loop_one(uint64_t n)
{
	void **p = (void **)self_ptr;

	NO_UNROLL
	while (n-- > 0)
		p = (void **)*p;
	bench_use_ptr(p);
}

static __attribute__((noinline)) void
loop_two(uint64_t n)
{
	void **p = (void **)self_ptr;

	NO_UNROLL
	while (n-- > 0) {
		p = (void **)*p;
		p = (void **)*p;
	}
	bench_use_ptr(p);
}

static uint64_t
time_loop(void (*f)(uint64_t), uint64_t n)
{
	uint64_t t0 = timing_now_ns();

	f(n);
	return timing_now_ns() - t0;
}

/* Minimum over k runs of f(n), in ns. */
static uint64_t
min_loop(void (*f)(uint64_t), uint64_t n, int k)
{
	uint64_t best = UINT64_MAX;
	int i;

	for (i = 0; i < k; i++) {
		uint64_t t = time_loop(f, n);

		if (t < best)
			best = t;
	}
	return best;
}

/* Iterations of f that take about target ns. */
static uint64_t
size_loop(void (*f)(uint64_t), uint64_t target)
{
	uint64_t n = 1, t;

	for (;;) {
		t = min_loop(f, n, 3);
		if (t >= target / 4 && t > 0)
			break;
		n *= t < target / 64 ? 16 : 2;
		if (n > (1ULL << 40))
			break;
	}
	return (uint64_t)((double)n * (double)target / (double)(t ? t : 1)) + 1;
}

double
timing_granularity_ns(void)
{
	static double gran = -1;
	uint64_t best = UINT64_MAX;
	int i;

	if (gran >= 0)
		return gran;
	for (i = 0; i < 100; i++) {
		uint64_t a = timing_now_ns(), b;

		while ((b = timing_now_ns()) == a)
			;
		if (b - a < best)
			best = b - a;
	}
	gran = (double)best;
	return gran;
}

double
timing_overhead_ns(void)
{
	static double cost = -1;
	double env;
	int i, j;

	if (cost >= 0)
		return cost;
	if (util_env_double("TIMING_O", &env) > 0) {
		cost = env * 1000.0; /* lmbench keeps it in microseconds */
		return cost;
	}
	cost = 1e30;
	for (i = 0; i < 11; i++) {
		uint64_t t0 = timing_now_ns(), t1;

		for (j = 0; j < 1000; j++)
			(void)timing_now_ns();
		t1 = timing_now_ns();
		if ((double)(t1 - t0) / 1001.0 < cost)
			cost = (double)(t1 - t0) / 1001.0;
	}
	return cost;
}

double
timing_enough_ns(void)
{
	static double enough = -1;
	static const uint64_t candidates_ms[] = { 1, 2, 5, 10, 20, 50, 100 };
	uint64_t env;
	size_t i;
	int rc;

	if (enough >= 0)
		return enough;
	rc = util_env_u64("ENOUGH", 1, 3600000000ULL, &env);
	if (rc < 0)
		return -1;
	if (rc > 0) {
		enough = (double)env * 1000.0;
		return enough;
	}
	/* The shortest interval at which the clock is linear: twice the
	 * work must take twice the time, within 1 %, comparing the best of
	 * seven runs of each.  The runs alternate, so that a slow drift of
	 * the machine's speed (common on shared virtual machines) moves both
	 * minimums alike instead of failing every candidate. */
	for (i = 0; i < sizeof(candidates_ms) / sizeof(candidates_ms[0]); i++) {
		uint64_t target = candidates_ms[i] * 1000000ULL;
		uint64_t n = size_loop(loop_one, target);
		uint64_t t1 = UINT64_MAX, t2 = UINT64_MAX, t;
		int k;

		for (k = 0; k < 7; k++) {
			t = time_loop(loop_one, n);
			if (t < t1)
				t1 = t;
			t = time_loop(loop_one, 2 * n);
			if (t < t2)
				t2 = t;
		}
		if (t1 > 0 &&
		    fabs((double)t2 / (2.0 * (double)t1) - 1.0) < 0.01 &&
		    (double)t1 > 1000 * timing_granularity_ns()) {
			enough = (double)target;
			return enough;
		}
	}
	enough = 100e6;
	return enough;
}

double
timing_loop_overhead_ns(void)
{
	static double cost = -1;
	double env, enough;
	uint64_t n;
	double t1, t2;

	if (cost >= 0)
		return cost;
	if (util_env_double("LOOP_O", &env) > 0) {
		cost = env * 1000.0;
		return cost;
	}
	enough = timing_enough_ns();
	if (enough < 0)
		enough = 1e6;
	/* As lmbench: a loop of one load and a loop of two; the cost of the
	 * loop itself is 2*t1 - t2 per iteration, never below zero. */
	n = size_loop(loop_one, (uint64_t)enough);
	t1 = (double)min_loop(loop_one, n, 11) - timing_overhead_ns();
	t2 = (double)min_loop(loop_two, n, 11) - timing_overhead_ns();
	cost = (2 * t1 - t2) / (double)n;
	if (cost < 0 || !isfinite(cost))
		cost = 0;
	return cost;
}

int
timing_check_env(void)
{
	double d;
	uint64_t u;

	if (util_env_u64("ENOUGH", 1, 3600000000ULL, &u) < 0)
		return -1;
	if (util_env_double("TIMING_O", &d) < 0)
		return -1;
	if (util_env_double("LOOP_O", &d) < 0)
		return -1;
	if (sched_check_env() < 0)
		return -1;
	if (report_check_env() < 0)
		return -1;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Options.                                                            */

void
bench_opts_init(struct bench_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->parallel = 1;
	o->repetitions = 11;
	o->stat = BENCH_MEDIAN;
}

int
bench_opt(struct bench_opts *o, int c, const char *arg)
{
	uint64_t v;
	const char *why;

	switch (c) {
	case '?':
		/* getopt takes "-1m" for an option: say what it is. */
		if (optopt >= '0' && optopt <= '9') {
			util_err("negative numbers are not accepted (-%c...)",
			         optopt);
			return -1;
		}
		return 0;
	case 'P':
		why = util_parse_u64(arg, 1, BENCH_MAX_PARALLEL, &v);
		if (why) {
			util_err("bad -P '%s': %s (1 to %d)", arg, why,
			         BENCH_MAX_PARALLEL);
			return -1;
		}
		o->parallel = (int)v;
		return 1;
	case 'W':
		why = util_parse_u64(arg, 0, 3600000000ULL, &v);
		if (why) {
			util_err("bad -W '%s': %s (microseconds)", arg, why);
			return -1;
		}
		o->warmup_us = v;
		return 1;
	case 'N':
		why = util_parse_u64(arg, 1, BENCH_MAX_REPETITIONS, &v);
		if (why) {
			util_err("bad -N '%s': %s (1 to %d)", arg, why,
			         BENCH_MAX_REPETITIONS);
			return -1;
		}
		o->repetitions = (int)v;
		return 1;
	default: return 0;
	}
}

int
bench_getopt(int argc, char **argv, const char *own, struct bench_opts *o,
             int (*handle)(void *ctx, int c, const char *arg), void *ctx)
{
	char optstring[64];
	int c, rc;

	snprintf(optstring, sizeof(optstring), "%shP:W:N:", own);
	opterr = 0;
	while ((c = getopt(argc, argv, optstring)) != -1) {
		rc = bench_opt(o, c, optarg);
		if (rc < 0)
			return -1;
		if (rc == 1)
			continue;
		if (c != '?' && c != 'h' && c != ':' && c != '+' &&
		    strchr(own, c) != NULL && handle != NULL) {
			if (handle(ctx, c, optarg) != 0)
				return -1;
			continue;
		}
		return -2;
	}
	return optind;
}

int
bench_measure_us(const struct bench_desc *d, const struct bench_opts *o,
                 const char *label, double ops_per_iter)
{
	struct bench_result r;
	int rc;

	if (bench_run(d, o, &r) != 0)
		return EXIT_FAILED;
	rc = report_us(&r, label, ops_per_iter);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

int
bench_measure_diff(struct bench_desc *d, const struct bench_opts *o,
                   void (*choose)(struct bench_desc *d, int figure),
                   const char *label, double ops_per_iter)
{
	struct bench_result r, base;
	int tries, rc;

	/* A busy spell during the baseline alone can put it at or above the
	 * figure: the pair is measured again, up to three times. */
	for (tries = 0; tries < 3; tries++) {
		choose(d, 0);
		if (bench_run(d, o, &base) != 0)
			return EXIT_FAILED;
		choose(d, 1);
		if (bench_run(d, o, &r) != 0) {
			bench_result_free(&base);
			return EXIT_FAILED;
		}
		if (r.ns_per_iter > base.ns_per_iter || tries == 2)
			break;
		bench_result_free(&r);
		bench_result_free(&base);
	}
	rc = report_us_diff(&r, &base, label, ops_per_iter);
	bench_result_free(&r);
	bench_result_free(&base);
	return rc == 0 ? 0 : EXIT_FAILED;
}

int
bench_measure_mbs(const struct bench_desc *d, const struct bench_opts *o,
                  const char *label, double bytes_per_iter)
{
	struct bench_result r;
	int rc;

	if (bench_run(d, o, &r) != 0)
		return EXIT_FAILED;
	rc = report_mbs(&r, label, bytes_per_iter);
	bench_result_free(&r);
	return rc == 0 ? 0 : EXIT_FAILED;
}

/* ------------------------------------------------------------------ */
/* The harness.                                                        */

/* Everything one copy needs to measure. */
struct copy_ctx {
	const struct bench_desc *d;
	const struct bench_opts *o;
	double enough_ns;         /* target interval */
	double timing_o;          /* ns subtracted per interval */
	double loop_o;            /* ns subtracted per iteration */
	uint64_t iters;           /* calibrated iterations per interval */
	struct bench_sample *out; /* o->repetitions samples */
};

/* One call of run with n iterations, timed, between the untimed
 * before and after hooks; ns may be NULL. */
static int
timed(const struct copy_ctx *c, uint64_t n, uint64_t *ns)
{
	const struct bench_desc *d = c->d;
	uint64_t t0;
	int rc;

	if (d->before && d->before(d->state, n) != 0)
		return -1;
	in_timed = 1;
	t0 = timing_now_ns();
	rc = d->run(d->state, n);
	if (ns)
		*ns = timing_now_ns() - t0;
	in_timed = 0;
	if (d->after && d->after(d->state, n) != 0)
		return -1;
	return rc;
}

/* Find n such that one interval lasts at least the target. */
static int
calibrate(struct copy_ctx *c)
{
	double target = c->enough_ns;
	uint64_t n = 1, t;
	int tries;

	if (c->o->fixed_iterations) {
		c->iters = c->o->fixed_iterations;
		return 0;
	}
	for (tries = 0; tries < 200; tries++) {
		if (timed(c, n, &t) != 0)
			return -1;
		/* The very first interval pays for cold starts (page faults,
		 * a connection's first data): it must show twice. */
		if (tries == 0 && (double)t >= 0.95 * target &&
		    timed(c, n, &t) != 0)
			return -1;
		if ((double)t >= 0.95 * target) {
			c->iters = n;
			return 0;
		}
		/* Scale from a trustworthy interval; grow by 8 from one
		 * too short to trust. */
		if ((double)t > target / 64)
			n = (uint64_t)ceil((double)n * 1.1 * target /
			                   (double)t);
		else
			n *= 8;
		if (n > (1ULL << 50))
			break;
	}
	util_err("the benchmark takes no measurable time "
	         "(no interval reached %.0f us)",
	         target / 1000);
	return -1;
}

static int
measure_copy(struct copy_ctx *c)
{
	int k;

	if (c->o->warmup_us) {
		uint64_t end = timing_now_ns() + c->o->warmup_us * 1000;

		do {
			if (timed(c, c->iters, NULL) != 0)
				return -1;
		} while (timing_now_ns() < end);
	}
	parties_begin();
	for (k = 0; k < c->o->repetitions; k++) {
		uint64_t t;
		double v;

		parties_sample();
		if (timed(c, c->iters, &t) != 0)
			return -1;
		parties_sample();
		v = (double)t - c->timing_o - (double)c->iters * c->loop_o;
		c->out[k].ns_per_iter = v > 0 ? v / (double)c->iters : 0;
		c->out[k].iters = c->iters;
	}
	return 0;
}

/* Shared between the copies and the parent for -P > 1. */
struct shared {
	atomic_int stop;         /* set by the parent: copies may exit */
	struct party_tab *tabs;  /* per copy: its parties (own mapping) */
	struct bench_sample s[]; /* parallel * repetitions samples */
};

static int
write_byte(int fd, char ch)
{
	ssize_t w;

	do
		w = write(fd, &ch, 1);
	while (w < 0 && errno == EINTR);
	return w == 1 ? 0 : -1;
}

static void __attribute__((noreturn))
run_copy(struct copy_ctx *c, int copy, int ctl, int go, struct shared *sh)
{
	char ch;
	ssize_t r;
	int ok;

	current_ctl_fd = ctl;
	parties_reset(copy);
	if (c->d->init && c->d->init(c->d->state, copy) != 0) {
		write_byte(ctl, 'E');
		_exit(EXIT_FAILED);
	}
	if (calibrate(c) != 0) {
		write_byte(ctl, 'E');
		_exit(EXIT_FAILED);
	}
	write_byte(ctl, 'R');
	do
		r = read(go, &ch, 1);
	while (r < 0 && errno == EINTR);
	if (r != 1)
		_exit(EXIT_FAILED);
	c->out = &sh->s[(size_t)copy * (size_t)c->o->repetitions];
	ok = measure_copy(c) == 0;
	sh->tabs[copy] = parties;
	write_byte(ctl, ok ? 'D' : 'E');
	if (!ok)
		_exit(EXIT_FAILED);
	/* Keep the load on until every copy has its samples. */
	while (!atomic_load(&sh->stop))
		if (timed(c, c->iters, NULL) != 0)
			break;
	if (c->d->cleanup)
		c->d->cleanup(c->d->state);
	_exit(0);
}

/* Wait until every copy has sent `want`; -1 if one failed or died. */
static int
gather(struct pollfd *pfd, int n, char want)
{
	int pending = n, i;

	for (i = 0; i < n; i++)
		pfd[i].events = POLLIN;
	while (pending > 0) {
		int rc = poll(pfd, (nfds_t)n, -1);

		if (rc < 0) {
			if (errno == EINTR)
				continue;
			util_syserr("poll");
			return -1;
		}
		for (i = 0; i < n; i++) {
			char ch;
			ssize_t r;

			if (pfd[i].fd < 0 ||
			    !(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			r = read(pfd[i].fd, &ch, 1);
			if (r < 0 && errno == EINTR)
				continue;
			if (r != 1 || ch != want) {
				if (r != 1)
					util_err("copy %d of %d died", i + 1,
					         n);
				return -1;
			}
			pfd[i].fd = -pfd[i].fd - 1; /* poll skips negatives */
			pending--;
		}
	}
	for (i = 0; i < n; i++)
		pfd[i].fd = -pfd[i].fd - 1;
	return 0;
}

static int
run_parallel(struct copy_ctx *c, struct bench_sample *all, char *where,
             size_t wherelen)
{
	int P = c->o->parallel, i, go[2], rc = -1;
	size_t shsize = sizeof(struct shared) + (size_t)P *
	                                            (size_t)c->o->repetitions *
	                                            sizeof(struct bench_sample);
	struct shared *sh;
	struct pollfd *pfd = calloc((size_t)P, sizeof(*pfd));
	pid_t *pids = calloc((size_t)P, sizeof(*pids));

	if (pfd == NULL || pids == NULL) {
		util_err("out of memory for %d copies", P);
		free(pfd);
		free(pids);
		return -1;
	}
	sh = mmap(NULL, shsize, PROT_READ | PROT_WRITE,
	          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		util_syserr("mmap");
		free(pfd);
		free(pids);
		return -1;
	}
	atomic_init(&sh->stop, 0);
	sh->tabs = mmap(NULL, (size_t)P * sizeof(*sh->tabs),
	                PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1,
	                0);
	if (sh->tabs == MAP_FAILED) {
		util_syserr("mmap");
		munmap(sh, shsize);
		free(pfd);
		free(pids);
		return -1;
	}
	memset(sh->tabs, 0, (size_t)P * sizeof(*sh->tabs));
	if (pipe2(go, O_CLOEXEC) != 0) {
		util_syserr("pipe");
		goto out;
	}
	for (i = 0; i < P; i++) {
		int ctl[2], j;

		pids[i] = -1;
		pfd[i].fd = -1;
		if (pipe2(ctl, O_CLOEXEC) != 0) {
			util_syserr("pipe");
			goto kill;
		}
		pids[i] = bench_fork(i, 0);
		if (pids[i] < 0) {
			close(ctl[0]);
			close(ctl[1]);
			goto kill;
		}
		if (pids[i] == 0) {
			close(ctl[0]);
			close(go[1]);
			for (j = 0; j < i; j++)
				close(pfd[j].fd);
			run_copy(c, i, ctl[1], go[0], sh);
		}
		close(ctl[1]);
		pfd[i].fd = ctl[0];
	}
	close(go[0]);
	go[0] = -1;
	if (gather(pfd, P, 'R') != 0)
		goto kill;
	/* Release every copy at once. */
	for (i = 0; i < P; i++)
		if (write_byte(go[1], 'G') != 0) {
			util_syserr("start barrier");
			goto kill;
		}
	if (gather(pfd, P, 'D') != 0)
		goto kill;
	atomic_store(&sh->stop, 1);
	rc = 0;
	for (i = 0; i < P; i++) {
		int st;

		while (waitpid(pids[i], &st, 0) < 0 && errno == EINTR)
			;
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 0)
			rc = -1;
		pids[i] = -1;
	}
	if (rc != 0)
		util_err("a copy failed while finishing");
	memcpy(all, sh->s,
	       (size_t)P * (size_t)c->o->repetitions * sizeof(*all));
	placement_report(where, wherelen, sh->tabs, P);
	c->iters = sh->s[0].iters;
	goto close;
kill:
	for (i = 0; i < P; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
	for (i = 0; i < P; i++)
		if (pids[i] > 0)
			while (waitpid(pids[i], NULL, 0) < 0 && errno == EINTR)
				;
close:
	for (i = 0; i < P; i++)
		if (pfd[i].fd >= 0)
			close(pfd[i].fd);
	if (go[0] >= 0)
		close(go[0]);
	close(go[1]);
out:
	munmap(sh->tabs, (size_t)P * sizeof(*sh->tabs));
	munmap(sh, shsize);
	free(pfd);
	free(pids);
	return rc;
}

static int
cmp_sample(const void *a, const void *b)
{
	double x = ((const struct bench_sample *)a)->ns_per_iter;
	double y = ((const struct bench_sample *)b)->ns_per_iter;

	return (x > y) - (x < y);
}

int
bench_run(const struct bench_desc *d, const struct bench_opts *o,
          struct bench_result *r)
{
	struct copy_ctx c;
	size_t n = (size_t)o->parallel * (size_t)o->repetitions, i;
	double *v;

	memset(r, 0, sizeof(*r));
	memset(&c, 0, sizeof(c));
	c.d = d;
	c.o = o;
	c.enough_ns = timing_enough_ns();
	if (c.enough_ns < 0)
		return -1;
	if ((double)o->min_interval_ns > c.enough_ns)
		c.enough_ns = (double)o->min_interval_ns;
	c.timing_o = timing_overhead_ns();
	c.loop_o = timing_loop_overhead_ns();
	current_helpers = o->helpers;

	r->samples = calloc(n, sizeof(*r->samples));
	if (r->samples == NULL) {
		util_err("out of memory for %zu samples", n);
		return -1;
	}
	if (o->parallel <= 1) {
		c.out = r->samples;
		parties_reset(0);
		if (sched_place(0, 0, o->helpers) == -1) {
			bench_result_free(r);
			return -1;
		}
		if (d->init && d->init(d->state, 0) != 0) {
			/* cleanup undoes whatever init did before failing */
			if (d->cleanup)
				d->cleanup(d->state);
			bench_result_free(r);
			return -1;
		}
		if (calibrate(&c) != 0 || measure_copy(&c) != 0) {
			if (d->cleanup)
				d->cleanup(d->state);
			bench_result_free(r);
			return -1;
		}
		placement_report(r->placement, sizeof(r->placement), &parties,
		                 1);
		if (d->cleanup)
			d->cleanup(d->state);
	} else if (run_parallel(&c, r->samples, r->placement,
	                        sizeof(r->placement)) != 0) {
		bench_result_free(r);
		return -1;
	}
	qsort(r->samples, n, sizeof(*r->samples), cmp_sample);
	r->nsamples = n;
	v = malloc(n * sizeof(*v));
	if (v == NULL) {
		util_err("out of memory");
		bench_result_free(r);
		return -1;
	}
	for (i = 0; i < n; i++)
		v[i] = r->samples[i].ns_per_iter;
	r->ns_per_iter =
	    o->stat == BENCH_MINIMUM ? stats_min(v, n) : stats_median(v, n);
	free(v);
	r->stat = o->stat;
	r->parallel = o->parallel;
	r->repetitions = o->repetitions;
	r->warmup_us = o->warmup_us;
	r->iterations = c.iters;
	r->enough_ns = c.enough_ns;
	r->timing_o_ns = c.timing_o;
	r->loop_o_ns = c.loop_o;
	return 0;
}

void
bench_result_free(struct bench_result *r)
{
	free(r->samples);
	r->samples = NULL;
	r->nsamples = 0;
}

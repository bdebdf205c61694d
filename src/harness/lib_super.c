/*
 * lib_super.c - the supervisor: the program's start, its private
 * temporary directory, helper processes, signals and the run-time bound
 * (lib_super.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "lib_clock.h"
#include "lib_party.h"
#include "lib_place.h"
#include "lib_super.h"
#include "lib_util.h"

/* Directories the supervisor removes when the program ends (by a signal
 * as well): shared with the worker and every copy, which add the
 * directories they make; mapped once by super_start. */
#define MAX_CLEANUP 16
struct cleanup_reg {
	atomic_int n;			 /* entries used */
	char path[MAX_CLEANUP][PATH_MAX]; /* directories to remove */
};
static struct cleanup_reg *cleanup_reg;

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
super_rmtree(const char *path)
{
	struct stat st;

	if (path[0] != '\0' && lstat(path, &st) == 0)
		nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* Remove the private directory (tmpdir) and every registered one. */
static void
remove_tmpdir(const char *tmpdir)
{
	int i, n;

	super_rmtree(tmpdir);
	if (cleanup_reg == NULL)
		return;
	n = atomic_load(&cleanup_reg->n);
	for (i = 0; i < n && i < MAX_CLEANUP; i++)
		super_rmtree(cleanup_reg->path[i]);
}

char *
super_mkdtemp(const char *dir, const char *prefix)
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
name_tmpdir(char *path, size_t len)
{
	const char *base = getenv("TMPDIR");

	snprintf(path, len, "%s/lmbench-ng.%ld.%llx",
	         base && *base ? base : "/tmp", (long)getpid(),
	         (unsigned long long)(timing_now_ns() & 0xffffffffffULL));
}

const char *
super_tmpdir(const struct super_run *run)
{
	const char *path = run->tmpdir;
	struct stat st;

	if (path[0] == '\0') {
		util_err("no private temporary directory: the run has no "
		         "supervisor");
		return NULL;
	}
	/* Made by this process, another copy of this run or an earlier
	 * call: ours; anyone else's directory of that name is refused. */
	if (mkdir(path, 0700) != 0 &&
	    (errno != EEXIST || lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) ||
	     st.st_uid != geteuid() || (st.st_mode & 0777) != 0700)) {
		util_syserr("cannot make temporary directory %s", path);
		return NULL;
	}
	return path;
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

	/* Only the worker's group: a server that detached into a process
	 * group of its own (lat_tcp -s) is not waited for. */
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
          const struct super_run *run)
{
	unsigned long long timeout_s = run->timeout_s;
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
			         timeout_s);
			kill_worker(pid);
			remove_tmpdir(run->tmpdir);
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
			remove_tmpdir(run->tmpdir);
			signal(sig, SIG_DFL);
			sigprocmask(SIG_SETMASK, oldmask, NULL);
			raise(sig);
			_exit(128 + sig);
		}
	}
	/* The worker ended: nothing it started may outlive it. */
	kill(-pid, SIGKILL);
	reap_orphans(pid);
	remove_tmpdir(run->tmpdir);
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
super_start(struct super_run *run)
{
	uint64_t timeout_s = SUPER_DEFAULT_TIMEOUT_S;
	sigset_t waitset, oldmask;
	pid_t parent = getpid(), pid;

	if (util_env_u64("LMBENCH_TIMEOUT", 0, 100000000, &timeout_s) < 0)
		return -1;
	run->timeout_s = timeout_s;
	/* The name is fixed before the split so the supervisor knows what
	 * to remove; the worker makes the directory only if it needs it. */
	name_tmpdir(run->tmpdir, sizeof(run->tmpdir));
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
	supervise(pid, &waitset, &oldmask, run);
}

int
super_fork(struct copy_ctx *cx, int helper)
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
		if (cx != NULL && cx->ctl_fd >= 0) {
			close(cx->ctl_fd);
			cx->ctl_fd = -1;
		}
		if (cx != NULL && cx->err_fd >= 0) {
			dup2(cx->err_fd, STDERR_FILENO);
			close(cx->err_fd);
			cx->err_fd = -1;
		}
		if (place_party(cx ? cx->policy : place_policy(NULL),
		                cx ? cx->copy : 0, helper,
		                cx ? cx->helpers : 0) == -1)
			_exit(EXIT_FAILED);
		return 0;
	}
	if (cx != NULL && helper > 0 && !cx->in_timed)
		party_add(cx, pid, helper,
		          place_target(cx->policy, cx->copy, helper,
		                       cx->helpers));
	return pid;
}

void
super_reap(pid_t *pid)
{
	if (*pid > 0) {
		kill(*pid, SIGKILL);
		while (waitpid(*pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	*pid = -1;
}

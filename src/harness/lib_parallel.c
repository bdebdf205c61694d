/*
 * lib_parallel.c - -P copies of a measurement, each a process that sets
 * up, calibrates and says it is ready; all are released together,
 * sample, and keep running (so the load stays) until every copy has its
 * samples (lib_harness_impl.h).  The copies' stderr is a pipe this
 * process reads and says on, so that copies that fail alike say so once.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib_harness_impl.h"
#include "lib_party.h"
#include "lib_super.h"
#include "lib_util.h"

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
run_copy(struct copy_run *c, int copy, int ctl, int go, struct shared *sh)
{
	char ch;
	ssize_t r;
	int ok;

	party_reset(&c->cx, c->policy, copy, c->o->helpers, &c->o->run);
	c->cx.ctl_fd = ctl;
	if (c->d->init && c->d->init(c->d->state, &c->cx) != 0) {
		write_byte(ctl, 'E');
		_exit(EXIT_FAILED);
	}
	if (bench_calibrate(c) != 0) {
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
	ok = bench_measure_copy(c) == 0;
	sh->tabs[copy] = c->cx.parties;
	write_byte(ctl, ok ? 'D' : 'E');
	if (!ok)
		_exit(EXIT_FAILED);
	/* Keep the load on until every copy has its samples. */
	while (!atomic_load(&sh->stop))
		if (bench_timed(c, c->iters, NULL) != 0)
			break;
	if (c->d->cleanup)
		c->d->cleanup(c->d->state);
	_exit(0);
}

/* The parent's side of -P copies. */
struct copies {
	int n;              /* copies */
	size_t shsize;      /* bytes mapped at sh */
	struct shared *sh;  /* samples and parties, shared with the copies */
	struct pollfd *pfd; /* each copy's control pipe, then (pfd[n]) the
	                     * read end of err; fd -1 when none */
	pid_t *pids;        /* each copy; -1 when none or reaped */
	int go[2];          /* the start barrier; -1 when closed */
	int err[2];         /* the copies' stderr (theirs and their
	                     * children's); -1 when closed */
	struct util_said said; /* what has been said while they ran, by
	                        * them (copies_relay) and by this process */
};

/* Say what the copies have written so far (util_said_read); at its
 * end, when all of them and theirs have closed it, poll no longer looks
 * at it. */
static void
copies_relay(struct copies *k)
{
	if (util_said_read(&k->said, k->err[0]))
		k->pfd[k->n].fd = -1;
}

/* An error of this process's own that follows the copies': said as
 * util_err says it unless an error was said (the copy's own). */
static void __attribute__((format(printf, 2, 3)))
copies_err(struct copies *k, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (!k->said.error)
		util_err("%s", msg);
	k->said.error = 1;
}

/* Wait until every copy has sent `want`; -1 if one failed or died,
 * after a message unless it was the copy's own (said first: it wrote
 * it before its answer). */
static int
gather(struct copies *k, char want)
{
	struct pollfd *pfd = k->pfd;
	int n = k->n, pending = n, i;

	for (i = 0; i <= n; i++)
		pfd[i].events = POLLIN;
	while (pending > 0) {
		int rc = poll(pfd, (nfds_t)n + 1, -1);

		if (rc < 0) {
			if (errno == EINTR)
				continue;
			util_syserr("poll");
			k->said.error = 1;
			return -1;
		}
		copies_relay(k);
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
					copies_err(k, "copy %d of %d died",
					           i + 1, n);
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

/* Release whatever copies_open made (copies already killed or reaped). */
static void
copies_close(struct copies *k)
{
	int i;

	for (i = 0; k->pfd != NULL && i < k->n; i++)
		if (k->pfd[i].fd >= 0)
			close(k->pfd[i].fd);
	for (i = 0; i < 2; i++) {
		if (k->go[i] >= 0)
			close(k->go[i]);
		if (k->err[i] >= 0)
			close(k->err[i]);
	}
	if (k->sh != NULL) {
		if (k->sh->tabs != NULL)
			munmap(k->sh->tabs, (size_t)k->n * sizeof(*k->sh->tabs));
		munmap(k->sh, k->shsize);
	}
	free(k->pfd);
	free(k->pids);
}

/* Memory shared with n copies of reps samples each, the barrier and
 * the pipe of their stderr.  0, or -1 after a message (nothing left to
 * release). */
static int
copies_open(struct copies *k, int n, int reps)
{
	int i;

	memset(k, 0, sizeof(*k));
	k->n = n;
	k->go[0] = k->go[1] = k->err[0] = k->err[1] = -1;
	k->shsize = sizeof(struct shared) +
	            (size_t)n * (size_t)reps * sizeof(struct bench_sample);
	k->pfd = calloc((size_t)n + 1, sizeof(*k->pfd));
	k->pids = calloc((size_t)n, sizeof(*k->pids));
	if (k->pfd == NULL || k->pids == NULL) {
		util_err("out of memory for %d copies", n);
		copies_close(k);
		return -1;
	}
	for (i = 0; i < n; i++) {
		k->pfd[i].fd = -1;
		k->pids[i] = -1;
	}
	k->pfd[n].fd = -1;
	k->sh = mmap(NULL, k->shsize, PROT_READ | PROT_WRITE,
	             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (k->sh == MAP_FAILED) {
		k->sh = NULL;
		util_syserr("mmap");
		copies_close(k);
		return -1;
	}
	atomic_init(&k->sh->stop, 0);
	k->sh->tabs = mmap(NULL, (size_t)n * sizeof(*k->sh->tabs),
	                   PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
	                   -1, 0);
	if (k->sh->tabs == MAP_FAILED) {
		k->sh->tabs = NULL;
		util_syserr("mmap");
		copies_close(k);
		return -1;
	}
	memset(k->sh->tabs, 0, (size_t)n * sizeof(*k->sh->tabs));
	if (pipe2(k->go, O_CLOEXEC) != 0) {
		k->go[0] = k->go[1] = -1;
		util_syserr("pipe");
		copies_close(k);
		return -1;
	}
	if (pipe2(k->err, O_CLOEXEC) != 0 ||
	    fcntl(k->err[0], F_SETFL, O_NONBLOCK) != 0) {
		util_syserr("pipe");
		copies_close(k);
		return -1;
	}
	k->pfd[n].fd = k->err[0];
	k->pfd[n].events = POLLIN;
	return 0;
}

/* Fork every copy, each with its control pipe and its stderr the pipe
 * k->err; 0, or -1 after a message (the copies forked so far are left
 * to copies_kill). */
static int
copies_fork(struct copies *k, struct copy_run *c)
{
	int i, j, ctl[2];

	for (i = 0; i < k->n; i++) {
		if (pipe2(ctl, O_CLOEXEC) != 0) {
			util_syserr("pipe");
			k->said.error = 1;
			return -1;
		}
		/* Copy i is placed as itself (helper 0 of copy i). */
		party_reset(&c->cx, c->policy, i, c->o->helpers, &c->o->run);
		c->cx.err_fd = k->err[1];
		k->pids[i] = super_fork(&c->cx, 0);
		c->cx.err_fd = -1;
		if (k->pids[i] < 0) {
			close(ctl[0]);
			close(ctl[1]);
			k->said.error = 1;
			return -1;
		}
		if (k->pids[i] == 0) {
			close(ctl[0]);
			close(k->go[1]);
			close(k->err[0]);
			for (j = 0; j < i; j++)
				close(k->pfd[j].fd);
			run_copy(c, i, ctl[1], k->go[0], k->sh);
		}
		close(ctl[1]);
		k->pfd[i].fd = ctl[0];
	}
	close(k->go[0]);
	close(k->err[1]);
	k->go[0] = k->err[1] = -1;
	return 0;
}

/* Wait for copy i to end, saying what the copies write meanwhile (a
 * copy's last lines must not wait for room in the pipe); its status,
 * or -1 where it cannot be waited for. */
static int
copies_wait(struct copies *k, int i)
{
	int st;

	for (;;) {
		pid_t w = waitpid(k->pids[i], &st, WNOHANG);

		if (w == k->pids[i])
			break;
		if (w < 0 && errno != EINTR)
			return -1;
		(void)poll(&k->pfd[k->n], 1, 10);
		copies_relay(k);
	}
	k->pids[i] = -1;
	copies_relay(k);
	return st;
}

static void
copies_kill(struct copies *k)
{
	int i;

	for (i = 0; i < k->n; i++)
		if (k->pids[i] > 0)
			kill(k->pids[i], SIGKILL);
	for (i = 0; i < k->n; i++)
		if (k->pids[i] > 0)
			(void)copies_wait(k, i);
}

/* Reap every copy; 0, or -1 after a message if one did not exit 0. */
static int
copies_reap(struct copies *k)
{
	int i, st, rc = 0;

	for (i = 0; i < k->n; i++) {
		st = copies_wait(k, i);
		if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
			rc = -1;
	}
	if (rc != 0)
		copies_err(k, "a copy failed while finishing");
	return rc;
}

/* Release every copy at once; 0, or -1 after a message. */
static int
copies_release(struct copies *k)
{
	int i;

	for (i = 0; i < k->n; i++)
		if (write_byte(k->go[1], 'G') != 0) {
			util_syserr("start barrier");
			k->said.error = 1;
			return -1;
		}
	return 0;
}

int
bench_run_parallel(struct copy_run *c, struct bench_sample *all, char *where,
             size_t wherelen)
{
	struct copies k;
	int rc;

	if (copies_open(&k, c->o->parallel, c->o->repetitions) != 0)
		return -1;
	/* While the copies run, the first failure among them and this
	 * process is said, once: theirs through k.err, this process's
	 * own after k.said. */
	if (copies_fork(&k, c) != 0 || gather(&k, 'R') != 0 ||
	    copies_release(&k) != 0 || gather(&k, 'D') != 0) {
		copies_kill(&k);
		util_said_rest(&k.said);
		copies_close(&k);
		return -1;
	}
	atomic_store(&k.sh->stop, 1);
	rc = copies_reap(&k);
	util_said_rest(&k.said);
	memcpy(all, k.sh->s,
	       (size_t)k.n * (size_t)c->o->repetitions * sizeof(*all));
	party_report(where, wherelen, c->policy, k.sh->tabs, k.n);
	c->iters = k.sh->s[0].iters;
	copies_close(&k);
	return rc;
}

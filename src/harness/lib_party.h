/*
 * lib_party.h - the parties of one copy's measurement and the per-copy
 * context.
 *
 * A party is a process of the measurement: the copy's own process
 * ("main"), a helper it forked ("helperK"), its short-lived children
 * as one party ("child"), or the network server it talks to on this
 * host ("server").  The CPUs each was seen on at the boundaries
 * of the timed intervals are sampled, not assumed: this process with
 * sched_getcpu(), a helper from field 39 of /proc/<pid>/stat, children
 * from a shared set each child marks before it goes.
 *
 * struct copy_ctx is what one copy of a measurement knows about itself;
 * the harness hands it to the benchmark's init, which passes it on to
 * super_fork for its helpers.
 */
#ifndef LIB_PARTY_H
#define LIB_PARTY_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define PARTY_MAX  64 /* tracked per copy; more helpers are counted */
#define PARTY_SEEN 8  /* distinct CPUs kept per party */

/* One process of the measurement. */
#define PARTY_CHILD  (-1) /* struct party's helper: the children */
#define PARTY_SERVER (-2) /* struct party's helper: the server */

struct party {
	pid_t pid;  /* 0: this process; -1: the children or a server not
	             * found (never sampled); else a process */
	int helper; /* 0: this process; k: helper k; PARTY_CHILD;
	             * PARTY_SERVER */
	int asked;  /* the CPU the policy chose; < 0 none */
	int last;   /* the CPU last seen; -1 none yet */
	int nseen;  /* distinct CPUs seen (up to PARTY_SEEN kept) */
	short seen[PARTY_SEEN]; /* the CPUs seen, first seen first */
};

/* Every party of one copy. */
struct party_tab {
	int n;         /* parties tracked */
	int untracked; /* helpers beyond PARTY_MAX */
	struct party p[PARTY_MAX]; /* p[0] is this process */
};

struct super_run;

/* One copy of a measurement, as its own process knows it. */
struct copy_ctx {
	const char *policy;  /* the placement in force (place_policy) */
	int copy;            /* this copy, 0.. (-P copies) */
	int helpers;         /* helpers each copy forks (placement) */
	int ctl_fd;          /* the copy's control pipe, closed in helpers;
	                      * -1 when none */
	int in_timed;        /* 1 while the timed callback runs: what it
	                      * forks (lat_pmake's jobs) is no party */
	int child_cpu;       /* where a tracked child places itself;
	                      * -1: it stays where it was born */
	uint64_t *child_set; /* CPUs the children ran on (shared mapping);
	                      * NULL until party_track_children */
	struct party_tab parties; /* this copy's parties */
	const struct super_run *run; /* the run (o->run): its private
	                              * directory (super_tmpdir) */
	int err_fd;          /* what the copy's stderr becomes as super_fork
	                      * starts it (the pipe its parent says the
	                      * copies' lines from); -1 when none */
};

/* A new measurement of copy `copy` whose copies fork `helpers` helpers
 * each, placed by policy (place_policy's answer, kept as a pointer), in
 * the run `run` (kept as a pointer): the context with this process as
 * its only party. */
void party_reset(struct copy_ctx *cx, const char *policy, int copy, int helpers,
                 const struct super_run *run);
/* Release what party_track_children mapped. */
void party_free(struct copy_ctx *cx);
/* Add a helper (pid, number, the CPU it was placed on or < 0). */
void party_add(struct copy_ctx *cx, pid_t pid, int helper, int asked);
/* The network server of this copy's connection as a party ("server"):
 * pid from lib_peer (> 0: sampled like a helper; PEER_UNKNOWN: a server
 * on this host that could not be found, shown "server=?"; PEER_REMOTE:
 * another host's, no party).  Called by the client's init. */
void party_add_server(struct copy_ctx *cx, pid_t pid);
/* Forget what was seen before the timed intervals. */
void party_begin(struct copy_ctx *cx);
/* One look at every party (untimed, between intervals). */
void party_sample(struct copy_ctx *cx);

/*
 * Short-lived children (lat_proc): party_track_children, in the
 * benchmark's init, makes them a party of the measurement ("child");
 * each child calls party_child_start first thing, which places it by
 * LMBENCH_SCHED as helper 1 (where that differs from its parent's CPU)
 * and marks the CPU it runs on.  0, or -1 after a message.
 */
int party_track_children(struct copy_ctx *cx);
void party_child_start(const struct copy_ctx *cx);

/*
 * The record's placement of ncopies copies' parties, placed by policy,
 * into buf:
 * "POLICY cpus=A,B main=A,B helper=A,B ..." (doc/lmbench-ng-json.5),
 * and one warning line on stderr when a party that the policy placed,
 * or any party of a measurement with several, was seen on more than one
 * CPU during the timed intervals.
 */
void party_report(char *buf, size_t len, const char *policy,
                  const struct party_tab *tabs, int ncopies);

#endif

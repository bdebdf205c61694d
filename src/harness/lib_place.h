/*
 * lib_place.h - placement: the CPUs this program may use, CPU lists,
 * pinning a process or a thread to a CPU, and the policies (LMBENCH_SCHED,
 * a server's -c) that say where every party of a measurement runs.
 *
 * One module owns it all: the one reading of the affinity mask (every
 * logical CPU number below is an index into it, so a cpuset or taskset
 * around the program is respected), the one cache of CPU pairs CROSS
 * takes from the topology, and the one message a refused pin gives,
 * "cannot run on CPU N: why", whichever party it was for.  The CPU set,
 * lists and pins are lib_place.c's, the policies lib_place_policy.c's.
 * lib_threads (pinned teams), lib_task (crews), lib_super (helpers) and
 * lib_party (children) pin through it.
 */
#ifndef LIB_PLACE_H
#define LIB_PLACE_H

#include <pthread.h>
#include <stddef.h>

#define PLACE_MAX_CPUS 1024 /* CPU numbers 0..PLACE_MAX_CPUS-1 */

/* The CPUs in the affinity mask the process had at the first call
 * (memoized: later pinning does not change it), ascending, into
 * *cpus; their count, or -1 after a message. */
int place_allowed(const int **cpus);
/* Whether cpu is one of place_allowed's. */
int place_is_allowed(int cpu);
/* Parse a CPU list ("0,2-5") naming `what` in messages: each CPU online
 * and in the affinity mask, none twice.  The count (1..max), or -1 after
 * "bad WHAT 'arg': why". */
int place_parse_list(const char *what, const char *arg, int *cpus, int max);
/* A CPU list as text ("0,1,5") into buf. */
void place_format_list(char *buf, size_t len, const int *cpus, int n);

/* Pin the calling thread (a process's only one: the process) to cpu: 0,
 * or -1 after "cannot run on CPU N: why". */
int place_pin(int cpu);
/* The same for thread t; cpu < 0: t is left where it is. */
int place_pin_thread(pthread_t t, int cpu);
/* place_pin without a message, for a child that cannot say it (one
 * forked in a timed callback): 0, or -1. */
int place_pin_quiet(int cpu);

/*
 * The placement policy in force: LMBENCH_SCHED when set, else the
 * program's own default (fallback: struct bench_opts's placement;
 * NULL: "DEFAULT").  Policies: DEFAULT, SINGLE, SAME, CROSS, BALANCED,
 * BALANCED_SPREAD, UNIQUE, UNIQUE_SPREAD, "CUSTOM cpu cpu ...",
 * "CUSTOM_UNIQUE cpu ..." (alias CUSTOM_SPREAD).
 */
const char *place_policy(const char *fallback);
/*
 * Place the calling process for copy `copy` (0..) and helper `helper`
 * (0 = the copy itself) where each copy has `helpers` helpers, by policy
 * (place_policy's answer).  SAME puts every party of copy c on CPU c;
 * CROSS puts copy c's process and its even helpers on one CPU of a pair
 * and the odd helpers on the other, the pair chosen to share a cache
 * (place_cross_shared names the level).  Logical CPU k is the k-th CPU
 * of place_allowed's.  Returns the CPU chosen, -2 when the policy places
 * nothing, or -1 after a message.
 */
int place_party(const char *policy, int copy, int helper, int helpers);
/* The CPU place_party would choose, without moving anything. */
int place_target(const char *policy, int copy, int helper, int helpers);
/*
 * Place a network server (the calling process) by LMBENCH_SCHED, SAME
 * when unset (every server's default: loopback figures on one CPU), as
 * the peer of copy 0: SAME on copy 0's CPU, CROSS on the other CPU of its
 * pair.  For lat_tcp, lat_udp, lat_connect, bw_tcp, lat_rpc,
 * lat_unix_connect and lmhttp's servers.  As place_party.
 */
int place_server(void);
/* A placement given by an option (a server's -c): checked, then in
 * force as if LMBENCH_SCHED said it.  0, or -1 after a message. */
int place_set_policy(const char *policy);
/* Check LMBENCH_SCHED: 0; -1 after a message when it is not
 * understood; -2 after a message when it is CROSS and the process may
 * use one CPU only (not supported here: the program exits 77). */
int place_check_env(void);
/* Under CROSS (policy), the cache level copy's pair of CPUs shares
 * ("L2", "L3", "none"); NULL under any other policy. */
const char *place_cross_shared(const char *policy, int copy);

/* Pure helpers, exposed for the unit tests. */
/* Logical CPU index for the policy (before taking it modulo ncpus); -2 for
 * DEFAULT; -3 for CROSS (chosen from the topology); -1 if the policy is
 * not understood. */
int place_logical_cpu(const char *policy, int copy, int helper, int helpers,
                      int ncpus);
/* The k-th number of the bit-reversal permutation of 0..n-1. */
int place_spread(int k, int n);

#endif

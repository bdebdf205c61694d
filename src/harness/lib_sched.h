/*
 * lib_sched.h - CPU placement of every party of a measurement (LMBENCH_SCHED).
 */
#ifndef LIB_SCHED_H
#define LIB_SCHED_H

/*
 * The placement policy in force: LMBENCH_SCHED when set, else the
 * program's own default (fallback: struct bench_opts's placement;
 * NULL: "DEFAULT").  Policies: DEFAULT, SINGLE, SAME, CROSS, BALANCED,
 * BALANCED_SPREAD, UNIQUE, UNIQUE_SPREAD, "CUSTOM cpu cpu ...",
 * "CUSTOM_UNIQUE cpu ..." (alias CUSTOM_SPREAD).
 */
const char *sched_policy(const char *fallback);
/*
 * Place the calling process for copy `copy` (0..) and helper `helper`
 * (0 = the copy itself) where each copy has `helpers` helpers, by policy
 * (sched_policy's answer).  SAME puts every party of copy c on CPU c;
 * CROSS puts copy c's process and its even helpers on one CPU of a pair
 * and the odd helpers on the other, the pair chosen to share a cache
 * (sched_cross_shared names the level).  Logical CPU k is the k-th CPU of
 * the affinity mask the program started with, so restricted cpusets are
 * respected.  Returns the CPU chosen, -2 when the policy places nothing,
 * or -1 after a message.
 */
int sched_place(const char *policy, int copy, int helper, int helpers);
/* The CPU sched_place would choose, without moving anything. */
int sched_target(const char *policy, int copy, int helper, int helpers);
/*
 * Place a network server (the calling process) by LMBENCH_SCHED, SAME
 * when unset (every server's default: loopback figures on one CPU), as
 * the peer of copy 0: SAME on copy 0's CPU, CROSS on the other CPU of its
 * pair.  For lat_tcp, lat_udp, lat_connect, bw_tcp, lat_rpc,
 * lat_unix_connect and lmhttp's servers.  As sched_place.
 */
int sched_place_server(void);
/* A placement given by an option (a server's, e.g. -s's value): checked,
 * then in force as if LMBENCH_SCHED said it.  0, or -1 after a message. */
int sched_set_policy(const char *policy);
/* Check LMBENCH_SCHED: 0; -1 after a message when it is not
 * understood; -2 after a message when it is CROSS and the process may
 * use one CPU only (not supported here: the program exits 77). */
int sched_check_env(void);
/* Under CROSS (policy), the cache level copy's pair of CPUs shares
 * ("L2", "L3", "none"); NULL under any other policy. */
const char *sched_cross_shared(const char *policy, int copy);

/* Pure helpers, exposed for the unit tests. */
/* Logical CPU index for the policy (before taking it modulo ncpus); -2 for
 * DEFAULT; -3 for CROSS (chosen from the topology); -1 if the policy is
 * not understood. */
int sched_logical_cpu(const char *policy, int copy, int helper, int helpers,
                      int ncpus);
/* The k-th number of the bit-reversal permutation of 0..n-1. */
int sched_spread(int k, int n);

#endif

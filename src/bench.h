/*
 * bench.h - the whole lmbench-ng library in one header, for code outside
 * the project.  The library's own files and the programs include the
 * headers of the modules they use instead.
 *
 * Modules (one header each; exported names carry the prefix shown):
 *   lib_util     util_    program name, messages, exit statuses, strict
 *                         number/size parsers, whole reads and writes
 *   lib_stats    stats_   median, percentiles, CIs, rank tests
 *   lib_clock    timing_  the clock, sinks, ENOUGH/TIMING_O/LOOP_O
 *   lib_party    party_   the parties of a measurement, the per-copy
 *                         context, the CPUs each was seen on
 *   lib_super    super_   the supervisor: start, temporary directory,
 *                         helpers, signals, the run bound
 *   lib_harness  bench_   the measurement (bench_run)
 *   lib_opts     opts_    the shared options -P -W -N and getopt
 *   lib_bench    bench_   a program's start, environment check, and a
 *                         measurement with its report
 *   lib_sched    sched_   CPU placement (LMBENCH_SCHED)
 *   lib_mem      mem_     buffers and their placement, pointer chains
 *   lib_chase    chase_   random chases: latency, parallelism
 *   lib_analysis line_ cache_  line's and cache's decisions
 *   lib_ipc      ipc_     helpers of the pipe and socket benchmarks
 *   lib_ops      ops_     dependent arithmetic chains
 *   lib_tcp      net_     sockets, network options, servers
 *   lib_peer     peer_    the local process at a socket's other end
 *   lib_udp      udp_     lmbench's UDP stop message, the echo server
 *   lib_unix     unix_    UNIX-domain pairs and abstract addresses
 *   lib_file     file_    the files the file and VM benchmarks read
 *   lib_task     task_    room for many tasks, pinned threads, futexes
 *   lib_report   report_  the classic lines and the JSON records
 *
 * Conventions: library functions return 0 (or a pointer) on success and
 * -1 (or NULL) after printing why on stderr; only main() and usage()
 * exit.  Exit statuses are those of SPEC.md.
 */
#ifndef BENCH_H
#define BENCH_H

#include "lib_util.h"
#include "lib_stats.h"
#include "lib_clock.h"
#include "lib_party.h"
#include "lib_super.h"
#include "lib_harness.h"
#include "lib_opts.h"
#include "lib_bench.h"
#include "lib_sched.h"
#include "lib_mem.h"
#include "lib_chase.h"
#include "lib_analysis.h"
#include "lib_ipc.h"
#include "lib_ops.h"
#include "lib_tcp.h"
#include "lib_peer.h"
#include "lib_udp.h"
#include "lib_unix.h"
#include "lib_file.h"
#include "lib_task.h"
#include "lib_report.h"

#endif

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
 *   lib_place    place_   placement: the CPUs the program may use, CPU
 *                         lists, pins, the policies (LMBENCH_SCHED, -c)
 *   lib_mem      mem_     buffers and their placement, pointer chains
 *   lib_chase    chase_   random chases: latency, parallelism
 *   lib_analysis line_ cache_  line's and cache's decisions
 *   lib_ipc      ipc_     helpers of the pipe and socket benchmarks
 *   lib_ring     ring_    a ring of processes passing a token (lat_ctx)
 *   lib_ops      ops_     dependent arithmetic chains
 *   lib_topo     topo_    which CPUs share a cache; CROSS's pairs
 *   lib_net      net_     sockets, network options, a client's end
 *   lib_server   server_  a server's start, lifetime, end; -s and -S
 *   lib_forked   forked_  a server with a process per connection
 *   lib_polled   polled_  a server polling its connections
 *   lib_rtt      rtt_     lat_tcp's and lat_udp's body
 *   lib_tcpbw    tcpbw_   bw_tcp's protocol
 *   lib_udpbw    udpbw_   bw_udp's protocol
 *   lib_http     http_    lmhttp's file server
 *   lib_dd       dd_      lmdd's operands and files
 *   lib_ddio     ddio_    lmdd's transfer
 *   (lib_sunrpc  sunrpc_  lat_rpc's RPC, outside the library: libtirpc)
 *   lib_peer     peer_    the local process at a socket's other end
 *   lib_udp      udp_     lmbench's UDP stop message, the echo server
 *   lib_unix     unix_    UNIX-domain pairs and abstract addresses
 *   lib_file     file_    the files the file and VM benchmarks read
 *   lib_task     task_    room for many tasks, crews, futexes
 *   lib_report   report_  the classic lines and the JSON records
 *   lib_json     json_    a record's pieces: exact numbers, params, the
 *                         run's context
 *   lib_params   params_  a command line's parameters for the records
 *   lib_bw       bw_      bw_mem's kernels (lib_bw_classic: lmbench's)
 *   lib_sweep    sweep_   cache's sweep of sizes
 *   lib_threads  thr_     pinned teams of threads
 *   lib_load     load_    traffic threads (lat_mem_load, bw_mem_peak)
 *   lib_sample   sample_  results from a program's own samples
 *   lib_cpuid    cpuid_   what an x86 processor states of its TLB
 *   lib_fd       fd_      descriptors and children a state holds
 *   lib_file_bw  file_bw_ the file a file-reading program measures
 *   lib_infer    infer_   Student's t, Welch's test (compare's gate)
 *   lib_share    share_   the cache line by false sharing (line)
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
#include "lib_place.h"
#include "lib_mem.h"
#include "lib_chase.h"
#include "lib_analysis.h"
#include "lib_ipc.h"
#include "lib_ring.h"
#include "lib_ops.h"
#include "lib_topo.h"
#include "lib_net.h"
#include "lib_server.h"
#include "lib_forked.h"
#include "lib_polled.h"
#include "lib_rtt.h"
#include "lib_tcpbw.h"
#include "lib_udpbw.h"
#include "lib_http.h"
#include "lib_dd.h"
#include "lib_ddio.h"
#include "lib_peer.h"
#include "lib_udp.h"
#include "lib_unix.h"
#include "lib_fd.h"
#include "lib_file.h"
#include "lib_file_bw.h"
#include "lib_task.h"
#include "lib_report.h"
#include "lib_json.h"
#include "lib_params.h"
#include "lib_bw.h"
#include "lib_sweep.h"
#include "lib_share.h"
#include "lib_threads.h"
#include "lib_load.h"
#include "lib_sample.h"
#include "lib_cpuid.h"
#include "lib_infer.h"

#endif

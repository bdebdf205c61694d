#!/bin/sh
# signals.sh BUILD - a program ends, with every process it made and its
# temporary files, within a second of SIGTERM or SIGINT, at any point,
# -P runs and size sweeps included; LMBENCH_TIMEOUT bounds a run; a copy
# or helper that dies makes the program fail with status 1.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

TMPDIR=$T_TMP/tmp
export TMPDIR
# A program that fails to stop must not hold the suite for long.
LMBENCH_TIMEOUT=60
export LMBENCH_TIMEOUT
# Long intervals: with -N 10000 no run can end before it is stopped.
ENOUGH=20000
export ENOUGH
mkdir -p "$TMPDIR"
# the programs stop_test stopped
STOPPED=

# alive PID...: how many of these processes still exist.
alive() {
	n=0
	for p in "$@"; do
		kill -0 "$p" 2>/dev/null && n=$((n + 1))
	done
	echo "$n"
}

# tree PID: PID and all its descendants.
tree() {
	echo "$1"
	for c in $(pgrep -P "$1"); do
		tree "$c"
	done
}

# wait_for N PID: wait up to 5 s until the tree under PID has N processes.
wait_for() {
	i=0
	while [ "$(tree "$2" | wc -l)" -lt "$1" ] && [ $i -lt 100 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

# gone_within_1s PID...: all processes gone within a second.
gone_within_1s() {
	i=0
	while [ "$(alive "$@")" -gt 0 ] && [ $i -lt 20 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	[ "$(alive "$@")" -eq 0 ]
}

# stop_test SIG WANT_PROCS DESC CMD...: start CMD, wait until it has
# WANT_PROCS processes and runs a little, send SIG to it, check.
stop_test() {
	sig=$1 procs=$2 desc=$3
	shift 3
	STOPPED="$STOPPED ${1##*/}"
	"$@" >"$T_TMP/out" 2>"$T_TMP/err" &
	pid=$!
	wait_for "$procs" "$pid"
	# A random moment: set-up, calibration or measurement.
	sleep "$(awk 'BEGIN { srand(); printf "%.2f", 0.05 + rand() * 0.5 }')"
	# Between rounds a program's parties come and go (lat_pmake's jobs,
	# lat_msg's copies): the whole tree again before it is counted.
	wait_for "$procs" "$pid"
	all=$(tree "$pid")
	if [ "$(echo "$all" | wc -l)" -ge "$procs" ]; then ok; else
		not_ok "$desc: only $(echo "$all" | wc -l) processes running"
	fi
	kill -"$sig" "$pid"
	# shellcheck disable=SC2086
	if gone_within_1s $all; then ok; else
		not_ok "$desc: processes left 1 s after SIG$sig: $(ps -o pid,args -p "$(echo $all | tr ' ' ,)" 2>/dev/null | tail -n +2)"
		# shellcheck disable=SC2086
		kill -9 $all 2>/dev/null
	fi
	wait "$pid"
	rc=$?
	case $sig in
	TERM) want=143 ;;
	INT) want=130 ;;
	*) want=x ;;
	esac
	if [ "$rc" = "$want" ]; then ok; else not_ok "$desc: exit status $rc, want $want"; fi
	if [ -z "$(ls -A "$TMPDIR")" ]; then ok; else
		not_ok "$desc: left $(ls -A "$TMPDIR")"
		rm -rf "${TMPDIR:?}"/*
	fi
}

# supervisor + worker + 2 copies
stop_test TERM 4 "bw_mem -P 2, SIGTERM" "$BUILD/bw_mem" -P 2 -N 10000 8m rd
stop_test INT 4 "bw_mem -P 2, SIGINT" "$BUILD/bw_mem" -P 2 -N 10000 8m fcp
# supervisor + worker, in the middle of a sweep
stop_test TERM 2 "lat_mem_rd sweep, SIGTERM" "$BUILD/lat_mem_rd" -N 10000 64 64 128
stop_test INT 2 "lat_mem_rd -t sweep, SIGINT" "$BUILD/lat_mem_rd" -t 64 16
# supervisor + worker + 2 copies + 2 helpers; a temporary file in use
stop_test TERM 6 "lat_pipe -P 2, SIGTERM" "$BUILD/lat_pipe" -P 2 -N 10000
stop_test TERM 2 "lat_syscall open (temp file), SIGTERM" "$BUILD/lat_syscall" -N 10000 open
stop_test TERM 2 "msleep, SIGTERM" "$BUILD/msleep" 100000

# Every OS program, killed at a random moment: nothing left behind.
mkdir -p "$T_TMP/fs"
stop_test TERM 3 "lat_unix" "$BUILD/lat_unix" -N 10000
stop_test TERM 3 "lat_fifo" "$BUILD/lat_fifo" -N 10000
stop_test INT 3 "lat_fifo, SIGINT" "$BUILD/lat_fifo" -N 10000 -P 1
stop_test TERM 3 "bw_pipe" "$BUILD/bw_pipe" -N 10000
stop_test TERM 3 "bw_unix" "$BUILD/bw_unix" -N 10000
stop_test TERM 3 "lat_sem" "$BUILD/lat_sem" -N 10000
stop_test TERM 3 "lat_fcntl" "$BUILD/lat_fcntl" -N 10000
stop_test TERM 2 "lat_ctx overhead phase" "$BUILD/lat_ctx" -N 10000 -s 16 8
stop_test TERM 9 "lat_ctx ring of 8" "$BUILD/lat_ctx" -N 30 -s 16 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8 8
stop_test TERM 2 "lat_proc fork" "$BUILD/lat_proc" -N 10000 fork
stop_test TERM 2 "lat_proc shell" "$BUILD/lat_proc" -N 10000 shell
stop_test TERM 2 "lat_sig prot" "$BUILD/lat_sig" -N 10000 prot
stop_test TERM 2 "lat_select tcp" "$BUILD/lat_select" -N 10000 tcp
stop_test TERM 2 "lat_usleep" "$BUILD/lat_usleep" -N 10000 1000
stop_test TERM 2 "lat_cmd" "$BUILD/lat_cmd" -N 10000 /bin/sleep 0.01
stop_test TERM 2 "lat_fs" "$BUILD/lat_fs" -N 10000 "$T_TMP/fs"
head -c 4194304 /dev/zero >"$T_TMP/f4m"
stop_test TERM 4 "bw_file_rd -C -P 2" "$BUILD/bw_file_rd" -N 10000 -C -P 2 4m io_only "$T_TMP/f4m"
stop_test TERM 4 "bw_mmap_rd -C -P 2" "$BUILD/bw_mmap_rd" -N 10000 -C -P 2 4m open2close "$T_TMP/f4m"
stop_test TERM 2 "lat_mmap" "$BUILD/lat_mmap" -N 10000 4m "$T_TMP/f4m"
stop_test TERM 2 "lat_pagefault" "$BUILD/lat_pagefault" -N 10000 "$T_TMP/f4m"
stop_test TERM 2 "bw_bonnie (its file in the private temp dir)" "$BUILD/bw_bonnie" -x 10000 -s 4m -n 100
stop_test INT 2 "bw_bonnie in a given directory, SIGINT" "$BUILD/bw_bonnie" -x 10000 -s 4m -n 100 "$T_TMP/fs"
stop_test TERM 5 "bw_bonnie in a given directory, among its 3 seekers" "$BUILD/bw_bonnie" -f -s 64k -n 100000000 "$T_TMP/fs"
stop_test TERM 3 "lat_pmake 2 jobs" "$BUILD/lat_pmake" -N 10000 2 300000
# messaging workers (processes, then threads), N pairs, thread helpers:
# supervisor + worker + at least a group's 4 workers, or 2 pairs
stop_test TERM 6 "lat_msg processes" "$BUILD/lat_msg" -N 10000 -f 2 -l 100000 1
stop_test TERM 2 "lat_msg threads" "$BUILD/lat_msg" -N 10000 -m thread -f 2 -l 100000 1
stop_test INT 6 "lat_pipe_pairs 2, SIGINT" "$BUILD/lat_pipe_pairs" -N 10000 2
stop_test TERM 6 "lat_pipe_pairs 2" "$BUILD/lat_pipe_pairs" -N 10000 2
stop_test TERM 2 "lat_pthread -t 3 mutex" "$BUILD/lat_pthread" -N 10000 -t 3 mutex
stop_test TERM 2 "lat_pthread futex" "$BUILD/lat_pthread" -N 10000 futex
stop_test TERM 2 "lat_pthread create" "$BUILD/lat_pthread" -N 10000 create
stop_test TERM 2 "lmdd" "$BUILD/lmdd" if="$T_TMP/f4m" bs=4k usleep=2000 print=4
if [ -z "$(ls -A "$T_TMP/fs")" ]; then ok; else not_ok "lat_fs killed: left $(ls -A "$T_TMP/fs")"; fi

# The hardware programs.
stop_test TERM 2 "stream" "$BUILD/stream" -N 10000 -M 30m
stop_test TERM 2 "lat_ops" "$BUILD/lat_ops" -N 10000
stop_test TERM 2 "par_ops" "$BUILD/par_ops" -N 10000
stop_test TERM 2 "tlb" "$BUILD/tlb" -N 10000
stop_test TERM 2 "par_mem" "$BUILD/par_mem" -N 10000
stop_test TERM 2 "line" "$BUILD/line" -N 10000
stop_test TERM 2 "memsize" "$BUILD/memsize"
stop_test TERM 2 "cache" "$BUILD/cache" -N 10000 -M 8m
stop_test TERM 2 "lat_dram_page" "$BUILD/lat_dram_page" -N 10000 -M 8m
# The threaded memory programs (issue 15): no thread outlives them.
if [ "$(nproc)" -ge 2 ]; then
	stop_test TERM 2 "lat_mem_load sweep" "$BUILD/lat_mem_load" -N 10000 -M 16m -D 0,100
	stop_test INT 2 "lat_c2c" "$BUILD/lat_c2c" -N 10000
fi
stop_test TERM 2 "bw_mem_peak" "$BUILD/bw_mem_peak" -N 10000 -M 16m
stop_test TERM 2 "numa_mem" "$BUILD/numa_mem" -N 10000 -M 16m

# Every program of two parties (the registry's parties=helper and
# parties=child) is stopped above.
for prog in $(registry_with parties helper) $(registry_with parties child); do
	case " $STOPPED " in *" $prog "*) ok ;; *) not_ok "$prog: a program of two parties (src/programs.tab) that no case here stops" ;; esac
done

# A helper killed mid-measurement: the program says so and exits 1.
# Every program with a helper (the registry's parties=helper) but
# lat_ctx, a ring of processes each a helper.
for prog in $(registry_with parties helper); do
	[ "$prog" != lat_ctx ] || continue
	"$BUILD/$prog" -N 10000 >"$T_TMP/out" 2>"$T_TMP/err" &
	pid=$!
	wait_for 3 "$pid"
	sleep 0.2
	worker=$(pgrep -P "$pid")
	helper=$(pgrep -P "$worker" | head -n 1)
	if [ -z "$helper" ]; then
		not_ok "$prog: no helper process found"
		kill "$pid"
		wait "$pid"
		continue
	fi
	kill -9 "$helper"
	wait "$pid"
	RC=$?
	expect_rc 1 "$prog, helper killed"
	if grep -q 'died' "$T_TMP/err"; then ok; else not_ok "$prog helper killed: message $(cat "$T_TMP/err")"; fi
done

# The run bound.
LMBENCH_TIMEOUT=1 run_prog "$BUILD/lat_mem_rd" -N 10000 64
expect_rc 1 "LMBENCH_TIMEOUT=1 lat_mem_rd"
if grep -q 'LMBENCH_TIMEOUT' "$T_TMP/err"; then ok; else not_ok "timeout message: $(tail -n 1 "$T_TMP/err")"; fi
LMBENCH_TIMEOUT=x run_prog "$BUILD/lat_mem_rd" 1
expect_rc 2 "LMBENCH_TIMEOUT=x"

# A copy killed mid-measurement: the program says so and exits 1.
"$BUILD/bw_mem" -P 2 -N 10000 8m rd >"$T_TMP/out" 2>"$T_TMP/err" &
pid=$!
wait_for 4 "$pid"
sleep 0.3
worker=$(pgrep -P "$pid")
copy=$(pgrep -P "$worker" | head -n 1)
kill -9 "$copy"
wait "$pid"
RC=$?
expect_rc 1 "bw_mem -P 2, a copy killed"
if grep -q 'died' "$T_TMP/err"; then ok; else not_ok "copy killed: message $(cat "$T_TMP/err")"; fi

# The pipe helper killed mid-measurement.
"$BUILD/lat_pipe" -N 10000 >"$T_TMP/out" 2>"$T_TMP/err" &
pid=$!
wait_for 3 "$pid"
sleep 0.3
worker=$(pgrep -P "$pid")
helper=$(pgrep -P "$worker" | head -n 1)
kill -9 "$helper"
wait "$pid"
RC=$?
expect_rc 1 "lat_pipe, helper killed"
if grep -q 'helper process died' "$T_TMP/err"; then ok; else not_ok "helper killed: message $(cat "$T_TMP/err")"; fi
if [ -z "$(ls -A "$TMPDIR")" ]; then ok; else not_ok "files left: $(ls -A "$TMPDIR")"; fi
finish signals

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
mkdir -p "$TMPDIR"

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
	"$@" >"$T_TMP/out" 2>"$T_TMP/err" &
	pid=$!
	wait_for "$procs" "$pid"
	sleep 0.3
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

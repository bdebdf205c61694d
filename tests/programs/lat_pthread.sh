# shellcheck shell=sh
# lat_pthread: its smoke cases, sourced by tests/smoke.sh

result lat_pthread err '^Mutex lock\+unlock threads=1 mutexes=1: [0-9]+\.[0-9]{2} nanoseconds$' 5 0.5 10000 -N 3 mutex
# (threads pinned to CPUs another load holds wait for them: on a busy
# machine a contended interval can take milliseconds per lock, so the
# contended ranges are shapes only)
result lat_pthread err '^Mutex lock\+unlock threads=3 mutexes=1: [0-9]+\.[0-9]{2} nanoseconds$' 5 0.5 100000000 -N 3 -t 3 mutex
result lat_pthread err '^Mutex lock\+unlock threads=2 mutexes=8 drawn: [0-9]+\.[0-9]{2} nanoseconds$' 6 0.5 100000000 -N 3 -t 2 -m 8 mutex
result lat_pthread err "^Thread create\\+join: $US" 3 0.1 100000 -N 3 create
result lat_pthread err "^Futex wake-to-run: $US" 3 0.01 100000 -N 3 futex
if two_cpus; then
	LMBENCH_SCHED=CROSS result lat_pthread err "^Futex wake-to-run: $US" 3 0.01 100000 -N 3 futex
else
	LMBENCH_SCHED=CROSS run_prog "$BUILD/lat_pthread" -N 3 futex
	expect_rc 77 "lat_pthread futex, CROSS on one CPU"
fi
usage_checks lat_pthread mutex extra
bad lat_pthread 2 spin
bad lat_pthread 2 -t 0 mutex
bad lat_pthread 2 -t -1 mutex
bad lat_pthread 2 -m 0 mutex
bad lat_pthread 2 -t 1 create
bad lat_pthread 2 -m 2 futex
bad lat_pthread 2 -t 1000001 mutex
# more threads than the kernel leaves room for: one line, status 1
tmax=$(cat /proc/sys/kernel/threads-max 2>/dev/null)
if [ -n "$tmax" ] && [ "$tmax" -lt 1000000 ]; then
	export LMBENCH_MAX_TASKS=4194304
	bad lat_pthread 1 -t "$((tmax + 1))" mutex
	unset LMBENCH_MAX_TASKS
fi
# beyond the cap (the default's at most 64 a CPU)
bad lat_pthread 1 -t "$(($(getconf _NPROCESSORS_ONLN) * 64 + 4097))" mutex

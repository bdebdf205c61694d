# shellcheck shell=sh
# lat_syscall: its smoke cases, sourced by tests/smoke.sh
for m in null read write; do
	result lat_syscall err "^Simple (syscall|read|write): $US" 3 0.001 1000 -N 3 $m
done
run_prog "$BUILD/lat_syscall" -N 3 null
if grep -q '^Simple syscall: ' "$T_TMP/err"; then ok; else not_ok "lat_syscall null label"; fi
result lat_syscall err "^Simple stat: $US" 3 0.001 1000 -N 3 stat "$T_TMP/file"
result lat_syscall err "^Simple fstat: $US" 3 0.001 1000 -N 3 fstat "$T_TMP/file"
result lat_syscall err "^Simple open/close: $US" 3 0.001 1000 -N 3 open "$T_TMP/file"
result lat_syscall err "^Simple open/close: $US" 3 0.001 1000 -N 3 open
result lat_syscall err "^Simple syscall: $US" 3 0.001 1000 -N 3 -P 2 null
usage_checks lat_syscall null a b
bad lat_syscall 2 bogus
bad lat_syscall 1 stat /nonexistent
bad lat_syscall 2 -N 0 null
bad lat_syscall 2 -N abc null
bad lat_syscall 2 -P 0 null
bad lat_syscall 2 -P 100000 null
bad lat_syscall 2 -W x null
ENOUGH=abc bad lat_syscall 2 null
LMBENCH_SCHED=NONSENSE bad lat_syscall 2 null
LMBENCH_JSON=/nonexistent/dir/x bad lat_syscall 2 null

# Placement: CPUs are counted within the affinity mask (a cpuset is
# respected) and recorded.
if two_cpus; then
	LMBENCH_JSON=- LMBENCH_SCHED=SINGLE run_prog taskset -c 1 "$BUILD/lat_syscall" -N 2 -P 2 null
	if grep -q '"placement":{"policy":"SINGLE","text":"SINGLE cpus=1,1 main=1,1"' "$T_TMP/out"; then ok; else not_ok "SINGLE in a cpuset: $(cat "$T_TMP/out")"; fi
fi

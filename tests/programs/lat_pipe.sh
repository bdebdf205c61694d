# shellcheck shell=sh
# lat_pipe: its smoke cases, sourced by tests/smoke.sh
result lat_pipe err "^Pipe latency: $US" 3 0.1 100000 -N 3
result lat_pipe err "^Pipe latency: $US" 3 0.1 100000 -N 3 -P 2
LMBENCH_SCHED=UNIQUE result lat_pipe err "^Pipe latency: $US" 3 0.1 100000 -N 3
usage_checks lat_pipe extra

# Placement: CPUs are counted within the affinity mask (a cpuset is
# respected) and recorded.
if two_cpus; then
	LMBENCH_JSON=- run_prog taskset -c 1 "$BUILD/lat_pipe" -N 2
	if grep -q '"placement":{"policy":"SAME","text":"SAME cpus=1 main=1 helper=1"' "$T_TMP/out"; then ok; else not_ok "lat_pipe default placement: $(cat "$T_TMP/out")"; fi
fi

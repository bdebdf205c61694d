# shellcheck shell=sh
# lat_sem: its smoke cases, sourced by tests/smoke.sh
result lat_sem err "^Semaphore latency: $US" 3 0.01 100000 -N 3
result lat_sem err "^Semaphore latency: $US" 3 0.01 100000 -N 3 -P 2
usage_checks lat_sem extra

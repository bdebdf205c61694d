# shellcheck shell=sh
# lat_fifo: its smoke cases, sourced by tests/smoke.sh
result lat_fifo err "^Fifo latency: $US" 3 0.1 100000 -N 3
result lat_fifo err "^Fifo latency: $US" 3 0.1 100000 -N 3 -P 2
usage_checks lat_fifo extra

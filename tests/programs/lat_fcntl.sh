# shellcheck shell=sh
# lat_fcntl: its smoke cases, sourced by tests/smoke.sh
result lat_fcntl err "^Fcntl lock latency: $US" 4 0.01 100000 -N 3
result lat_fcntl err "^Fcntl lock latency: $US" 4 0.01 100000 -N 3 -P 2
usage_checks lat_fcntl extra

# shellcheck shell=sh
# lat_unix: its smoke cases, sourced by tests/smoke.sh
result lat_unix err "^AF_UNIX sock stream latency: $US" 5 0.1 100000 -N 3
result lat_unix err "^AF_UNIX sock stream latency: $US" 5 0.1 100000 -N 3 -m 1000 -P 2
usage_checks lat_unix extra
bad lat_unix 2 -m 0
bad lat_unix 2 -m 1g

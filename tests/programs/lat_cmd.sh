# shellcheck shell=sh
# lat_cmd: its smoke cases, sourced by tests/smoke.sh
result lat_cmd err "^lat_cmd: $US" 2 1 10000000 -N 3 /bin/true
result lat_cmd err "^lat_cmd: $US" 2 1 10000000 -N 3 sh -c 'exit 0'
help_checks lat_cmd
bad lat_cmd 2 -Z
bad lat_cmd 2
bad lat_cmd 1 -N 2 /bin/false
bad lat_cmd 1 -N 2 /nonexistent

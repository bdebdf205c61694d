# shellcheck shell=sh
# lat_select: its smoke cases, sourced by tests/smoke.sh
result lat_select err "^Select on 200 fd's: $US" 5 0.001 100000 -N 3 file
result lat_select err "^Select on 10 tcp fd's: $US" 6 0.001 100000 -N 3 -n 10 tcp
result lat_select err "^Select on 500 fd's: $US" 5 0.001 100000 -N 3 -P 2 -n 500 file
usage_checks lat_select file x
bad lat_select 2 udp
bad lat_select 2 -n 0 file
bad lat_select 2 -n 100000 file

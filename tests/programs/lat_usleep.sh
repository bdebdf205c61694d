# shellcheck shell=sh
# lat_usleep: its smoke cases, sourced by tests/smoke.sh
result lat_usleep err "^usleep 100 microseconds: $US" 4 100 1000000 -N 3 100
for m in nanosleep select pselect itimer; do
	result lat_usleep err "^$m 1000 microseconds: $US" 4 1000 1000000 -N 3 -u $m 1000
done
usage_checks lat_usleep 100 200
bad lat_usleep 2 -u bogus 100
bad lat_usleep 2 -u itimer 0
bad lat_usleep 2 abc

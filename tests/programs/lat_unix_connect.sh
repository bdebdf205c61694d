# shellcheck shell=sh
# lat_unix_connect: its smoke cases, sourced by tests/smoke.sh
name=lmng-smoke-$$
bad lat_unix_connect 1 -n "$name"
run_prog "$BUILD/lat_unix_connect" -s -n "$name"
expect_rc 0 "lat_unix_connect -s"
result lat_unix_connect err "^UNIX connection cost: $US" 4 0.01 100000 -N 3 -n "$name"
result lat_unix_connect err "^UNIX connection cost: $US" 4 0.01 100000 -N 3 -P 2 -n "$name"
run_prog "$BUILD/lat_unix_connect" -S -n "$name"
expect_rc 0 "lat_unix_connect -S"
sleep 0.2
bad lat_unix_connect 1 -S -n "$name"
usage_checks lat_unix_connect extra
bad lat_unix_connect 2 -n ""
bad lat_unix_connect 2 -s -S

# shellcheck shell=sh
# bw_unix: its smoke cases, sourced by tests/smoke.sh
result bw_unix err "^AF_UNIX sock stream bandwidth: $MBS" 5 1 10000000 -N 3
result bw_unix err "^AF_UNIX sock stream bandwidth: $MBS" 5 1 10000000 -N 3 -m 1000 -M 100000
usage_checks bw_unix extra

# shellcheck shell=sh
# bw_pipe: its smoke cases, sourced by tests/smoke.sh
result bw_pipe err "^Pipe bandwidth: $MBS" 3 1 10000000 -N 3
result bw_pipe err "^Pipe bandwidth: $MBS" 3 1 10000000 -N 3 -m 4k -M 1m -P 2
usage_checks bw_pipe extra
bad bw_pipe 2 -m 0
bad bw_pipe 2 -M 100g

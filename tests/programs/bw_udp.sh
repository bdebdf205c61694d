# shellcheck shell=sh
# bw_udp: its smoke cases, sourced by tests/smoke.sh

# (tests/net.sh runs it against its server)
usage_checks bw_udp a b c
bad bw_udp 2 -S localhost 1m

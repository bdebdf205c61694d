# shellcheck shell=sh
# bw_tcp: its smoke cases, sourced by tests/smoke.sh

# (tests/net.sh runs it against its server)
usage_checks bw_tcp a b
no_server bw_tcp
bad bw_tcp 2 -s -S
bad bw_tcp 2 -s localhost

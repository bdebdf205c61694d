# shellcheck shell=sh
# lat_tcp: its smoke cases, sourced by tests/smoke.sh

# (tests/net.sh runs it against its server)
usage_checks lat_tcp a b
no_server lat_tcp
bad lat_tcp 2 -m 0 localhost
bad lat_tcp 2 -S

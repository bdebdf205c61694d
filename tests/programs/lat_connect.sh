# shellcheck shell=sh
# lat_connect: its smoke cases, sourced by tests/smoke.sh

# (tests/net.sh runs it against its server)
usage_checks lat_connect a b
no_server lat_connect

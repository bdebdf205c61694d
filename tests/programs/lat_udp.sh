# shellcheck shell=sh
# lat_udp: its smoke cases, sourced by tests/smoke.sh

# (tests/net.sh runs it against its server)
usage_checks lat_udp a b c
bad lat_udp 2 -m 3 localhost

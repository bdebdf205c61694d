# shellcheck shell=sh
# lat_rpc: its smoke cases, sourced by tests/smoke.sh

# (tests/net.sh runs it against its server)
usage_checks lat_rpc a b
bad lat_rpc 2 -p sctp localhost

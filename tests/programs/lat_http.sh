# shellcheck shell=sh
# lat_http: its smoke cases, sourced by tests/smoke.sh

# (tests/net.sh runs it against lmhttp)
usage_checks lat_http a 1 2

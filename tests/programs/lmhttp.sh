# shellcheck shell=sh
# lmhttp: its smoke cases, sourced by tests/smoke.sh

# (tests/net.sh runs lat_http against it)
usage_checks lmhttp 1 2

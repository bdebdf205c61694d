# shellcheck shell=sh
# timing_o: its smoke cases, sourced by tests/smoke.sh

# one number on stdout, or TIMING_O as it is given
result timing_o out '^[0-9]+\.[0-9]{5}$' 1 0 10
usage_checks timing_o x
TIMING_O=0.5 result timing_o out '^0\.50000$' - 0 0

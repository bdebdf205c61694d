# shellcheck shell=sh
# loop_o: its smoke cases, sourced by tests/smoke.sh

# one number on stdout, or LOOP_O as it is given
result loop_o out '^[0-9]+\.[0-9]{8}$' 1 0 10
usage_checks loop_o x
LOOP_O=0.00000001 result loop_o out '^0\.00000001$' - 0 0

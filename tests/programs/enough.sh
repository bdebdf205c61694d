# shellcheck shell=sh
# enough: its smoke cases, sourced by tests/smoke.sh

# one number on stdout
ENOUGH='' result enough out '^[0-9]+$' 1 1 10000000
usage_checks enough x

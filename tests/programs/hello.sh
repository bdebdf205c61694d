# shellcheck shell=sh
# hello: its smoke cases, sourced by tests/smoke.sh
result hello out '^Hello world$' - 0 0
usage_checks hello x

# shellcheck shell=sh
# msleep: its smoke cases, sourced by tests/smoke.sh
run_prog "$BUILD/msleep" 10
expect_rc 0 "msleep 10"
if [ -s "$T_TMP/out" ] || [ -s "$T_TMP/err" ]; then not_ok "msleep printed"; else ok; fi
usage_checks msleep 1 2
bad msleep 2
bad msleep 2 abc

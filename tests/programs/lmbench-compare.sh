# shellcheck shell=sh
# lmbench-compare: its smoke cases, sourced by tests/smoke.sh

# lmbench-compare (the program behind scripts/compare; tests/compare.sh
# has the rest): five runs a side with one regression, one run a side
# that no test can judge, and its usage errors.
fxc=$T_DIR/fixtures/compare
run_prog "$BUILD/lmbench-compare" "$fxc/base5" "$fxc/new5"
expect_rc 0 "lmbench-compare base5 new5"
if grep -q '^lat_syscall Simple syscall .* regression (p=' "$T_TMP/out"; then ok; else not_ok "lmbench-compare: $(head -c 300 "$T_TMP/out")"; fi
run_prog "$BUILD/lmbench-compare" "$fxc/base.0" "$fxc/new.0"
expect_rc 0 "lmbench-compare base new, one run a side"
if grep -q '^lat_syscall Simple syscall .* cannot tell: 1 run a side, no test' "$T_TMP/out"; then ok; else not_ok "lmbench-compare, one run a side: $(head -c 300 "$T_TMP/out")"; fi
usage_checks lmbench-compare a b c
bad lmbench-compare 2 --format xml "$fxc/base.0" "$fxc/new.0"

# shellcheck shell=sh
# lmbench-compare: its smoke cases, sourced by tests/smoke.sh

# lmbench-compare (the program behind scripts/compare; tests/compare.sh
# has the rest): the fixtures' one regression, and its usage errors.
fxc=$T_DIR/fixtures/compare
run_prog "$BUILD/lmbench-compare" "$fxc/base.0" "$fxc/new.0"
expect_rc 0 "lmbench-compare base new"
if grep -q '^lat_syscall Simple syscall .* regression (p=' "$T_TMP/out"; then ok; else not_ok "lmbench-compare: $(head -c 300 "$T_TMP/out")"; fi
usage_checks lmbench-compare a b c
bad lmbench-compare 2 --format xml "$fxc/base.0" "$fxc/new.0"

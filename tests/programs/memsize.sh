# shellcheck shell=sh
# memsize: its smoke cases, sourced by tests/smoke.sh

# MB on stdout, progress on stderr
result memsize out '^[0-9]+$' 1 64 64 64
if [ "$(tail -n 1 "$T_TMP/err")" = "64MB OK" ] && [ "$(head -n 1 "$T_TMP/err")" = "1MB OK" ]; then ok; else not_ok "memsize progress: $(cat "$T_TMP/err")"; fi
run_prog "$BUILD/memsize" 99999999999
expect_rc 0 "memsize with a max beyond the memory"
if grep -q 'more than the' "$T_TMP/err"; then ok; else not_ok "memsize cap message"; fi
usage_checks memsize 1 2
bad memsize 2 abc
bad memsize 2 0

# shellcheck shell=sh
# flushdisk: its smoke cases, sourced by tests/smoke.sh

# flushdisk on a file standing in for a disk
f=$T_TMP/disk.dat
head -c 8388608 /dev/zero >"$f"
run_prog "$BUILD/flushdisk" "$f"
expect_rc 0 "flushdisk FILE"
if [ ! -s "$T_TMP/err" ] && [ ! -s "$T_TMP/out" ]; then ok; else not_ok "flushdisk printed: $(cat "$T_TMP/err")"; fi
bad flushdisk 2
help_checks flushdisk
bad flushdisk 1 /nonexistent
bad flushdisk 1 /dev/null
rm -f "$f"

# shellcheck shell=sh
# lmdd: its smoke cases, sourced by tests/smoke.sh

# each print= form; the file written, read back and checked
f=$T_TMP/lmdd.dat
result lmdd err '^File .* write bandwidth: [0-9]+ KB/sec$' 5 1 100000000 of="$f" move=4m fsync=1 print=3 label="File $f write bandwidth: "
if [ "$(wc -c <"$f")" -eq 4194304 ]; then ok; else not_ok "lmdd move=4m wrote $(wc -c <"$f") bytes"; fi
result lmdd err '^[0-9]+ 8KB xfers in [0-9]+\.[0-9]{2} secs, [0-9]+\.[0-9]{4} millisec/xfer, [0-9]+\.[0-9]{2} MB/sec$' 1 512 512 if="$f" print=1
result lmdd err "^$US" - 0 0 if="$f" print=2
result lmdd err '^[0-9]+\.[0-9]{2} MB/sec$' - 0 0 if="$f" bs=1m print=4
result lmdd err "$PAIR" 1 4.19 4.20 if="$f" print=5
result lmdd err '^4\.1943 MB in [0-9]+\.[0-9]{4} secs, [0-9]+\.[0-9]{4} MB/sec$' - 0 0 if="$f"
run_prog "$BUILD/lmdd" of="$f" opat=1 count=100 print=0
expect_rc 0 "lmdd opat=1"
if [ ! -s "$T_TMP/err" ] && [ "$(wc -c <"$f")" -eq 819200 ]; then ok; else not_ok "lmdd print=0 printed or wrote wrong: $(cat "$T_TMP/err")"; fi
result lmdd err '^[0-9]+\.[0-9]{2} MB/sec$' - 0 0 if="$f" ipat=1 print=4
printf 'x' | dd of="$f" bs=1 seek=4000 conv=notrunc 2>/dev/null
run_prog "$BUILD/lmdd" if="$f" ipat=1 print=4
expect_rc 1 "lmdd ipat=1 on a changed file"
if grep -q '^off=0 want=fa0 got=' "$T_TMP/err" && grep -q 'did not hold the pattern' "$T_TMP/err"; then ok; else not_ok "lmdd mismatch: $(cat "$T_TMP/err")"; fi
result lmdd err '^[0-9]+\.[0-9]{2} MB/sec$' - 0 0 if="$f" rand=800k count=50 print=4
result lmdd err '^[0-9]+\.[0-9]{2} MB/sec$' - 0 0 move=1m time=5 print=4
help_checks lmdd
bad lmdd 2 foo=1
bad lmdd 2 -Z
bad lmdd 2 bs=abc count=1
bad lmdd 2 bs=2 count=1
bad lmdd 2 count=1 print=x
bad lmdd 2 print=4
bad lmdd 77 rtmax=3 count=1
bad lmdd 1 if=/nonexistent/x
bad lmdd 1 of=/nonexistent/x count=1
rm -f "$f"

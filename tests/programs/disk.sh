# shellcheck shell=sh
# disk: its smoke cases, sourced by tests/smoke.sh

# disk on a file standing in for a disk (a raw device may not be
# readable here)
f=$T_TMP/disk.dat
head -c 8388608 /dev/zero >"$f"
result disk err '^("Seek times for .*|"Zone bandwidth for .*|[0-9]+\.[0-9] [0-9]+\.[0-9]{2}|#.*|)$' - 0 0 "$f"
if grep -q "^\"Seek times for $f\$" "$T_TMP/err" && grep -q "^\"Zone bandwidth for $f\$" "$T_TMP/err" &&
	[ "$(grep -c '^[0-9]' "$T_TMP/err")" -gt 100 ]; then ok; else not_ok "disk: $(head -c 300 "$T_TMP/err")"; fi
usage_checks disk a b
bad disk 1 /nonexistent
bad disk 1 /dev/null
bad disk 1 "$T_TMP"
head -c 1000 /dev/zero >"$T_TMP/small"
bad disk 1 "$T_TMP/small"
rm -f "$f" "$T_TMP/small"

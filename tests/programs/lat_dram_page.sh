# shellcheck shell=sh
# lat_dram_page: its smoke cases, sourced by tests/smoke.sh

# a positive difference, or a clear "not found" and 1
run_prog "$BUILD/lat_dram_page" -v -N 3 -M 16m
if { [ "$RC" -eq 0 ] && grep -Eq '^[0-9]+\.[0-9]{2}$' "$T_TMP/err"; } ||
	{ [ "$RC" -eq 1 ] && grep -q '^lat_dram_page: no DRAM page effect found: page hits [0-9.]* ns, misses [0-9.]* ns' "$T_TMP/err"; }; then ok; else
	not_ok "lat_dram_page: status $RC: $(cat "$T_TMP/err")"
fi
if grep -Eq '^DRAM page hit: [0-9]+\.[0-9]{2} nanoseconds$' "$T_TMP/err" && grep -Eq '^DRAM page miss: [0-9]+\.[0-9]{2} nanoseconds$' "$T_TMP/err"; then ok; else
	not_ok "lat_dram_page -v: $(cat "$T_TMP/err")"
fi
usage_checks lat_dram_page extra
huge lat_dram_page -M 99999999g
bad lat_dram_page 2 -M 8k
bad lat_dram_page 2 -L 3
bad lat_dram_page 2 -T 1
bad lat_dram_page 2 -P 2

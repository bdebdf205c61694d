# shellcheck shell=sh
# lat_mem_rd: its smoke cases, sourced by tests/smoke.sh

# "stride=N, then size/latency pairs, then a blank line.
check_memrd() {
	if [ "$(head -n 1 "$T_TMP/err")" = "\"stride=$1" ] &&
		[ -z "$(tail -n 1 "$T_TMP/err")" ] &&
		sed -e 1d -e '$d' "$T_TMP/err" | grep -Eq '^[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}$' &&
		! sed -e 1d -e '$d' "$T_TMP/err" | grep -Evq '^[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}$'; then
		ok
	else
		not_ok "lat_mem_rd stride $1: bad shape: $(head -c 300 "$T_TMP/err")"
	fi
}
result lat_mem_rd err '^("stride=128|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 3 1 128
check_memrd 128
# The sizes are lmbench's grid: 512 1K 2K 3K 4K 6K 8K ... 1M.
sizes=$(awk '/^[0-9]/ { printf "%s ", $1 }' "$T_TMP/err")
want="0.00049 0.00098 0.00195 0.00293 0.00391 0.00586 0.00781 0.01172 0.01562 0.02344 0.03125 0.04688 0.06250 0.09375 0.12500 0.18750 0.25000 0.37500 0.50000 0.75000 1.00000 "
if [ "$sizes" = "$want" ]; then ok; else not_ok "lat_mem_rd sizes: $sizes"; fi
result lat_mem_rd err '^("stride=64|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 3 1
check_memrd 64
result lat_mem_rd err '^("stride=16|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 3 -t 1 16
check_memrd 16
result lat_mem_rd err '^("stride=(64|256)|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 2 -P 2 0.25 64 256
if [ "$(grep -c '^"stride' "$T_TMP/err")" -eq 2 ]; then ok; else not_ok "lat_mem_rd two strides"; fi
usage_checks lat_mem_rd 1 128 abc
huge lat_mem_rd 99999999 64
bad lat_mem_rd 2 0
bad lat_mem_rd 2 abc
bad lat_mem_rd 2 1 3
bad lat_mem_rd 2 1 2m
bad lat_mem_rd 1 "$NEAR_ALL_MB"

# Structured records: a JSON line per size, in a file.
LMBENCH_JSON="$T_TMP/rec.json" run_prog "$BUILD/lat_mem_rd" -N 2 0.01 64
if [ "$(grep -c '"metric"' "$T_TMP/rec.json")" -eq "$(grep -c '^[0-9]' "$T_TMP/err")" ] && [ "$(grep -c '"type":"context"' "$T_TMP/rec.json")" -eq 1 ] &&
	grep -q '"statistic":"minimum"' "$T_TMP/rec.json"; then ok; else
	not_ok "lat_mem_rd JSON file: $(head -c 300 "$T_TMP/rec.json")"
fi

# Above 2 GB: a ring of 3072 slots 1 MB apart in a 3 GB buffer.
if [ "$(awk '/^MemAvailable:/ { print int($2 / 1048576) }' /proc/meminfo)" -ge 6 ]; then
	run_prog "$BUILD/lat_mem_rd" -N 1 3g 1m
	expect_rc 0 "lat_mem_rd 3g 1m"
	if tail -n 2 "$T_TMP/err" | grep -q '^3072\.00000 '; then ok; else not_ok "lat_mem_rd 3g: $(tail -n 3 "$T_TMP/err")"; fi
fi

# -H: huge pages where the kernel gives them, else 77 (tests/mem_pages.sh)
# shellcheck source=tests/mem_pages.sh
. "$T_DIR/mem_pages.sh"
pages_checks lat_mem_rd 4194304 "thp huge none" -N 2 0.25

# -T: the -P copies as threads, each on its own ring.
result lat_mem_rd err '^("stride=64|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 2 -P 2 -T 0.25
check_memrd 64

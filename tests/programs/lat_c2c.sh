# shellcheck shell=sh
# lat_c2c: its smoke cases, sourced by tests/smoke.sh
if [ "$(nproc)" -ge 2 ]; then
	n=$(nproc)
	result lat_c2c err '^("lat_c2c .*|( +[0-9]+)+|[ 0-9]+( +([0-9]+\.[0-9]{2}|-))+|)$' - 0 0 -N 3
	# Four matrices (two where the processor has no cache-line flush
	# for the clean case: riscv64), each n x n: a value for every
	# ordered pair of distinct CPUs, "-" on the diagonal and nowhere else.
	if awk -v n="$n" '/^"lat_c2c/ { m++; r = -1; next } m && NF == n && $1 ~ /^[0-9]+$/ && r < 0 { r = 0; next }
		m && NF == n + 1 { for (i = 2; i <= NF; i++) { if ((i - 2 == r) != ($i == "-")) bad = 1; if ($i != "-") { v++; if ($i + 0 <= 0 || $i > 100000) bad = 1 } } r++ }
		END { exit !((m == 4 || m == 2) && v == m * n * (n - 1) && !bad) }' "$T_TMP/err"; then ok; else not_ok "lat_c2c matrices: $(head -c 400 "$T_TMP/err")"; fi
	# The clean case needs a cache-line flush (x86-64 clflush, aarch64
	# dc civac); elsewhere (riscv64) it is unsupported, with its reason.
	run_prog "$BUILD/lat_c2c" -N 2 -C 0,1 cas hit
	if [ "$RC" = 77 ] && grep -q 'no cache-line flush instruction' "$T_TMP/err"; then ok; else
		result lat_c2c err '^("lat_c2c cas hit: .*|( +[0-9]+)+|[ 0-9]+( +([0-9]+\.[0-9]{2}|-))+|)$' - 0 0 -N 2 -C 0,1 cas hit
	fi
	bad lat_c2c 2 -C 0,0
	bad lat_c2c 2 -C 4095
	bad lat_c2c 2 load bogus
	bad lat_c2c 77 -C 0
else
	bad lat_c2c 77 -N 1
fi
usage_checks lat_c2c load hitm extra
bad lat_c2c 2 store

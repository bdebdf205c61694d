# shellcheck shell=sh
# bw_file_rd: its smoke cases, sourced by tests/smoke.sh
for m in io_only open2close; do
	result bw_file_rd err "$PAIR" 2 1 10000000 -N 3 1m $m "$T_TMP/f2m"
	if grep -q '^1\.05 ' "$T_TMP/err"; then ok; else not_ok "bw_file_rd $m size"; fi
done
result bw_file_rd err "$PAIR" 2 1 10000000 -N 3 -C -P 2 512 io_only "$T_TMP/f2m"
usage_checks bw_file_rd 1m io_only "$T_TMP/f2m" extra
bad bw_file_rd 1 4m io_only "$T_TMP/f2m"
bad bw_file_rd 1 1m io_only /nonexistent
bad bw_file_rd 1 1m io_only "$T_TMP"
bad bw_file_rd 2 1m bogus "$T_TMP/f2m"
bad bw_file_rd 2 10 io_only "$T_TMP/f2m"

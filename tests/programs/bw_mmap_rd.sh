# shellcheck shell=sh
# bw_mmap_rd: its smoke cases, sourced by tests/smoke.sh
for m in mmap_only open2close; do
	result bw_mmap_rd err "$PAIR" 2 1 100000000 -N 3 1m $m "$T_TMP/f2m"
done
result bw_mmap_rd err "$PAIR" 2 1 100000000 -N 3 -C -P 2 2m open2close "$T_TMP/f2m"
usage_checks bw_mmap_rd 1m mmap_only "$T_TMP/f2m" extra
bad bw_mmap_rd 1 4m mmap_only "$T_TMP/f2m"
bad bw_mmap_rd 1 1m mmap_only /nonexistent
bad bw_mmap_rd 2 1m bogus "$T_TMP/f2m"

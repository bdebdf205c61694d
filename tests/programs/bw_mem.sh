# shellcheck shell=sh
# bw_mem: its smoke cases, sourced by tests/smoke.sh

# every kernel
for k in rd wr rdwr cp fwr frd fcp bzero bcopy rd64 wr64 cp64 rdv wrv cpv; do
	result bw_mem err "$PAIR" 2 10 10000000 -N 3 1m $k
	if grep -q '^1\.05 ' "$T_TMP/err"; then ok; else not_ok "bw_mem 1m $k size column"; fi
done
result bw_mem err "$PAIR" 2 10 10000000 -N 3 512 rd
if grep -q '^0\.000512 ' "$T_TMP/err"; then ok; else not_ok "bw_mem 512 size column"; fi
result bw_mem err "$PAIR" 2 10 10000000 -N 3 1000 fcp
result bw_mem err "$PAIR" 2 10 10000000 -N 3 1m bcopy conflict
result bw_mem err "$PAIR" 2 10 10000000 -N 3 -P 2 1m frd
result bw_mem err "$PAIR" 2 10 10000000 -N 3 -W 1000 1m rd
usage_checks bw_mem 1m rd conflict extra
huge bw_mem 99999999g rd
bad bw_mem 2 64x rd
bad bw_mem 2 -1m rd
bad bw_mem 2 100 rd
bad bw_mem 2 64m xx
bad bw_mem 2 1m rd nonsense
bad bw_mem 1 "$NEAR_ALL" rd

# Structured records: one JSON line per result with every sample.
LMBENCH_JSON=- run_prog "$BUILD/bw_mem" -N 3 -P 2 1m rd
expect_rc 0 "LMBENCH_JSON=- bw_mem -P 2"
if grep -q '^{"schema":3,"program":"bw_mem","args":\["-N","3","-P","2","1m","rd"\],"metric":"rd","size_bytes":1048576,"params":{"mode":"rd"},"unit":"MB/s",' "$T_TMP/out" &&
	[ "$(grep '"metric"' "$T_TMP/out" | sed -e 's/.*"samples":\[//' -e 's/\].*//' | tr ',' '\n' | grep -c .)" -eq 6 ] &&
	grep -q '"statistic":"median"' "$T_TMP/out" && grep -q '"parallel":2' "$T_TMP/out"; then
	ok
else
	not_ok "bw_mem JSON record: $(cat "$T_TMP/out")"
fi

# Placement: CPUs are counted within the affinity mask (a cpuset is
# respected) and recorded.
if two_cpus; then
	LMBENCH_JSON=- LMBENCH_SCHED='CUSTOM 1 0' run_prog "$BUILD/bw_mem" -N 2 -P 2 64k rd
	if grep -q '"placement":{"policy":"CUSTOM 1 0","text":"CUSTOM 1 0 cpus=1,0 main=1,0"' "$T_TMP/out"; then ok; else not_ok "CUSTOM 1 0: $(cat "$T_TMP/out")"; fi
fi

# -H: huge pages where the kernel gives them, else 77 (tests/mem_pages.sh)
# shellcheck source=tests/mem_pages.sh
. "$T_DIR/mem_pages.sh"
pages_checks bw_mem 8388608 "thp huge none" -N 3 1m fcp

# -T: the -P copies as threads of one process, recorded in the placement.
LMBENCH_JSON=- run_prog "$BUILD/bw_mem" -N 3 -P 2 -T 1m frd
expect_rc 0 "bw_mem -P 2 -T"
if grep -q '"parallel":2,"placement":{"policy":"[^"]*","text":"[^"]* copies=threads",.*"copies":"threads"' "$T_TMP/out" &&
	[ "$(grep '"metric"' "$T_TMP/out" | sed -e 's/.*"samples":\[//' -e 's/\].*//' | tr ',' '\n' | grep -c .)" -eq 6 ]; then ok; else
	not_ok "bw_mem -T record: $(head -c 400 "$T_TMP/out")"
fi

# The wide kernels say their width in the placement; the non-temporal
# ones run where the target has streaming stores, else 77.
LMBENCH_JSON=- run_prog "$BUILD/bw_mem" -N 3 1m rdv
if grep -Eq '"placement":\{"policy":"[^"]*","text":"[^"]* width=(8|16|32|64)",.*"width_bytes":(8|16|32|64)[,}]' "$T_TMP/out"; then ok; else not_ok "bw_mem rdv width: $(head -c 400 "$T_TMP/out")"; fi
for k in ntwr ntcp; do
	run_prog "$BUILD/bw_mem" -N 3 1m $k
	if [ "$RC" -eq 0 ] && grep -Eq "$PAIR" "$T_TMP/err"; then ok
	elif [ "$RC" -eq 77 ] && grep -q "^bw_mem: $k: no non-temporal stores on this target" "$T_TMP/err"; then ok
	else not_ok "bw_mem $k: status $RC: $(cat "$T_TMP/err")"; fi
done

# shellcheck shell=sh
# numa_mem: its smoke cases, sourced by tests/smoke.sh
result numa_mem err '^("numa_mem: [0-9]+ nodes? .*|"(idle latency|read bandwidth) .*|( +[0-9]+)+|( +[0-9]+)( +[0-9]+\.[0-9]{2})+|)$' - 0 0 -N 2 -M 16m
# Each matrix is nodes x nodes (rows: the nodes with CPUs, columns:
# those with memory), as many as the title names (1x1 on one node).
nodes=$(awk '/^"numa_mem: / { print $2; exit }' "$T_TMP/err")
mem=$(sed -n 's/.*memory nodes//p' "$T_TMP/err" | wc -w)
if awk -v r="$nodes" -v c="$mem" '/^"(idle|read)/ { m++; h = 1; next } h { h = 0; if (NF != c) bad = 1; next }
	NF == c + 1 { rows[m]++; for (i = 2; i <= NF; i++) if ($i + 0 <= 0) bad = 1 }
	END { exit !(m == 2 && rows[1] == r && rows[2] == r && !bad) }' "$T_TMP/err"; then ok; else not_ok "numa_mem shape ($nodes x $mem): $(cat "$T_TMP/err")"; fi
result numa_mem err '^("numa_mem: .*|"idle latency .*|( +[0-9]+)+|( +[0-9]+)( +[0-9]+\.[0-9]{2})+|)$' - 0 0 -N 2 -M 8m lat
usage_checks numa_mem lat extra
huge numa_mem -M 99999999g
bad numa_mem 2 bogus
bad numa_mem 2 -M 1x
bad numa_mem 1 -M "$NEAR_ALL"

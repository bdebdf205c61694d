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
# Built without libnuma (here: its source built again without
# HAVE_LIBNUMA, with the build's own flags): a sysfs that states two
# nodes is refused (77, the reason), one that states one node measures it.
# (A build for another processor, run under qemu by tests/cross.sh, has
# neither its objects here nor libnuma: its numa_mem is such a build.)
flags=$(cat "$BUILD/obj/.flags" 2>/dev/null)
# Its sources, as the registry names them.
names=$(registry_rows "$T_DIR/../src/programs.tab" 2>/dev/null | awk '$1 == "numa_mem" { gsub(",", " ", $3); print $3 }')
srcs=
for f in $names; do
	srcs="$srcs $T_DIR/../src/programs/$f.c"
done
# shellcheck disable=SC2086 # the compiler and its flags, words
if [ -n "${LMBENCH_EMULATED:-}" ] || [ ! -f "$BUILD/libbench.a" ]; then
	:
elif [ -n "$flags" ] && [ -f "$T_DIR/../src/programs/numa_mem.c" ] &&
	$flags -I"$T_DIR/../src/core" -I"$T_DIR/../src/harness" -I"$T_DIR/../src/family" -I"$T_DIR/../src/programs" -o "$T_TMP/numa_nolib" $srcs "$BUILD/libbench.a" -lm -lpthread 2>"$T_TMP/cc.err"; then
	LMBENCH_SYSROOT=$T_DIR/fixtures/memfacts run_prog "$T_TMP/numa_nolib" -N 1 -M 4m lat
	if [ "$RC" -eq 77 ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] &&
		grep -q '^numa_nolib: built without libnuma, and sysfs states more than one NUMA node' "$T_TMP/err"; then ok; else
		not_ok "numa_mem without libnuma on two nodes: status $RC: $(cat "$T_TMP/err")"
	fi
	mkdir -p "$T_TMP/onenode/sys/devices/system/node/node0"
	printf 'Node 0 MemTotal:       1048576 kB\n' >"$T_TMP/onenode/sys/devices/system/node/node0/meminfo"
	LMBENCH_SYSROOT=$T_TMP/onenode run_prog "$T_TMP/numa_nolib" -N 1 -M 4m lat
	if [ "$RC" -eq 0 ] && grep -q '^"numa_mem: 1 node (built without libnuma: one node)' "$T_TMP/err"; then ok; else
		not_ok "numa_mem without libnuma on one node: status $RC: $(head -c 300 "$T_TMP/err")"
	fi
else
	not_ok "numa_mem's source does not build without libnuma: $(head -c 300 "$T_TMP/cc.err" 2>/dev/null)"
fi

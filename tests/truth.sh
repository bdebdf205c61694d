#!/bin/sh
# truth.sh BUILD - where the machine states a fact, the benchmark finds
# it: a requested sleep is never cut short and overshoots little; the
# latency of a double add is a few cycles of the clock mhz measures;
# mhz agrees with the cycle counter where perf can read it.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# value FILE FIELD: field FIELD of the first line of FILE.
value() { awk -v f="$2" 'NR == 1 { print $f }' "$1"; }
between() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v + 0 >= lo && v + 0 <= hi) }'; }

# Sleeps: at least what was asked, at most 5 ms more (a loaded machine
# wakes late, but not by that much at the median).
run_prog "$BUILD/lat_usleep" -N 5 1000
v=$(value "$T_TMP/err" 4)
if between "$v" 1000 6000; then ok; else not_ok "lat_usleep 1000: $v us"; fi
run_prog "$BUILD/lat_usleep" -N 5 -u nanosleep 10000
v=$(value "$T_TMP/err" 4)
if between "$v" 10000 15000; then ok; else not_ok "lat_usleep -u nanosleep 10000: $v us"; fi
for m in select pselect itimer; do
	run_prog "$BUILD/lat_usleep" -N 5 -u $m 2000
	v=$(value "$T_TMP/err" 4)
	if between "$v" 2000 7000; then ok; else not_ok "lat_usleep -u $m 2000: $v us"; fi
done

# A double add takes a few cycles (2 to 6 on current cores), an integer
# add one, never 0.  The clock and the chains are measured apart, so a
# busy spell between them can skew one run: up to three tries.
for _ in 1 2 3; do
	run_prog "$BUILD/mhz" -c
	period=$(value "$T_TMP/out" 1)
	run_prog "$BUILD/lat_ops"
	dadd=$(awk '/^double add:/ { print $3 }' "$T_TMP/err")
	dcyc=$(awk -v a="$dadd" -v p="$period" 'BEGIN { if (p > 0) printf "%.2f", a / p }')
	iadd=$(awk '/^integer add:/ { print $3 }' "$T_TMP/err")
	icyc=$(awk -v a="$iadd" -v p="$period" 'BEGIN { if (p > 0) printf "%.2f", a / p }')
	if between "$dcyc" 1.5 6.5 && between "$icyc" 0.8 1.5; then break; fi
done
if between "$dcyc" 1.5 6.5; then ok; else not_ok "double add: $dadd ns = $dcyc cycles of $period ns"; fi
if between "$icyc" 0.8 1.5; then ok; else not_ok "integer add: $iadd ns = $icyc cycles of $period ns"; fi

# mhz against the cycle counter, where perf reads one.
if command -v perf >/dev/null && perf stat -e cycles true 2>&1 | grep -q '[0-9] *cycles'; then
	perf stat -x, -e cycles,task-clock "$BUILD/lat_ops" >/dev/null 2>"$T_TMP/perf"
	ghz=$(awk -F, '/cycles/ { c = $1 } /task-clock/ { t = $1 } END { if (t > 0) printf "%.3f", c / t / 1e6 }' "$T_TMP/perf")
	mhz=$(awk -v p="$period" 'BEGIN { printf "%.3f", 1 / p }')
	if awk -v a="$ghz" -v b="$mhz" 'BEGIN { d = a / b; exit !(d > 0.9 && d < 1.1) }'; then ok; else
		not_ok "mhz ${mhz} GHz, perf ${ghz} GHz"
	fi
else
	echo "truth: mhz against perf cycles skipped: perf cannot count cycles here"
fi
# Cache sizes as sysfs states them: the knees of the random-chase
# latency curve sit at L1d and L2, within one size step of lmbench's grid.
cache_kb() { # LEVEL TYPE: size in KB of that cache of cpu0, or nothing
	for d in /sys/devices/system/cpu/cpu0/cache/index*; do
		if [ "$(cat "$d/level" 2>/dev/null)" = "$1" ] && [ "$(cat "$d/type" 2>/dev/null)" = "$2" ]; then
			sed 's/K$//' "$d/size"
		fi
	done
}
l1=$(cache_kb 1 Data)
l2=$(cache_kb 2 Unified)
if [ -n "$l1" ] && [ -n "$l2" ]; then
	mb=$(awk -v k="$l2" 'BEGIN { m = int(k * 4 / 1024); if (m < 1) m = 1; print m }')
	# knee LO HI: the size (KB) in (LO, HI] where the latency jumps most
	# from the size before it: the edge of a cache.  (A threshold over
	# a plateau would be fooled by the TLB misses the random ring adds
	# past the TLB's reach.)
	knee() {
		awk -v lo="$1" -v hi="$2" '/^[0-9]/ { kb = $1 * 1024
			if (prev != "" && kb > lo && kb <= hi && $2 / prev > best) { best = $2 / prev; at = kb }
			prev = $2 } END { if (at != "") printf "%d\n", at + 0.5 }' "$T_TMP/err"
	}
	# A shared machine can put a spike anywhere in one sweep: up to
	# three sweeps, and both knees must sit right in the same one.
	good=0
	for _ in 1 2 3; do
		run_prog "$BUILD/lat_mem_rd" -t -N 5 "$mb" 64
		k1=$(knee $((l1 / 4)) $((l1 * 3)))
		k2=$(knee $((l1 * 3)) $((l2 * 3)))
		if between "$k1" "$((l1 * 2 / 3))" "$((l1 * 2))" &&
			between "$k2" "$((l2 * 2 / 3))" "$((l2 * 2))"; then
			good=1
			break
		fi
	done
	if [ "$good" = 1 ]; then ok; else
		not_ok "knees at ${k1:-none} and ${k2:-none} KB, sysfs says L1d $l1 and L2 $l2 KB: $(tr '\n' ' ' <"$T_TMP/err" | head -c 600)"
	fi
	echo "truth: knees at $k1 KB and $k2 KB; sysfs: L1d $l1 KB, L2 $l2 KB"
else
	echo "truth: cache knees skipped: sysfs states no L1d/L2 sizes here"
fi

# lat_fs creates and deletes exactly the files it says: traced, the most
# files in existence at once are the FILES it prints (a phase makes that
# many, then removes them), every file created is unlinked, and its
# directory is left empty.
if command -v strace >/dev/null && strace -f -qq -o /dev/null true 2>/dev/null; then
	mkdir -p "$T_TMP/fsx"
	strace -f -qq -o "$T_TMP/trace" -e trace=openat,open,creat,unlink,unlinkat \
		"$BUILD/lat_fs" -N 3 -s 1k "$T_TMP/fsx" >/dev/null 2>"$T_TMP/err"
	files=$(awk -F '\t' '/^1k/ { print $2 }' "$T_TMP/err")
	# the most files in existence at once: creates less unlinks so far
	made=$(awk -v d="\"$T_TMP/fsx/" 'index($0, d) && $0 !~ / = -1 / {
		if ($0 ~ /O_CREAT/) { n++; if (n > max) max = n }
		else if ($0 ~ /unlink/ && $0 ~ / = 0$/) n-- } END { print max + 0 }' "$T_TMP/trace")
	ncreat=$(grep 'O_CREAT' "$T_TMP/trace" | grep -v ' = -1 ' | grep -c "\"$T_TMP/fsx/")
	nunlink=$(grep 'unlink' "$T_TMP/trace" | grep ' = 0$' | grep -c "\"$T_TMP/fsx/")
	echo "truth: lat_fs -s 1k says $files files; traced: at most $made at once, $ncreat creates, $nunlink unlinks"
	if [ -n "$files" ] && [ "$made" = "$files" ] && [ "$ncreat" = "$nunlink" ] && [ "$ncreat" -gt 0 ] &&
		[ -z "$(ls -A "$T_TMP/fsx")" ]; then ok; else
		not_ok "lat_fs: says $files files, at most $made at once, $ncreat creates, $nunlink unlinks, left: $(ls -A "$T_TMP/fsx")"
	fi
else
	echo "truth: the lat_fs file count skipped: strace is not installed (or not allowed)"
fi

# cache: its L1 and L2 are the sizes sysfs states, within one step of its
# quarter-octave grid, and its line size is the coherency line; an L3
# that sysfs states but cache does not find (a virtual machine sees a
# slice of a shared L3, or none) is reported, not passed over.
l3=$(cache_kb 3 Unified)
if [ -n "$l1" ] && [ -n "$l2" ]; then
	good=0
	for _ in 1 2 3; do
		run_prog "$BUILD/cache" -N 5 -M $((l2 * 16))k
		c1=$(awk '/^L1 cache:/ { print $3 / 1024 }' "$T_TMP/err")
		c2=$(awk '/^L2 cache:/ { print $3 / 1024 }' "$T_TMP/err")
		if [ "$RC" -eq 0 ] && between "$c1" "$((l1 * 3 / 4))" "$((l1 * 4 / 3))" &&
			between "$c2" "$((l2 * 3 / 4))" "$((l2 * 4 / 3))"; then
			good=1
			break
		fi
	done
	if [ "$good" = 1 ]; then ok; else
		not_ok "cache L1 ${c1:-none} KB, L2 ${c2:-none} KB; sysfs L1d $l1 KB, L2 $l2 KB: $(tr '\n' ' ' <"$T_TMP/err")"
	fi
	want=$(cat /sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size 2>/dev/null)
	got=$(awk '/^L1 cache:/ { print $7 }' "$T_TMP/err")
	if [ -z "$want" ] || [ "$got" = "$want" ]; then ok; else not_ok "cache linesize $got, sysfs $want"; fi
	echo "truth: cache finds L1 $c1 KB, L2 $c2 KB; sysfs: L1d $l1 KB, L2 $l2 KB"
	if [ -n "$l3" ]; then
		c3=$(awk '/^L3 cache:/ { print $3 / 1024 }' "$T_TMP/err")
		if [ "$l3" -le $((l2 * 8)) ] && [ -n "$c3" ] && between "$c3" "$((l3 * 3 / 4))" "$((l3 * 4 / 3))"; then
			echo "truth: cache finds L3 $c3 KB; sysfs $l3 KB"
		elif [ "$l3" -gt $((l2 * 8)) ]; then
			echo "truth: sysfs states an L3 of $l3 KB, beyond this test's sweep of $((l2 * 16)) KB; within it cache finds ${c3:+an L3 of }${c3:-no L3}${c3:+ KB} (a virtual machine's vCPU may see a slice of a shared L3): L3 not checked"
		else
			echo "truth: sysfs states an L3 of $l3 KB, but cache finds ${c3:-none} as this CPU sees it: L3 not checked"
		fi
	fi
fi

# stream copy and bw_mem cp over arrays of the same size (64 MB each)
# agree within 10 %, once STREAM's counting (bytes read plus bytes
# written) is set beside bw_mem's (bytes copied): stream = 2 x cp.  Each
# is the best of three runs, interleaved (a busy neighbour only lowers a
# bandwidth), and the whole comparison gets two tries.
good=0
for _ in 1 2; do
	bs=0 bc=0
	for _ in 1 2 3; do
		v=$("$BUILD/stream" -N 5 -M 192m 2>&1 | awk '/^STREAM copy bandwidth:/ { print $4 }')
		bs=$(awk -v a="$bs" -v b="${v:-0}" 'BEGIN { print (b > a ? b : a) }')
		v=$("$BUILD/bw_mem" -N 5 64m cp 2>&1 | awk '{ print $2 }')
		bc=$(awk -v a="$bc" -v b="${v:-0}" 'BEGIN { print (b > a ? b : a) }')
	done
	r=$(awk -v s="$bs" -v c="$bc" 'BEGIN { if (c > 0) printf "%.3f", s / (2 * c); else print 0 }')
	if between "$r" 0.9 1.1; then
		good=1
		break
	fi
done
echo "truth: stream copy $bs MB/s, bw_mem 64m cp $bc MB/s: stream / (2 x cp) = $r"
if [ "$good" = 1 ]; then ok; else not_ok "stream copy $bs MB/s against 2 x bw_mem cp $bc MB/s: ratio $r, want 0.9 to 1.1"; fi

# The line: where line could use false sharing it must find the line
# sysfs states; where it fell back on the latency method (one CPU, or
# CPUs that share a first-level cache, as here), adjacent-line prefetch
# may double it (or more), and the test says so.
want=$(cat /sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size 2>/dev/null)
if [ -n "$want" ]; then
	run_prog "$BUILD/line" -v
	got=$(value "$T_TMP/out" 4)
	case $(cat "$T_TMP/out") in
	*"false sharing"*)
		if [ "$got" = "$want" ]; then ok; else not_ok "line $got bytes, sysfs $want"; fi ;;
	*)
		# Prefetchers that fetch pairs (or quads) of lines can only
		# make it look larger, never smaller.
		if [ "$got" -ge "$want" ] && [ "$got" -le $((want * 4)) ]; then ok; else not_ok "line $got bytes, sysfs $want"; fi
		[ "$got" = "$want" ] || echo "truth: line says $got bytes by the latency method, sysfs $want: this machine's CPUs share a first-level cache, so false sharing cannot show the line, and adjacent-line prefetch doubles it" ;;
	esac
fi
finish truth

#!/bin/sh
# bench.sh BUILD - the foundation's speed targets as ratios, each figure
# of lmbench-ng set beside a bare loop measured in the same run (make
# bench).  Never a pass/fail test: these machines are shared and noisy.
BUILD=$1
PEER=$BUILD/tests/peer
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

# cv FILE: coefficient of variation (%) of the numbers in FILE.
cv() {
	awk '{ x[NR] = $1; s += $1 } END {
		m = s / NR; for (i = 1; i <= NR; i++) v += (x[i] - m) ^ 2
		printf "%.2f", 100 * sqrt(v / (NR - 1)) / m }' "$1"
}

size=268435456
ours=$("$BUILD/bw_mem" 256m rd 2>&1 | awk '{ print $2 }')
peer=$("$PEER" read $size)
echo "bw_mem 256m rd: $ours MB/s; plain 64-bit read loop: $peer MB/s; ratio $(ratio "$ours" "$peer") (target >= 0.95)"

ours=$("$BUILD/bw_mem" 256m cp 2>&1 | awk '{ print $2 }')
peer=$("$PEER" memcpy $size)
echo "bw_mem 256m cp: $ours MB/s; glibc memcpy: $peer MB/s; ratio $(ratio "$ours" "$peer") (target >= 0.95)"

ours=$("$BUILD/lat_syscall" null 2>&1 | awk '{ print $3 }')
peer=$("$PEER" getppid 10000000)
echo "lat_syscall null: $ours us; bare getppid loop (10M calls): $peer us; ratio $(ratio "$ours" "$peer") (target within 0.97-1.03)"

: >"$T_TMP/bw"
: >"$T_TMP/lat"
: >"$T_TMP/peer"
for _ in 1 2 3 4 5; do
	"$BUILD/bw_mem" 256m rd 2>&1 | awk '{ print $2 }' >>"$T_TMP/bw"
	"$PEER" read $size >>"$T_TMP/peer"
	"$BUILD/lat_mem_rd" 256 128 2>&1 | awk '/^256\.00000/ { print $2 }' >>"$T_TMP/lat"
done
echo "bw_mem 256m rd, 5 runs: $(tr '\n' ' ' <"$T_TMP/bw")CV $(cv "$T_TMP/bw")% (target <= 3%)"
echo "  the bare read loop, 5 runs beside it: $(tr '\n' ' ' <"$T_TMP/peer")CV $(cv "$T_TMP/peer")% (the machine's own noise)"
echo "lat_mem_rd 256 128 at 256 MB, 5 runs: $(tr '\n' ' ' <"$T_TMP/lat")CV $(cv "$T_TMP/lat")% (target <= 3%)"

# bw_mem's and STREAM's kernels beside their bare loops (tests/bench/bare:
# the same loop shape, plain C, over buffers placed as the programs place
# theirs) and beside the peers on the machine.  Program and loop alternate
# three times, so a busy neighbour hits both: the ratio of the medians,
# and the spread of the three pairs' ratios.  Targets say met / not met.
BARE=$BUILD/tests/bare
# sides FILE: "OURS BASE" lines -> "ours A B C; base A B C; ratio R (pairs LO-HI)"
sides() {
	awk 'function med(v, n,   i, j, t) {
		for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
	}
	$1 > 0 && $2 > 0 { n++; o[n] = $1; b[n] = $2; r[n] = $1 / $2; os = os " " $1; bs = bs " " $2 }
	END {
		if (n == 0) { print "no figures; ratio 0 (pairs -)"; exit }
		mo = med(o, n); mb = med(b, n); med(r, n)
		printf "ours%s MB/s; theirs%s MB/s; ratio %.3f (pairs %.3f-%.3f)\n", os, bs, mo / mb, r[1], r[n]
	}' "$1"
}
# verdict LINE LOW: "met" when the ratio in LINE is at least LOW.
verdict() {
	echo "$1" | awk -v lo="$2" '{ sub(/.*; ratio /, ""); print ($1 + 0 >= lo && $1 + 0 > 0) ? "met" : "not met" }'
}
# The hand kernels also beside lmbench 3's loop shape (4-byte ints, every
# fourth for the partial kernels, blocks of 128 unrolled).
for k in rd wr rdwr cp fwr frd fcp bzero bcopy; do
	: >"$T_TMP/pairs"
	: >"$T_TMP/lm"
	for _ in 1 2 3; do
		o=$("$BUILD/bw_mem" 256m $k 2>&1 | awk '{ print $2 }')
		echo "${o:-0} $("$BARE" bw_mem $k 256m)" >>"$T_TMP/pairs"
		case $k in b*) ;; *) echo "${o:-0} $("$BARE" lmbench $k 256m)" >>"$T_TMP/lm" ;; esac
	done
	line=$(sides "$T_TMP/pairs")
	echo "bw_mem 256m $k beside its bare loop: $line; target >= 0.95: $(verdict "$line" 0.95)"
	[ -s "$T_TMP/lm" ] || continue
	line=$(sides "$T_TMP/lm")
	echo "bw_mem 256m $k beside lmbench 3's loop shape: $line; target >= 0.95 (no slower than lmbench): $(verdict "$line" 0.95)"
done
for v in 1 2; do
	case $v in 1) ks="copy scale add triad" ;; *) ks="fill copy daxpy sum" ;; esac
	: >"$T_TMP/s.o"
	: >"$T_TMP/s.b"
	for _ in 1 2 3; do
		"$BUILD/stream" -v $v -M 768m 2>&1 | awk '/bandwidth:/ { print $2, $4 }' >>"$T_TMP/s.o"
		for k in $ks; do echo "$k $("$BARE" stream "$k" 768m)" >>"$T_TMP/s.b"; done
	done
	for k in $ks; do
		awk -v k="$k" '$1 == k { print $2 }' "$T_TMP/s.o" >"$T_TMP/s.o1"
		awk -v k="$k" '$1 == k { print $2 }' "$T_TMP/s.b" >"$T_TMP/s.b1"
		paste -d ' ' "$T_TMP/s.o1" "$T_TMP/s.b1" >"$T_TMP/pairs"
		line=$(sides "$T_TMP/pairs")
		case $k in copy) t="target >= 0.95: $(verdict "$line" 0.95)" ;; *) t="no target" ;; esac
		echo "stream -v $v -M 768m $k beside its bare loop: $line; $t"
	done
done
# The copy rate against the distance between source and destination
# (the experiment behind the placement rule; a table, no target).
echo "copy rate per source-destination distance (tests/bench/distance -r 5):"
"$BUILD/tests/distance" -r 5 | sed 's/^/  /'
# Peers: perf bench mem (GB/sec of 2^30 bytes) and sysbench memory (MiB/sec).
if command -v perf >/dev/null && perf bench mem memcpy -s 1MB -l 1 >/dev/null 2>&1; then
	for f in memcpy:bcopy memset:bzero; do
		: >"$T_TMP/pairs"
		for _ in 1 2 3; do
			o=$("$BUILD/bw_mem" 256m "${f#*:}" 2>&1 | awk '{ print $2 }')
			p=$(perf bench mem "${f%:*}" -f default -s 256MB -l 10 2>&1 | awk '
				/B\/[Ss]ec/ { u = $2; m = 1; if (u ~ /^K/) m = 1024; if (u ~ /^M/) m = 1048576; if (u ~ /^G/) m = 1073741824; printf "%.2f", $1 * m / 1e6 }')
			echo "${o:-0} ${p:-0}" >>"$T_TMP/pairs"
		done
		line=$(sides "$T_TMP/pairs")
		case $f in memcpy:*) t="target >= 0.95: $(verdict "$line" 0.95)" ;; *) t="no target" ;; esac
		echo "bw_mem 256m ${f#*:} beside perf bench mem ${f%:*} -s 256MB: $line; $t"
	done
else
	echo "bw_mem bcopy and bzero beside perf bench mem memcpy / memset: absent (perf not usable here; Debian package linux-perf)"
fi
if command -v sysbench >/dev/null; then
	for f in read:frd write:fwr; do
		: >"$T_TMP/pairs"
		for _ in 1 2 3; do
			o=$("$BUILD/bw_mem" 256m "${f#*:}" 2>&1 | awk '{ print $2 }')
			p=$(sysbench memory --threads=1 --memory-block-size=256M --memory-total-size=5G --memory-oper="${f%:*}" run 2>&1 |
				awk '/MiB transferred/ { sub(/.*\(/, ""); printf "%.2f", $1 * 1048576 / 1e6 }')
			echo "${o:-0} ${p:-0}" >>"$T_TMP/pairs"
		done
		echo "bw_mem 256m ${f#*:} beside sysbench memory --memory-oper=${f%:*} (256 MB blocks): $(sides "$T_TMP/pairs"); no target"
	done
else
	echo "bw_mem frd and fwr beside sysbench memory: absent (sysbench not installed; Debian package sysbench)"
fi

t0=$(date +%s.%N)
"$BUILD/lat_mem_rd" 64 128 2>"$T_TMP/sweep"
t1=$(date +%s.%N)
echo "lat_mem_rd 64 128: $(grep -c '^[0-9]' "$T_TMP/sweep") sizes in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s (target < 20 s)"

ours=$("$BUILD/lat_mem_rd" -t 256 64 2>&1 | awk '/^256\.00000/ { print $2 }')
peer=$("$PEER" chase 256)
echo "lat_mem_rd -t 256 64 at 256 MB: $ours ns; bare random chase: $peer ns; ratio $(ratio "$ours" "$peer")"

# lat_pipe beside perf bench sched pipe, both ends on CPU 0 for both
# (an op of perf's is one round trip, as lat_pipe's iteration).
if command -v perf >/dev/null && perf bench sched pipe -l 1000 >/dev/null 2>&1; then
	ours=$(LMBENCH_SCHED=SAME taskset -c 0 "$BUILD/lat_pipe" 2>&1 | awk '/^Pipe latency:/ { print $3 }')
	peer=$(taskset -c 0 perf bench sched pipe -l 200000 2>&1 | awk '/usecs\/op/ { print $1 }')
	echo "lat_pipe (CPU 0): $ours us; perf bench sched pipe (taskset -c 0): $peer us per round trip; ratio $(ratio "$ours" "$peer") (target within 0.90-1.10)"
else
	echo "lat_pipe beside perf bench sched pipe: skipped (perf not usable here; Debian package linux-perf)"
fi

# The network programs over loopback beside bare loops of the same
# message size (a forked echo or writer, no harness), one after the other.
port=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 10000) }')
"$BUILD/lat_tcp" -s -p "$port" && "$BUILD/lat_udp" -s -p $((port + 1)) && "$BUILD/bw_tcp" -s -p $((port + 2))
for m in 1 1024; do
	ours=$("$BUILD/lat_tcp" -m $m -p "$port" 127.0.0.1 2>&1 | awk '{ print $5 }')
	peer=$("$PEER" tcprtt $m)
	echo "lat_tcp -m $m (loopback): $ours us; bare TCP ping-pong: $peer us; ratio $(ratio "$ours" "$peer") (target within 0.90-1.10)"
done
for m in 4 1024; do
	ours=$("$BUILD/lat_udp" -m $m -p $((port + 1)) 127.0.0.1 2>&1 | awk '{ print $5 }')
	peer=$("$PEER" udprtt $m)
	echo "lat_udp -m $m (loopback): $ours us; bare UDP ping-pong: $peer us; ratio $(ratio "$ours" "$peer") (target within 0.90-1.10)"
done
ours=$("$BUILD/bw_tcp" -p $((port + 2)) 127.0.0.1 2>&1 | awk '{ print $2 }')
peer=$("$PEER" tcpbw 65536)
echo "bw_tcp (64 KB messages, loopback): $ours MB/s; bare write/read loop: $peer MB/s; ratio $(ratio "$ours" "$peer") (target >= 0.95)"
"$BUILD/lat_tcp" -S -p "$port" 127.0.0.1
"$BUILD/lat_udp" -S -p $((port + 1)) 127.0.0.1
"$BUILD/bw_tcp" -S -p $((port + 2)) 127.0.0.1

# Placement (issue 11): five runs each under the default placement, SAME
# (every party on the first CPU this shell may use; the servers started
# there too, and the clients asked for SAME), and the coefficient of
# variation of each figure; then the same-CPU loopback round trip beside
# a bare ping-pong pinned the same way, and lat_pipe under CROSS.
first=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //; s/[-,].*//')
[ -n "$first" ] || first=0
pp=$((port + 3))
LMBENCH_SCHED=SAME taskset -c "$first" "$BUILD/lat_tcp" -s -p "$pp" &&
	LMBENCH_SCHED=SAME taskset -c "$first" "$BUILD/lat_udp" -s -p $((pp + 1))
for f in pipe unix ctx tcp udp cross; do : >"$T_TMP/cv.$f"; done
for _ in 1 2 3 4 5; do
	"$BUILD/lat_pipe" 2>&1 | awk '/^Pipe latency:/ { print $3 }' >>"$T_TMP/cv.pipe"
	"$BUILD/lat_unix" 2>&1 | awk '/^AF_UNIX sock stream latency:/ { print $5 }' >>"$T_TMP/cv.unix"
	"$BUILD/lat_ctx" -s 0 2 2>&1 | awk '$1 == 2 { print $2 }' >>"$T_TMP/cv.ctx"
	LMBENCH_SCHED=SAME taskset -c "$first" "$BUILD/lat_tcp" -p "$pp" 127.0.0.1 2>&1 |
		awk '/^TCP latency/ { print $5 }' >>"$T_TMP/cv.tcp"
	LMBENCH_SCHED=SAME taskset -c "$first" "$BUILD/lat_udp" -p $((pp + 1)) 127.0.0.1 2>&1 |
		awk '/^UDP latency/ { print $5 }' >>"$T_TMP/cv.udp"
	if [ "$(nproc)" -ge 2 ]; then
		LMBENCH_SCHED=CROSS "$BUILD/lat_pipe" 2>&1 | awk '/^Pipe latency:/ { print $3 }' >>"$T_TMP/cv.cross"
	fi
done
echo "placement SAME (default), 5 runs each, CV target < 5% on a quiet machine:"
for f in pipe:lat_pipe unix:lat_unix ctx:"lat_ctx 2p/0K" tcp:"lat_tcp loopback" udp:"lat_udp loopback"; do
	if [ -s "$T_TMP/cv.${f%%:*}" ]; then
		echo "  ${f#*:}: $(tr '\n' ' ' <"$T_TMP/cv.${f%%:*}")us; CV $(cv "$T_TMP/cv.${f%%:*}")%"
	else
		echo "  ${f#*:}: no figure"
	fi
done
if [ -s "$T_TMP/cv.cross" ]; then
	echo "  (the other figure) lat_pipe CROSS: $(tr '\n' ' ' <"$T_TMP/cv.cross")us; CV $(cv "$T_TMP/cv.cross")%"
fi
ours=$(LMBENCH_SCHED=SAME taskset -c "$first" "$BUILD/lat_tcp" -p "$pp" 127.0.0.1 2>&1 | awk '/^TCP latency/ { print $5 }')
peer=$(taskset -c "$first" "$PEER" tcprtt 1)
echo "lat_tcp (loopback, client and server on CPU $first): $ours us; bare TCP ping-pong (taskset -c $first): $peer us; ratio $(ratio "$ours" "$peer") (target within 0.90-1.10)"
"$BUILD/lat_tcp" -S -p "$pp" 127.0.0.1
"$BUILD/lat_udp" -S -p $((pp + 1)) 127.0.0.1

# compare over two sets of 10 result files of 600 metrics with 11
# samples each (made from the fixture's records).
mkdir -p "$T_TMP/ca" "$T_TMP/cb"
top=$(cd "$(dirname "$0")/.." && pwd)
for i in 0 1 2 3 4 5 6 7 8 9; do
	for s in a b; do
		awk '{ for (k = 0; k < 150; k++) { l = $0; sub(/"metric":"/, "&m" k " ", l); print l } }' \
			"$top/tests/fixtures/compare/base.0.json" >"$T_TMP/c$s/r.$i.json"
		cp "$top/tests/fixtures/compare/base.0" "$T_TMP/c$s/r.$i"
	done
done
t0=$(date +%s.%N)
sh "$top/scripts/compare" "$T_TMP/ca" "$T_TMP/cb" >"$T_TMP/cmp"
t1=$(date +%s.%N)
echo "compare, 10 runs a side, $(sed -n 's/^\([0-9]*\) compared:.*/\1/p' "$T_TMP/cmp") metrics: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s (target < 2 s)"
# compare of a 4 MB result file (260000 bw_mem pairs) with itself.
{
	sed -n '1,/^\[VERSION/p' "$top/tests/fixtures/compare/base.0"
	echo 'Memory read bandwidth'
	awk 'BEGIN { for (i = 1; i <= 260000; i++) printf "%.6f %.2f\n", i / 1e6, 100 + i % 7 }'
	echo ''
	echo '[Mon Nov 30 03:00:00 UTC 2026]'
} >"$T_TMP/big.0"
t0=$(date +%s.%N)
sh "$top/scripts/compare" "$T_TMP/big.0" "$T_TMP/big.0" >"$T_TMP/cmp"
t1=$(date +%s.%N)
echo "compare of a $(awk -v b="$(wc -c <"$T_TMP/big.0")" 'BEGIN { printf "%.1f", b / 1e6 }') MB file with itself: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s (target < 2 s)"

# The report over 10 result files (copies of the lmbench 3 fixture).
for i in 0 1 2 3 4 5 6 7 8 9; do cp "$top/tests/fixtures/x86_64-linux-gnu/box1.0" "$T_TMP/box$i.0"; done
t0=$(date +%s.%N)
sh "$top/scripts/report" -o "$T_TMP/r.html" "$T_TMP"/box?.0 2>/dev/null
t1=$(date +%s.%N)
echo "report of 10 files: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s (target < 10 s)"

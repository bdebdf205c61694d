#!/bin/sh
# bench.sh BUILD - the foundation's speed targets as ratios, each figure
# of lmbench-ng set beside a bare loop measured in the same run (make
# bench).  Never a pass/fail test: these machines are shared and noisy.
BUILD=$1
PEER=$BUILD/tests/peer
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# cv FILE: coefficient of variation (%) of the numbers in FILE.
cv() {
	awk '{ x[NR] = $1; s += $1 } END {
		m = s / NR; for (i = 1; i <= NR; i++) v += (x[i] - m) ^ 2
		printf "%.2f", 100 * sqrt(v / (NR - 1)) / m }' "$1"
}
# Every ratio below comes from BENCH_ROUNDS rounds (default 5), each
# running both sides once, the sides alternating.
RATIO=$BUILD/tests/ratio
# sides FILE [UNIT]: "OURS BASE" lines, one a round (each round runs both
# sides once) -> "ours A B C UNIT; theirs A B C UNIT; ratio R [LO, HI]
# (median of N rounds M; rounds A-B)": R the ratio of the sides'
# geometric means, [LO, HI] its 95 % interval with the rounds as the runs
# (tests/ratio: the CI gate's statistics).
sides() {
	awk -v u="${2:-MB/s}" '$1 > 0 && $2 > 0 { os = os " " $1; bs = bs " " $2 }
		END { printf "ours%s %s; theirs%s %s; ", os, u, bs, u }' "$1"
	"$RATIO" <"$1" | sed 's/: no target$//; s/: cannot tell$//'
}
# in_range LINE LOW HIGH: "met" where the ratio's interval in LINE lies
# within LOW-HIGH, "not met" where it lies wholly outside, else "cannot
# tell" (bench/sched.sh has a within of its own).
in_range() {
	echo "$1" | awk -v lo="$2" -v hi="$3" '{ sub(/.*; ratio [^[]*\[/, ""); sub(/\].*/, ""); split($0, b, ", ")
		if (b[2] == "") print "cannot tell (fewer than two rounds)"
		else if (b[1] + 0 >= lo && b[2] + 0 <= hi) print "met"
		else if (b[2] + 0 < lo || b[1] + 0 > hi) print "not met"
		else print "cannot tell" }'
}
# verdict LINE LOW: "met" where the whole interval is at least LOW, "not
# met" where it is wholly below, else "cannot tell".
verdict() { in_range "$1" "$2" 1e300; }
ROUNDS=${BENCH_ROUNDS:-5}
case $ROUNDS in '' | *[!0-9]* | 0 | 1) echo "bench: BENCH_ROUNDS is a count of at least 2" >&2; exit 2 ;; esac

size=268435456
for f in rd cp sc lat; do : >"$T_TMP/$f"; done
for _ in $(seq "$ROUNDS"); do
	echo "$("$BUILD/bw_mem" 256m rd 2>&1 | awk "$BW_RATE") $("$PEER" read $size)" >>"$T_TMP/rd"
	echo "$("$BUILD/bw_mem" 256m cp 2>&1 | awk "$BW_RATE") $("$PEER" memcpy $size)" >>"$T_TMP/cp"
	echo "$("$BUILD/lat_syscall" null 2>&1 | awk '/^Simple syscall:/ { print $3 }') $("$PEER" getppid 10000000)" >>"$T_TMP/sc"
	"$BUILD/lat_mem_rd" 256 128 2>&1 | awk '/^256\.00000/ { print $2 }' >>"$T_TMP/lat"
done
line=$(sides "$T_TMP/rd")
echo "bw_mem 256m rd beside a plain 64-bit read loop: $line; target >= 0.95: $(verdict "$line" 0.95)"
line=$(sides "$T_TMP/cp")
echo "bw_mem 256m cp beside glibc memcpy: $line; target >= 0.95: $(verdict "$line" 0.95)"
line=$(sides "$T_TMP/sc" us)
echo "lat_syscall null beside a bare getppid loop (10M calls): $line; target within 0.97-1.03: $(in_range "$line" 0.97 1.03)"
awk '{ print $1 }' "$T_TMP/rd" >"$T_TMP/bw"
awk '{ print $2 }' "$T_TMP/rd" >"$T_TMP/peer"
echo "bw_mem 256m rd, $ROUNDS runs: $(tr '\n' ' ' <"$T_TMP/bw")CV $(cv "$T_TMP/bw")% (target <= 3%)"
echo "  the bare read loop, $ROUNDS runs beside it: $(tr '\n' ' ' <"$T_TMP/peer")CV $(cv "$T_TMP/peer")% (the machine's own noise)"
echo "lat_mem_rd 256 128 at 256 MB, $ROUNDS runs: $(tr '\n' ' ' <"$T_TMP/lat")CV $(cv "$T_TMP/lat")% (target <= 3%)"

# bw_mem's and STREAM's kernels beside their bare loops (tests/bench/bare:
# the same loop shape, plain C, over buffers placed as the programs place
# theirs) and beside the peers on the machine.  Program and loop alternate
# in every round, so a busy neighbour hits both.
BARE=$BUILD/tests/bare
# The hand kernels also beside lmbench 3's loop shape (4-byte ints, every
# fourth for the partial kernels, blocks of 128 unrolled).
for k in rd wr rdwr cp fwr frd fcp bzero bcopy; do
	: >"$T_TMP/pairs"
	: >"$T_TMP/lm"
	for _ in $(seq "$ROUNDS"); do
		o=$("$BUILD/bw_mem" 256m $k 2>&1 | awk "$BW_RATE")
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
	for _ in $(seq "$ROUNDS"); do
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
		for _ in $(seq "$ROUNDS"); do
			o=$("$BUILD/bw_mem" 256m "${f#*:}" 2>&1 | awk "$BW_RATE")
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
		for _ in $(seq "$ROUNDS"); do
			o=$("$BUILD/bw_mem" 256m "${f#*:}" 2>&1 | awk "$BW_RATE")
			p=$(sysbench memory --threads=1 --memory-block-size=256M --memory-total-size=5G --memory-oper="${f%:*}" run 2>&1 |
				awk '/MiB transferred/ { sub(/.*\(/, ""); printf "%.2f", $1 * 1048576 / 1e6 }')
			echo "${o:-0} ${p:-0}" >>"$T_TMP/pairs"
		done
		echo "bw_mem 256m ${f#*:} beside sysbench memory --memory-oper=${f%:*} (256 MB blocks): $(sides "$T_TMP/pairs"); no target"
	done
else
	echo "bw_mem frd and fwr beside sysbench memory: absent (sysbench not installed; Debian package sysbench)"
fi
# The widest-load read kernel (bw_mem rdv, issue 15) beside the peers on
# this machine: STREAM copy / 2 (a copy's bytes are half read) and
# sysbench memory read, each on a buffer past the last-level cache (the
# power of two at or above twice the largest cache sysfs states, as
# sysbench takes only powers of two, at least 256 MB); the target is the
# fastest peer.
llc=$(llc_kb)
wmb=256
while [ "$((wmb * 1024))" -lt "$((${llc:-0} * 2))" ]; do wmb=$((wmb * 2)); done
: >"$T_TMP/wide"
for _ in $(seq "$ROUNDS"); do
	o=$("$BUILD/bw_mem" "${wmb}m" rdv 2>&1 | awk '!/warning/ { print $2 }')
	st=$("$BUILD/stream" -M "$((wmb * 3))m" 2>&1 | awk '/^STREAM copy bandwidth:/ { printf "%.2f", $4 / 2 }')
	sb=0
	if command -v sysbench >/dev/null; then
		sb=$(sysbench memory --threads=1 --memory-block-size="${wmb}M" --memory-total-size="$((wmb * 10))M" --memory-oper=read run 2>&1 |
			awk '/MiB transferred/ { sub(/.*\(/, ""); printf "%.2f", $1 * 1048576 / 1e6 }')
	fi
	echo "${o:-0} ${st:-0} ${sb:-0}" >>"$T_TMP/wide"
done
awk '{ print $1, $2 }' "$T_TMP/wide" >"$T_TMP/pairs"
line=$(sides "$T_TMP/pairs")
echo "bw_mem ${wmb}m rdv beside STREAM copy/2 (-M $((wmb * 3))m): $line; target >= 1.0: $(verdict "$line" 1.0)"
if command -v sysbench >/dev/null; then
	awk '{ print $1, $3 }' "$T_TMP/wide" >"$T_TMP/pairs"
	line=$(sides "$T_TMP/pairs")
	echo "bw_mem ${wmb}m rdv beside sysbench memory --memory-oper=read --memory-block-size=${wmb}M: $line; target >= 1.0: $(verdict "$line" 1.0)"
else
	echo "bw_mem rdv beside sysbench memory read: absent (sysbench not installed; Debian package sysbench)"
fi

t0=$(date +%s.%N)
"$BUILD/lat_mem_rd" 64 128 2>"$T_TMP/sweep"
t1=$(date +%s.%N)
echo "lat_mem_rd 64 128: $(grep -c '^[0-9]' "$T_TMP/sweep") sizes in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s (target < 20 s)"

for _ in $(seq "$ROUNDS"); do
	echo "$("$BUILD/lat_mem_rd" -t 256 64 2>&1 | awk '/^256\.00000/ { print $2 }') $("$PEER" chase 256)"
done >"$T_TMP/pairs"
echo "lat_mem_rd -t 256 64 at 256 MB beside a bare random chase: $(sides "$T_TMP/pairs" ns); no target"

# lat_pipe beside perf bench sched pipe, both ends on CPU 0 for both
# (an op of perf's is one round trip, as lat_pipe's iteration).
if command -v perf >/dev/null && perf bench sched pipe -l 1000 >/dev/null 2>&1; then
	# (alternating rounds: one pair moves by 30 % on a shared host)
	: >"$T_TMP/pairs"
	for _ in $(seq "$ROUNDS"); do
		o=$(LMBENCH_SCHED=SAME taskset -c 0 "$BUILD/lat_pipe" 2>&1 | awk '/^Pipe latency:/ { print $3 }')
		p=$(taskset -c 0 perf bench sched pipe -l 200000 2>&1 | awk '/usecs\/op/ { print $1 }')
		echo "${o:-0} ${p:-0}" >>"$T_TMP/pairs"
	done
	line=$(sides "$T_TMP/pairs" us)
	echo "lat_pipe (CPU 0) beside perf bench sched pipe -l 200000 (taskset -c 0), us per round trip: $line; target within 0.90-1.10: $(in_range "$line" 0.9 1.1)"
else
	echo "lat_pipe beside perf bench sched pipe: skipped (perf not usable here; Debian package linux-perf)"
fi

# The network programs over loopback beside bare loops of the same
# message size (a forked echo or writer, no harness), one after the other;
# the bare loops on the CPU where the servers and clients place themselves
# (SAME: the first CPU this shell may use).
first=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //; s/[-,].*//')
[ -n "$first" ] || first=0
port=$(awk 'BEGIN { srand(); print 20000 + int(rand() * 10000) }')
"$BUILD/lat_tcp" -s -p "$port" && "$BUILD/lat_udp" -s -p $((port + 1)) && "$BUILD/bw_tcp" -s -p $((port + 2))
# Alternating rounds (one pair moved by 50 % in a quiet hour).
for pm in tcp:1 tcp:1024 udp:4 udp:1024; do
	proto=${pm%:*} m=${pm#*:} p=$port
	[ "$proto" = udp ] && p=$((port + 1))
	: >"$T_TMP/pairs"
	for _ in $(seq "$ROUNDS"); do
		# (the result line only: a warning - mixed samples, a moved
		# party - is a line of its own)
		o=$("$BUILD/lat_$proto" -m "$m" -p "$p" 127.0.0.1 2>&1 | awk '/^[TU][CD]P latency using / { print $5 }')
		echo "${o:-0} $(taskset -c "$first" "$PEER" "${proto}rtt" "$m")" >>"$T_TMP/pairs"
	done
	line=$(sides "$T_TMP/pairs" us)
	echo "lat_$proto -m $m (loopback) beside a bare $proto ping-pong: $line; target within 0.90-1.10: $(in_range "$line" 0.9 1.1)"
done
for _ in $(seq "$ROUNDS"); do
	echo "$("$BUILD/bw_tcp" -p $((port + 2)) 127.0.0.1 2>&1 | awk '$3 == "MB/sec" { print $2 }') $(taskset -c "$first" "$PEER" tcpbw 65536)"
done >"$T_TMP/pairs"
line=$(sides "$T_TMP/pairs")
echo "bw_tcp (64 KB messages, loopback) beside a bare write/read loop: $line; target >= 0.95: $(verdict "$line" 0.95)"
"$BUILD/lat_tcp" -S -p "$port" 127.0.0.1
"$BUILD/lat_udp" -S -p $((port + 1)) 127.0.0.1
"$BUILD/bw_tcp" -S -p $((port + 2)) 127.0.0.1

# Placement (issue 11): five runs of every figure of the summary's
# process, context-switch, local-communication and memory tables, each
# under its program's default placement (the loopback servers started
# with their clients on the first CPU this shell may use, as SAME asks),
# with -N 5 a run, and per figure its mean, coefficient of variation and
# whether that is under 5 % (the target, on a quiet machine); then the
# same-CPU loopback round trip beside a bare ping-pong pinned the same
# way, and lat_pipe under CROSS.
pp=$((port + 3))
echo x >"$T_TMP/cv.file"
# The figures: "COMMAND|AWK" lines, the awk printing "LABEL<tab>VALUE"
# for each figure of the command's output ($B: the build, $F: a file,
# $S: the loopback client's prefix, $P the bare loops).  The bare loops'
# rows are the machine's own noise: no figure is steadier than the bare
# loop of its kind in the same rounds.
cv_figures() {
	cat <<'EOF'
$B/lat_syscall -N 5 null|/^Simple syscall:/ { print "proc null call\t" $3 }
$B/lat_syscall -N 5 read|/^Simple read:/ { print "proc null I/O (read)\t" $3 }
$B/lat_syscall -N 5 write|/^Simple write:/ { print "proc null I/O (write)\t" $3 }
$B/lat_syscall -N 5 stat $F|/^Simple stat:/ { print "proc stat\t" $3 }
$B/lat_syscall -N 5 open $F|/^Simple open.close:/ { print "proc open/close\t" $3 }
$B/lat_select -N 5 -n 100 tcp|/^Select on 100 tcp/ { print "proc select 100 TCP fds\t" $6 }
$B/lat_sig -N 5 install|/^Signal handler installation:/ { print "proc sig install\t" $4 }
$B/lat_sig -N 5 catch|/^Signal handler overhead:/ { print "proc sig handler\t" $4 }
$B/lat_sig -N 5 prot $F|/^Protection fault:/ { print "proc protection fault\t" $3 }
$B/lat_proc -N 5 fork|/^Process fork.exit/ { print "proc fork\t" $3 }
$B/lat_proc -N 5 exec|/^Process fork.execve/ { print "proc exec\t" $3 }
$B/lat_proc -N 5 shell|/^Process fork..bin.sh/ { print "proc sh\t" $4 }
$B/lat_ctx -N 5 -s 0 2|/^[0-9]/ { print "ctx " $1 "p/0K\t" $2 }
$B/lat_ctx -N 5 -s 16 2 8 16|/^[0-9]/ { print "ctx " $1 "p/16K\t" $2 }
$B/lat_ctx -N 5 -s 64 2 8 16|/^[0-9]/ { print "ctx " $1 "p/64K\t" $2 }
$B/lat_pipe -N 5|/^Pipe latency:/ { print "comm pipe\t" $3 }
$B/lat_unix -N 5|/^AF_UNIX sock stream latency:/ { print "comm AF_UNIX\t" $5 }
$S $B/lat_udp -N 5 -p $((pp + 1)) 127.0.0.1|/^UDP latency/ { print "comm UDP\t" $5 }
$S $B/lat_tcp -N 5 -p $pp 127.0.0.1|/^TCP latency/ { print "comm TCP\t" $5 }
$S $B/lat_connect -N 5 -p $((pp + 2)) 127.0.0.1|/^TCP.IP connection cost/ { print "comm TCP conn\t" $(NF - 1) }
$B/bw_pipe -N 5|/^Pipe bandwidth/ { print "comm bw pipe (MB/s)\t" $3 }
$B/bw_unix -N 5|/^AF_UNIX sock stream bandwidth:/ { print "comm bw AF_UNIX (MB/s)\t" $5 }
$S $B/bw_tcp -N 5 -m 10M -p $((pp + 3)) 127.0.0.1|NF >= 2 { print "comm bw TCP 10M (MB/s)\t" $2 }
$B/lat_mem_rd -N 5 64 128|$1 == "0.00098" { print "mem L1 (1K, ns)\t" $2 } $1 == "0.12500" { print "mem L2 (128K, ns)\t" $2 } $1 == "64.00000" { print "mem main (64M, ns)\t" $2 }
$B/bw_mem -N 5 32m rd|NF >= 2 { print "mem bw_mem 32m rd (MB/s)\t" $2 }
$B/bw_mem -N 5 32m wr|NF >= 2 { print "mem bw_mem 32m wr (MB/s)\t" $2 }
$B/bw_mem -N 5 32m cp|NF >= 2 { print "mem bw_mem 32m cp (MB/s)\t" $2 }
$B/bw_mem -N 5 32m bcopy|NF >= 2 { print "mem bw_mem 32m bcopy (MB/s)\t" $2 }
$P getppid 1000000|NF { print "(bare) getppid loop\t" $1 }
taskset -c $first perf bench sched pipe -l 50000|/usecs.op/ { print "(bare) perf pipe, 1 CPU\t" $1 }
taskset -c $first $P tcprtt 1|NF { print "(bare) TCP ping-pong, 1 CPU\t" $1 }
$P chase 64|NF { print "(bare) chase 64M (ns)\t" $1 }
$P read 33554432|NF { print "(bare) read loop 32M (MB/s)\t" $1 }
EOF
}
i=0
for prog in lat_tcp lat_udp lat_connect bw_tcp; do
	LMBENCH_SCHED=SAME taskset -c "$first" "$BUILD/$prog" -s -p $((pp + i)) </dev/null
	i=$((i + 1))
done
# shellcheck disable=SC2034 # read by the eval of each figure's command
B=$BUILD F=$T_TMP/cv.file S="env LMBENCH_SCHED=SAME taskset -c $first" P=$PEER
: >"$T_TMP/cv.all"
: >"$T_TMP/cv.cross"
t0=$(date +%s)
for _ in $(seq "$ROUNDS"); do
	cv_figures | while IFS='|' read -r cmd prog; do
		eval "$cmd" </dev/null 2>&1 | awk "$prog" >>"$T_TMP/cv.all"
	done
	if [ "$(nproc)" -ge 2 ]; then
		LMBENCH_SCHED=CROSS "$BUILD/lat_pipe" -N 5 2>&1 | awk '/^Pipe latency:/ { print $3 }' >>"$T_TMP/cv.cross"
	fi
done
t1=$(date +%s)
echo "CV table, placement default (SAME for two parties), 5 runs of -N 5 each, $((t1 - t0)) s; target CV < 5% on a quiet machine:"
printf '  %-28s %-44s %10s %7s %s\n' figure "runs (us, unless said)" mean CV "under 5 %"
awk -F '\t' 'function g(x) { return x >= 1000 ? sprintf("%.0f", x) : sprintf("%.4g", x) }
	!($1 in n) { order[++k] = $1 } { n[$1]++; v[$1, n[$1]] = $2 }
	END {
		for (i = 1; i <= k; i++) {
			f = order[i]; s = 0; q = 0; runs = ""
			for (j = 1; j <= n[f]; j++) { s += v[f, j]; runs = runs g(v[f, j]) " " }
			m = s / n[f]
			for (j = 1; j <= n[f]; j++) q += (v[f, j] - m) ^ 2
			c = n[f] > 1 && m > 0 ? 100 * sqrt(q / (n[f] - 1)) / m : -1
			printf "  %-28s %-44s %10s %6s%% %s\n", f, runs, g(m), c < 0 ? "-" : sprintf("%.2f", c),
				n[f] < 5 ? "no (" n[f] " runs)" : c < 5 ? "yes" : "no"
		}
	}' "$T_TMP/cv.all"
if [ -s "$T_TMP/cv.cross" ]; then
	echo "  (the other figure) lat_pipe CROSS: $(tr '\n' ' ' <"$T_TMP/cv.cross")us; CV $(cv "$T_TMP/cv.cross")%"
fi
: >"$T_TMP/pairs"
for _ in $(seq "$ROUNDS"); do
	o=$(LMBENCH_SCHED=SAME taskset -c "$first" "$BUILD/lat_tcp" -p "$pp" 127.0.0.1 2>&1 | awk '/^TCP latency/ { print $5 }')
	p=$(taskset -c "$first" "$PEER" tcprtt 1)
	echo "${o:-0} ${p:-0}" >>"$T_TMP/pairs"
done
line=$(sides "$T_TMP/pairs" us)
echo "lat_tcp (loopback, client and server on CPU $first) beside a bare TCP ping-pong (taskset -c $first): $line; target within 0.90-1.10: $(in_range "$line" 0.9 1.1)"
i=0
for prog in lat_tcp lat_udp lat_connect bw_tcp; do
	"$BUILD/$prog" -S -p $((pp + i)) 127.0.0.1 </dev/null
	i=$((i + 1))
done

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

# The scheduler, IPC and thread programs beside hackbench, perf bench
# and sysbench (tests/bench/sched.sh).
# shellcheck source=tests/bench/sched.sh
. "$(dirname "$0")/bench/sched.sh"

# The report over 10 result files (copies of the lmbench 3 fixture).
for i in 0 1 2 3 4 5 6 7 8 9; do cp "$top/tests/fixtures/x86_64-linux-gnu/box1.0" "$T_TMP/box$i.0"; done
t0=$(date +%s.%N)
sh "$top/scripts/report" -o "$T_TMP/r.html" "$T_TMP"/box?.0 2>/dev/null
t1=$(date +%s.%N)
echo "report of 10 files: $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s (target < 10 s)"

# Beyond lmbench (issue 15): lat_mem_load's idle latency beside
# lat_mem_rd -t at the same size, bw_mem_peak's reads beside bw_mem -P
# <cpus> frd, each on buffers of $wmb MB (past the last-level cache: a
# buffer that fits in a large one gives a figure of the cache, and of
# how much of it the neighbours left), five alternating pairs; and the
# time of a default sweep.
if [ "$(nproc)" -ge 2 ]; then
	: >"$T_TMP/pairs"
	for _ in $(seq "$ROUNDS"); do
		o=$("$BUILD/lat_mem_load" -M "${wmb}m" -D 0 2>&1 | awk '/^"idle/ { print $2 }')
		p=$("$BUILD/lat_mem_rd" -t "$wmb" 64 2>&1 | awk -v s="$wmb" '$1 + 0 == s + 0 { print $2 }')
		echo "${o:-0} ${p:-0}" >>"$T_TMP/pairs"
	done
	line=$(sides "$T_TMP/pairs" ns)
	echo "lat_mem_load -M ${wmb}m idle beside lat_mem_rd -t $wmb 64: $line; target within 0.95-1.05: $(in_range "$line" 0.95 1.05)"
	t0=$(date +%s.%N)
	"$BUILD/lat_mem_load" >/dev/null 2>&1
	t1=$(date +%s.%N)
	echo "lat_mem_load default sweep (15 delays): $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s (target < 30 s)"
fi
: >"$T_TMP/pairs"
for _ in $(seq "$ROUNDS"); do
	o=$("$BUILD/bw_mem_peak" -M "${wmb}m" rd 2>&1 | awk '/^ALL Reads/ { print $3 }')
	p=$("$BUILD/bw_mem" -P "$(nproc)" "${wmb}m" frd 2>&1 | awk '/^[0-9]/ { print $2 }')
	echo "${o:-0} ${p:-0}" >>"$T_TMP/pairs"
done
line=$(sides "$T_TMP/pairs")
echo "bw_mem_peak -M ${wmb}m rd beside bw_mem -P $(nproc) ${wmb}m frd: $line; target within 0.90-1.10: $(in_range "$line" 0.9 1.1)"
# bw_bonnie beside bonnie++ (Debian package bonnie++) on the same file
# size and directory: block write, rewrite and block read, BENCH_ROUNDS
# interleaved rounds, the side that goes first alternating (bonnie++ -f:
# no per-character tests, -n 0: no file creation tests; its K/sec are
# KiB/s); each phase's ratio from the rounds with its interval, as every
# other ratio here (it was the best of three a side).  8 GB, so that
# bonnie++'s reads from the
# page cache last its 500 ms: it prints +++++ instead of a rate for a
# faster phase, so that only its slower reads were left to compare (2 GB
# took 0.33 s on an idle machine here; at 4 GB one run in two read at
# about 10 GB/s and printed +++++, the best rate left 7022 MB/s beside
# ours 10112); target: each within 10 %.
if command -v bonnie++ >/dev/null 2>&1; then
	bdir=${BONNIE_DIR:-$T_TMP}
	mkdir -p "$bdir/bonnie"
	: >"$T_TMP/bon.write"
	: >"$T_TMP/bon.rewrite"
	: >"$T_TMP/bon.read"
	# (-u: which user to run as, required of root and only of root)
	if [ "$(id -u)" -eq 0 ]; then set -- -u root; else set --; fi
	# An untimed write of the same size first: the first 8 GB written
	# after the sections before this one went at half speed, whichever
	# side it was (Intel Emerald Rapids: ours 247 and 289 MB/s, then
	# 446-564; bonnie++ first 437, then 541-627), and the side that
	# goes first changes each round.
	ENOUGH=500 "$BUILD/bw_bonnie" -f -s 8g "$bdir/bonnie" >/dev/null 2>&1
	round=0
	while [ "$round" -lt "$ROUNDS" ]; do
		round=$((round + 1))
		[ $((round % 2)) = 0 ] && bonnie++ -f -n 0 -s 8192 -r 4096 "$@" -d "$bdir/bonnie" -q 2>/dev/null | tail -n 1 >"$T_TMP/bon.peer"
		ENOUGH=500 "$BUILD/bw_bonnie" -f -s 8g "$bdir/bonnie" 2>"$T_TMP/bon.ours"
		[ $((round % 2)) = 1 ] && bonnie++ -f -n 0 -s 8192 -r 4096 "$@" -d "$bdir/bonnie" -q 2>/dev/null | tail -n 1 >"$T_TMP/bon.peer"
		for k in "block write:12:write" "rewrite:14:rewrite" "block read:18:read"; do
			o=$(awk -v l="Bonnie ${k%%:*}:" 'index($0, l) == 1 { print $(NF - 3) }' "$T_TMP/bon.ours")
			f=${k#*:}
			p=$(awk -F, -v f="${f%%:*}" '$f ~ /^[0-9]+$/ { printf "%.2f", $f * 1.024 / 1000 }' "$T_TMP/bon.peer")
			# (a round where either side printed no rate, bonnie++'s
			# +++++ for a phase under 500 ms, is left out)
			[ -n "$o" ] && [ -n "$p" ] && echo "$o $p" >>"$T_TMP/bon.${k##*:}"
		done
	done
	for k in write rewrite read; do
		line=$(sides "$T_TMP/bon.$k")
		echo "bw_bonnie -f -s 8g beside bonnie++ -f -n 0 -s 8192 ($k, in $bdir): $line; target within 0.90-1.10: $(in_range "$line" 0.9 1.1)"
	done
	rm -rf "$bdir/bonnie"
else
	echo "bw_bonnie beside bonnie++: bonnie++ absent (Debian package bonnie++)"
fi

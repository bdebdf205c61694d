#!/bin/sh
# kernels.sh BUILD [LMBENCH3_SRC] - the memory kernels at every size
# (make bench, make bench-kernels): each of bw_mem's kernels, each of
# stream's (versions 1 and 2) and lat_mem_rd, from inside L1 to four
# times the last-level cache, beside the same kernel of lmbench 3 (built
# here with cc -O, as lmbench's own Makefile builds it, from the source
# tree LMBENCH3_SRC names; left out with a line without one) and beside
# the bare loop over the same buffers (tests/bare; lat_mem_rd has none).
#
# KERNEL_ROUNDS rounds (default 5); in each every program runs once at
# every size, the sides of one figure in a random order (KERNEL_SEED), so
# a slow stretch of the host falls on either.  Each ratio's verdict comes
# from tests/ratio: the rounds are the runs, Welch's interval on their
# log values, "cannot tell" where the interval spans the target (0.97 of
# lmbench's bandwidth, at most 1.03 of its latency).  lmbench's side runs
# with ENOUGH=20000 (20 ms intervals) unless ENOUGH is set.
# Each size is a working set: the two-buffer kernels (cp, fcp, bcopy)
# copy between two buffers of half the size, as stream's -M is its three
# arrays together, so that "inside the last level" is inside it for
# every kernel (two buffers of half the LLC each fill it exactly, where
# a copy's figure swung between 9 and 21 GB/s from one run to the next
# on an AMD Zen 4 guest, with lmbench's and the bare loop's alike).
# lmbench 3's stream -v 1 "add" is no add: its main times the sum kernel
# (s += a[i], one array read) and credits it 24 bytes an element, three
# times what its own -v 2 sum credits (at 128 MB on an AMD Zen 5 guest:
# add 46955 MB/s, sum 15073, triad 31102).  That ratio is printed without
# a target; ours adds, as STREAM does, and is held to its bare loop.
# KERNEL_SIZES overrides the sizes (words such as 24k 512k 16m 128m).
BUILD=$1
SRC=${2:-${LMBENCH3_SRC:-}}
ROUNDS=${KERNEL_ROUNDS:-5}
SEED=${KERNEL_SEED:-$$}
RATIO=$BUILD/tests/ratio
BARE=$BUILD/tests/bare
case $ROUNDS in '' | *[!0-9]* | 0) echo "kernels: bad KERNEL_ROUNDS '$ROUNDS'" >&2; exit 2 ;; esac
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
K_TMP=$T_TMP

kb() { awk -v b="$1" 'BEGIN { printf "%dk", b / 1024 }'; }
if [ -n "${KERNEL_SIZES:-}" ]; then
	SIZES=$KERNEL_SIZES
else
	# (as sysfs states them, tests/lib.sh; bytes)
	l1=$(cache_kb 1 Data) l2=$(cache_kb 2 Unified) llc=$(llc_kb)
	l1=$((${l1:-32} * 1024)) l2=$((${l2:-1024} * 1024)) llc=$((${llc:-8192} * 1024))
	# Inside L1, inside L2, past L2, inside the last level, four times it.
	SIZES="$(kb $((l1 / 2))) $(kb $((l2 / 2))) $(kb $((l2 * 2))) $(kb $((llc / 2))) $(kb $((llc * 4)))"
	echo "kernels: caches L1d $(kb "$l1") L2 $(kb "$l2") last level $(kb "$llc") (sysfs); sizes $SIZES"
fi

# lmbench 3's side, built from its source tree.
LM=
if [ -n "$SRC" ] && [ -f "$SRC/src/stream.c" ]; then
	LM=$K_TMP/lmbench3
	mkdir -p "$LM"
	for p in stream bw_mem lat_mem_rd; do
		# shellcheck disable=SC2046
		if ! (cd "$SRC/src" && ${CC:-cc} -O -w -DHAVE_uint64_t -DHAVE_int64_t -DHAVE_socklen_t \
			-DHAVE_DRAND48 -DHAVE_SCHED_SETAFFINITY $(pkg-config --cflags libtirpc 2>/dev/null) \
			-o "$LM/$p" $p.c lib_timing.c lib_mem.c lib_stats.c lib_debug.c getopt.c lib_sched.c \
			lib_tcp.c lib_udp.c lib_unix.c $(pkg-config --libs libtirpc 2>/dev/null) -lm) >"$K_TMP/cc.log" 2>&1; then
			echo "kernels: lmbench 3's $p did not build from $SRC (left out):"
			sed 's/^/  /' "$K_TMP/cc.log" | head -5
			LM=
			break
		fi
	done
	[ -n "$LM" ] && echo "kernels: lmbench 3 built from $SRC with ${CC:-cc} -O"
elif [ -n "$SRC" ]; then
	echo "kernels: $SRC is not lmbench 3's source tree (no src/stream.c): lmbench 3 left out"
else
	echo "kernels: lmbench 3 left out (give its source tree: make bench LMBENCH3=DIR)"
fi
LMENV="ENOUGH=${ENOUGH:-20000}"

# shuffled WORD...: the words in a random order, the same for a seed.
N_SHUF=0
shuffled() {
	N_SHUF=$((N_SHUF + 1))
	printf '%s\n' "$@" | awk -v s="$SEED" -v k="$N_SHUF" 'BEGIN { srand(s * 7919 + k) } { print rand(), $0 }' |
		sort -n | cut -d ' ' -f 2-
}
# bytes_of SIZE: a size of the sweep (24k, 16m, 1g) in bytes.
bytes_of() { awk -v s="$1" 'BEGIN { m = 1; if (s ~ /[kK]$/) m = 1024; if (s ~ /[mM]$/) m = 1048576; if (s ~ /[gG]$/) m = 1073741824; sub(/[kKmMgG]$/, "", s); printf "%d\n", s * m }'; }
# stream_size SIZE: stream's -M for a size of the sweep: stream takes at
# least 24 KB (three arrays of 1024 doubles), so a smaller size (half an
# L1 of 32 KB) becomes 24k, which three arrays still fit in L1.
stream_size() { if [ "$(bytes_of "$1")" -lt 24576 ]; then echo 24k; else echo "$1"; fi; }
# buffer_size SIZE KERNEL: bw_mem's size argument for a working set of
# SIZE (half of it, in k, for the kernels with two buffers).
buffer_size() {
	case $2 in
	cp | fcp | bcopy) echo "$(($(bytes_of "$1") / 2048))k" ;;
	*) echo "$1" ;;
	esac
}
# Each side's figure goes to $K_TMP/FIGURE.SIDE, one line a round.
put() { [ -n "$3" ] && echo "$3" >>"$K_TMP/$1.$2"; }

BWM="rd wr rdwr cp fwr frd fcp bzero bcopy"
r=0
while [ "$r" -lt "$ROUNDS" ]; do
	r=$((r + 1))
	echo "kernels: round $r of $ROUNDS"
	for s in $SIZES; do
		for k in $BWM; do
			bs=$(buffer_size "$s" "$k")
			for side in $(shuffled ours lm bare); do
				case $side in
				ours) put "bw.$k.$s" ours "$("$BUILD/bw_mem" "$bs" "$k" 2>&1 | awk "$BW_RATE")" ;;
				lm) [ -n "$LM" ] && put "bw.$k.$s" lm "$(env "$LMENV" "$LM/bw_mem" "$bs" "$k" 2>&1 | awk "$BW_RATE")" ;;
				bare) put "bw.$k.$s" bare "$("$BARE" bw_mem "$k" "$bs")" ;;
				esac
			done
		done
		ss=$(stream_size "$s")
		for v in 1 2; do
			case $v in 1) ks="copy scale add triad" ;; *) ks="fill copy daxpy sum" ;; esac
			for side in $(shuffled ours lm bare); do
				case $side in
				ours) "$BUILD/stream" -v $v -M "$ss" 2>&1 | awk -v f="$K_TMP/st$v.$ss" '/bandwidth:/ { print $4 >> (f "." $2 ".ours") }' ;;
				lm) [ -n "$LM" ] && env "$LMENV" "$LM/stream" -v $v -M "$ss" 2>&1 |
					awk -v f="$K_TMP/st$v.$ss" '/bandwidth:/ { print $4 >> (f "." $2 ".lm") }' ;;
				bare) for k in $ks; do put "st$v.$ss.$k" bare "$("$BARE" stream "$k" "$ss")"; done ;;
				esac
			done
		done
	done
	# lat_mem_rd: one sweep a side up to the largest size, stride 128, read
	# at the sizes above (the nearest row at or below each).
	top=$(awk -v b="$(bytes_of "$(echo "$SIZES" | awk '{ print $NF }')")" 'BEGIN { m = int(b / 1048576); print m < 1 ? 1 : m }')
	for side in $(shuffled ours lm); do
		case $side in
		ours) "$BUILD/lat_mem_rd" -N 1 "$top" 128 >"$K_TMP/lmr.ours" 2>&1 ;;
		lm) [ -n "$LM" ] && env "$LMENV" "$LM/lat_mem_rd" -N 1 "$top" 128 >"$K_TMP/lmr.lm" 2>&1 ;;
		esac
	done
	for s in $SIZES; do
		mb=$(awk -v b="$(bytes_of "$s")" 'BEGIN { printf "%.5f", b / 1048576 }')
		for side in ours lm; do
			[ -f "$K_TMP/lmr.$side" ] || continue
			put "lmr.$s" "$side" "$(awk -v w="$mb" 'NF == 2 && $1 ~ /^[0-9.]+$/ && $1 + 0 <= w + 0 { v = $2 } END { print v }' "$K_TMP/lmr.$side")"
		done
	done
done

# verdict FIGURE A B [ratio options]: A's rounds against B's.
verdict() {
	f=$1 a=$2 b=$3
	shift 3
	rounds_ratio "$K_TMP/$f.$a" "$K_TMP/$f.$b" "$@"
}
echo "kernels: ours / lmbench 3 (target >= 0.97) and ours / the bare loop, $ROUNDS interleaved rounds, 95 % intervals"
for s in $SIZES; do
	for k in $BWM; do
		echo "bw_mem $s $k$(case $k in cp | fcp | bcopy) echo " (two buffers of $(buffer_size "$s" "$k"))" ;; esac): lmbench $(verdict "bw.$k.$s" ours lm -t 0.97); bare $(verdict "bw.$k.$s" ours bare -t 0.95)"
	done
	ss=$(stream_size "$s")
	for v in 1 2; do
		case $v in 1) ks="copy scale add triad" ;; *) ks="fill copy daxpy sum" ;; esac
		for k in $ks; do
			if [ "$v$k" = 1add ]; then
				echo "stream -v 1 -M $ss add: lmbench (whose add times its sum kernel) $(verdict "st1.$ss.add" ours lm); bare $(verdict "st1.$ss.add" ours bare -t 0.95)"
			else
				echo "stream -v $v -M $ss $k: lmbench $(verdict "st$v.$ss.$k" ours lm -t 0.97); bare $(verdict "st$v.$ss.$k" ours bare -t 0.95)"
			fi
		done
	done
	echo "lat_mem_rd $s stride 128 (latency, lower is better): lmbench $(verdict "lmr.$s" ours lm -l -t 1.03)"
done

#!/bin/sh
# net.sh BUILD - bw_tcp and lat_tcp over loopback beside the tools people
# use for the same figures (make bench): iperf3 for bandwidth, sockperf
# ping-pong for latency (Debian packages iperf3, sockperf; a side that is
# not installed is left out with a line).
#
# The same message size on both sides (NET_BW_MSG, default 128 KB, and
# NET_LAT_MSG, default 16 bytes), the same socket buffers (bw_tcp asks
# for 1 MB each way, so iperf3 runs with -w 1M), the same direction
# (bw_tcp's server writes, so iperf3 runs with -R), the same placement:
# the server on one CPU and the client on another (cross), then both on
# one CPU (same), each party pinned with taskset.
#
# NET_ROUNDS rounds (default 5); in each, every figure's sides run once in
# a random order (NET_SEED), so that a slow stretch of the host falls on
# either.  Each ratio's verdict comes from tests/ratio over the rounds
# (Welch's interval on their log values; "cannot tell" where it spans the
# target).  iperf3 counts its whole -t interval, slow start included,
# where bw_tcp times steady intervals after a warm-up: both of iperf3's
# ways are measured and printed (-t 2, and -t 3 -O 1, the first second
# left out).  sockperf prints the one-way latency (half the round trip):
# it is doubled here to set beside lat_tcp's round trip.
BUILD=$1
ROUNDS=${NET_ROUNDS:-5}
SEED=${NET_SEED:-$$}
BW_MSG=${NET_BW_MSG:-131072}
LAT_MSG=${NET_LAT_MSG:-16}
RATIO=$BUILD/tests/ratio
case $ROUNDS in '' | *[!0-9]* | 0) echo "net: bad NET_ROUNDS '$ROUNDS'" >&2; exit 2 ;; esac
for v in "$BW_MSG" "$LAT_MSG"; do
	case $v in '' | *[!0-9]* | 0) echo "net: NET_BW_MSG and NET_LAT_MSG are byte counts above 0" >&2; exit 2 ;; esac
done
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
N_TMP=$T_TMP

have_iperf=1 have_sockperf=1
command -v iperf3 >/dev/null || { have_iperf=; echo "net: iperf3 left out: not installed (Debian package iperf3)"; }
command -v sockperf >/dev/null || { have_sockperf=; echo "net: sockperf left out: not installed (Debian package sockperf)"; }
[ -n "$have_iperf$have_sockperf" ] || exit 0

# The CPUs this shell may use: the first two (cross needs both).
cpus=$(awk '/^Cpus_allowed_list:/ { print $2 }' /proc/self/status | awk -F, '{
	for (i = 1; i <= NF; i++) { n = split($i, r, "-"); if (n == 1) r[2] = r[1]
		for (c = r[1]; c <= r[2]; c++) print c } }' | head -n 2)
c0=$(echo "$cpus" | sed -n 1p)
c1=$(echo "$cpus" | sed -n 2p)
[ -n "$c0" ] || c0=0
places="cross same"
[ -n "$c1" ] || { places=same; echo "net: one CPU here: the cross placement is left out"; }

port=$(port_base)
pids=
stop_servers() {
	# shellcheck disable=SC2086 # a list of PIDs
	[ -z "$pids" ] || kill $pids 2>/dev/null
	for p in $pids; do wait "$p" 2>/dev/null; done
	pids=
	"$BUILD/bw_tcp" -S -p "$port" 127.0.0.1 2>/dev/null
	"$BUILD/lat_tcp" -S -p $((port + 1)) 127.0.0.1 2>/dev/null
}
trap 'stop_servers; rm -rf "$N_TMP"' EXIT

# wait_port PORT: until something listens on PORT (5 s at most).
wait_port() {
	i=0
	hex=$(printf '%04X' "$1")
	while [ $i -lt 50 ]; do
		cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v p=":$hex" '$2 ~ p "$" && $4 == "0A" { f = 1 } END { exit !f }' && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "net: nothing listens on port $1 after 5 s" >&2
	return 1
}

# put FIGURE SIDE VALUE: one round's value (0 when the side gave none).
put() { echo "${3:-0}" >>"$N_TMP/$1.$2"; }

# The sides of one placement: the servers on CPU $sc, the clients on $cc.
measure() {
	pl=$1 sc=$2 cc=$3
	taskset -c "$sc" "$BUILD/bw_tcp" -s -p "$port" || exit 1
	taskset -c "$sc" "$BUILD/lat_tcp" -s -p $((port + 1)) || exit 1
	if [ -n "$have_iperf" ]; then
		taskset -c "$sc" iperf3 -s -p $((port + 2)) >/dev/null 2>&1 &
		pids="$pids $!"
		wait_port $((port + 2)) || exit 1
	fi
	if [ -n "$have_sockperf" ]; then
		taskset -c "$sc" sockperf sr --tcp -i 127.0.0.1 -p $((port + 3)) >/dev/null 2>&1 &
		pids="$pids $!"
		wait_port $((port + 3)) || exit 1
	fi
	r=1
	while [ $r -le "$ROUNDS" ]; do
		for side in $(printf 'bw\nip2\nip3\nlat\nsp\n' | awk -v s="$SEED$r$pl" 'BEGIN { srand(s) } { print rand(), $0 }' | sort -n | awk '{ print $2 }'); do
			case $side in
			bw) put "bw.$pl" ours "$(taskset -c "$cc" "$BUILD/bw_tcp" -m "$BW_MSG" -p "$port" 127.0.0.1 2>&1 | awk '$3 == "MB/sec" { print $2 }')" ;;
			lat) put "lat.$pl" ours "$(taskset -c "$cc" "$BUILD/lat_tcp" -m "$LAT_MSG" -p $((port + 1)) 127.0.0.1 2>&1 | awk '/^TCP latency using / { print $5 }')" ;;
			ip2 | ip3)
				[ -n "$have_iperf" ] || continue
				case $side in ip2) t="-t 2" ;; *) t="-t 3 -O 1" ;; esac
				# (-J: bits per second of what the client received)
				# shellcheck disable=SC2086 # the time options
				put "bw.$pl" "$side" "$(taskset -c "$cc" iperf3 -c 127.0.0.1 -p $((port + 2)) -R -l "$BW_MSG" -w 1M $t -J 2>/dev/null |
					awk '/"sum_received"/ { f = 1 } f && /"bits_per_second"/ { gsub(/[^0-9.e+]/, "", $2); printf "%.2f", $2 / 8e6; exit }')" ;;
			sp)
				[ -n "$have_sockperf" ] || continue
				put "lat.$pl" sp "$(taskset -c "$cc" sockperf pp --tcp -i 127.0.0.1 -p $((port + 3)) -m "$LAT_MSG" -t 2 2>&1 |
					awk '/avg-latency=/ { sub(/.*avg-latency=/, ""); printf "%.3f", 2 * $1; exit }')" ;;
			esac
		done
		r=$((r + 1))
	done
	stop_servers
}

for pl in $places; do
	case $pl in cross) measure cross "$c0" "$c1" ;; *) measure same "$c0" "$c0" ;; esac
done

# line FIGURE A B [ratio options]: A's rounds against B's, with the values.
line() {
	f=$1 a=$2 b=$3
	shift 3
	l_r=$(rounds_ratio "$N_TMP/$f.$a" "$N_TMP/$f.$b" "$@")
	[ "$l_r" = absent ] || l_r="$(tr '\n' ' ' <"$N_TMP/$f.$a")against $(tr '\n' ' ' <"$N_TMP/$f.$b")-> $l_r"
	echo "$l_r"
}
echo "net: loopback, $ROUNDS interleaved rounds; cross: server on CPU $c0, client on CPU ${c1:--}; same: both on CPU $c0"
for pl in $places; do
	[ -z "$have_iperf" ] || {
		echo "bw_tcp -m $BW_MSG ($pl) beside iperf3 -R -l $BW_MSG -w 1M -t 2, MB/s: $(line "bw.$pl" ours ip2 -t 0.95)"
		echo "bw_tcp -m $BW_MSG ($pl) beside iperf3 -R -l $BW_MSG -w 1M -t 3 -O 1 (first second left out), MB/s: $(line "bw.$pl" ours ip3 -t 0.95)"
	}
	[ -z "$have_sockperf" ] || echo "lat_tcp -m $LAT_MSG ($pl) beside sockperf ping-pong -m $LAT_MSG -t 2 (twice its one-way latency), us: $(line "lat.$pl" ours sp -l -t 1)"
done

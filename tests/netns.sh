#!/bin/sh
# netns.sh BUILD - two hosts made of two network namespaces joined by a
# veth pair: servers in one, clients in the other.  Truth by physics the
# kernel enforces: a token bucket of 80 Mbit/s on both ends of the link
# must show as about 10 MB/s for bw_tcp (within 10 %), and a 100000-byte
# lat_tcp round trip as about 20 ms, the time to send 100 KB each way at
# that rate (within 15 %).  Skipped, saying why, where namespaces or tc
# are not allowed; everything made is removed.
BUILD=$(cd "$1" && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

a=lmng-a-$$
b=lmng-b-$$
teardown() {
	for ns in "$a" "$b"; do
		for p in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
		ip netns del "$ns" 2>/dev/null
	done
}
trap 'teardown; rm -rf "$T_TMP"' EXIT

if [ "$(id -u)" -ne 0 ] || ! command -v ip >/dev/null || ! command -v tc >/dev/null; then
	echo "netns: skipped: needs root, ip and tc (iproute2)"
	finish netns
	exit $?
fi
if ! ip netns add "$a" 2>/dev/null || ! ip netns add "$b" 2>/dev/null; then
	echo "netns: skipped: network namespaces are not allowed here"
	finish netns
	exit $?
fi
ip link add "va$$" type veth peer name "vb$$" &&
	ip link set "va$$" netns "$a" && ip link set "vb$$" netns "$b" &&
	ip -n "$a" addr add 10.253.0.1/24 dev "va$$" &&
	ip -n "$b" addr add 10.253.0.2/24 dev "vb$$" &&
	ip -n "$a" link set "va$$" up && ip -n "$b" link set "vb$$" up &&
	ip -n "$a" link set lo up && ip -n "$b" link set lo up
rc=$?
if [ $rc -ne 0 ]; then
	echo "netns: skipped: cannot make a veth pair here"
	finish netns
	exit $?
fi
A() { ip netns exec "$a" "$@"; }
B() { ip netns exec "$b" "$@"; }

# Without a limit: every program across the link.
for prog in lat_tcp lat_udp lat_connect bw_tcp bw_udp; do
	B "$BUILD/$prog" -s
	run_prog A "$BUILD/$prog" -N 3 10.253.0.2
	expect_rc 0 "$prog across namespaces"
	B "$BUILD/$prog" -S 127.0.0.1 >/dev/null 2>&1
done

# The token bucket on both ends.
if ! tc -n "$a" qdisc add dev "va$$" root tbf rate 80mbit burst 16kb latency 50ms 2>/dev/null ||
	! tc -n "$b" qdisc add dev "vb$$" root tbf rate 80mbit burst 16kb latency 50ms 2>/dev/null; then
	echo "netns: rate tests skipped: this kernel has no tbf qdisc"
	finish netns
	exit $?
fi
between() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v + 0 >= lo && v + 0 <= hi) }'; }
B "$BUILD/bw_tcp" -s
run_prog A "$BUILD/bw_tcp" -N 5 -W 1000000 10.253.0.2
v=$(awk '{ print $2 }' "$T_TMP/err")
echo "netns: bw_tcp through tbf 80mbit: $v MB/s"
if between "$v" 9 11; then ok; else not_ok "bw_tcp through 80 Mbit/s: $v MB/s, want 10 within 10 %"; fi
B "$BUILD/bw_tcp" -S 127.0.0.1
B "$BUILD/lat_tcp" -s
run_prog A "$BUILD/lat_tcp" -N 5 -m 100000 10.253.0.2
v=$(awk '{ print $5 }' "$T_TMP/err")
echo "netns: lat_tcp -m 100000 through tbf 80mbit: $v us"
if between "$v" 17000 23000; then ok; else not_ok "lat_tcp -m 100000 through 80 Mbit/s: $v us, want 20000 within 15 %"; fi
B "$BUILD/lat_tcp" -S 127.0.0.1
# A 65000-byte datagram each way at 10 MB/s: 13 ms if the bucket starts
# empty, 9.7 ms if its 16 KB burst goes free; both within 9 to 14 ms.
B "$BUILD/lat_udp" -s
run_prog A "$BUILD/lat_udp" -N 5 -m 65000 10.253.0.2
v=$(awk '{ print $5 }' "$T_TMP/err")
echo "netns: lat_udp -m 65000 through tbf 80mbit: $v us"
if between "$v" 9000 14000; then ok; else not_ok "lat_udp -m 65000 through 80 Mbit/s: $v us, want 9700 to 13000"; fi
B "$BUILD/lat_udp" -S 127.0.0.1
# UDP datagrams of 1400 bytes (no fragments) as fast as the bucket lets
# them through: 10 MB/s of payload less the 28 bytes of headers each.
B "$BUILD/bw_udp" -s
run_prog A "$BUILD/bw_udp" -N 5 -m 1400 10.253.0.2
v=$(awk '{ print $6 }' "$T_TMP/err")
echo "netns: bw_udp -m 1400 through tbf 80mbit: $v MB/s"
if between "$v" 9 11; then ok; else not_ok "bw_udp through 80 Mbit/s: $v MB/s, want 10 within 10 %"; fi
run_prog A "$BUILD/bw_udp" -N 3 10.253.0.2
v=$(awk '{ print $6 }' "$T_TMP/err")
echo "netns: bw_udp (32 KB datagrams, fragmented) through tbf 80mbit: $v MB/s"
if between "$v" 8 11; then ok; else not_ok "bw_udp 32 KB through 80 Mbit/s: $v MB/s, want 8 to 11"; fi
B "$BUILD/bw_udp" -S 127.0.0.1
sleep 0.3
n=$( (ip netns pids "$a"; ip netns pids "$b") | wc -l)
if [ "$n" -eq 0 ]; then ok; else not_ok "$n processes left in the namespaces"; fi
if tc -n "$a" qdisc add dev lo root netem delay 1ms 2>/dev/null; then
	echo "netns: (netem exists here; its delay test is not written yet)"
else
	echo "netns: netem delay test skipped: this kernel has no netem qdisc"
fi
finish netns

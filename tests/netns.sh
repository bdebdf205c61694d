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
progs="lat_tcp lat_udp lat_connect bw_tcp bw_udp"
[ -x "$BUILD/lat_rpc" ] && progs="$progs lat_rpc"
for prog in $progs; do
	B "$BUILD/$prog" -s
	run_prog A "$BUILD/$prog" -N 3 10.253.0.2
	expect_rc 0 "$prog across namespaces"
	B "$BUILD/$prog" -S 127.0.0.1 >/dev/null 2>&1
done
# rpc_on_one_cpu: lat_rpc -p udp across the link with the server and the
# client on one CPU (where taskset exists), its microseconds in $v.  A
# round trip of one RPC wakes each end once; on one CPU that is a switch,
# across two it is an interrupt to the other CPU, which a virtual machine
# whose idle vCPUs halt pays 25 to 50 us for (seen on an AMD EPYC host:
# 23 us on one CPU, 94 us across two).  Where the scheduler happens to
# put the two ends would otherwise decide the figure.
one_cpu=
command -v taskset >/dev/null && one_cpu="taskset -c $(taskset -pc $$ | sed 's/.*: *//; s/[,-].*//')"
rpc_on_one_cpu() {
	# shellcheck disable=SC2086 # one_cpu is a command and its arguments
	B $one_cpu "$BUILD/lat_rpc" -s
	# shellcheck disable=SC2086
	run_prog A $one_cpu "$BUILD/lat_rpc" -N 5 -p udp 10.253.0.2
	v=$(awk '{ print $5 }' "$T_TMP/err")
	B "$BUILD/lat_rpc" -S 127.0.0.1 >/dev/null 2>&1
}
# The faster of two runs (a busy machine only slows one).
rpc_free=
if [ -x "$BUILD/lat_rpc" ]; then
	rpc_on_one_cpu
	rpc_free=$v
	rpc_on_one_cpu
	rpc_free=$(awk -v a="$rpc_free" -v b="$v" 'BEGIN { print (b + 0 > 0 && (a + 0 <= 0 || b + 0 < a + 0)) ? b : a }')
fi

# The suite with B as a remote host, reached with "ip netns exec": the
# network part of a run from A, then the summary's remote row.
top=$(cd "$(dirname "$0")/.." && pwd)
LMBENCH_DEFAULTS=1 MB=8 ENOUGH=500 SUBSET=DEVELOPMENT BENCHMARK_UDP=YES BENCHMARK_TCP=YES \
	BENCHMARK_RPC=YES BENCHMARK_CONNECT=YES REMOTE="$b@10.253.0.2" LMBENCH_RSH="ip netns exec" \
	FSDIR="$T_TMP" sh "$top/scripts/config-run" "$BUILD" "$T_TMP/CONFIG.remote" </dev/null >/dev/null 2>&1
expect_rc 0 "config-run with a namespace as REMOTE"
RESULTS_DIR=$T_TMP/results LMBENCH_RSH="ip netns exec" run_prog A sh "$top/scripts/lmbench" "$BUILD" "$T_TMP/CONFIG.remote"
expect_rc 0 "the suite's network part with a remote namespace"
res=$(find "$T_TMP/results" -type f ! -name '*.json' | head -n 1)
if [ -n "$res" ] && grep -q "^\[ Networking remote to 10\.253\.0\.2: Linux " "$res" &&
	grep -q '^TCP latency using 10\.253\.0\.2: ' "$res" && grep -q '^UDP latency using 10\.253\.0\.2: ' "$res" &&
	grep -q '^Socket bandwidth using 10\.253\.0\.2$' "$res" && grep -q '^TCP/IP connection cost to 10\.253\.0\.2: ' "$res"; then ok; else
	not_ok "remote run result: $(grep -i 'remote\|10\.253' "$res" 2>/dev/null | head -c 400)"
fi
# The remote row: UDP, TCP, TCP conn (and RPC/UDP, RPC/TCP where built).
sh "$top/scripts/summary" "$res" >"$T_TMP/sum" 2>&1
row=$(awk '/^\*Remote\* Communication latencies/ { t = 1 } t && /^--------- ------/ { getline; print; exit }' "$T_TMP/sum")
n=$(printf '%s\n' "$row" | awk '{ n = 0; for (i = 3; i <= NF; i++) if ($i ~ /^[0-9.]+$/) n++; print n }')
want=3
[ -x "$BUILD/lat_rpc" ] && want=5
if [ "$n" -ge "$want" ]; then ok; else not_ok "summary remote row has $n of $want values: $row"; fi
sleep 0.3
n=$(ip netns pids "$b" | wc -l)
if [ "$n" -eq 0 ]; then ok; else not_ok "$n servers left in the remote namespace"; fi

# lat_rpc through rpcbind: rpcbind runs in B (with a /run of its own, so
# the machine's is untouched), the server registers with it, and a client
# in A told a wrong port finds the server through it; -S unregisters.
if [ -x "$BUILD/lat_rpc" ] && command -v rpcbind >/dev/null && command -v rpcinfo >/dev/null &&
	command -v unshare >/dev/null; then
	# shellcheck disable=SC2016 # expanded by the inner shell
	B unshare -m sh -c '
		mount -t tmpfs lmng-run /run && mkdir -p /run/rpcbind || exit 3
		rpcbind -f -w & rb=$!
		i=0; while [ $i -lt 50 ] && ! rpcinfo -p 127.0.0.1 >/dev/null 2>&1; do sleep 0.1; i=$((i + 1)); done
		"$1/lat_rpc" -s
		sleep 0.2
		rpcinfo -p 127.0.0.1 >"$2/reg1" 2>&1
		: >"$2/ready"
		i=0; while [ $i -lt 300 ] && [ ! -e "$2/done" ]; do sleep 0.1; i=$((i + 1)); done
		"$1/lat_rpc" -S 127.0.0.1 >/dev/null 2>&1
		sleep 0.3
		rpcinfo -p 127.0.0.1 >"$2/reg2" 2>&1
		kill $rb' sh "$BUILD" "$T_TMP" &
	rbsh=$!
	i=0
	while [ $i -lt 100 ] && [ ! -e "$T_TMP/ready" ]; do sleep 0.1; i=$((i + 1)); done
	if grep -q '404040 *1 *udp *31239' "$T_TMP/reg1" 2>/dev/null &&
		grep -q '404040 *1 *tcp *31239' "$T_TMP/reg1"; then ok; else
		not_ok "lat_rpc -s did not register with rpcbind: $(cat "$T_TMP/reg1" 2>/dev/null)"
	fi
	run_prog A "$BUILD/lat_rpc" -N 3 -p 5 10.253.0.2
	expect_rc 0 "lat_rpc through rpcbind (wrong port given)"
	expect_lines "$T_TMP/err" '^RPC/(tcp|udp) latency using 10\.253\.0\.2: [0-9]+\.[0-9]{4} microseconds$' "lat_rpc through rpcbind"
	: >"$T_TMP/done"
	wait "$rbsh"
	if [ -s "$T_TMP/reg2" ] && ! grep -q 404040 "$T_TMP/reg2"; then ok; else
		not_ok "lat_rpc -S left its rpcbind registration: $(cat "$T_TMP/reg2" 2>/dev/null)"
	fi
else
	echo "netns: lat_rpc through rpcbind skipped: needs lat_rpc, rpcbind, rpcinfo and unshare"
fi

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
# An RPC call carries one char: about 90 bytes a packet each way, while
# the bucket refills 16 KB (its burst) in 1.6 ms and 90 bytes in 9 us, so
# no RPC packet ever waits for tokens: the bucket's "overlimits" counter
# (packets it held back) stays where it was during the run, on both ends.
# That counter is the rule.  The times are printed beside it but judged
# only loosely (under ten times the time without the bucket): the qdisc's
# own enqueue and dequeue cost some microseconds a round trip even when
# it holds nothing back (a ratio of 1.6 seen on a quiet Intel machine),
# and on a loaded 2-CPU machine the two runs, minutes apart, differed
# fourfold with nothing held back.  (With the ends wherever the scheduler
# put them, placement alone made 23 against 94 us: see rpc_on_one_cpu.)
overlimits() { # the overlimits counts of both ends' buckets, summed
	{ tc -n "$a" -s qdisc show dev "va$$"; tc -n "$b" -s qdisc show dev "vb$$"; } |
		awk '/overlimits/ { for (i = 1; i < NF; i++) if ($i == "overlimits") n += $(i + 1) } END { print n + 0 }'
}
if [ -n "$rpc_free" ]; then
	good=0
	for _ in 1 2; do
		o1=$(overlimits)
		rpc_on_one_cpu
		o2=$(overlimits)
		echo "netns: lat_rpc -p udp through tbf 80mbit: $v us (without: $rpc_free us; on one CPU: ${one_cpu:-no taskset}); the buckets held back $((o2 - o1)) packets"
		if [ "$o2" -eq "$o1" ] &&
			awk -v a="$v" -v b="$rpc_free" 'BEGIN { exit !(a > 0 && b > 0 && a / b < 10) }'; then
			good=1
			break
		fi
	done
	if [ "$good" = 1 ]; then ok; else
		not_ok "lat_rpc through the bucket $v us, without it $rpc_free us, $((o2 - o1)) packets held back: want none held back (and under ten times the time without it)"
	fi
fi
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

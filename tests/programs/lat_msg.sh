# shellcheck shell=sh
# lat_msg: its smoke cases, sourced by tests/smoke.sh

# the marker, then "GROUPS MICROSECONDS" per count, in the order given
for how in "unix process" "pipe process" "unix thread" "pipe thread"; do
	mt=${how% *} mk=${how#* }
	result lat_msg err "^(\"messaging $mt $mk fds=2 loops=10 size=64|[0-9]+ [0-9]+\\.[0-9]{2})\$" 2 1 10000000 \
		-N 3 -t "$mt" -m "$mk" -f 2 -l 10 -s 64 1 3
	if [ "$(awk '/^[0-9]/ { printf "%s ", $1 }' "$T_TMP/err")" = "1 3 " ]; then ok; else
		not_ok "lat_msg -t $mt -m $mk 1 3: counts $(cat "$T_TMP/err")"
	fi
done
# The time grows with the groups: 8 groups pass 8 times the messages of
# one, on two CPUs at most, so their exchange takes well over twice as
# long (a wide margin against a noisy machine; the ends only, never
# neighbours).
if [ -z "$EMULATED" ]; then
	run_prog "$BUILD/lat_msg" -N 3 -f 10 -l 100 1 8
	if [ "$RC" -eq 0 ] && awk '$1 == 1 && NF == 2 { a = $2 } $1 == 8 && NF == 2 { b = $2 }
		END { exit !(a > 0 && b > 2 * a) }' "$T_TMP/err"; then ok; else
		not_ok "lat_msg: 8 groups not over twice 1 group: $(grep -v warning "$T_TMP/err" | tr '\n' ' ')"
	fi
	# its workers are unplaced by design (DEFAULT): recorded, no warning
	if grep -q 'warning: moved between CPUs' "$T_TMP/err"; then
		not_ok "lat_msg: warned that its unplaced workers moved: $(grep warning "$T_TMP/err" | head -n 1)"
	else ok; fi
fi
usage_checks lat_msg
bad lat_msg 2 0
bad lat_msg 2 -- -1
bad lat_msg 2 2 0
bad lat_msg 2 x
bad lat_msg 2 10001
bad lat_msg 2 -f 0 1
bad lat_msg 2 -l 0 1
bad lat_msg 2 -s 0 1
bad lat_msg 2 -t tcp 1
bad lat_msg 2 -m fiber 1
# more tasks than the kernel leaves room for: refused before any starts
# (the cap raised out of the way)
export LMBENCH_MAX_TASKS=4194304
bad lat_msg 1 -f 1000 10000
bad lat_msg 1 -f 1000 -m thread 10000
unset LMBENCH_MAX_TASKS
# more than the cap (issue 37): 103 groups of 40 are 4120 tasks, above
# the default's 4096 on a machine of up to 64 CPUs; LMBENCH_MAX_TASKS
# lowers or raises it, and a bad value is a usage error
if [ "$(getconf _NPROCESSORS_ONLN)" -le 64 ]; then
	bad lat_msg 1 -N 1 103
	if grep -q '4120 tasks at once, more than the 4096 one program may start (LMBENCH_MAX_TASKS; by default' "$T_TMP/err"; then ok; else
		not_ok "lat_msg 103 groups: $(cat "$T_TMP/err")"
	fi
fi
export LMBENCH_MAX_TASKS=11
bad lat_msg 1 -N 1 -f 2 -l 1 3
unset LMBENCH_MAX_TASKS
export LMBENCH_MAX_TASKS=12
result lat_msg err '^("messaging unix process fds=2 loops=1 size=100|3 [0-9]+\.[0-9]{2})$' - 0 0 -N 1 -f 2 -l 1 3
for v in abc 0 4194305 -1; do
	export LMBENCH_MAX_TASKS="$v"
	bad lat_msg 2 -N 1 -f 2 -l 1 3
done
unset LMBENCH_MAX_TASKS

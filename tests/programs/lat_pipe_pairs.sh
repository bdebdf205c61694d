# shellcheck shell=sh
# lat_pipe_pairs: its smoke cases, sourced by tests/smoke.sh

# the marker, then "PAIRS MICROSECONDS" per count, in the order given
result lat_pipe_pairs err '^("pipe pairs|[0-9]+ [0-9]+\.[0-9]{4})$' 2 0.01 100000 -N 3 1 2
if [ "$(awk '/^[0-9]/ { printf "%s ", $1 }' "$T_TMP/err")" = "1 2 " ]; then ok; else
	not_ok "lat_pipe_pairs 1 2: counts $(cat "$T_TMP/err")"
fi
# The round trip grows with the pairs: four pairs a CPU (SAME: pair i on
# CPU i modulo the CPUs) share it, so each takes well over one and a half
# times as long as one pair alone (the ends only, never neighbours).
if [ -z "$EMULATED" ]; then
	# (Up to three tries: a busy neighbour during the one pair alone
	# inflates it.)
	many=$((4 * $(nproc)))
	for _ in 1 2 3; do
		run_prog "$BUILD/lat_pipe_pairs" -N 5 1 "$many"
		if [ "$RC" -eq 0 ] && awk -v m="$many" '$1 == 1 && NF == 2 { a = $2 } $1 == m && NF == 2 { b = $2 }
			END { exit !(a > 0 && b > 1.5 * a) }' "$T_TMP/err"; then break; fi
	done
	if [ "$RC" -eq 0 ] && awk -v m="$many" '$1 == 1 && NF == 2 { a = $2 } $1 == m && NF == 2 { b = $2 }
		END { exit !(a > 0 && b > 1.5 * a) }' "$T_TMP/err"; then ok; else
		not_ok "lat_pipe_pairs: $many pairs not over 1.5 times 1 pair: $(grep -v warning "$T_TMP/err" | tr '\n' ' ')"
	fi
fi
if two_cpus; then
	LMBENCH_SCHED=CROSS result lat_pipe_pairs err '^("pipe pairs|[0-9]+ [0-9]+\.[0-9]{4})$' 2 0.01 100000 -N 3 1
fi
usage_checks lat_pipe_pairs
bad lat_pipe_pairs 2 0
bad lat_pipe_pairs 2 -- -1
bad lat_pipe_pairs 2 1 0
bad lat_pipe_pairs 2 x
bad lat_pipe_pairs 2 1025

# shellcheck shell=sh
# lat_pmake: its smoke cases, sourced by tests/smoke.sh

# the header, then "USECS TIME" per usecs; 1 job of 1000 us
# takes at least 1000 us
result lat_pmake err '^("pmake jobs=1|[0-9]+ [0-9]+\.[0-9]{2})$' - 0 0 -N 3 1 1000 2000
if [ "$(head -n 1 "$T_TMP/err")" = '"pmake jobs=1' ] && [ "$(sed -n '2p' "$T_TMP/err" | cut -d' ' -f1)" = 1000 ] &&
	awk 'NR == 2 { exit !($2 >= 900 && $2 < 100000) }' "$T_TMP/err"; then ok; else not_ok "lat_pmake 1 1000: $(cat "$T_TMP/err")"; fi
result lat_pmake err '^("pmake jobs=3|[0-9]+ [0-9]+\.[0-9]{2})$' - 0 0 -N 2 -P 2 3 500
usage_checks lat_pmake
bad lat_pmake 2 2
bad lat_pmake 2 0 100
bad lat_pmake 2 5000 100
bad lat_pmake 2 2 0
bad lat_pmake 2 2 abc
# more tasks than the kernel leaves room for: refused before any starts
# (4195328, above the largest kernel.pid_max, 4194304; where /proc does
# not say it, nothing to refuse by)
if [ -r /proc/sys/kernel/pid_max ]; then
	export LMBENCH_MAX_TASKS=4194304
	bad lat_pmake 1 -P 1024 4096 100
	unset LMBENCH_MAX_TASKS
fi

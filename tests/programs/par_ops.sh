# shellcheck shell=sh
# par_ops: its smoke cases, sourced by tests/smoke.sh

# 16 lines, each between 1 and 16 (at most k chains overlap)
result par_ops err '^[a-z0-9 ]+ parallelism: [0-9]+\.[0-9]{2}$' 4 0.5 16 -N 3
if [ "$(grep -c . "$T_TMP/err")" -eq 16 ] && head -n 1 "$T_TMP/err" | grep -q '^integer bit parallelism:' &&
	tail -n 1 "$T_TMP/err" | grep -q '^double div parallelism:'; then ok; else not_ok "par_ops lines: $(cat "$T_TMP/err")"; fi
usage_checks par_ops extra
bad par_ops 2 -P 2

# shellcheck shell=sh
# lat_fs: its smoke cases, sourced by tests/smoke.sh
mkdir -p "$T_TMP/fs"
result lat_fs err '^[0-9]+k	[0-9]+	[0-9]+	[0-9]+$' 3 1 100000000 -N 3 "$T_TMP/fs"
if [ "$(awk '{ printf "%s ", $1 }' "$T_TMP/err")" = "0k 1k 4k 10k " ]; then ok; else not_ok "lat_fs sizes: $(cat "$T_TMP/err")"; fi
if [ -z "$(ls -A "$T_TMP/fs")" ]; then ok; else not_ok "lat_fs left files: $(ls -A "$T_TMP/fs")"; fi
result lat_fs err '^64k	[0-9]+	[0-9]+	[0-9]+$' 3 1 100000000 -N 2 -s 64k -n 3 -P 2 "$T_TMP/fs"
if [ -z "$(ls -A "$T_TMP/fs")" ]; then ok; else not_ok "lat_fs -P 2 left files"; fi
usage_checks lat_fs "$T_TMP/fs" extra
bad lat_fs 1 /nonexistent
bad lat_fs 1 "$T_TMP/file"
bad lat_fs 2 -n 1
bad lat_fs 2 -s 2g

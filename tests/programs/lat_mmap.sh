# shellcheck shell=sh
# lat_mmap: its smoke cases, sourced by tests/smoke.sh
cp "$T_TMP/f2m" "$T_TMP/f2m.orig"
result lat_mmap err '^[0-9]+\.[0-9]{6} [0-9]+(\.[0-9]{3})?$' 2 0.001 10000000 -N 3 1m "$T_TMP/f2m"
if grep -q '^1\.048576 ' "$T_TMP/err"; then ok; else not_ok "lat_mmap size column"; fi
result lat_mmap err '^[0-9]+\.[0-9]{6} [0-9]+(\.[0-9]{3})?$' 2 0.001 10000000 -N 3 -r -C -P 2 2m "$T_TMP/f2m"
if cmp -s "$T_TMP/f2m" "$T_TMP/f2m.orig"; then ok; else not_ok "lat_mmap changed the file"; fi
usage_checks lat_mmap 1m "$T_TMP/f2m" extra
bad lat_mmap 2 100k "$T_TMP/f2m"
bad lat_mmap 1 4m "$T_TMP/f2m"
bad lat_mmap 1 1m /nonexistent

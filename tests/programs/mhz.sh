# shellcheck shell=sh
# mhz: its smoke cases, sourced by tests/smoke.sh

# one line on stdout
result mhz out '^[0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock$' 1 100 10000
result mhz out '^[0-9]+\.[0-9]{4}$' 1 0.05 10 -c
run_prog "$BUILD/mhz" -d
if head -n 1 "$T_TMP/out" | grep -Eq '^\{ [0-9.]+(, [0-9.]+)* \};$' && tail -n 1 "$T_TMP/out" | grep -q ' MHz, '; then ok; else
	not_ok "mhz -d: $(cat "$T_TMP/out")"
fi
usage_checks mhz extra
bad mhz 2 -P 2

# shellcheck shell=sh
# mhz: its smoke cases, sourced by tests/smoke.sh

# one line on stdout
result mhz out '^[0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock$' 1 100 10000
result mhz out '^[0-9]+\.[0-9]{4}$' 1 0.05 10 -c
# -d, tried again (three times in all) where it said the machine was
# too busy for add and xor to agree: a loaded host, or qemu-user's
# translation of the two chains (seen once, aarch64 under a parallel
# build); any other answer, or a third refusal, is judged
mhz_try=0
while [ "$mhz_try" -lt 3 ]; do
	mhz_try=$((mhz_try + 1))
	run_prog "$BUILD/mhz" -d
	if [ "$RC" -ne 1 ] || [ "$(cat "$T_TMP/out")" != "-1 System too busy" ]; then
		break
	fi
done
if head -n 1 "$T_TMP/out" | grep -Eq '^\{ [0-9.]+(, [0-9.]+)* \};$' && tail -n 1 "$T_TMP/out" | grep -q ' MHz, '; then ok; else
	not_ok "mhz -d: $(cat "$T_TMP/out")"
fi
usage_checks mhz extra
bad mhz 2 -P 2

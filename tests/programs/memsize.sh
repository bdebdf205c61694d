# shellcheck shell=sh
# memsize: its smoke cases, sourced by tests/smoke.sh

# MB on stdout, progress on stderr
result memsize out '^[0-9]+$' 1 64 64 64
if [ "$(tail -n 1 "$T_TMP/err")" = "64MB OK" ] && [ "$(head -n 1 "$T_TMP/err")" = "1MB OK" ]; then ok; else not_ok "memsize progress: $(cat "$T_TMP/err")"; fi
# A max beyond the memory: capped at 3/4 of what is available, said at
# once, then the search goes on (stopped after 3 s here: touching 3/4 of
# a 24 GB machine takes 40 to 80 s, and the cap is what is tested).
run_prog timeout 3 "$BUILD/memsize" 99999999999
if { [ "$RC" -eq 0 ] || [ "$RC" -eq 124 ]; } && head -n 1 "$T_TMP/err" | grep -q 'MB: more than the [0-9]* MB this program may touch (3/4 of the memory available); using [0-9]*$' &&
	sed -n 2p "$T_TMP/err" | grep -qx '1MB OK'; then ok; else
	not_ok "memsize cap: status $RC: $(head -c 300 "$T_TMP/err")"
fi
usage_checks memsize 1 2
bad memsize 2 abc
bad memsize 2 0

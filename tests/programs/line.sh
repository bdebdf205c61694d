# shellcheck shell=sh
# line: its smoke cases, sourced by tests/smoke.sh

# a power of two on stdout
result line out '^(8|16|32|64|128|256)$' 1 8 256
result line out '^cache line size: [0-9]+ bytes \((false sharing|latency of loads within and across lines|from sysfs; neither false sharing nor latency decided)\)$' - 0 0 -v
if command -v taskset >/dev/null; then
	run_prog taskset -c 0 "$BUILD/line" -M 16m
	expect_rc 0 "line on one CPU"
fi
usage_checks line extra
huge line -M 99999999g
bad line 2 -M 1k
bad line 2 -P 2

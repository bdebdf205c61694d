# shellcheck shell=sh
# stream: its smoke cases, sourced by tests/smoke.sh

# latency and bandwidth per kernel, validated
result stream err '^STREAM (copy|scale|add|triad) (latency: [0-9]+\.[0-9]{2} nanoseconds|bandwidth: [0-9]+\.[0-9]{2} MB/sec)$' 4 0.01 100000000 -N 3 -M 3m
if [ "$(awk '{ printf "%s ", $2 }' "$T_TMP/err")" = "copy copy scale scale add add triad triad " ]; then ok; else not_ok "stream order: $(cat "$T_TMP/err")"; fi
result stream err '^STREAM2 (fill|copy|daxpy|sum) (latency: [0-9]+\.[0-9]{2} nanoseconds|bandwidth: [0-9]+\.[0-9]{2} MB/sec)$' 4 0.01 100000000 -N 3 -v 2 -M 3m
if [ "$(awk '{ printf "%s ", $2 }' "$T_TMP/err")" = "fill fill copy copy daxpy daxpy sum sum " ]; then ok; else not_ok "stream -v 2 order"; fi
result stream err '^STREAM' 4 0.01 100000000 -N 2 -P 2 -M 3m
result stream err '^STREAM' 4 0.01 100000000 -N 2 -P 2 -T -M 3m
usage_checks stream extra
huge stream -M 99999999g
bad stream 2 -v 3
bad stream 2 -M 1k
bad stream 2 -M abc
bad stream 1 -M "$NEAR_ALL"

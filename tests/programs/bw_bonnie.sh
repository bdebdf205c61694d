# shellcheck shell=sh
# bw_bonnie: its smoke cases, sourced by tests/smoke.sh
BON_RE='^Bonnie ((char|block) (write|read)|rewrite): [0-9]+\.[0-9]{2} MB/sec [0-9]+ %CPU$|^Bonnie seeks: [0-9]+\.[0-9]{2} seeks/sec [0-9]+ %CPU$'
# bon_rate LABEL: the figure of the line LABEL in err ("" for none).
bon_rate() { awk -v l="Bonnie $1:" 'index($0, l) == 1 { print $(NF - 3) }' "$T_TMP/err"; }
mkdir -p "$T_TMP/bon"
# Every phase, the file in a private directory inside the one given.
result bw_bonnie err "$BON_RE" - 0 0 -s 4m -n 200 "$T_TMP/bon"
if [ "$(grep -c '^Bonnie' "$T_TMP/err")" -eq 6 ]; then ok; else not_ok "bw_bonnie: not six phases: $(cat "$T_TMP/err")"; fi
if awk '{ if ($(NF - 3) + 0 <= 0 || $(NF - 1) + 0 < 0 || $(NF - 1) + 0 > 400) bad = 1 } END { exit bad }' "$T_TMP/err"; then ok; else
	not_ok "bw_bonnie: a rate not above zero or a %CPU out of range: $(cat "$T_TMP/err")"; fi
if [ -z "$(ls -A "$T_TMP/bon")" ]; then ok; else not_ok "bw_bonnie left files: $(ls -A "$T_TMP/bon")"; fi
# Through O_DIRECT, where the page cache hides nothing: the rewrite (a
# read and a write of every chunk) is slower than the block write and
# the block read.  Skipped where the file system has no O_DIRECT.
run_prog "$BUILD/bw_bonnie" -D -f -x 3 -s 8m -n 200 "$T_TMP/bon"
if [ "$RC" -eq 77 ]; then
	echo "# skip: bw_bonnie -D: $(head -n 1 "$T_TMP/err")"
	ok
else
	expect_rc 0 "bw_bonnie -D"
	w=$(bon_rate "block write") r=$(bon_rate "block read") rw=$(bon_rate rewrite)
	if [ -n "$EMULATED" ] || awk -v w="$w" -v r="$r" -v rw="$rw" 'BEGIN { exit !(w > 0 && r > 0 && rw > 0 && rw < w && rw < r) }'; then ok; else
		not_ok "bw_bonnie -D: rewrite $rw MB/s not slower than block write $w and block read $r"; fi
fi
if [ -z "$(ls -A "$T_TMP/bon")" ]; then ok; else not_ok "bw_bonnie -D left files: $(ls -A "$T_TMP/bon")"; fi
# The JSON records: each phase's rate with its samples, and its %CPU.
LMBENCH_JSON=$T_TMP/bon.json "$BUILD/bw_bonnie" -f -x 2 -s 1m -n 50 "$T_TMP/bon" 2>/dev/null
if [ "$(grep -c '"metric":"Bonnie [a-z ]*","size_bytes":1048576,\("params":{[^}]*},\)\?"unit":"\(MB\|1\)/s",.*"samples":\[[0-9.e+]*,[0-9.e+]*\]' "$T_TMP/bon.json")" -eq 4 ] &&
	[ "$(grep -c '"metric":"Bonnie [a-z ]* %CPU","size_bytes":1048576,\("params":{[^}]*},\)\?"unit":"%","value":' "$T_TMP/bon.json")" -eq 4 ]; then ok; else
	not_ok "bw_bonnie records: $(head -c 600 "$T_TMP/bon.json")"; fi
usage_checks bw_bonnie "$T_TMP/bon" extra
bad bw_bonnie 2 -s 0
bad bw_bonnie 2 -s -1m
bad bw_bonnie 2 -s 100
bad bw_bonnie 2 -p 0
bad bw_bonnie 2 -p 4 -n 3
bad bw_bonnie 2 -p -2
bad bw_bonnie 2 -n 0
bad bw_bonnie 2 -x 0
bad bw_bonnie 2 -c 100
bad bw_bonnie 2 -D -c 1000
bad bw_bonnie 1 -s 1m /nonexistent
bad bw_bonnie 1 -s 1m "$T_TMP/file"
bad bw_bonnie 1 -s 1000000g "$T_TMP/bon"
if [ -z "$(ls -A "$T_TMP/bon")" ]; then ok; else not_ok "bw_bonnie's bad runs left files: $(ls -A "$T_TMP/bon")"; fi
if [ "$(id -u)" -ne 0 ]; then
	mkdir -p "$T_TMP/bon-ro" && chmod 500 "$T_TMP/bon-ro"
	bad bw_bonnie 1 -s 1m "$T_TMP/bon-ro"
	rmdir "$T_TMP/bon-ro"
fi

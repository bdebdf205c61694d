#!/bin/sh
# seed.sh - make the harnesses' seed corpora (tests/fuzz/corpus/NAME)
# from the tests' fixtures, malformed ones included, and a few written
# here.  Run again when the fixtures change; the corpora are committed.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
fx=$top/tests/fixtures
out=$top/tests/fuzz/corpus
rm -rf "$out"
mkdir -p "$out/compare" "$out/http" "$out/parse" "$out/udpbw"
sep=$(printf '\n\001--\001\n_')
sep=${sep%_}
# compare: FLAGS BASE BASE.json NEW NEW.json THRESHOLDS, as fuzz_compare
# reads them ('-' for a part left empty).
n=0
cmp_seed() {
	flags=$1
	shift
	n=$((n + 1))
	{
		# shellcheck disable=SC2059 # the flags byte, as an octal escape
		printf "\\$(printf '%03o' "$flags")"
		first=1
		for f in "$@"; do
			[ $first = 1 ] || printf '%s' "$sep"
			first=0
			[ "$f" = - ] || cat "$f"
		done
	} >"$out/compare/seed-$n"
}
thr=$(mktemp)
trap 'rm -f "$thr"' EXIT
printf 'lat_pipe 10\n^bw_mem.* 2.5 # memory\n[ 5\n' >"$thr"
cmp_seed 0 "$fx/compare/base.0" "$fx/compare/base.0.json" "$fx/compare/new.0" "$fx/compare/new.0.json" -
cmp_seed 73 "$fx/compare/base.0" "$fx/compare/base.0.json" "$fx/compare/new.0" "$fx/compare/new.0.json" "$thr"
cmp_seed 1 "$fx/compare/base5/fixture.0" "$fx/compare/base5/fixture.0.json" "$fx/compare/new5/fixture.0" "$fx/compare/new5/fixture.0.json" -
cmp_seed 2 "$fx/report/box2.0" "$fx/report/box2.0.json" "$fx/report/box2.0" "$fx/report/box2.0.json" -
for f in "$fx"/x86_64-linux-gnu/* "$fx/failures/box1.1" "$fx/cross/box1.2" "$fx/hostile/inject.0"; do
	cmp_seed 3 "$fx/x86_64-linux-gnu/box1.0" - "$f" - -
done
cmp_seed 21 "$fx/compare/base.0" - - "$fx/compare/new.0.json" -
# http: requests good and bad
i=0
for r in 'GET /a.html HTTP/1.0\r\n\r\n' 'GET / HTTP/1.0\r\n' 'GET /sub/../a.html\r\n' \
	'GET /a.html?x=1 HTTP/1.0\r\n' 'GET /a\0.html\r\n' 'EXIT' 'POST / HTTP/1.0\r\n' \
	'GET //etc/passwd\r\n' 'GE' 'GET /..\r\n'; do
	i=$((i + 1))
	printf '%b' "$r" >"$out/http/seed-$i"
done
# parse: sizes, counts, lists, command lines
i=0
for s in 1m 16M 0.5g 99999999g 1k -1 nan inf 1e308 ' ' '' 0-3,5 1,1 64 thp huge none \
	'-P\n2\n1m\nrd' '-m\n100\nlocalhost' 'null' '[-x <a b>] a|b|c'; do
	i=$((i + 1))
	printf '%b' "$s" >"$out/parse/seed-$i"
done
# udpbw: a stop, a cookie request, a request with a cookie, one too big
# shellcheck disable=SC2059 # the datagram's bytes, as octal escapes
udp() { printf "$1" >"$out/udpbw/seed-$2"; }
udp '\377\377\377\377' 1
udp 'LMBU\0\0\0\1\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0' 2
udp 'LMBU\0\0\0\2\0\0\0\0\0\0\0\12\0\0\3\350abcdefgh' 3
udp 'LMBU\0\0\0\3\0\0\0\0\0\1\0\0\0\0\377\377abcdefgh' 4
echo "seed: $n compare, $i parse seeds in $out"

# compare.awk - the work of scripts/compare (POSIX awk).
#
# Input: result files (json=0: the classic lines) or their JSON records
# (json=1), each preceded by side=base|new and run=NAME assignments.
# Every metric gets a key, a direction (+1 higher is better, -1 lower),
# one value per run and, from JSON, every sample.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function isnum(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }

# One value (and its samples) of a metric in the current run.
function add(key, d, u, v, samples,    n, i, s) {
	if (!isnum(v) || v + 0 <= 0)
		return
	key = norm(key)
	if ((side, run, key) in seen) {
		n = 2
		while ((side, run, key " #" n) in seen)
			n++
		key = key " #" n
	}
	seen[side, run, key] = 1
	if (!(key in dir)) {
		dir[key] = d
		unit[key] = u
		order[++nkeys] = key
	}
	vals[side, key] = vals[side, key] " " v
	nval[side, key]++
	if (samples != "") {
		n = split(samples, s, ",")
		for (i = 1; i <= n; i++)
			if (isnum(s[i]) && s[i] + 0 > 0)
				samp[side, key] = samp[side, key] " " s[i]
	}
	got[run]++
}

# The temporary file name lmbench's suite uses varies by run: XXX.<pid>.
function norm(k) { gsub(/XXX\.[0-9]+/, "XXX", k); return k }

# ------------------------------------------------------------ JSON

function field(line, name,    re) {
	re = "\"" name "\":\"([^\"\\\\]|\\\\.)*\""
	if (match(line, re))
		return substr(line, RSTART + length(name) + 4, RLENGTH - length(name) - 5)
	re = "\"" name "\":[^,}\\]]*"
	if (match(line, re))
		return substr(line, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
	return ""
}
function list(line, name,    re) {
	re = "\"" name "\":\\[[^]]*\\]"
	if (match(line, re))
		return substr(line, RSTART + length(name) + 4, RLENGTH - length(name) - 5)
	return ""
}

json && FILENAME ~ /\.json$/ {
	if ($0 !~ /^\{"schema":/) {
		bad[run]++
		next
	}
	prog = field($0, "program")
	metric = field($0, "metric")
	u = field($0, "unit")
	a = list($0, "args")
	key = prog " " metric
	if (a ~ /"-t"/) key = key " -t"
	if (a ~ /"conflict"/) key = key " conflict"
	sz = field($0, "size_bytes")
	if (sz != "") key = key " size=" sz
	d = (u == "us" || u == "ns") ? -1 : 1
	add(key, d, u, field($0, "value"), list($0, "samples"))
	next
}

# ------------------------------------------------------------ classic lines

FNR == 1 { title = ""; marker = "" }
!json && /^\[/ { next }
!json && /^[ \t]*$/ { next }
!json && /^#/ { next }
!json && /^"/ {
	m = substr($0, 2)
	sub(/ ovr=.*/, "", m)
	if (m !~ /^stride=/)
		title = ""
	marker = trim(m)
	next
}
# lat_fs: SIZEk TAB files TAB creates/s TAB deletes/s
!json && /^[0-9]+k\t[0-9]+\t/ {
	split($0, f, "\t")
	add("lat_fs create " f[1], 1, "1/s", f[3], "")
	add("lat_fs delete " f[1], 1, "1/s", f[4], "")
	next
}
# a pair: SIZE VALUE
!json && NF == 2 && isnum($1) && isnum($2) {
	sec = title
	if (marker != "") sec = (sec != "" ? sec "/" : "") marker
	if (sec == "") { bad[run]++; next }
	d = (sec ~ /[Bb]andwidth|bcopy|bzero|parallelism|Zone|read|write/) ? 1 : -1
	u = d > 0 ? "MB/s" : (sec ~ /stride=/ ? "ns" : (sec ~ /^Seek/ ? "ms" : "us"))
	add(sec " " $1, d, u, $2, "")
	next
}
# lat_http: Avg xfer: ..., ...KB in ... millisecs, R MB/sec
!json && /^Avg xfer/ {
	n = split($0, w, " ")
	v = w[n - 1]
	if (w[n] == "KB/sec") v = v / 1000
	add("HTTP transfer", 1, "MB/s", v, "")
	next
}
# LABEL: VALUE [UNIT]
!json && /: / {
	i = index($0, ": ")
	label = substr($0, 1, i - 1)
	n = split(substr($0, i + 2), w, " ")
	if (n < 1 || !isnum(w[1])) { bad[run]++; next }
	u = w[2]
	if (u == "microseconds") { d = -1; u = "us" }
	else if (u == "nanoseconds") { d = -1; u = "ns" }
	else if (u == "MB/sec") { d = 1; u = "MB/s" }
	else if (u == "KB/sec") { d = 1; u = "KB/s" }
	else if (u == "pages") { d = 1 }
	else { d = (label ~ /parallelism/) ? 1 : -1 }
	add(label, d, u, w[1], "")
	next
}
# a section title (no quote): Memory read bandwidth, Socket bandwidth ...
!json && /^[A-Za-z]/ && $0 !~ /[0-9]\.[0-9]/ {
	title = trim($0)
	marker = ""
	next
}
!json { bad[run]++ }

# ------------------------------------------------------------ statistics

# Heapsort of a[1..n] (numbers), in place.
function sort(a, n,    i, t) {
	for (i = int(n / 2); i >= 1; i--)
		sift(a, i, n)
	for (i = n; i > 1; i--) {
		t = a[1]; a[1] = a[i]; a[i] = t
		sift(a, 1, i - 1)
	}
}
function sift(a, i, n,    c, t) {
	while ((c = 2 * i) <= n) {
		if (c < n && a[c + 1] + 0 > a[c] + 0)
			c++
		if (a[i] + 0 >= a[c] + 0)
			return
		t = a[i]; a[i] = a[c]; a[c] = t
		i = c
	}
}
function median(s,    a, n) {
	n = split(s, a, " ")
	if (n == 0) return 0
	sort(a, n)
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
# Half-width of a 95 % confidence interval of the median, in percent of
# it, from order statistics; -1 with fewer than 3 samples.
function ci(s,    a, n, lo, hi, m, w1, w2) {
	n = split(s, a, " ")
	if (n < 3) return -1
	sort(a, n)
	m = n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	lo = int(n / 2 - 0.98 * sqrt(n)); if (lo < 1) lo = 1
	hi = int(n / 2 + 1 + 0.98 * sqrt(n) + 0.999); if (hi > n) hi = n
	w1 = m - a[lo]; w2 = a[hi] - m
	return (w1 > w2 ? w1 : w2) / m * 100
}
# Two-sided p of the Mann-Whitney U test (normal approximation with a
# tie correction and continuity correction); -1 when it cannot be had.
function mwu(x, y,    a, b, n1, n2, n, i, j, k, r, r1, u, mu, sd, z, tie, v) {
	n1 = split(x, a, " ")
	n2 = split(y, b, " ")
	if (n1 < 3 || n2 < 3) return -1
	sort(a, n1)
	sort(b, n2)
	n = n1 + n2
	# Walk both sorted lists together; a run of equal values shares the
	# mean of its ranks.
	r1 = 0; tie = 0; i = 1; j = 1; r = 0
	while (i <= n1 || j <= n2) {
		if (j > n2 || (i <= n1 && a[i] + 0 <= b[j] + 0))
			v = a[i] + 0
		else
			v = b[j] + 0
		k = 0
		na = 0
		while (i <= n1 && a[i] + 0 == v) { i++; na++ }
		while (j <= n2 && b[j] + 0 == v) { j++; k++ }
		k += na
		r1 += na * (r + (k + 1) / 2)
		if (k > 1) tie += k * k * k - k
		r += k
	}
	u = r1 - n1 * (n1 + 1) / 2
	mu = n1 * n2 / 2
	sd = sqrt(n1 * n2 / 12 * ((n + 1) - tie / (n * (n - 1))))
	if (sd == 0) return 1
	z = (u > mu ? u - mu - 0.5 : u - mu + 0.5) / sd
	if (z < 0) z = -z
	return erfc(z / sqrt(2))
}
# erfc by a continued-fraction-free rational approximation (|err| < 1.2e-7).
function erfc(x,    t, r) {
	t = 1 / (1 + 0.5 * x)
	r = t * exp(-x * x - 1.26551223 + t * (1.00002368 + t * (0.37409196 + \
	    t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + \
	    t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + \
	    t * 0.17087277)))))))))
	return r
}

function limit(key,    i) {
	for (i = 1; i <= nrules; i++)
		if (key ~ rule[i])
			return rlimit[i]
	return threshold + 0
}

function jstr(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return "\"" s "\"" }
function csvq(s) { gsub(/"/, "\"\"", s); return "\"" s "\"" }
function num(v) { return v < 0 ? "null" : sprintf("%.6g", v) }
function pct(v) { return sprintf("%+.2f%%", v) }
function fmt(v) { return v >= 10000 ? sprintf("%.0f", v) : sprintf("%.4g", v) }
# The smallest two-sided p a rank test of n1 and n2 samples can give
# (complete separation): 2 / C(n1 + n2, n1).
function pmin(n1, n2,    i, l) {
	l = 0
	for (i = 1; i <= n1; i++)
		l += log(n2 + i) - log(i)
	return 2 * exp(-l)
}

BEGIN {
	if (tfile != "") {
		while ((getline line < tfile) > 0) {
			sub(/#.*/, "", line)
			if (split(line, w, " ") < 2) continue
			if (!isnum(w[2])) {
				printf "compare: %s: bad threshold '%s'\n", tfile, w[2] > "/dev/stderr"
				tbad = 1
				exit 2
			}
			rule[++nrules] = w[1]
			rlimit[nrules] = w[2] + 0
		}
		close(tfile)
	}
}

END {
	if (tbad) exit 2
	# Every run must have given something.
	for (r in got) okrun[r] = 1
	nbad = 0
	for (i = 1; i < ARGC; i++) {
		if (ARGV[i] ~ /^run=/) {
			r = substr(ARGV[i], 5)
			if (!(r in okrun)) {
				printf "compare: %s: no metric found (not a result file?)\n", r > "/dev/stderr"
				nbad++
			}
		}
	}
	if (nbad) exit 2

	nrows = 0; nreg = 0; nimp = 0; lg = 0; ng = 0; unknown = 0
	for (i = 1; i <= nkeys; i++) {
		k = order[i]
		hb = ("base", k) in vals
		hn = ("new", k) in vals
		if (!hb || !hn) {
			only[++nonly] = k
			onlyside[nonly] = hb ? "base" : "new"
			continue
		}
		b = median(vals["base", k]); n = median(vals["new", k])
		if (b <= 0 || n <= 0) continue
		row[++nrows] = k
		rb[nrows] = b; rn[nrows] = n
		xs = ("base", k) in samp ? samp["base", k] : (nval["base", k] >= 3 ? vals["base", k] : "")
		ys = ("new", k) in samp ? samp["new", k] : (nval["new", k] >= 3 ? vals["new", k] : "")
		cb[nrows] = ci(xs); cn[nrows] = ci(ys)
		p = (xs != "" && ys != "") ? mwu(xs, ys) : -1
		# Too few samples for the test ever to reach alpha: unknown.
		if (p >= 0 && pmin(split(xs, tmp, " "), split(ys, tmp, " ")) > alpha + 0)
			p = -1
		rp[nrows] = p
		ch = (n - b) / b * 100
		rc[nrows] = ch
		better = dir[k] > 0 ? ch : -ch
		lim = limit(k)
		rl[nrows] = lim
		if (p >= 0 && p >= alpha + 0)
			st = "~"
		else if (better <= -lim)
			st = "regression"
		else if (better >= lim)
			st = "improvement"
		else
			st = "ok"
		if (p < 0 && st != "~" && st != "ok") unknown++
		if (st == "regression") nreg++
		if (st == "improvement") nimp++
		rs[nrows] = st
		# direction-adjusted ratio for the geometric mean (> 1 better)
		lg += log(dir[k] > 0 ? n / b : b / n); ng++
	}
	geo = ng ? (exp(lg / ng) - 1) * 100 : 0

	if (format == "json") {
		printf "{\"schema\":1,\"threshold_pct\":%s,\"alpha\":%s,\"metrics\":[", threshold + 0, alpha + 0
		for (i = 1; i <= nrows; i++) {
			k = row[i]
			printf "%s\n{\"metric\":%s,\"unit\":%s,\"better\":\"%s\",\"base\":%s,\"base_ci_pct\":%s,\"new\":%s,\"new_ci_pct\":%s,\"change_pct\":%.4f,\"p\":%s,\"threshold_pct\":%s,\"status\":\"%s\"}", \
			    (i > 1 ? "," : ""), jstr(k), jstr(unit[k]), (dir[k] > 0 ? "higher" : "lower"), \
			    num(rb[i]), num(cb[i]), num(rn[i]), num(cn[i]), rc[i], num(rp[i]), rl[i], rs[i]
		}
		printf "],\n\"missing\":["
		for (i = 1; i <= nonly; i++)
			printf "%s{\"metric\":%s,\"only_in\":\"%s\"}", (i > 1 ? "," : ""), jstr(only[i]), onlyside[i]
		printf "],\n\"geomean_better_pct\":%.4f,\"regressions\":%d,\"improvements\":%d}\n", geo, nreg, nimp
	} else if (format == "csv") {
		print "metric,unit,better,base,base_ci_pct,new,new_ci_pct,change_pct,p,threshold_pct,status"
		for (i = 1; i <= nrows; i++) {
			k = row[i]
			printf "%s,%s,%s,%.6g,%s,%.6g,%s,%.4f,%s,%s,%s\n", csvq(k), csvq(unit[k]), \
			    (dir[k] > 0 ? "higher" : "lower"), rb[i], (cb[i] < 0 ? "" : sprintf("%.2f", cb[i])), \
			    rn[i], (cn[i] < 0 ? "" : sprintf("%.2f", cn[i])), rc[i], (rp[i] < 0 ? "" : sprintf("%.4g", rp[i])), rl[i], rs[i]
		}
		for (i = 1; i <= nonly; i++)
			printf "%s,,,,,,,,,,only in %s\n", csvq(only[i]), onlyside[i]
		printf "\"geomean\",,higher,,,,,%.4f,,,\n", geo
	} else {
		cw = 6
		for (i = 1; i <= nrows; i++) if (length(row[i]) > cw) cw = length(row[i])
		if (cw > 60) cw = 60
		printf "%-*s %6s %14s %14s %9s  %s\n", cw, "metric", "unit", "base", "new", "change", "status"
		for (i = 1; i <= nrows; i++) {
			k = row[i]
			sb = fmt(rb[i]) (cb[i] >= 0 ? sprintf("+-%.0f%%", cb[i]) : "")
			sn = fmt(rn[i]) (cn[i] >= 0 ? sprintf("+-%.0f%%", cn[i]) : "")
			st = rs[i]
			if (st != "~" && st != "ok") st = st (rp[i] >= 0 ? sprintf(" (p=%.3g)", rp[i]) : " (significance unknown)")
			else if (st == "~") st = sprintf("~ (p=%.2g)", rp[i])
			printf "%-*s %6s %14s %14s %9s  %s\n", cw, substr(k, 1, 60), unit[k], sb, sn, pct(rc[i]), st
		}
		printf "%-*s %6s %14s %14s %9s  %s\n", cw, "geomean (better +)", "", "", "", pct(geo), \
		    (nreg ? nreg " regression" (nreg > 1 ? "s" : "") : "no regression")
		for (i = 1; i <= nonly; i++)
			printf "missing: %s (only in %s)\n", only[i], onlyside[i]
		if (unknown)
			printf "note: %d change%s past the threshold without samples on both sides: significance unknown\n", \
			    unknown, (unknown > 1 ? "s" : "")
	}
	if (fail && nreg > 0)
		exit 1
	exit 0
}

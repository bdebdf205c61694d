# history-gen.awk - synthetic result sets with known answers, for
# lmbench-ng history's tests and benchmark (tests/history.sh,
# tests/bench/history.sh).
#
# Usage: awk -f tests/history-gen.awk -v out=DIR -v sets=N [-v runs=R]
#            [-v seed=S] [-v host=H] [-v setsd=X] [-v noise=FILE] SPEC
#
# Writes DIR/0001 ... DIR/N, each a set of R runs (run.1, run.1.json,
# ...): a result file's header and date line, and one JSON record a
# figure.  Each SPEC line is one figure:
#   NAME NOISE MODEL [ARGS]
# NAME: the metric, program "synth", unit us (lower is better); or
# PROGRAM/METRIC, its unit MB/s (higher is better) where PROGRAM starts
# with bw_, else us.  setsd=X adds normal noise of sd X shared by a
# set's runs (what moves between builds, on top of each run's own).
# NOISE: sd=X, normal noise of sd X on the log value (0.01: about 1 %);
# or real=K, the K-th line of FILE (a figure's name, then its runs' log
# residuals about their mean, as tests/bench/history.sh extracts them
# from real runs), resampled with replacement, widened by sqrt(n/(n-1))
# so its spread is the runs' own, plus a normal jitter of a third of
# their sd (a smoothed bootstrap: real noise is continuous, and a few
# residuals drawn bare would repeat exact values).
# MODEL (the log value's shape over sets 1..N; PCT changes the value):
#   none
#   step AT PCT                 from set AT on, PCT % more
#   steps AT1 PCT1 AT2 PCT2     two steps
#   drift FROM TO PCT           a straight line from FROM to TO, PCT in all
#   outlier AT PCT              set AT alone PCT % off
# Blank lines and lines starting with # are skipped.
function gauss(   u, v) {
	u = rand()
	v = rand()
	if (u < 1e-12)
		u = 1e-12
	return sqrt(-2 * log(u)) * cos(6.283185307179586 * v)
}
function noise_of(k,   n, r) {
	if (kind[k] == "sd")
		return sd[k] * gauss()
	n = nres[src[k]]
	r = int(rand() * n) + 1
	return res[src[k], r] * sqrt(n / (n - 1)) + rsd[src[k]] / 3 * gauss()
}
function shape(k, s,   f, t) {
	if (model[k] == "step")
		return s >= a1[k] ? log(1 + p1[k] / 100) : 0
	if (model[k] == "steps")
		return (s >= a1[k] ? log(1 + p1[k] / 100) : 0) + (s >= a2[k] ? log(1 + p2[k] / 100) : 0)
	if (model[k] == "drift") {
		if (s <= a1[k])
			return 0
		t = s >= a2[k] ? 1 : (s - a1[k]) / (a2[k] - a1[k])
		return t * log(1 + p1[k] / 100)
	}
	if (model[k] == "outlier")
		return s == a1[k] ? log(1 + p1[k] / 100) : 0
	return 0
}
function die(msg) {
	print "history-gen: " msg > "/dev/stderr"
	failed = 1
	exit 2
}
BEGIN {
	if (out == "" || sets + 0 < 1)
		die("out=DIR and sets=N are needed")
	if (runs == "")
		runs = 1
	if (host == "")
		host = "synth"
	srand(seed == "" ? 1 : seed)
	if (noise != "") {
		while ((getline line < noise) > 0) {
			nn++
			m = split(line, w, " ")
			nres[nn] = m - 1
			ss = 0
			for (i = 2; i <= m; i++) {
				res[nn, i - 1] = w[i]
				ss += w[i] * w[i]
			}
			rsd[nn] = m > 2 ? sqrt(ss / (m - 2)) : 0
		}
		close(noise)
	}
}
/^#/ || NF == 0 { next }
{
	k = ++nfig
	name[k] = $1
	prog[k] = "synth"
	unit[k] = "us"
	if (index($1, "/") > 0) {
		prog[k] = substr($1, 1, index($1, "/") - 1)
		name[k] = substr($1, index($1, "/") + 1)
		if (prog[k] ~ /^bw_/)
			unit[k] = "MB/s"
	}
	if ($2 ~ /^sd=/) {
		kind[k] = "sd"
		sd[k] = substr($2, 4) + 0
	} else if ($2 ~ /^real=/) {
		kind[k] = "real"
		src[k] = substr($2, 6) + 0
		if (src[k] < 1 || src[k] > nn || nres[src[k]] < 2)
			die("line " NR ": no noise line " src[k] " with two residuals in " noise)
	} else {
		die("line " NR ": bad NOISE '" $2 "'")
	}
	model[k] = $3
	a1[k] = $4 + 0; p1[k] = $5 + 0; a2[k] = $6 + 0; p2[k] = $7 + 0
	if (model[k] == "drift") { a2[k] = $5 + 0; p1[k] = $6 + 0 }
	if (model[k] !~ /^(none|step|steps|drift|outlier)$/)
		die("line " NR ": bad MODEL '" $3 "'")
	base[k] = 1 + k / 10
}
END {
	if (failed)
		exit 2
	for (s = 1; s <= sets; s++) {
		dir = sprintf("%s/%04d", out, s)
		system("mkdir -p '" dir "'")
		for (k = 1; k <= nfig; k++)
			shared[k] = setsd > 0 ? setsd * gauss() : 0
		t = s * 20
		date = sprintf("Mon Nov 30 %02d:%02d:%02d UTC 2026", int(t / 3600), int(t / 60) % 60, t % 60)
		for (r = 1; r <= runs; r++) {
			f = dir "/run." r
			print "[lmbench3.0 results for Linux " host " 6.1.0 #1 SMP x86_64 GNU/Linux]" > f
			print "[LMBENCH_VER: lmbench-ng synth]" > f
			print "[HOSTNAME: " host "]" > f
			print "[SYSNAME: Linux]" > f
			print "[RELEASE: 6.1.0]" > f
			print "" > f
			print "[" date "]" > f
			close(f)
			for (k = 1; k <= nfig; k++)
				printf "{\"schema\":1,\"program\":\"%s\",\"args\":[],\"metric\":\"%s\",\"unit\":\"%s\",\"value\":%.6g}\n",
				    prog[k], name[k], unit[k], base[k] * exp(shape(k, s) + shared[k] + noise_of(k)) > (f ".json")
			close(f ".json")
		}
	}
}

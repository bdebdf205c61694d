# summary-lib.awk - the cells of the summary tables (scripts/summary.awk,
# whose note says what they follow): a value's validity and width, the
# put() of a figure under its key, and the failed runs' keys.  Loaded by
# scripts/summary before summary-read.awk and summary.awk.


function valid(v) {
	return v ~ /^[ \t]*[0-9.]+[ \t]*$/ && v ~ /[0-9]/
}

# Right-aligned in w characters, cut to the first w.
function rcut(s, w) {
	s = sprintf("%" w "s", s)
	return substr(s, 1, w)
}

function blank(w) {
	return sprintf("%" w "s", "")
}

function num(v, w) {
	if (v == "FAIL")
		return rcut(v, w)
	if (!valid(v) || v + 0 <= 0)
		return blank(w)
	v = v + 0
	if (percent)
		return rcut(sprintf("%d", v + 0.5), w)
	if (v >= 1e7)
		return rcut(sprintf("%.1f", v / 1e6), w - 1) "M"
	if (v >= 1e4)
		return rcut(sprintf("%.1f", v / 1000), w - 1) "K"
	if (v >= 10)
		return rcut(sprintf("%.1f", v), w)
	if (v < 0.001 && w >= 6)
		return sprintf("%" w "." (w - 6) "e", v)
	return sprintf("%" w "." (w - 2) "f", v)
}

function inum(v, w) {
	if (v == "FAIL")
		return rcut(v, w)
	if (!valid(v) || v + 0 <= 0)
		return blank(w)
	return sprintf("%" w "d", int(v + 0))
}

# The run used several copies (SYNC_MAX > 1).
function loaded(i) {
	return valid(L[i, "load"]) && L[i, "load"] + 0 > 1
}

# Blank when the run used several copies.
function scale(i, v, w) {
	return loaded(i) ? blank(w) : num(v, w)
}

# Record a metric once per file: the first value counts.
function put(k, v) {
	if (!((f, k) in L))
		L[f, k] = v
}

# The registry's rules (src/programs.tab's cells= and cross=; installed,
# its copy beside scripts/): which cells of lmbench's tables a run of a
# program fills, so that a failed run leaves FAIL in them, and which
# column of the cross-CPU table a figure goes to.  A rule list is
# comma-separated rules; a rule is KEYS or COND=KEYS, KEYS "/"-separated
# keys, COND "+"-separated words that must all be among the command's
# words ("A~B": the two words in a row; "!W": W absent).  In a key,
# "{W}" is the word after W in the command; a key ending in "@" is
# measured against a host (r_ before it when that host is not
# localhost); "+sched" and "+bonnie" show that table.
function registry_load(path,    line, w, n, i, at) {
	if (path == "" || (getline line < path) < 0) {
		printf("summary: no registry (src/programs.tab) at '%s': failed runs not shown\n", path) > "/dev/stderr"
		return
	}
	do {
		if (line ~ /^[ \t]*(#|$)/)
			continue
		n = split(line, w, " ")
		for (i = 5; i <= n && w[i] ~ /^[a-z]+=/; i++) {
			at = index(w[i], "=")
			RULES[w[1], substr(w[i], 1, at - 1)] = substr(w[i], at + 1)
		}
	} while ((getline line < path) > 0)
	close(path)
}

# rule_holds(COND, A): whether the command (its words between blanks,
# A) meets COND.
function rule_holds(cond, a,    c, nc, i, t, neg) {
	nc = split(cond, c, "+")
	for (i = 1; i <= nc; i++) {
		t = c[i]
		neg = sub(/^!/, "", t)
		gsub(/~/, " ", t)
		if ((index(a, " " t " ") > 0) == neg)
			return 0
	}
	return 1
}

# rule_keys(PROGRAM, KIND, CMD, KEYS): the keys KIND's rules of PROGRAM
# give for CMD into KEYS[1..n]; returns n.
function rule_keys(p, kind, cmd, keys,    r, nr, i, j, w, n, a, eq, k, nk, key, m, opt, val, out) {
	out = 0
	if (!((p, kind) in RULES))
		return 0
	n = split(cmd, w, " ")
	a = " " cmd " "
	nr = split(RULES[p, kind], r, ",")
	for (i = 1; i <= nr; i++) {
		eq = index(r[i], "=")
		if (eq && !rule_holds(substr(r[i], 1, eq - 1), a))
			continue
		nk = split(substr(r[i], eq + 1), k, "/")
		for (j = 1; j <= nk; j++) {
			key = k[j]
			while (match(key, /\{[^}]*\}/)) {
				opt = substr(key, RSTART + 1, RLENGTH - 2)
				val = ""
				for (m = 1; m < n; m++)
					if (w[m] == opt)
						val = w[m + 1]
				key = substr(key, 1, RSTART - 1) val substr(key, RSTART + RLENGTH)
			}
			if (key ~ /@$/)
				key = (w[n] == "localhost" ? "" : "r_") substr(key, 1, length(key) - 1)
			keys[++out] = key
		}
	}
	return out
}

# The cells of a failed run (program and arguments as the runner wrote
# them): every metric it would have given.  The programs read as blocks
# (the registry gives them no cells) are taken care of inside their
# block.
function failed_run(cmd,    w, keys, n, i) {
	split(cmd, w, " ")
	n = rule_keys(w[1], "cells", cmd, keys)
	for (i = 1; i <= n; i++) {
		if (keys[i] == "+sched")
			any_sched = 1
		else if (keys[i] == "+bonnie")
			any_bonnie = 1
		else
			put(keys[i], "FAIL")
	}
}

# The cross-CPU table's key for a command the runner wrote ("" for one
# the table has no column for).
function cross_key(cmd,    w, keys) {
	split(cmd, w, " ")
	return rule_keys(w[1], "cross", cmd, keys) ? keys[1] : ""
}

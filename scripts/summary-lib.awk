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

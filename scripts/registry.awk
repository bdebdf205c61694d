# registry.awk - the registry's attributes and their rules, for the
# summary (scripts/summary) and the report (scripts/report): loaded
# before them, registry_load(PATH) called in their BEGIN, registry_user
# the name a missing registry is said under.

# The registry's attributes (src/programs.tab; installed, its copy
# beside scripts/) as RULES[PROGRAM, ATTRIBUTE], read by registry_load:
# cells= and cross= say which cells of lmbench's tables a run of a
# program fills (a failed run leaves FAIL in them) and which column of
# the cross-CPU table a figure goes to; report= which sweep of the
# report its records' samples draw.  A rule list is
# comma-separated rules; a rule is KEYS or COND=KEYS, KEYS "/"-separated
# keys, COND "+"-separated words that must all be among the command's
# words ("A~B": the two words in a row; "!W": W absent).  In a key,
# "{W}" is the word after W in the command; a key ending in "@" is
# measured against a host (r_ before it when that host is not
# localhost); "+sched" and "+bonnie" show that table.
function registry_load(path,    line, w, n, i, at) {
	if (path == "" || (getline line < path) < 0) {
		printf("%s: no registry (src/programs.tab) at '%s'\n", registry_user, path) > "/dev/stderr"
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
function rule_keys(p, kind, cmd, keys,    r, nr, i, j, w, n, a, eq, k, nk, key, rest, m, opt, val, out) {
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
			# each {W} once, left to right: the word put in (the
			# file's text) is never read as one
			key = ""
			rest = k[j]
			while (match(rest, /\{[^}]*\}/)) {
				opt = substr(rest, RSTART + 1, RLENGTH - 2)
				val = ""
				for (m = 1; m < n; m++)
					if (w[m] == opt)
						val = w[m + 1]
				key = key substr(rest, 1, RSTART - 1) val
				rest = substr(rest, RSTART + RLENGTH)
			}
			key = key rest
			if (key ~ /@$/)
				key = (w[n] == "localhost" ? "" : "r_") substr(key, 1, length(key) - 1)
			keys[++out] = key
		}
	}
	return out
}

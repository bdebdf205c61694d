# registry.awk - the one reader of the registry (src/programs.tab;
# installed, its copy programs.tab beside scripts/): its lines, their
# columns and attributes (registry_split), and the attributes' rules.
# Everything that reads the table reads it here: the summary and the
# report load this file before their own and call registry_load(PATH)
# in their BEGIN (registry_user: the name a missing registry is said
# under); the Makefile, the runner (scripts/suite, config-check's tool,
# lmbench-ng list), scripts/graph and the tests run it alone, with
# registry=PATH and registry_query=QUERY, and read its answer, one line
# each:
#   names             each program's NAME, in the table's order
#   rows              each program's columns without its attributes:
#                     NAME SECTION SOURCES NEEDS [SUITE...]
#   attr NAME WORD    the value of a program's attribute WORD, if any
#   with WORD VALUE   the programs whose attribute WORD is VALUE
#   pairs WORD        "NAME VALUE" for each program with attribute WORD
# A query not among them, or no registry at PATH, is a line on standard
# error and status 1 (2: the query).

# registry_split(LINE, COLS, ATTRS): one line of the registry, its
# columns into COLS[1..n] (NAME SECTION SOURCES NEEDS, then the SUITE
# words) and its attributes (the WORD=VALUE columns after NEEDS) into
# ATTRS[WORD] = VALUE; returns n, 0 for a comment or a blank line.
function registry_split(line, cols, attrs,    w, nw, i, n, at) {
	split("", cols)
	split("", attrs)
	if (line ~ /^[ \t]*(#|$)/)
		return 0
	nw = split(line, w, " ")
	n = 0
	for (i = 1; i <= nw && i <= 4; i++)
		cols[++n] = w[i]
	for (; i <= nw && w[i] ~ /^[a-z]+=/; i++) {
		at = index(w[i], "=")
		attrs[substr(w[i], 1, at - 1)] = substr(w[i], at + 1)
	}
	for (; i <= nw; i++)
		cols[++n] = w[i]
	return n
}

# The attributes' rules (RULES[PROGRAM, ATTRIBUTE], read by
# registry_load): cells= and cross= say which cells of lmbench's tables
# a run of a program fills (a failed run leaves FAIL in them) and which
# column of the cross-CPU table a figure goes to; report= which sweep of
# the report its records' samples draw.  A rule list is
# comma-separated rules; a rule is KEYS or COND=KEYS, KEYS "/"-separated
# keys, COND "+"-separated words that must all be among the command's
# words ("A~B": the two words in a row; "!W": W absent).  In a key,
# "{W}" is the word after W in the command; a key ending in "@" is
# measured against a host (r_ before it when that host is not
# localhost); "+sched" and "+bonnie" show that table.
function registry_load(path,    line, cols, attrs, a) {
	if (path == "" || (getline line < path) < 0) {
		printf("%s: no registry (src/programs.tab) at '%s'\n", registry_user, path) > "/dev/stderr"
		return 0
	}
	do {
		if (registry_split(line, cols, attrs))
			for (a in attrs)
				RULES[cols[1], a] = attrs[a]
	} while ((getline line < path) > 0)
	close(path)
	return 1
}

# The query (registry_query set): its answer, then the end of the run.
BEGIN {
	if (registry_query != "") {
		if (registry_user == "")
			registry_user = "registry"
		exit registry_answer(registry, registry_query)
	}
}

function registry_answer(path, query,    q, nq, line, cols, attrs, n, i, o) {
	nq = split(query, q, " ")
	if (!(q[1] == "names" && nq == 1 || q[1] == "rows" && nq == 1 ||
	      q[1] == "attr" && nq == 3 || q[1] == "with" && nq == 3 ||
	      q[1] == "pairs" && nq == 2)) {
		printf("%s: unknown query '%s' (names, rows, attr NAME WORD, with WORD VALUE, pairs WORD)\n", registry_user, query) > "/dev/stderr"
		return 2
	}
	if (path == "" || (getline line < path) < 0) {
		printf("%s: no registry (src/programs.tab) at '%s'\n", registry_user, path) > "/dev/stderr"
		return 1
	}
	do {
		n = registry_split(line, cols, attrs)
		if (n == 0)
			continue
		if (q[1] == "names")
			print cols[1]
		else if (q[1] == "rows") {
			o = cols[1]
			for (i = 2; i <= n; i++)
				o = o " " cols[i]
			print o
		} else if (q[1] == "attr") {
			if (cols[1] == q[2] && (q[3] in attrs))
				print attrs[q[3]]
		} else if (q[1] == "with") {
			if ((q[2] in attrs) && attrs[q[2]] == q[3])
				print cols[1]
		} else if (q[2] in attrs)
			print cols[1], attrs[q[2]]
	} while ((getline line < path) > 0)
	close(path)
	return 0
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

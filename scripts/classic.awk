# classic.awk - the one reader of classic lmbench result files (ours and
# original lmbench 3 ones; shared/RESULTS-FORMAT.md, 1.2), loaded before
# the program that uses it (POSIX awk):
#
#	awk -f classic.awk -f summary-lib.awk -f summary-read.awk -f summary.awk FILE...
#
# Its one rule runs before the program's own on every line and says what
# the line is; the program keeps its own reading state (which blocks it
# wants, where they end).  A program that also reads files of another
# kind sets cl_off (in BEGIN, or with -v) and the lines are passed over.
#
#	cl_file    the file's number, 1 for the first
#	cl_xsec    1 from [CROSS-CPU: begin ...] to [CROSS-CPU: end] (the
#	           runner's cross-CPU section, scripts/lmbench), else 0
#	cl_type    one of
#	  head     [KEY: value]: cl_key, cl_val ("" without ": "; the first
#	           line [lmbench3.0 results for ...] is one, key and all)
#	  failed   [FAILED: CMD: status N: WHY]: cl_cmd, cl_why
#	  skipped  [SKIPPED: CMD: WHY]: cl_cmd, cl_why
#	  xbegin   [CROSS-CPU: begin ...]        xend  [CROSS-CPU: end]
#	  cross    [CROSS-CPU: CMD: FIGURE UNIT]: cl_cmd, cl_val, cl_unit
#	  blank    nothing but blanks
#	  marker   a quoted section marker ("mappings, "stride=128,
#	           "size=0k ovr=1.50): cl_text, without the quote
#	  label    LABEL: VALUE [UNIT] ("Simple syscall: 0.07 microseconds"):
#	           cl_label, cl_val, cl_unit; the first ": " ends the label
#	  title    a section title without a quote ("Memory read
#	           bandwidth", "Socket bandwidth using localhost"): a line
#	           that starts with a letter and is none of the above; cl_text
#	  pair     "X Y" or bw_tcp's "X Y MB/sec", both numbers: cl_x, cl_y
#	  other    anything else (shell noise, lat_fs's rows, garbage)
#	cl_title, cl_marker  the section the line is in: the last title, and
#	           the last marker after it (a marker other than "stride=
#	           starts a section of its own, so it clears the title; a
#	           title clears the marker), as src/compare_classic.c names
#	           a metric "title/marker".  Blank lines end neither: where a
#	           section ends is each program's rule.
#
# Nothing read is trusted: these are strings, checked by whoever prints
# them (cl_number below for figures).

# A figure as the programs print it: digits, a point, an exponent.
function cl_number(v) {
	return v ~ /^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/
}

# The first word of s ("" for none).
function cl_word(s,    w) {
	return split(s, w, " ") ? w[1] : ""
}

# s without the bracket that closes it (and anything after that).
function cl_close(s) {
	sub(/\][^]]*$/, "", s)
	return s
}

function cl_read(    t, i, n, w) {
	cl_key = cl_val = cl_unit = cl_cmd = cl_why = cl_label = cl_text = cl_x = cl_y = ""
	if ($0 ~ /^\[/) {
		if ($0 ~ /^\[CROSS-CPU: begin/) {
			cl_xsec = 1
			return "xbegin"
		}
		if ($0 ~ /^\[CROSS-CPU: end\]/) {
			cl_xsec = 0
			return "xend"
		}
		if ($0 ~ /^\[FAILED: /) {
			# lmbench's own free text may hold ": ", so the command
			# ends at the runner's ": status "
			i = index($0, ": status ")
			cl_cmd = substr($0, 10, i - 10)
			cl_why = i ? cl_close(substr($0, i + 9)) : ""
			sub(/^[0-9]*(: |$)/, "", cl_why)
			return "failed"
		}
		if ($0 ~ /^\[SKIPPED: /) {
			t = substr($0, 11)
			i = index(t, ": ")
			cl_cmd = i ? substr(t, 1, i - 1) : cl_close(t)
			cl_why = i ? cl_close(substr(t, i + 2)) : ""
			return "skipped"
		}
		if ($0 ~ /^\[CROSS-CPU: /) {
			t = substr($0, 13)
			i = index(t, ": ")
			if (i) {
				cl_cmd = substr(t, 1, i - 1)
				split(substr(t, i + 2), w, /[ \]]+/)
				cl_val = w[1]
				cl_unit = w[2]
			}
			return "cross"
		}
		t = cl_close(substr($0, 2))
		i = index(t, ": ")
		cl_key = i ? substr(t, 1, i - 1) : t
		cl_val = i ? substr(t, i + 2) : ""
		return "head"
	}
	if ($0 ~ /^[ \t]*$/)
		return "blank"
	if ($0 ~ /^"/) {
		cl_text = substr($0, 2)
		return "marker"
	}
	i = index($0, ": ")
	if (i) {
		cl_label = substr($0, 1, i - 1)
		n = split(substr($0, i + 2), w, " ")
		cl_val = n >= 1 ? w[1] : ""
		cl_unit = n >= 2 ? w[2] : ""
		return "label"
	}
	if ((NF == 2 || (NF == 3 && $3 == "MB/sec")) && cl_number($1) && cl_number($2)) {
		cl_x = $1
		cl_y = $2
		return "pair"
	}
	if ($0 ~ /^[A-Za-z]/) {
		cl_text = $0
		return "title"
	}
	return "other"
}

!cl_off && FNR == 1 {
	cl_file++
	cl_xsec = 0
	cl_title = cl_marker = ""
}
!cl_off {
	cl_type = cl_read()
	if (cl_type == "marker") {
		if (cl_text !~ /^stride=/)
			cl_title = ""
		cl_marker = cl_text
	} else if (cl_type == "title") {
		cl_title = cl_text
		cl_marker = ""
	}
}

# lines.awk - classic lmbench result files (ours and original lmbench 3
# ones; shared/RESULTS-FORMAT.md, 1.2) as lmbench-compare --classic reads
# them, loaded before the program that uses them (POSIX awk):
#
#	compare --classic FILE... | awk -f lines.awk -f summary-lib.awk ... -
#
# The reading is the C program's (src/compare/compare_lines.c, the one reader
# that compare, the summary and the report share); this file only takes
# its records apart.  Its one rule runs before the program's own on every
# record: a file's "file" record starts the file and goes no further;
# each line's record gives the program the line itself ($0, $1 ... NF as
# awk splits it) and what it is.  A program that also reads files of
# another kind sets cl_off (in BEGIN, or with -v) and those records are
# left as they are.
#
#	cl_file    the file's number, 1 for the first
#	cl_name    the file's name, as given to lmbench-compare
#	cl_fnr     the line's number in its file
#	cl_xsec    1 from [CROSS-CPU: begin ...] to [CROSS-CPU: end] (the
#	           runner's cross-CPU section, scripts/lmbench), else 0
#	cl_type    one of (lmbench-compare(1), --classic)
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

# A field of a record as it was: "\\" a backslash, "\t" a tab.
function cl_field(s,    out, i, c) {
	if (index(s, "\\") == 0)
		return s
	out = ""
	while ((i = index(s, "\\")) > 0) {
		c = substr(s, i + 1, 1)
		out = out substr(s, 1, i - 1) (c == "t" ? "\t" : c)
		s = substr(s, i + 2)
	}
	return out s
}

!cl_off {
	split($0, cl_f, "\t")
	if (cl_f[1] == "file") {
		cl_name = cl_field(cl_f[2])
		cl_fnr = 0
		next
	}
	cl_type = cl_f[1]
	cl_xsec = cl_f[2] + 0
	cl_key = cl_val = cl_unit = cl_cmd = cl_why = cl_label = cl_text = cl_x = cl_y = ""
	if (cl_type == "head") {
		cl_key = cl_field(cl_f[3])
		cl_val = cl_field(cl_f[4])
	} else if (cl_type == "failed" || cl_type == "skipped") {
		cl_cmd = cl_field(cl_f[3])
		cl_why = cl_field(cl_f[4])
	} else if (cl_type == "cross") {
		cl_cmd = cl_field(cl_f[3])
		cl_val = cl_field(cl_f[4])
		cl_unit = cl_field(cl_f[5])
	} else if (cl_type == "marker" || cl_type == "title") {
		cl_text = cl_field(cl_f[3])
	} else if (cl_type == "label") {
		cl_label = cl_field(cl_f[3])
		cl_val = cl_field(cl_f[4])
		cl_unit = cl_field(cl_f[5])
	} else if (cl_type == "pair") {
		cl_x = cl_f[3]
		cl_y = cl_f[4]
	}
	$0 = cl_field(cl_f[6])
	if (++cl_fnr == 1)
		cl_file++
}

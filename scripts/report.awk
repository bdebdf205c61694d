# report.awk - what scripts/report needs from lmbench result files (POSIX
# awk, loaded after escape.awk, lines.awk and registry.awk (registry: the
# registry's path), over lmbench-compare
# --classic's records, which say what each line of a result file is).
# Nothing read from a file is trusted: figures are kept only when they
# are numbers, series and data files are named by the script (never by
# the file's text), and every text leaves only through html() or gp().
#
# phase "read" (the default), over the result files' records: writes under dir
#   d.K        one series: size (MB) or processes, and the figure; for
#              xlat and xbw the place of the figure in xlat_names or
#              xbw_names (below), and the figure
#   series     FILE-INDEX TAB KIND TAB NAME TAB d.K per series (KIND lat,
#              bw, ctx, file, mmap, par, stream, xlat, xbw, msg, pairs
#              or pmake; NAME "stride 128", "random", a bw_mem kernel,
#              "size=16k", "read", "open2close", "par_mem", "STREAM",
#              "STREAM2", "same CPU", "cross-CPU", "unix process", "round
#              trip", "work 10000 us"); for stream the x is the kernel's
#              place in stream_names (below)
#   facts      FILE-INDEX TAB KEY TAB VALUE per machine fact of a header
#              (the keys of fact(), in its order)
#   caches.N   the cache sizes the header states: level and MB
#   metrics    FILE-INDEX TAB LABEL TAB VALUE TAB UNIT per classic line
#   failures   FILE-INDEX TAB the line, per [FAILED: ...] / [SKIPPED: ...]
# phase "json", over a result file's JSON records (FILE.json, read by
# lmbench-compare --samples, with fi
#   its file's index): e.K per lat or bw series with samples: size (MB),
#   the figure, the lowest and the highest sample; errors lists them as
#   series does.
# phase "table", over dir/metrics: the side-by-side HTML table rows of
#   n files.
# phase "failures", over dir/failures: the HTML list of failed and
#   skipped runs, each under its file's name (dir/name.N).
# dir comes from the environment (REPORT_DIR): -v would expand
# backslashes in it.
function out_to(k, name, line,    key) {
	key = cl_file SUBSEP k SUBSEP name
	if (!(key in file)) {
		file[key] = dir "/d." (++ndata)
		printf "%s\t%s\t%s\t%s\n", cl_file, k, name, file[key] > (dir "/series")
	}
	print line > file[key]
}
function out(line) { out_to(kind, sname, line) }
# The figures measured both ways (the classic line on one CPU, the
# runner's [CROSS-CPU: ...] line across two): their places on the x axis
# of the xlat (microseconds) and xbw (MB/s) plots, by the classic line's
# label or the cross line's command; 0 for any other.  scripts/report
# names the places in the same order.
function same_place(label) {
	if (label == "Pipe latency") return 1
	if (label == "AF_UNIX sock stream latency") return 2
	if (label ~ /^UDP latency using /) return 3
	if (label ~ /^TCP latency using /) return 4
	if (label ~ /^TCP\/IP connection cost to /) return 5
	if (label == "Pipe bandwidth") return 1
	if (label == "AF_UNIX sock stream bandwidth") return 2
	return 0
}
# The cross line's place, by the column of the cross-CPU table the
# registry's cross= gives its command (registry.awk): the 2-process ring
# alone of the context switches.
function cross_place(cmd,    w, n, keys) {
	n = split(cmd, w, " ")
	if (!rule_keys(w[1], "cross", cmd, keys)) return 0
	if (keys[1] == "x_pipe" || keys[1] == "x_pipe_bw") return 1
	if (keys[1] == "x_unix" || keys[1] == "x_unix_bw") return 2
	if (keys[1] == "x_udp") return 3
	if (keys[1] == "x_tcp") return 4
	if (keys[1] == "x_connect") return 5
	if (keys[1] == "x_ctx_0" && w[n] == "2") return 6
	return 0
}
function kernel(t) {
	if (t ~ /^libc bcopy unaligned/) return "bcopy"
	if (t ~ /^libc bcopy aligned/) return "bcopy_aligned"
	if (t ~ /^Memory bzero/) return "bzero"
	if (t ~ /^unrolled bcopy/) return "fcp"
	if (t ~ /^unrolled partial bcopy/) return "cp"
	if (t ~ /^Memory read bandwidth/) return "frd"
	if (t ~ /^Memory partial read bandwidth/) return "rd"
	if (t ~ /^Memory write bandwidth/) return "fwr"
	if (t ~ /^Memory partial write bandwidth/) return "wr"
	if (t ~ /^Memory partial read\/write/) return "rdwr"
	return ""
}
# The header keys shown in the report's facts table, in its order: 0 for
# any other.  The runner writes them (scripts/lmbench); lmbench's own
# files have some (MHZ, PROCESSORS, RELEASE ...).
function fact(k) {
	return index(" HOSTNAME CPU_MODEL CPU_ID PROCESSORS MHZ CPU_CLOCK_STATED " \
	    "CACHES CACHE_LINE LINE_SIZE PAGE_SIZE THP GOVERNOR CLOCKSOURCE " \
	    "MEMORY_NODES MEMORY_SPEED MEMORY_DIMMS " \
	    "KERNEL RELEASE COMPILER BUILD_FLAGS SUITE LMBENCH_SCHED MB ENOUGH ",
	    " " k " ") > 0 && k ~ /^[A-Z_]+$/
}
# STREAM's kernels, their places on the stream plot's x axis (scripts/
# report names them in this order): 0 for any other label.
function stream_place(label,    w, names, n, i) {
	if (label !~ /^STREAM2? [a-z]+ bandwidth$/)
		return 0
	split(label, w, " ")
	n = split("copy scale add triad fill daxpy sum", names, " ")
	for (i = 1; i <= n; i++)
		if (names[i] == w[2])
			return i
	return 0
}
BEGIN {
	if (phase == "" || phase == "json")
		registry_load(registry)
	dir = ENVIRON["REPORT_DIR"]
	# the other phases read the script's own files, not result files
	cl_off = phase != ""
}
function tab(s) {
	gsub(/[\t\r\n]/, " ", s)
	return s
}

# ---------------------------------------------------------------- read

phase == "" && cl_fnr == 1 { mode = kind = "" }
phase == "" && cl_type == "head" && fact(cl_key) && cl_val != "" {
	printf "%s\t%s\t%s\n", cl_file, cl_key, tab(cl_val) > (dir "/facts")
}
phase == "" && cl_type == "head" && cl_key == "CACHES" {
	n = split(cl_val, w, " ")
	for (i = 1; i <= n; i++) {
		if (split(w[i], kv, "=") != 2 || kv[1] !~ /^L[0-9][a-z]?$/ || kv[1] ~ /i$/)
			continue
		v = kv[2]
		m = 1
		if (v ~ /K$/) m = 1 / 1024
		sub(/[KM]$/, "", v)
		if (v ~ /^[0-9]+$/ && length(v) < 10)
			printf "%s %.10g\n", kv[1], v * m > (dir "/caches." cl_file)
	}
	next
}
phase == "" && (cl_type == "failed" || cl_type == "skipped") {
	printf "%s\t%s\n", cl_file, tab($0) > (dir "/failures")
	next
}
phase == "" && cl_type == "cross" {
	p = cross_place(cl_cmd)
	if (p > 0 && cl_number(cl_val))
		out_to(cl_unit == "MB/sec" ? "xbw" : "xlat", "cross-CPU", p " " cl_val)
	next
}
phase == "" && /^\[/ { next }
# The scheduler under load: lat_msg's and lat_pipe_pairs' "N TIME" lines
# after their markers, and the runner's lat_pmake sweep, a block per job
# count ("pmake jobs=N, then "USECS TIME"), drawn as time against jobs.
phase == "" && pmake && cl_type != "pair" { pmake = 0 }
phase == "" && cl_fnr == 1 { pmake = 0 }
phase == "" && cl_type == "marker" && cl_text ~ /^messaging (unix|pipe) (process|thread) / {
	split(cl_text, w, " ")
	kind = "msg"; sname = w[2] " " w[3]
	next
}
phase == "" && cl_type == "marker" && cl_text == "pipe pairs" { kind = "pairs"; sname = "round trip"; next }
phase == "" && cl_type == "marker" && cl_text ~ /^pmake jobs=[0-9]+$/ && length(cl_text) < 18 {
	kind = ""; pmake = 1; pmjobs = substr(cl_text, 12)
	next
}
phase == "" && pmake && NF == 2 {
	if ($1 ~ /^[0-9]+$/ && length($1) < 10)
		out_to("pmake", "work " $1 " us", pmjobs " " $2)
	next
}
phase == "" && cl_type == "blank" { kind = ""; next }
# lat_mem_rd's sections: a title, then a "stride= marker per series
# (whatever else comes between: the title holds to the next one).
phase == "" && cl_type == "title" && cl_text ~ /^Memory load latency/ { mode = "lat"; next }
phase == "" && cl_type == "title" && cl_text ~ /^Random load latency/ { mode = "random"; next }
phase == "" && cl_type == "marker" && cl_text ~ /^stride=/ && mode != "" {
	s = substr(cl_text, 8)
	kind = ""
	if (mode == "random") {
		kind = "lat"; sname = "random"
	} else if (s ~ /^[0-9]+$/ && length(s) < 10) {
		kind = "lat"; sname = "stride " s
	}
	next
}
phase == "" && cl_type == "marker" && cl_text ~ /^size=[0-9]+k ovr=/ {
	s = substr(cl_text, 6, index(cl_text, " ") - 6)
	kind = ""
	if (length(s) < 10) {
		kind = "ctx"; sname = "size=" s
	}
	next
}
# bw_file_rd's and bw_mmap_rd's sweeps (the runner's "read bandwidth,
# "read open2close bandwidth, "Mmap read ...), par_mem's, STREAM's lines.
phase == "" && cl_type == "marker" && cl_text ~ /^(Mmap )?read (open2close )?bandwidth$/ {
	kind = cl_text ~ /^Mmap/ ? "mmap" : "file"
	sname = cl_text ~ /open2close/ ? "open2close" : "read"
	next
}
phase == "" && cl_type == "title" && cl_text ~ /^Memory load parallelism/ {
	kind = "par"; sname = "par_mem"
	next
}
phase == "" && cl_type == "label" && cl_unit == "MB/sec" && stream_place(cl_label) > 0 && cl_number(cl_val) {
	printf "%s\t%s\t%s\t%s\n", cl_file, tab(cl_label), tab(cl_val), tab(cl_unit) > (dir "/metrics")
	out_to("stream", cl_label ~ /^STREAM2/ ? "STREAM2" : "STREAM", stream_place(cl_label) " " cl_val)
	kind = ""
	next
}
phase == "" && (cl_type == "marker" || cl_type == "title" || cl_type == "label") {
	k = kernel(cl_type == "marker" ? cl_text : $0)
	if (k != "") {
		kind = "bw"; sname = k
		next
	}
	if (cl_type == "label" && $0 ~ /^[A-Za-z]/ && $0 ~ /: [0-9]/ && $0 !~ /^Avg xfer/) {
		printf "%s\t%s\t%s\t%s\n", cl_file, tab(cl_label), tab(cl_val), tab(cl_unit) > (dir "/metrics")
		p = same_place(cl_label)
		if (p > 0 && cl_number(cl_val) && (cl_unit == "microseconds" || cl_unit == "MB/sec"))
			out_to(cl_unit == "MB/sec" ? "xbw" : "xlat", "same CPU", p " " cl_val)
	}
	kind = ""
	next
}
phase == "" && kind != "" && cl_type == "pair" && NF == 2 {
	out($1 " " $2)
	if (kind == "ctx" && sname == "size=0k" && $1 == "2")
		out_to("xlat", "same CPU", "6 " $2)
}

# ---------------------------------------------------------------- json

# The measurements of a file's JSON records, as lmbench-compare
# --samples prints them (its JSON parser): PROGRAM, METRIC, SIZE_BYTES,
# VALUE, LOWEST, HIGHEST, FLAGS, tab-separated, one record a line.
phase == "json" {
	n = split($0, c, "\t")
	if (n != 7)
		next
	prog = c[1]; m = c[2]; size = c[3]; v = c[4]; lo = c[5]; hi = c[6]
	if (!cl_number(size) || !cl_number(v) || !cl_number(lo) || !cl_number(hi) || length(size) > 15)
		next
	# which sweep a program's samples draw: the registry's report=
	# (registry.awk)
	rep = (prog, "report") in RULES ? RULES[prog, "report"] : ""
	if (rep == "latency" && m ~ /^(random )?stride=[0-9]+$/ && length(m) < 24) {
		k = "lat"
		s = m ~ /^random/ || index(c[7], "t") ? "random" : "stride " substr(m, 8)
	} else if (rep == "bandwidth" && m ~ /^[a-z_]+$/ && length(m) < 20) {
		k = "bw"; s = m
	} else
		next
	key = fi SUBSEP k SUBSEP s
	if (!(key in efile)) {
		efile[key] = dir "/e." fi "." (++nerr)
		printf "%s\t%s\t%s\t%s\n", fi, k, s, efile[key] > (dir "/errors")
	}
	printf "%.10g %s %s %s\n", size / 1048576, v, lo, hi > efile[key]
}

# ---------------------------------------------------------------- table

phase == "table" {
	split($0, c, "\t")
	k = c[2] (c[4] != "" ? " (" c[4] ")" : "")
	if (!(k in seen)) {
		seen[k] = 1
		order[++m] = k
	}
	if (!((c[1], k) in val))
		val[c[1], k] = c[3]
}

# ---------------------------------------------------------------- failures

# ---------------------------------------------------------------- facts

phase == "facts" {
	split($0, c, "\t")
	if (!(c[2] in fseen)) {
		fseen[c[2]] = 1
		forder[++nf] = c[2]
	}
	if (!((c[1], c[2]) in fval))
		fval[c[1], c[2]] = c[3]
}

function name_of(f,    line, s) {
	if (!(f in names)) {
		s = ""
		while ((getline line < (dir "/name." f)) > 0)
			s = s (s == "" ? "" : " ") line
		close(dir "/name." f)
		names[f] = s
	}
	return names[f]
}
phase == "failures" {
	i = index($0, "\t")
	printf "<li>%s: <code>%s</code></li>\n", html(name_of(substr($0, 1, i - 1))), html(substr($0, i + 1))
}

END {
	if (phase == "facts")
		for (i = 1; i <= nf; i++) {
			printf "<tr><td>%s</td>", html(forder[i])
			for (j = 1; j <= n; j++)
				printf "<td>%s</td>", ((j, forder[i]) in fval ? html(fval[j, forder[i]]) : "")
			print "</tr>"
		}
	if (phase == "table")
		for (i = 1; i <= m; i++) {
			printf "<tr><td>%s</td>", html(order[i])
			for (j = 1; j <= n; j++)
				printf "<td class=\"n\">%s</td>", ((j, order[i]) in val ? html(val[j, order[i]]) : "")
			print "</tr>"
		}
}

# report.awk - what scripts/report needs from lmbench result files (POSIX
# awk, loaded after escape.awk and classic.awk, which says what each
# line of a result file is).  Nothing read from a file is trusted:
# figures are kept only when they are numbers, series and data files
# are named by the script (never by the file's text), and every text
# leaves only through html() or gp().
#
# phase "read" (the default), over the result files: writes under dir
#   d.K        one series: size (MB) or processes, and the figure; for
#              xlat and xbw the place of the figure in xlat_names or
#              xbw_names (below), and the figure
#   series     FILE-INDEX TAB KIND TAB NAME TAB d.K per series (KIND lat,
#              bw, ctx, xlat, xbw, msg, pairs or pmake; NAME "stride 128",
#              "random", a bw_mem kernel, "size=16k", "same CPU",
#              "cross-CPU", "unix process", "round trip", "work 10000 us")
#   caches.N   the cache sizes the header states: level and MB
#   metrics    FILE-INDEX TAB LABEL TAB VALUE TAB UNIT per classic line
#   failures   FILE-INDEX TAB the line, per [FAILED: ...] / [SKIPPED: ...]
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
function cross_place(cmd,    w, n) {
	n = split(cmd, w, " ")
	if (w[1] == "lat_pipe" || w[1] == "bw_pipe") return 1
	if (w[1] == "lat_unix" || w[1] == "bw_unix") return 2
	if (w[1] == "lat_udp") return 3
	if (w[1] == "lat_tcp") return 4
	if (w[1] == "lat_connect") return 5
	if (w[1] == "lat_ctx" && w[n] == "2" && w[n - 2] == "-s" && w[n - 1] == "0") return 6
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
BEGIN {
	dir = ENVIRON["REPORT_DIR"]
	# the other phases read the script's own files, not result files
	cl_off = phase != ""
}
function tab(s) {
	gsub(/[\t\r\n]/, " ", s)
	return s
}

# ---------------------------------------------------------------- read

phase == "" && FNR == 1 { mode = kind = "" }
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
phase == "" && FNR == 1 { pmake = 0 }
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
	if (phase == "table")
		for (i = 1; i <= m; i++) {
			printf "<tr><td>%s</td>", html(order[i])
			for (j = 1; j <= n; j++)
				printf "<td class=\"n\">%s</td>", ((j, order[i]) in val ? html(val[j, order[i]]) : "")
			print "</tr>"
		}
}

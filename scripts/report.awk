# report.awk - what scripts/report needs from lmbench result files (POSIX
# awk, loaded after escape.awk).  Nothing read from a file is trusted:
# figures are kept only when they are numbers, series and data files
# are named by the script (never by the file's text), and every text
# leaves only through html() or gp().
#
# phase "read" (the default), over the result files: writes under dir
#   d.K        one series: size (MB) or processes, and the figure
#   series     FILE-INDEX TAB KIND TAB NAME TAB d.K per series (KIND lat,
#              bw or ctx; NAME "stride 128", "random", a bw_mem kernel,
#              "size=16k")
#   caches.N   the cache sizes the header states: level and MB
#   metrics    FILE-INDEX TAB LABEL TAB VALUE TAB UNIT per classic line
#   failures   FILE-INDEX TAB the line, per [FAILED: ...] / [SKIPPED: ...]
# phase "table", over dir/metrics: the side-by-side HTML table rows of
#   n files.
# phase "failures", over dir/failures: the HTML list of failed and
#   skipped runs, each under its file's name (dir/name.N).
# dir comes from the environment (REPORT_DIR): -v would expand
# backslashes in it.
function number(v) {
	return v ~ /^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/
}
function out(line,    key) {
	key = idx SUBSEP kind SUBSEP sname
	if (!(key in file)) {
		file[key] = dir "/d." (++ndata)
		printf "%s\t%s\t%s\t%s\n", idx, kind, sname, file[key] > (dir "/series")
	}
	print line > file[key]
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
BEGIN { dir = ENVIRON["REPORT_DIR"] }
function tab(s) {
	gsub(/[\t\r\n]/, " ", s)
	return s
}

# ---------------------------------------------------------------- read

phase == "" && FNR == 1 { idx++; mode = ""; kind = "" }
phase == "" && /^\[CACHES: / {
	n = split(substr($0, 10), w, /[ \]]+/)
	for (i = 1; i <= n; i++) {
		if (split(w[i], kv, "=") != 2 || kv[1] !~ /^L[0-9][a-z]?$/ || kv[1] ~ /i$/)
			continue
		v = kv[2]
		m = 1
		if (v ~ /K$/) m = 1 / 1024
		sub(/[KM]$/, "", v)
		if (v ~ /^[0-9]+$/ && length(v) < 10)
			printf "%s %.10g\n", kv[1], v * m > (dir "/caches." idx)
	}
	next
}
phase == "" && /^\[(FAILED|SKIPPED): / {
	printf "%s\t%s\n", idx, tab($0) > (dir "/failures")
	next
}
phase == "" && /^\[/ { next }
phase == "" && /^[ \t]*$/ { kind = ""; next }
phase == "" && /^Memory load latency/ { mode = "lat"; next }
phase == "" && /^Random load latency/ { mode = "random"; next }
phase == "" && /^"stride=/ && (mode == "lat" || mode == "random") {
	s = substr($0, 9)
	kind = ""
	if (mode == "random") {
		kind = "lat"; sname = "random"
	} else if (s ~ /^[0-9]+$/ && length(s) < 10) {
		kind = "lat"; sname = "stride " s
	}
	next
}
phase == "" && /^"size=[0-9]+k ovr=/ {
	s = substr($1, 7)
	kind = ""
	if (s ~ /^[0-9]+k$/ && length(s) < 10) {
		kind = "ctx"; sname = "size=" s
	}
	next
}
phase == "" && (/^"/ || /^[A-Za-z]/) {
	t = $0
	sub(/^"/, "", t)
	k = kernel(t)
	if (k != "") {
		kind = "bw"; sname = k
		next
	}
	if ($0 ~ /: [0-9]/ && $0 !~ /^Avg xfer/) {
		i = index($0, ": ")
		n = split(substr($0, i + 2), w, " ")
		printf "%s\t%s\t%s\t%s\n", idx, tab(substr($0, 1, i - 1)), tab(w[1]), (n > 1 ? tab(w[2]) : "") > (dir "/metrics")
	}
	kind = ""
	next
}
phase == "" && kind != "" && NF == 2 && number($1) && number($2) { out($1 " " $2) }

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

# report.awk - the plot data of lmbench result files (POSIX awk), for
# scripts/report.  Each file is preceded by idx=N.  Writes, under dir:
#   lat.N.S        size (MB) and ns per load of lat_mem_rd stride S
#                  (S "random" for the -t sweep)
#   bw.N.KERNEL    size (MB) and MB/s of one bw_mem kernel
#   ctx.N.SIZE     processes and microseconds per switch of lat_ctx
#   caches.N       the cache sizes the header states, in MB, one per line
#   metrics        FILE-INDEX TAB LABEL TAB VALUE TAB UNIT per classic line
#   series         FILE-INDEX TAB KIND TAB NAME TAB DATA-FILE per series
function out(name, line) {
	if (!(name in opened)) {
		opened[name] = 1
		printf "%s\t%s\t%s\t%s\n", idx, kind, sname, name > (dir "/series")
	}
	print line > name
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
FNR == 1 { mode = ""; sec = "" }
/^\[CACHES: / {
	n = split(substr($0, 10), w, /[ \]]+/)
	for (i = 1; i <= n; i++) {
		if (split(w[i], kv, "=") != 2 || kv[1] ~ /i$/) continue
		v = kv[2]
		m = 1
		if (v ~ /K$/) m = 1 / 1024
		else if (v ~ /M$/) m = 1
		sub(/[KM]$/, "", v)
		if (v ~ /^[0-9]+$/)
			printf "%s %s\n", kv[1], v * m > (dir "/caches." idx)
	}
	next
}
/^\[/ { next }
/^[ \t]*$/ { sec = ""; next }
/^Memory load latency/ { mode = "lat"; next }
/^Random load latency/ { mode = "random"; next }
/^"stride=/ && (mode == "lat" || mode == "random") {
	s = substr($0, 9)
	kind = "lat"; sname = (mode == "random" ? "random" : "stride " s)
	sec = dir "/lat." idx "." (mode == "random" ? "random" : s)
	next
}
/^"size=[0-9]+k ovr=/ {
	s = substr($1, 7)
	kind = "ctx"; sname = "size=" s
	sec = dir "/ctx." idx "." s
	next
}
/^"/ || /^[A-Za-z]/ {
	t = $0
	sub(/^"/, "", t)
	k = kernel(t)
	if (k != "") {
		kind = "bw"; sname = k
		sec = dir "/bw." idx "." k
		next
	}
	if ($0 ~ /: [0-9]/ && $0 !~ /^Avg xfer/) {
		i = index($0, ": ")
		n = split(substr($0, i + 2), w, " ")
		printf "%s\t%s\t%s\t%s\n", idx, substr($0, 1, i - 1), w[1], (n > 1 ? w[2] : "") > (dir "/metrics")
	}
	sec = ""
	next
}
sec != "" && NF == 2 && $1 ~ /^[0-9.]+$/ && $2 ~ /^[0-9.]+$/ { out(sec, $1 " " $2) }

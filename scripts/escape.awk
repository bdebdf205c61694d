# escape.awk - the two escapes of scripts/report (POSIX awk), one
# function each, for every text that comes from a result file or a file
# name:
#   html(s)  text for HTML, in element content or a quoted attribute:
#            & < > " ' as entities
#   gp(s)    a gnuplot string expression: single-quoted literals, where
#            gnuplot expands neither backslashes nor `command` nor
#            @macros, joined by . "'" . for each quote (gnuplot's ''
#            for a quote fails on runs of quotes); control characters
#            (a newline would end the command and start another) as
#            spaces
#   js(s)    a JSON string literal, quotes included, always valid UTF-8:
#            " and \ escaped, control characters and DEL as \u00XX,
#            well-formed UTF-8 kept, and each byte that does not start
#            a well-formed sequence as \ufffd (doc/lmbench-ng-json.5);
#            run under LC_ALL=C, so that awk counts bytes
# Loaded with -f before a program that uses them.  Run alone with
# -v esc=html it escapes each input line; with -v esc=gp it makes the
# whole input one literal; with -v esc=json each line becomes a JSON
# string (an empty line: null).
function html(s) {
	gsub(/&/, "\\&amp;", s)
	gsub(/</, "\\&lt;", s)
	gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s)
	gsub(/'/, "\\&#39;", s)
	return s
}
function gp(s) {
	gsub(/[\001-\037\177]/, " ", s)
	gsub(/'/, "'.\"'\".'", s)
	return "'" s "'"
}
function js(s,    r, n, i, c, b, need, cp, k, b2, ok) {
	if (!js_ready) {
		for (k = 1; k < 256; k++)
			js_ord[sprintf("%c", k)] = k
		js_ready = 1
	}
	r = ""
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		b = js_ord[c] + 0
		if (c == "\"" || c == "\\") { r = r "\\" c; continue }
		if (b < 32 || b == 127) { r = r sprintf("\\u%04x", b); continue }
		if (b < 128) { r = r c; continue }
		# the lead byte: how many bytes follow, the value's top bits
		if (b >= 194 && b <= 223) { need = 1; cp = b - 192 }
		else if (b >= 224 && b <= 239) { need = 2; cp = b - 224 }
		else if (b >= 240 && b <= 244) { need = 3; cp = b - 240 }
		else { r = r "\\ufffd"; continue }
		ok = 1
		for (k = 1; k <= need && ok; k++) {
			b2 = js_ord[substr(s, i + k, 1)] + 0
			if (b2 < 128 || b2 > 191) ok = 0
			cp = cp * 64 + b2 - 128
		}
		# no longer form than needed, no surrogate, nothing past U+10FFFF
		if (ok && ((need == 2 && cp < 2048) || (need == 3 && cp < 65536) ||
		    (cp >= 55296 && cp <= 57343) || cp > 1114111)) ok = 0
		if (!ok) { r = r "\\ufffd"; continue }
		r = r substr(s, i, need + 1)
		i += need
	}
	return "\"" r "\""
}
esc == "html" { print html($0) }
esc == "json" { print ($0 == "" ? "null" : js($0)) }
esc == "gp" { all = (NR > 1 ? all " " : "") $0 }
END { if (esc == "gp") print gp(all) }

#!/usr/bin/env python3
# json_page.py SCHEMA PAGE - the record schema and its page agree: every
# member the schema names (under any "properties") is on the page in bold
# (a .B/.BR term or \fB...\fR), and the schema's version is the one the
# page's NAME line states.  Prints what is missing; exit 1 if anything is.
import json
import re
import sys

schema = json.load(open(sys.argv[1], encoding="utf-8"))
page = open(sys.argv[2], encoding="utf-8").read()
names = set()


def walk(o):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == "properties" and isinstance(v, dict):
                names.update(v.keys())
            walk(v)
    elif isinstance(o, list):
        for v in o:
            walk(v)


walk(schema)
bold = set(re.findall(r'\\fB"?([A-Za-z_][A-Za-z0-9_]*)', page))
for line in re.findall(r"^\.BR? (.*)$", page, re.M):
    bold.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", line))
bad = ["member %s is not on the page" % n for n in sorted(names - bold)]
version = schema["properties"]["schema"]["const"]
if not re.search(r"^lmbench-ng-json \\- .*, schema %d$" % version, page, re.M):
    bad.append("the page's NAME line does not say schema %d" % version)
for b in bad:
    print(b)
sys.exit(1 if bad else 0)

#!/usr/bin/env python3
# json_check.py SCHEMA FILE... - every line of each FILE (LMBENCH_JSON
# records) against the record schema (doc/lmbench-ng-record.schema.json,
# JSON Schema draft 2020-12, validated by python3-jsonschema), then what
# a schema cannot say: the text is UTF-8, numbers are finite, a
# measurement has parallel x repetitions samples with the value among
# them (a difference aside) and its mixed pair in order inside them, each
# program run starts with its context record and every later record of
# the run carries the same context.  Prints each bad line's reason and a
# line of totals; exits 1 when any line is bad, 2 when it cannot check.
import json
import sys

try:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match
except ImportError:
    print("json_check: python3-jsonschema is not installed (Debian: python3-jsonschema)")
    sys.exit(2)


def no_constant(name):
    raise ValueError("not a number: " + name)


def semantic(rec):
    """What the schema cannot say of one record: '' or why it is bad."""
    if "samples" not in rec:
        return ""
    s = rec["samples"]
    want = rec["parallel"] * rec["repetitions"]
    if len(s) != want:
        return "samples %d, want parallel x repetitions = %d" % (len(s), want)
    lo, hi, v = min(s), max(s), rec["value"]
    if "difference" not in rec["statistic"] and not (lo * 0.999999 <= v <= hi * 1.000001):
        return "value %g outside the samples [%g, %g]" % (v, lo, hi)
    if "mixed" in rec:
        a, b = rec["mixed"]
        if not (a < b and a >= lo * 0.999999 and b <= hi * 1.000001):
            return "mixed %s not in order inside the samples" % rec["mixed"]
    return ""


def kind_validator(schema, rec):
    """A validator of the one kind of record rec looks like."""
    if "status" in rec:
        kind = "status_record"
    elif "statistic" in rec:
        kind = "measurement_record"
    elif "metric" in rec:
        kind = "value_record"
    elif rec.get("program") == "lmbench":
        kind = "run_record"
    else:
        kind = "context_record"
    one = dict(schema)
    del one["oneOf"]
    one["allOf"] = [{"$ref": "#/$defs/" + kind}]
    return Draft202012Validator(one)


def main():
    if len(sys.argv) < 3:
        print("usage: json_check.py SCHEMA FILE...")
        return 2
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    val = Draft202012Validator(schema)
    n = bad = ctx = meas = plain = mixed = status = 0
    for path in sys.argv[2:]:
        with open(path, "rb") as f:
            raw = f.read()
        run_ctx = None  # the context of the run being read
        lines = raw.split(b"\n")
        if lines[-1] == b"":
            lines.pop()
        for no, line in enumerate(lines, 1):
            n += 1
            why = ""
            try:
                rec = json.loads(line.decode("utf-8"), parse_constant=no_constant)
            except (UnicodeDecodeError, ValueError) as e:
                rec, why = None, "not JSON in UTF-8: %s" % e
            if rec is not None:
                e = best_match(val.iter_errors(rec))
                if e is not None and isinstance(rec, dict):
                    # none of the kinds: why not the kind it looks like
                    e = best_match(kind_validator(schema, rec).iter_errors(rec)) or e
                    why = "schema: %s at %s" % (e.message[:200], "/".join(str(p) for p in e.absolute_path) or "top")
            if not why:
                why = semantic(rec)
            if not why:
                if rec.get("type") == "context":
                    run_ctx = rec["context"]
                    ctx += 1
                elif "status" in rec:
                    status += 1
                elif run_ctx is None:
                    why = "no context record before it"
                elif rec["context"] != run_ctx:
                    why = "context differs from its run's context record"
                elif "samples" in rec:
                    meas += 1
                    mixed += "mixed" in rec
                else:
                    plain += 1
            if why:
                bad += 1
                print("%s:%d: %s: %s" % (path, no, why, line[:160].decode("utf-8", "replace")))
    print("json: %d records (%d context, %d measurements, %d plain values, %d mixed, %d failed or skipped), %d bad"
          % (n, ctx, meas, plain, mixed, status, bad))
    return 1 if bad else 0


sys.exit(main())

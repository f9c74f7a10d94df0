#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks spillway's JSON against data/schema/ (tests/e2e/json.sh).

json_check.py list SCHEMA JSONL CSV: every line validates, and each line
equals its --list CSV row, column for column (null where the CSV is empty).
json_check.py report SCHEMA JSON CHECK_OUT: the object validates, and its
findings are --check's lines: the same violations, the same text.
Prints 'schema-library: none' when the jsonschema module is missing: the
structural checks below still run."""
import csv
import json
import sys

try:
    import jsonschema
except ImportError:
    jsonschema = None


def validate(schema, doc):
    if jsonschema is not None:
        jsonschema.Draft202012Validator(schema).validate(doc)


def structural_list(schema, row):
    want = schema["required"]
    assert list(row) == want, f"keys {list(row)} != {want}"
    for k, v in row.items():
        types = schema["properties"][k].get("type", "string")
        types = types if isinstance(types, list) else [types]
        ok = (v is None and "null" in types) or \
             (isinstance(v, int) and "integer" in types) or \
             (isinstance(v, str) and ("string" in types or "enum" in schema["properties"][k]))
        assert ok, f"{k}={v!r} is not {types}"


def check_list(schema, jsonl, csvfile):
    lines = open(jsonl, encoding="utf-8").read().splitlines()
    rows = list(csv.reader(open(csvfile, encoding="utf-8", newline="")))
    header, rows = rows[0], rows[1:]
    assert header == schema["required"], "the schema's keys are not --list's header"
    assert len(lines) == len(rows), f"{len(lines)} JSON lines, {len(rows)} CSV rows"
    for n, (line, row) in enumerate(zip(lines, rows), 1):
        obj = json.loads(line)
        validate(schema, obj)
        structural_list(schema, obj)
        got = ["" if v is None else str(v) for v in obj.values()]
        assert got == row, f"line {n}: {got} != {row}"
    print(f"{len(lines)} rows equal")


def check_report(schema, jsonfile, checkout):
    doc = json.load(open(jsonfile, encoding="utf-8"))
    validate(schema, doc)
    for k in schema["required"]:
        assert k in doc, f"no {k}"
    lines = open(checkout, encoding="utf-8").read().splitlines()
    want = [l for l in lines if l.startswith("VIOLATION")]
    got = [f["text"] for f in doc["findings"] if f["level"] == "violation"]
    assert got == want, f"violations differ: {len(got)} != {len(want)}"
    c = doc["counts"]
    assert c["violations"] == len(want), (c["violations"], len(want))
    assert sum(c["by_rule"].values()) == c["violations"]
    assert doc["pass"] == (len(want) == 0)
    total = [l for l in lines if l.startswith("check:")]
    assert total and f"{c['gated']['entries']} entries gated" in total[-1], total
    for f in doc["findings"]:
        assert (f["kernel"] is None) == (f["sm"] is None)
    print(f"{len(got)} violations equal")


def main():
    what, schema = sys.argv[1], json.load(open(sys.argv[2]))
    if jsonschema is None:
        print("schema-library: none")
    {"list": check_list, "report": check_report}[what](schema, *sys.argv[3:])


if __name__ == "__main__":
    main()

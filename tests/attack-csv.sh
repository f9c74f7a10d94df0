#!/bin/sh
# Hostile inputs (issue 20), csv: filled in by its fix.
. "${srcdir:-.}/tests/lib.sh"
echo "not written yet: skipped"
exit 77

#!/usr/bin/env bash
# Every test of the suite timed alone: wall, user and system seconds (the
# programs a test starts included), one test at a time on one thread, so
# that each figure is what that test costs the suite's busy cores.
#
#   scripts/time-tests.sh [FILTER]   > times.tsv
#
# Builds the suite first (`cargo test --profile suite --all-features
# --no-run`), then prints a line a test: name, wall, user, system, exit
# status; sort by the sum of user and system for the heaviest. The whole
# suite takes about 21 minutes this way (docs/performance.md, "The test
# suite").
set -euo pipefail
cd "$(dirname "$0")/.."
export CI=true LC_ALL=C.UTF-8
bin=$(cargo test --profile suite --all-features --no-run --message-format json 2>/dev/null |
  python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "suite" and m.get("executable"):
        print(m["executable"])
' | tail -n 1)
one=$(mktemp)
trap 'rm -f "$one"' EXIT
"$bin" --list 2>/dev/null | sed -n 's/: test$//p' | grep -e "${1:-}" |
  while read -r t; do
    status=0
    /usr/bin/time -f "%e	%U	%S" -o "$one" "$bin" --exact "$t" --test-threads 1 >/dev/null 2>&1 || status=$?
    printf '%s\t%s\t%s\n' "$t" "$(tail -n 1 "$one")" "$status"
  done

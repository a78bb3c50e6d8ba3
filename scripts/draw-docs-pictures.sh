#!/usr/bin/env bash
# Draws the pictures in docs/img from the tool's own output. A test
# (tests/suite/pictures.rs) fails when a committed picture differs from what the
# code draws now; run this to bring them up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
s=target/release/schofield
$s counts --output docs/img/counts.svg
$s solve 102536 --steps --output docs/img/102536-steps.svg
$s solve 102536 --output docs/img/102536.svg
# The twist graphs, each node drawn as its board (graphviz's HTML-like
# labels); graphviz lays them out, so these two are not compared byte for
# byte by the test.
$s graph --kind shortest-paths --max-moves 6 --format dot | dot -Tsvg -o docs/img/shortest-paths-within-6.svg
$s graph --kind classes --max-moves 8 --format dot | dot -Tsvg -o docs/img/classes-within-8.svg

#!/usr/bin/env bash
# Draws the pictures in docs/img from the tool's own output. A test
# (tests/pictures.rs) fails when a committed picture differs from what the
# code draws now; run this to bring them up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
s=target/release/schofield
$s counts --output docs/img/counts.svg
$s solve 102536 --steps --output docs/img/102536-steps.svg
$s solve 102536 --output docs/img/102536.svg

#!/usr/bin/env bash
# Takes the screenshots in docs/explore.md from the real page: writes the
# explorer with the tool for Schofield's two puzzles and for each other
# puzzle of the library that a site holds, opens each in headless Chromium
# and saves what the browser draws.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
s=target/release/schofield
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
shot() { # NAME SITE ADDRESS [WIDTH]
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="${4:-1200},820" \
    --screenshot="docs/img/$1" "file://$site/$2/index.html$3" 2>/dev/null
}
$s explore --output "$site/schofield" >/dev/null
shot explore-102536.png schofield '#102536'
shot explore-played.png schofield '?play=WXYZ#102536'
shot explore-five.png schofield '#five:231/0_4'
shot explore-narrow.png schofield '#102536' 420
$s explore --puzzle 3x3x3 --output "$site/3x3x3" >/dev/null
start=$($s random --puzzle 3x3x3 --seed 7 --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["start"].replace(" ", "+"))')
shot explore-3x3x3.png 3x3x3 "?play=R+U+R%27+U%27#$start"
for p in 2x2x2 pyraminx topspin squares; do
  $s explore --puzzle "$p" --output "$site/$p" >/dev/null
  start=$($s random --puzzle "$p" --seed 1 --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["start"].replace(" ", "+"))')
  shot "explore-$p.png" "$p" "#$start"
done

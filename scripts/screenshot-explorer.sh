#!/usr/bin/env bash
# Takes the screenshots in docs/explore.md from the real page: writes the
# explorer with the tool, opens it in headless Chromium at a few positions
# and saves what the browser draws.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
target/release/schofield explore --output "$site" >/dev/null
shot() {
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=1100,560 --virtual-time-budget=3000 \
    --screenshot="docs/img/$1" "file://$site/index.html$2" 2>/dev/null
}
shot explore-102536.png '#102536'
shot explore-played.png '?play=WXYZ#102536'
shot explore-five.png '#five:231/0_4'

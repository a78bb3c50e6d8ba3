#!/usr/bin/env bash
# Builds the explorer's engine (explorer/, the library compiled to
# WebAssembly) into assets/explore/engine.wasm, which `schofield explore`
# embeds. The sources are copied to one fixed folder first and paths are
# remapped, so that the bytes do not depend on where the repository or
# cargo's registry lie: tests/suite/explore.rs rebuilds the engine this way and
# checks that the committed one matches the sources.
#   scripts/build-explorer.sh [OUT]   (default assets/explore/engine.wasm)
#   scripts/build-explorer.sh --sources
# The build also writes assets/explore/engine.sources: the compiler's
# version and a SHA-256 of each file the engine is built from, which
# --sources prints for the tree as it is now. A suite test compares the two
# (a cheap check that the engine was rebuilt after its sources changed);
# the long check (`cargo test ... -- --ignored`) rebuilds it byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."
# The files the engine is built from, and the compiler that builds it.
sources() {
  rustc --version
  find Cargo.toml Cargo.lock src data tables assets benches \
    explorer/Cargo.toml explorer/Cargo.lock explorer/src -type f \
    ! -path assets/explore/engine.wasm ! -path 'assets/explore/engine.sources*' \
    | LC_ALL=C sort | xargs sha256sum
}
if [ "${1:-}" = --sources ]; then
  sources
  exit 0
fi
out=$(realpath -m "${1:-assets/explore/engine.wasm}")
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
  || rustup target add wasm32-unknown-unknown >/dev/null
cargo_home=${CARGO_HOME:-$HOME/.cargo}
# Nightly features unlocked on a stable compiler change what some crates'
# build scripts enable, and so the bytes: never for the engine.
unset RUSTC_BOOTSTRAP
# One fixed place to build from (and a lock so that two builds take turns).
build=${TMPDIR:-/tmp}/schofield-explorer-build
mkdir -p "$build"
exec 9>"$build.lock"
flock 9
src=$build/schofield
rm -rf "$src"
mkdir -p "$src/explorer"
cp -r Cargo.toml Cargo.lock src data tables assets benches "$src/"
cp -r explorer/Cargo.toml explorer/Cargo.lock explorer/src "$src/explorer/"
RUSTFLAGS="--remap-path-prefix=$src=/schofield --remap-path-prefix=$cargo_home=/cargo" \
  cargo build --quiet --release --locked --target wasm32-unknown-unknown \
  --manifest-path "$src/explorer/Cargo.toml" --target-dir "$build/target"
cp "$build/target/wasm32-unknown-unknown/release/schofield_explorer.wasm" "$out.tmp"
mv "$out.tmp" "$out"
# The sources' stamp, beside the committed engine only.
if [ "$out" = "$(realpath -m assets/explore/engine.wasm)" ]; then
  sources > assets/explore/engine.sources.tmp
  mv assets/explore/engine.sources.tmp assets/explore/engine.sources
fi

#!/usr/bin/env bash
# Builds whisper-server (whisper.cpp 1.9.1) from the source shipped inside the npm package
# nodejs-whisper@0.3.1, as one static, relocatable CPU binary. The result is cached by version so
# CI and the integration tests build it once:
#   ${EARSHOT_CACHE_DIR:-$HOME/.cache/earshot}/whisper-server-1.9.1/whisper-server
# Usage: scripts/build-whisper-server.sh [OUTPUT_DIR]   (OUTPUT_DIR also receives a copy)
# Everything goes to stderr. Its own steps are the lines that start with "==> "; cmake's build lines
# carry the percentage done ("[ 45%] Building CXX object ..."), which actors/runtimeSetup/buildBinary.ts
# turns into a progress bar.
set -euo pipefail

WHISPER_VERSION=1.9.1
SOURCE_PACKAGE=nodejs-whisper@0.3.1
CACHE_ROOT="${EARSHOT_CACHE_DIR:-$HOME/.cache/earshot}"
CACHE_DIR="$CACHE_ROOT/whisper-server-$WHISPER_VERSION"
BINARY="$CACHE_DIR/whisper-server"
OUTPUT_DIR="${1:-}"

# A cached binary counts only if it still runs as whisper-server (its usage text names the
# --inference-path flag, which only the server has).
# The help text is captured whole first: with pipefail, `grep -q` closing the pipe early could
# fail the check.
runs_as_whisper_server() {
  local help
  help="$("$1" --help 2>&1 || true)"
  [[ "$help" == *--inference-path* ]]
}

copy_to_output() {
  if [ -n "$OUTPUT_DIR" ]; then
    mkdir -p "$OUTPUT_DIR"
    cp "$BINARY" "$OUTPUT_DIR/whisper-server.partial"
    mv "$OUTPUT_DIR/whisper-server.partial" "$OUTPUT_DIR/whisper-server"
    echo "==> Copied to $OUTPUT_DIR/whisper-server" >&2
  fi
}

if [ -x "$BINARY" ] && runs_as_whisper_server "$BINARY"; then
  echo "==> whisper-server $WHISPER_VERSION is cached at $BINARY" >&2
  copy_to_output
  exit 0
fi

for tool in npm tar cmake make c++; do
  command -v "$tool" >/dev/null || {
    echo "build-whisper-server: '$tool' is required (on Debian or Ubuntu: sudo apt-get install cmake make g++)" >&2
    exit 1
  }
done

mkdir -p "$CACHE_DIR"
WORK_DIR="$(mktemp -d "$CACHE_DIR/build.XXXXXX")"
trap 'rm -rf "$WORK_DIR"' EXIT

echo "==> Fetching the whisper.cpp source from $SOURCE_PACKAGE" >&2
(cd "$WORK_DIR" && npm pack "$SOURCE_PACKAGE" --silent >/dev/null)
tar -xzf "$WORK_DIR"/nodejs-whisper-*.tgz -C "$WORK_DIR" package/cpp/whisper.cpp
SOURCE_DIR="$WORK_DIR/package/cpp/whisper.cpp"
BUILD_DIR="$WORK_DIR/build"

JOBS="$(nproc 2>/dev/null || echo 2)"
started=$(date +%s)
echo "==> Configuring the build (cmake)" >&2
# Makefiles, whatever CMAKE_GENERATOR says: their "[ 45%]" lines are the progress that is shown.
cmake -G "Unix Makefiles" -S "$SOURCE_DIR" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DWHISPER_BUILD_TESTS=OFF \
  -DBUILD_SHARED_LIBS=OFF -DGGML_CUDA=OFF -DGGML_VULKAN=OFF -DWHISPER_SDL2=OFF -DWHISPER_CURL=OFF >&2
echo "==> Compiling whisper-server with $JOBS jobs (about 2 minutes on 2 cores)" >&2
cmake --build "$BUILD_DIR" --config Release -j"$JOBS" --target whisper-server >&2
echo "==> Built in $(($(date +%s) - started)) s" >&2

BUILT="$BUILD_DIR/bin/whisper-server"
runs_as_whisper_server "$BUILT" || { echo "build-whisper-server: the built binary does not run" >&2; exit 1; }
# Copy then rename so a concurrent reader never sees a half-written binary.
cp "$BUILT" "$BINARY.partial"
mv "$BINARY.partial" "$BINARY"
echo "==> whisper-server $WHISPER_VERSION is at $BINARY" >&2
copy_to_output

#!/usr/bin/env bash
# Builds whisper-server (whisper.cpp 1.9.1) from the source shipped inside the npm package
# nodejs-whisper@0.3.1, as one static, relocatable CPU binary. The result is cached by version so
# CI and the integration tests build it once:
#   ${EARSHOT_CACHE_DIR:-$HOME/.cache/earshot}/whisper-server-1.9.1/whisper-server
# Usage: scripts/build-whisper-server.sh
# Its one line on stdout is that path; everything else goes to stderr. Its own steps are the lines
# that start with "==> "; cmake's build lines carry the percentage done ("[ 45%] Building CXX
# object ..."), which actors/runtimeSetup/buildBinary.ts turns into a progress bar before it copies
# the binary into the data directory.
set -euo pipefail

WHISPER_VERSION=1.9.1
SOURCE_PACKAGE=nodejs-whisper@0.3.1
CACHE_ROOT="${EARSHOT_CACHE_DIR:-$HOME/.cache/earshot}"
CACHE_DIR="$CACHE_ROOT/whisper-server-$WHISPER_VERSION"
BINARY="$CACHE_DIR/whisper-server"

# A cached binary counts only if it still runs as whisper-server (its usage text names the
# --inference-path flag, which only the server has).
# The help text is captured whole first: with pipefail, `grep -q` closing the pipe early could
# fail the check.
runs_as_whisper_server() {
  local help
  help="$("$1" --help 2>&1 || true)"
  [[ "$help" == *--inference-path* ]]
}

# Each build works in its own folder, build.<its process id>, removed when it ends. One whose
# process is gone (killed together with the service that ran it, say) is removed here, so no crash
# leaves one behind for long; one whose process still runs is a build under way, and is left alone.
mkdir -p "$CACHE_DIR"
for folder in "$CACHE_DIR"/build.*; do
  [ -e "$folder" ] || continue
  owner="${folder##*/build.}"
  if [[ "$owner" =~ ^[0-9]+$ ]] && [ "$owner" != "$$" ] && kill -0 "$owner" 2>/dev/null; then continue; fi
  rm -rf "$folder"
done

if [ -x "$BINARY" ] && runs_as_whisper_server "$BINARY"; then
  echo "==> whisper-server $WHISPER_VERSION is cached at $BINARY" >&2
  echo "$BINARY"
  exit 0
fi

for tool in npm tar cmake make c++; do
  command -v "$tool" >/dev/null || {
    echo "build-whisper-server: '$tool' is required (on Debian or Ubuntu: sudo apt-get install cmake make g++)" >&2
    exit 1
  }
done

WORK_DIR="$CACHE_DIR/build.$$"
mkdir "$WORK_DIR"
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
# A rename within the cache folder: a reader, or the next build after a crash, finds the whole
# binary or none.
mv "$BUILT" "$BINARY"
echo "==> whisper-server $WHISPER_VERSION is at $BINARY" >&2
echo "$BINARY"

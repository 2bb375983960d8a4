#!/usr/bin/env bash
# Makes sure everything the test suite runs for real is on this machine, so `npm test` works straight
# after a clone (it runs this after installing the npm dependencies):
# - ffmpeg and ffprobe: from the npm packages that carry them on Linux x64 (installed by npm), else
#   the system's;
# - Chromium, for the browser tests (Playwright drives it and downloads no browser of its own);
# - PocketSphinx for Debian's Python with its US English model, the real (slow, CPU) recogniser the
#   live-window tests and `bench:stabilizer --real` run, and espeak-ng, which speaks their texts;
# - cmake, a C++ compiler and make, then the real whisper-server built from source (cached).
# As root with apt-get (a fresh Debian machine, CI), missing system packages are installed. Anyone
# else gets one message naming what is missing and the one command that installs it, before any
# suite runs.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium="${EARSHOT_CHROMIUM:-/usr/bin/chromium}"
whisper_server="${EARSHOT_CACHE_DIR:-$HOME/.cache/earshot}/whisper-server-1.9.1/whisper-server"

packages=()
reasons=()
need() {
  packages+=("$1")
  reasons+=("$1 ($2)")
}

if [ ! -x node_modules/@ffmpeg-installer/linux-x64/ffmpeg ] && [ -z "${EARSHOT_FFMPEG:-}" ] &&
  ! command -v ffmpeg >/dev/null; then
  need ffmpeg 'reads audio and video files'
fi
[ -x "$chromium" ] || need chromium 'runs the browser tests'
/usr/bin/python3 -c 'import pocketsphinx' 2>/dev/null ||
  need python3-pocketsphinx 'the real recogniser of the live-window tests (test/recogniser/)'
[ -f /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ] ||
  need pocketsphinx-en-us "that recogniser's US English model"
command -v espeak-ng >/dev/null || need espeak-ng 'speaks the texts that recogniser hears'
if [ ! -x "$whisper_server" ]; then
  command -v cmake >/dev/null || need cmake 'builds whisper-server'
  command -v c++ >/dev/null || need g++ 'builds whisper-server'
  command -v make >/dev/null || need make 'builds whisper-server'
fi

if [ ${#packages[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing ${packages[*]} with apt-get..." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >&2
  else
    {
      echo "npm test cannot run yet. Missing:"
      printf '  - %s\n' "${reasons[@]}"
      echo "Install them with:"
      echo "  sudo apt-get install -y ${packages[*]}"
      echo "then run npm test again."
    } >&2
    exit 1
  fi
fi

# About two minutes on two cores the first time; then it answers from the cache.
bash scripts/build-whisper-server.sh

#!/bin/sh
# Builds the UI when it has never been built or a source under ui/ changed since the last build,
# so `npm start` serves the current UI straight after a clone or a pull.
set -e
cd "$(dirname "$0")/.."
built=ui/dist/index.html
if [ ! -f "$built" ] || [ -n "$(find ui -path ui/dist -prune -o -type f -newer "$built" -print | head -n 1)" ]; then
  echo "Building the UI..." >&2
  npm run --silent build:ui >&2
fi

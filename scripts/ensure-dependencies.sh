#!/bin/sh
# Installs the project's dependencies (including its own Node 22) when they are missing or stale,
# so `npm start` and `npm test` work straight after a clone.
set -e
cd "$(dirname "$0")/.."
if [ ! -x node_modules/node/bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dependencies (npm ci)..." >&2
  npm ci --no-audit --no-fund >&2
fi

#!/bin/sh
# Installs the project's dependencies (including its own Node 22) when they are missing or the lock
# file's content changed since the last install, so `npm start` and `npm test` work straight after a
# clone. Content, not timestamps: a checkout that rewrites the lock file unchanged must not trigger
# a reinstall under running processes.
set -e
cd "$(dirname "$0")/.."
stamp=node_modules/.earshot-installed-lock
wanted=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -x node_modules/node/bin/node ] || [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  echo "Installing dependencies (npm ci)..." >&2
  npm ci --no-audit --no-fund >&2
  echo "$wanted" > "$stamp"
fi

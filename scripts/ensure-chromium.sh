#!/usr/bin/env bash
# Makes sure Debian's Chromium is present for the browser tests. Never downloads a browser
# build of its own: it uses the system package manager, or says exactly what to run.
set -euo pipefail
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM_PATH" ]; then
  exit 0
fi
INSTALL="apt-get update && apt-get install -y chromium fonts-dejavu-core"
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing; installing Debian's package (one-time)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  exit 0
fi
echo "Chromium is missing at $CHROMIUM_PATH. Install it with:" >&2
echo "  sudo sh -c '$INSTALL'" >&2
echo "or point CHROMIUM_PATH at an existing Chromium binary." >&2
exit 1

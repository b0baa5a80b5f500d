#!/usr/bin/env bash
# Makes sure Debian's PostgreSQL server binaries are present for the desk's tests against a real
# server (tests/helpers/postgres-server.ts). It uses the system package manager, or says exactly
# what to run. The package may create and start its own cluster service: the tests never use it,
# they start a throwaway cluster of their own.
set -euo pipefail
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
  exit 0
fi
INSTALL="apt-get update && apt-get install -y postgresql"
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "PostgreSQL is missing; installing Debian's package (one-time)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  exit 0
fi
echo "PostgreSQL is missing (no /usr/lib/postgresql/*/bin/initdb). Install it with:" >&2
echo "  sudo sh -c '$INSTALL'" >&2
exit 1

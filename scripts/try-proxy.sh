#!/usr/bin/env bash
# Tries docs/deploy.md's Caddy and nginx site blocks, as written there, in front of a real desk
# on 127.0.0.1 with DESK_TRUSTED_PROXIES, and checks with curl what the guide promises:
#   - /health answers through the proxy;
#   - a sign-in POST from the page's https:// origin gets past the CSRF check (401, not 403),
#     while another origin is refused (403);
#   - the live inbox's event stream (/api/live) passes unbuffered;
#   - X-Forwarded-For reaches the limits: the 11th wrong sign-in from one client is 429 (even
#     when that client forges X-Forwarded-For), and another client still gets 401, then signs in.
# A maintainer's check, run by hand (`bash scripts/try-proxy.sh`); not part of npm test or CI.
# It needs no root and changes nothing outside a temporary folder: without `caddy` or `nginx` on
# the PATH (or CADDY_BIN=/path, NGINX_BIN=/path) it fetches Debian's packages with `apt-get download`
# and unpacks them there. Clients are told apart by their source address (127.0.0.2, …): the
# whole 127.0.0.0/8 is loopback on Linux. Caddy's `tls internal` and a throwaway self-signed
# certificate stand in for a public certificate; nothing is left running.
set -euo pipefail
cd "$(dirname "$0")/.."

SCRATCH=$(mktemp -d -t try-proxy.XXXXXX)
chmod 755 "$SCRATCH" # nginx's workers (nobody, when started as root) read under it
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  rm -rf "$SCRATCH"
}
trap cleanup EXIT

FAILED=0
pass() { printf '  ok    %s\n' "$1"; }
fail() {
  printf '  FAIL  %s\n' "$1"
  FAILED=1
}
expect_status() { # what, expected, actual
  if [ "$3" = "$2" ]; then pass "$1: $3"; else fail "$1: expected $2, got $3"; fi
}

free_port() {
  node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

# The proxies: from the PATH, or Debian's packages unpacked into $SCRATCH.
unpacked() { # package, binary path inside it
  if [ ! -x "$SCRATCH/pkg/$2" ]; then
    (cd "$SCRATCH" && apt-get download "$1" >/dev/null 2>&1) || {
      echo "Cannot find or download $1" >&2
      exit 1
    }
    dpkg -x "$SCRATCH/$1"_*.deb "$SCRATCH/pkg"
  fi
  echo "$SCRATCH/pkg/$2"
}
CADDY_BIN=${CADDY_BIN:-$(command -v caddy || unpacked caddy usr/bin/caddy)}
NGINX_BIN=${NGINX_BIN:-$(command -v nginx || command -v /usr/sbin/nginx || unpacked nginx usr/sbin/nginx)}
echo "caddy $("$CADDY_BIN" version | cut -d' ' -f1), $("$NGINX_BIN" -v 2>&1 | sed 's/^nginx version: //')"

DESK_PORT=$(free_port)
TLS_PORT=$(free_port)
HTTP_PORT=$(free_port)
HOST=desk.test
ORIGIN="https://$HOST:$TLS_PORT"
PASSWORD=try-proxy-password-0001
BROKER=broker@try-proxy.test

# The desk as docs/deploy.md's environment file sets it, on a scratch embedded database.
export DESK_HOST=127.0.0.1 DESK_PORT DESK_DATA_DIR="$SCRATCH/desk" DESK_PUBLIC_URL="$ORIGIN"
export DESK_TRUSTED_PROXIES=127.0.0.1,::1 DESK_LOG_LEVEL=warn
DESK_PASSWORD=$PASSWORD npm run --silent desk -- add-user --email "$BROKER" --name "Try Broker" \
  --role broker >/dev/null
node desk/launch.mjs >"$SCRATCH/desk.log" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$DESK_PORT/health" >/dev/null && break
  sleep 0.5
done
curl -sf "http://127.0.0.1:$DESK_PORT/health" >/dev/null || {
  cat "$SCRATCH/desk.log"
  exit 1
}

# One request through the proxy from source address $1; prints the status.
through() { # source, cacert, method, path, [curl args…]
  local source=$1 cacert=$2 method=$3 path=$4
  shift 4
  curl -s -o /dev/null -w '%{http_code}' --interface "$source" --cacert "$cacert" \
    --resolve "$HOST:$TLS_PORT:127.0.0.1" -X "$method" "$@" "$ORIGIN$path"
}
sign_in() { # source, cacert, origin, email, password, [curl args…]
  local source=$1 cacert=$2 origin=$3 email=$4 password=$5
  shift 5
  through "$source" "$cacert" POST /api/session -H "origin: $origin" \
    -H 'content-type: application/json' \
    --data "{\"email\":\"$email\",\"password\":\"$password\"}" "$@"
}

# The checks, against whichever proxy listens on $TLS_PORT; $3 and $4 are clients A and B.
check() { # name, cacert, client A, client B
  local name=$1 cacert=$2 a=$3 b=$4
  echo "$name:"
  expect_status "/health through the proxy" 200 "$(through "$a" "$cacert" GET /health)"
  expect_status "sign-in from $ORIGIN, wrong password (past CSRF)" 401 \
    "$(sign_in "$b" "$cacert" "$ORIGIN" "$BROKER" wrong-password-000)"
  expect_status "sign-in from another origin (CSRF)" 403 \
    "$(sign_in "$b" "$cacert" https://elsewhere.test "$BROKER" wrong-password-000)"
  local status
  for i in $(seq 1 10); do
    # A different email each time (the per-email limit stays out of it), and a forged hop.
    status=$(sign_in "$a" "$cacert" "$ORIGIN" "nobody$i@try-proxy.test" wrong-password-000 \
      -H "x-forwarded-for: 203.0.113.$i")
    [ "$status" = 401 ] || fail "client A's wrong sign-in $i: expected 401, got $status"
  done
  expect_status "client A's 11th wrong sign-in (forging X-Forwarded-For)" 429 \
    "$(sign_in "$a" "$cacert" "$ORIGIN" nobody11@try-proxy.test wrong-password-000 \
      -H 'x-forwarded-for: 203.0.113.11')"
  expect_status "client B's wrong sign-in meanwhile" 401 \
    "$(sign_in "$b" "$cacert" "$ORIGIN" nobody12@try-proxy.test wrong-password-000)"
  expect_status "client B signs in" 200 \
    "$(sign_in "$b" "$cacert" "$ORIGIN" "$BROKER" "$PASSWORD" -c "$SCRATCH/cookies")"
  # The live inbox's stream must pass unbuffered: its first event arrives while it stays open.
  local live
  live=$(curl -sN --max-time 3 --interface "$b" --cacert "$cacert" -b "$SCRATCH/cookies" \
    --resolve "$HOST:$TLS_PORT:127.0.0.1" "$ORIGIN/api/live" || true)
  case "$live" in
  *"event: ready"*) pass "the live inbox's event stream arrives unbuffered" ;;
  *) fail "no event from /api/live within 3 s: '$live'" ;;
  esac
}

# docs/deploy.md's fenced block of a language, with the guide's names swapped for this trial's.
doc_block() {
  awk -v lang="$1" '$0 == "```" lang { on = 1; next } on && $0 == "```" { exit } on' \
    docs/deploy.md | sed -e "s/desk\.yourbrokerage\.com/$HOST/g" \
    -e "s/127\.0\.0\.1:8787/127.0.0.1:$DESK_PORT/g"
}

wait_for_tls() { # cacert
  for _ in $(seq 1 60); do
    curl -s -o /dev/null --cacert "$1" --resolve "$HOST:$TLS_PORT:127.0.0.1" "$ORIGIN/health" &&
      return 0
    sleep 0.5
  done
  return 1
}

# Caddy: the guide's block on this trial's port, with its own CA (`tls internal`), no admin
# endpoint, nothing written outside $SCRATCH and no CA installed in the system's trust store.
mkdir -p "$SCRATCH/caddy"
{
  printf '{\n\tadmin off\n\thttp_port %s\n\tskip_install_trust\n\tstorage file_system %s\n}\n\n' \
    "$HTTP_PORT" "$SCRATCH/caddy/data"
  doc_block caddyfile | sed -e "s/^$HOST {/$HOST:$TLS_PORT {\n\ttls internal/"
} >"$SCRATCH/caddy/Caddyfile"
XDG_CONFIG_HOME="$SCRATCH/caddy" XDG_DATA_HOME="$SCRATCH/caddy" \
  "$CADDY_BIN" run --adapter caddyfile --config "$SCRATCH/caddy/Caddyfile" >"$SCRATCH/caddy/log" 2>&1 &
CADDY_PID=$!
PIDS+=("$CADDY_PID")
CADDY_CA="$SCRATCH/caddy/data/pki/authorities/local/root.crt"
for _ in $(seq 1 60); do [ -f "$CADDY_CA" ] && break; sleep 0.5; done
if wait_for_tls "$CADDY_CA"; then
  check "Caddy" "$CADDY_CA" 127.0.0.2 127.0.0.3
else
  fail "Caddy did not answer on $TLS_PORT"
  cat "$SCRATCH/caddy/log"
fi
kill "$CADDY_PID"
wait "$CADDY_PID" 2>/dev/null || true

# nginx: the guide's server blocks on this trial's ports (loopback only), with a throwaway
# self-signed certificate in place of certbot's, inside the smallest nginx.conf around them
# (Debian's nginx.conf includes sites-enabled/ inside its `http` block the same way).
mkdir -p "$SCRATCH/nginx"
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=$HOST" \
  -addext "subjectAltName=DNS:$HOST" -keyout "$SCRATCH/nginx/key.pem" -out "$SCRATCH/nginx/cert.pem" \
  2>/dev/null
{
  cat <<EOF
daemon off;
pid $SCRATCH/nginx/nginx.pid;
error_log $SCRATCH/nginx/error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path $SCRATCH/nginx/temp-body;
  proxy_temp_path $SCRATCH/nginx/temp-proxy;
  fastcgi_temp_path $SCRATCH/nginx/temp-fastcgi;
  uwsgi_temp_path $SCRATCH/nginx/temp-uwsgi;
  scgi_temp_path $SCRATCH/nginx/temp-scgi;
EOF
  doc_block nginx | sed \
    -e "s#listen 80;#listen 127.0.0.1:$HTTP_PORT;#" -e "s#listen \[::\]:80;#listen [::1]:$HTTP_PORT;#" \
    -e "s#listen 443 ssl;#listen 127.0.0.1:$TLS_PORT ssl;#" \
    -e "s#listen \[::\]:443 ssl;#listen [::1]:$TLS_PORT ssl;#" \
    -e "s#/etc/letsencrypt/live/$HOST/fullchain.pem#$SCRATCH/nginx/cert.pem#" \
    -e "s#/etc/letsencrypt/live/$HOST/privkey.pem#$SCRATCH/nginx/key.pem#"
  echo '}'
} >"$SCRATCH/nginx/nginx.conf"
env -u NGINX "$NGINX_BIN" -e "$SCRATCH/nginx/error.log" -p "$SCRATCH/nginx" -c "$SCRATCH/nginx/nginx.conf" &
NGINX_PID=$!
PIDS+=("$NGINX_PID")
if wait_for_tls "$SCRATCH/nginx/cert.pem"; then
  check "nginx" "$SCRATCH/nginx/cert.pem" 127.0.0.4 127.0.0.5
  expect_status "plain http redirects to https" 301 \
    "$(curl -s -o /dev/null -w '%{http_code}' -H "host: $HOST" "http://127.0.0.1:$HTTP_PORT/health")"
else
  fail "nginx did not answer on $TLS_PORT"
  cat "$SCRATCH/nginx/error.log"
fi
kill "$NGINX_PID"
wait "$NGINX_PID" 2>/dev/null || true

if [ "$FAILED" = 0 ]; then echo "All checks passed."; else echo "Some checks failed."; fi
exit "$FAILED"

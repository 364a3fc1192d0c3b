#!/usr/bin/env bash
# The machine set-up that `make start` and `make test` (and so `.ci/run`) share:
#   1. the Debian packages the suite and the product need (nginx for the gateway benchmark baseline, Go with
#      sprig for rendering the Helm chart, openssl, Debian's chromium for the browser tests, libxml2-utils's
#      xmllint for checking the sitemap against the sitemaps.org schemas);
#   2. PostgreSQL, Redis and RabbitMQ running on 127.0.0.1 (5432, 6379, 5672): started when installed and
#      stopped, or, on a laptop with Docker and none of them, started from deploy/compose.yaml.
# Where it cannot install (not root, no apt-get) it prints the exact command to run and stops.
# Usage: scripts/setup.sh [--for start|test]   (start needs no browser, Go or nginx)
set -euo pipefail
cd "$(dirname "$0")/.."

purpose=test
[ "${1:-}" = "--for" ] && purpose="${2:-test}"

say() { printf '== setup: %s\n' "$*"; }
fail() { printf '\nsetup: %s\n' "$*" >&2; exit 1; }

# ---- 1. Debian packages --------------------------------------------------------------------------------
missing=()
command -v openssl >/dev/null || missing+=(openssl)
# pg_dump/pg_restore for make backup/restore and the restore drill (Debian's, the server's major version).
command -v pg_dump >/dev/null || missing+=(postgresql-client)
if [ "$purpose" = test ]; then
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  [ -x /usr/lib/go-1.19/bin/go ] || missing+=(golang-1.19)
  [ -d /usr/share/gocode/src/github.com/Masterminds/sprig ] || missing+=(golang-github-masterminds-sprig-dev)
  [ -d /usr/share/gocode/src/gopkg.in/yaml.v3 ] || missing+=(golang-gopkg-yaml.v3-dev)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v xmllint >/dev/null || missing+=(libxml2-utils)
fi
if [ ${#missing[@]} -gt 0 ]; then
  command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    say "installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null \
      || fail "could not install ${missing[*]}; run: $command"
  elif command -v apt-get >/dev/null && command -v sudo >/dev/null; then
    fail "missing ${missing[*]}. Run, then try again:
  sudo sh -c '$command'"
  else
    fail "missing ${missing[*]} (Debian package names). This machine has no apt-get: install their equivalents, then try again."
  fi
fi

# ---- 2. PostgreSQL, Redis, RabbitMQ ----------------------------------------------------------------------
pg_up() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && { ! command -v pg_isready >/dev/null || pg_isready -h 127.0.0.1 -p 5432 -q; }; }
redis_up() { (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; }
rabbit_up() { (exec 3<>/dev/tcp/127.0.0.1/5672) 2>/dev/null; }
all_up() { pg_up && redis_up && rabbit_up; }
wait_all() {
  for _ in $(seq 1 90); do all_up && return 0; sleep 1; done
  return 1
}

if ! pg_up && [ -d /etc/postgresql ] && command -v pg_ctlcluster >/dev/null; then
  say "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
fi
if ! redis_up && command -v redis-server >/dev/null; then
  say "starting Redis"
  mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi
if command -v rabbitmq-server >/dev/null; then
  if ! rabbitmqctl -q status >/dev/null 2>&1; then
    say "starting RabbitMQ"
    rabbitmq-server -detached || true
    for _ in $(seq 1 30); do rabbitmqctl -q status >/dev/null 2>&1 && break; sleep 1; done
  fi
  # A node left with its app stopped (an interrupted broker-outage test): bring the app back.
  rabbitmq-diagnostics -q check_running >/dev/null 2>&1 || rabbitmqctl -q start_app >/dev/null 2>&1 || true
fi

if ! all_up; then
  if wait_all; then
    :
  elif docker compose version >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    say "PostgreSQL, Redis or RabbitMQ is not reachable: starting them with docker compose (deploy/compose.yaml, the chart's versions)"
    docker compose -f deploy/compose.yaml up -d --wait
    wait_all || fail "the compose services did not come up; see: docker compose -f deploy/compose.yaml logs"
  else
    down=()
    pg_up || down+=("PostgreSQL on 127.0.0.1:5432 (user postgres, trust)")
    redis_up || down+=("Redis on 127.0.0.1:6379")
    rabbit_up || down+=("RabbitMQ on 127.0.0.1:5672 (guest/guest)")
    fail "not reachable: ${down[*]}.
Install them (as root: apt-get install -y postgresql redis-server rabbitmq-server) or start Docker and run:
  docker compose -f deploy/compose.yaml up -d --wait"
  fi
fi
say "PostgreSQL, Redis and RabbitMQ are up"

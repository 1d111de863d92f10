#!/usr/bin/env bash
# Makes sure the tests' real dependencies are up: PostgreSQL, Redis and Debian's Chromium. Starts or
# installs what is missing (installing needs root, as on CI machines).
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else echo "need root for: $*" >&2; return 1; fi; }
apt_updated=0
apt_install() {
  if [ $apt_updated = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null
}
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
wait_port() { for _ in $(seq 1 50); do port_open "$1" && return 0; sleep 0.2; done; return 1; }

# PostgreSQL on 127.0.0.1:5432 (trust auth for local connections, as on the development machines).
if ! port_open 5432; then
  echo "[services] starting PostgreSQL"
  if ! ls /etc/postgresql >/dev/null 2>&1; then apt_install postgresql; fi
  cluster=$(ls /etc/postgresql | sort -V | tail -1)
  hba="/etc/postgresql/$cluster/main/pg_hba.conf"
  if ! grep -q "switchboard-tests" "$hba"; then
    # A fresh Debian cluster wants passwords on TCP; the test databases are throwaway and local-only.
    as_root sed -i '1i host all all 127.0.0.1/32 trust # switchboard-tests\nhost all all ::1/128 trust # switchboard-tests' "$hba"
  fi
  as_root pg_ctlcluster --skip-systemctl-redirect "$cluster" main start || true
  wait_port 5432 || { echo "[services] PostgreSQL did not start" >&2; exit 1; }
fi

# Redis on 127.0.0.1:6379.
if ! port_open 6379; then
  echo "[services] starting Redis"
  command -v redis-server >/dev/null || apt_install redis-server
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --dir /tmp >/dev/null
  wait_port 6379 || { echo "[services] Redis did not start" >&2; exit 1; }
fi

# nginx: tests/integration/fleet.test.ts runs the balancer's real config (deploy/nginx/) in front of two
# app instances (only the binary is needed; no service is started).
command -v nginx >/dev/null || { echo "[services] installing nginx"; apt_install nginx-light; }

# Chromium for the Playwright end-to-end tests (Playwright cannot download its own browser here).
# The e2e suite runs Chromium's headless shell (the same engine without the browser's UI layers: the suite
# takes a sixth less time); the benches and screenshots keep the whole browser.
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  echo "[services] installing Chromium"
  apt_install chromium chromium-headless-shell fonts-noto-color-emoji
fi
echo "[services] PostgreSQL, Redis and Chromium are ready"

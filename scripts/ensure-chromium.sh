#!/usr/bin/env bash
# Playwright cannot download its own browsers here; the tests use Debian's Chromium.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's Chromium for the browser tests…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-liberation >/dev/null
fi

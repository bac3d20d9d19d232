#!/usr/bin/env bash
# Makes sure nginx is installed for the cluster's proxy (`npm run cluster`, docs/deployment.md) and prints the path
# of its binary (the last line of output). Debian's package is installed when missing. Nothing is started here: the
# cluster runs its own nginx, in the foreground, with a configuration of its own in a temporary folder. (On a machine
# run by systemd, Debian's package also starts the system's nginx on port 80; the cluster neither uses nor stops it.)
set -euo pipefail
say() { echo "$@" >&2; }
found() { command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; }; }

if [ -z "$(found)" ]; then
  say "Installing Debian's nginx for the cluster's proxy…"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq nginx >/dev/null
fi
found

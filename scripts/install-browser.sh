#!/usr/bin/env bash
# Debian's Chromium for the client's end-to-end tests (never a browser a test tool downloads).
# Does nothing when it is already there.
set -euo pipefail
command -v chromium >/dev/null 2>&1 && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null

#!/usr/bin/env bash
# The Debian packages the tests run with, from apt (never a copy a test tool downloads):
# Chromium for the client's end-to-end tests, python3-discord (discord.py 2.x, in the
# system interpreter /usr/bin/python3) for the interop matrix's Python bot, and
# python3-pytest for the discord.py example's tests (examples/discordpy-pytest), and
# postgresql for the team registry's tests (each starts a throwaway server of its own).
# Installs only what is missing; does nothing when everything is there.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
/usr/bin/python3 -c 'import discord' >/dev/null 2>&1 || missing+=(python3-discord)
/usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || missing+=(python3-pytest)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ "${#missing[@]}" -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null

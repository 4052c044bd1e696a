#!/usr/bin/env bash
# Browser tests run in Debian's Chromium; no test tool downloads a browser of its own.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
echo "Chromium not found at $chromium_path: installing Debian's chromium package" >&2
sudo_cmd=""
if [ "$(id -u)" -ne 0 ]; then sudo_cmd="sudo"; fi
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null

#!/usr/bin/env bash
# Browser tests drive Debian's Chromium. Install it when missing (as root), else say how.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Chromium is missing: installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  [ -x /usr/bin/chromium ] && exit 0
  echo "Installing chromium failed." >&2
  exit 1
fi
echo "Chromium is missing. Install it with:  sudo apt-get install -y chromium" >&2
exit 1

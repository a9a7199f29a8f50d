#!/usr/bin/env bash
# The two-node test puts Debian's nginx in front of two server processes. Install it when missing
# (as root); without it that test runs the nodes without a load balancer and says so.
set -uo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "nginx is missing: installing Debian's nginx-light package for the two-node test…"
  export DEBIAN_FRONTEND=noninteractive
  # Only the binary is wanted: keep the package from starting a system nginx on port 80.
  printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
  (apt-get install -y -qq nginx-light >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq nginx-light >/dev/null)) ||
    echo "Installing nginx failed; the two-node test runs without a load balancer." >&2
  rm -f /usr/sbin/policy-rc.d
fi
exit 0

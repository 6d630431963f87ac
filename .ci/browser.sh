#!/usr/bin/env bash
# CI: make sure Debian's chromium and chromium-driver are installed for tests/browser/.
# The browser tests install them too when CI=true, but doing it here keeps that minute out of
# the test run's timings. Needs root or passwordless sudo on a Debian/Ubuntu image.
set -euo pipefail
if command -v chromedriver >/dev/null && { [ -x /usr/lib/chromium/chromium ] || command -v chromium >/dev/null; }; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium chromium-driver fonts-liberation
chromium --version 2>/dev/null || /usr/lib/chromium/chromium --version
chromedriver --version
